import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while hydrating, true once React runs in the browser. For UI that only
 * works with JavaScript (a dialog opened by the server's answer would otherwise be rendered into
 * the HTML of a page that has no script to close it).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
