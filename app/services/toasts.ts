import { createToaster } from '@chakra-ui/react';

/**
 * Errors stay until closed; other toasts close after 4.5 s (spec §4 announcement queue). Toasts
 * start below the 64 px header, and a message already on screen is refreshed instead of stacked.
 * The store lives with the services so hooks and services may announce; components/ui/toaster.tsx
 * draws it.
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
