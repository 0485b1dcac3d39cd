import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type RootProps = ComponentProps<typeof Dialog.Root>;

/** The product's modal: title, body, optional footer, a close button, rendered in a portal. */
export function AppDialog({
  title,
  children,
  footer,
  trigger,
  contentProps,
  testId,
  ...root
}: Omit<RootProps, 'children'> & {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  trigger?: ReactNode;
  testId?: string;
  contentProps?: ComponentProps<typeof Dialog.Content>;
}) {
  return (
    <Dialog.Root {...root}>
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId} {...contentProps}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
