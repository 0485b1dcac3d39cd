import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/** Errors stay until closed; other toasts close after 4.5 s (spec §4 announcement queue). */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, duration: 4500 });

export const notifyError = (title: string, description?: string) =>
  toaster.create({ type: 'error', title, description, duration: Infinity, closable: true });
export const notifySuccess = (title: string, description?: string) => toaster.create({ type: 'success', title, description });
export const notifyInfo = (title: string, description?: string) => toaster.create({ type: 'info', title, description });

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="blue.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.closable && <Toast.CloseTrigger />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
