import { useEffect } from 'react';
import { formatPoints } from '../../contracts/constants';
import { RECHARGE_RESULT_KEY } from '../../contracts/payment-constants';
import { notifySuccess } from '~/services/toasts';
import { getItem, removeItem } from '~/services/browser/local-storage.client';

/** Spec §2: the startup notices run 500 ms after the app starts. */
export const STARTUP_NOTICE_DELAY_MS = 500;
const SHOWN_FLAG = 'lx:recharge-notice-shown';

/**
 * The recharge notice (spec §2, §3 local keys): 500 ms after the dashboard starts, a recharge result
 * left by /dash/payment/result is announced once per browser session, then consumed.
 */
export function useRechargeNotice() {
  useEffect(() => {
    const timer = setTimeout(() => {
      const result = getItem<{ success?: unknown; points?: unknown }>(RECHARGE_RESULT_KEY);
      if (!result) return;
      removeItem(RECHARGE_RESULT_KEY);
      if (result.success !== true || typeof result.points !== 'number') return;
      try {
        if (sessionStorage.getItem(SHOWN_FLAG)) return;
        sessionStorage.setItem(SHOWN_FLAG, '1');
      } catch {
        // Without session storage the notice still shows, once for this stored result.
      }
      notifySuccess(`充值成功，${formatPoints(result.points)}积分已到账`);
    }, STARTUP_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
}
