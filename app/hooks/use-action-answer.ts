import { useActionData, useLocation } from '@remix-run/react';
import { useState } from 'react';

/**
 * useActionData that survives revalidation. The router clears action data on every completed
 * navigation that is not the action's own reload, and a `revalidate()` (each realtime push, each
 * points refresh) is such a navigation: the answer on screen, and any dialog keyed to it, would
 * vanish at a push. A revalidation keeps the location (and its key); a real navigation, the
 * action's own included, makes a new one. So the last answer is kept for as long as the location
 * it arrived at is shown.
 */
export function useActionAnswer<T>(): ReturnType<typeof useActionData<T>> {
  const data = useActionData<T>();
  const { key } = useLocation();
  const [kept, setKept] = useState({ key, data });
  if (data !== undefined && (data !== kept.data || key !== kept.key)) {
    setKept({ key, data });
    return data;
  }
  if (data === undefined && key !== kept.key) {
    setKept({ key, data });
    return undefined;
  }
  return data ?? kept.data;
}
