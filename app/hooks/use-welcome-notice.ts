import { useEffect } from 'react';
import { formatPoints } from '../../contracts/constants';
import { notifySuccess } from '~/services/toasts';
import { getItem, removeItem, setItem } from '~/services/browser/local-storage.client';
import { STARTUP_NOTICE_DELAY_MS } from './use-recharge-notice';

/** Spec §3 local keys: the new-user flag, with the points the account received at registration. */
export const NEW_USER_KEY = 'new_user';

/**
 * The welcome-points notice (spec §2, issue 28): the login of a new account (phone or WeChat)
 * leaves a one-time flash that the shell's loader hands here; it is stored as the new-user flag,
 * and 500 ms after the shell starts the notice shows once with the real amount, then the flag is
 * cleared. A reload before then still shows it; a second tab or a later page does not.
 */
export function useWelcomeNotice(welcomePoints: number | null) {
  useEffect(() => {
    if (welcomePoints !== null) setItem(NEW_USER_KEY, { points: welcomePoints });
    const timer = setTimeout(() => {
      const flag = getItem<{ points?: unknown }>(NEW_USER_KEY);
      if (!flag) return;
      removeItem(NEW_USER_KEY);
      const points = typeof flag.points === 'number' ? flag.points : 0;
      notifySuccess(
        '欢迎加入留学文书 AI 平台',
        points > 0 ? `新用户赠送的 ${formatPoints(points)} 积分已到账，可直接体验文书写作、查AI率等工具` : undefined,
      );
    }, STARTUP_NOTICE_DELAY_MS);
    return () => clearTimeout(timer);
    // Once per shell start: later loader runs carry no flash.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
