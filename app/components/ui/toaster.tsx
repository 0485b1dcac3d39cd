import { createToaster, Portal, Spinner, Stack, Toast, Toaster as ChakraToaster } from '@chakra-ui/react';

/**
 * Errors stay until closed; other toasts close after 4.5 s (spec §4 announcement queue). Toasts
 * start below the 64 px header, and a message already on screen is refreshed instead of stacked.
 */
export const toaster = createToaster({ placement: 'top', pauseOnPageIdle: true, duration: 4500, max: 3, offsets: '76px' });

type Kind = 'error' | 'success' | 'info';
function notify(type: Kind, title: string, description?: string) {
  const id = `${type}:${title}:${description ?? ''}`;
  const options = { id, type, title, description, ...(type === 'error' ? { duration: Infinity, closable: true } : {}) };
  if (toaster.isVisible(id)) toaster.update(id, options);
  else toaster.create(options);
}

export const notifyError = (title: string, description?: string) => notify('error', title, description);
export const notifySuccess = (title: string, description?: string) => notify('success', title, description);
export const notifyInfo = (title: string, description?: string) => notify('info', title, description);

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
