import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

type RootProps = ComponentProps<typeof Dialog.Root>;

/**
 * The product's modal: title, body, optional footer actions, a close button, in a portal. A dialog
 * with footer actions also offers 取消 (or `cancelText`), so every confirmation can be declined.
 */
export function AppDialog({
  title,
  children,
  footer,
  trigger,
  contentProps,
  testId,
  cancelText = '取消',
  closable = true,
  ...root
}: Omit<RootProps, 'children'> & {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  trigger?: ReactNode;
  testId?: string;
  /** The footer's dismiss button; `false` for a footer without one. */
  cancelText?: string | false;
  /** False: no close button in the corner (a notice that must be confirmed with its footer button). */
  closable?: boolean;
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
            {footer && (
              <Dialog.Footer>
                {cancelText && (
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{cancelText}</Button>
                  </Dialog.ActionTrigger>
                )}
                {footer}
              </Dialog.Footer>
            )}
            {closable && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="关闭" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
