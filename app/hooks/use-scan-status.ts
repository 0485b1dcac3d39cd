import { useEffect, useRef } from 'react';
import type { ScanLoginStatus } from '../../contracts/realtime';
import { realtimeClient } from '~/hooks/use-realtime';

/**
 * Follows a WeChat QR code on the tab's socket (SCAN_LOGIN_LISTEN, again after every reconnect,
 * which forgets it): `onScanned` once when the server says it was scanned, `onExpired` once when
 * the server says it can no longer be used or its time runs out. The page's socket must be open
 * (the shell keeps it; the login page mounts one itself).
 */
export function useScanStatus(
  scene: { sceneStr: string; expiresAt: string } | null,
  handlers: { onScanned: () => void; onExpired: () => void },
) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const sceneStr = scene?.sceneStr ?? null;
  const expiresAt = scene?.expiresAt ?? null;
  useEffect(() => {
    if (!sceneStr || !expiresAt) return;
    let done = false;
    const finish = (what: 'onScanned' | 'onExpired') => {
      if (done) return;
      done = true;
      latest.current[what]();
    };
    const client = realtimeClient();
    const listen = () => client.send('SCAN_LOGIN_LISTEN', { sceneStr });
    listen();
    const unsubscribe = client.subscribe((notice) => {
      if (notice.kind === 'state' && notice.state === 'connected') listen();
      if (notice.kind !== 'message' || notice.message.type !== 'SCAN_LOGIN_STATUS') return;
      // Read by hand: the schema's zod would weigh on the page's script for two fields.
      const data = (notice.message.data ?? {}) as Partial<ScanLoginStatus>;
      if (data.sceneStr !== sceneStr) return;
      if (data.status === 'scanned') finish('onScanned');
      else if (data.status === 'expired' || data.status === 'used') finish('onExpired');
    });
    // Timers clamp at about 24.8 days; a code lives five minutes.
    const timer = setTimeout(() => finish('onExpired'), Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [sceneStr, expiresAt]);
}
