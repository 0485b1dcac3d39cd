import type { NotificationType } from '../../../contracts/constants';
import { activeNotificationsSchema, dismissalsSchema } from '../../../contracts/notifications';
import type { ApiTransport } from './transport.server';

/** /api/v1/system/notifications: the list is public, so it is asked without the session's token. */
export const systemApi = (api: ApiTransport) => ({
  /**
   * Published notices that have not ended (spec §7). Without `type`, every type; maintenance
   * notices are included before their start, so clients can count down.
   */
  activeNotifications: (type?: NotificationType) =>
    api.json(`/system/notifications/active/list${type ? `?type=${type}` : ''}`, { schema: activeNotificationsSchema, anonymous: true }),
  /** The signed-in user's dismissals (spec §3 dismissal record), kept on the server for every tab. */
  dismissals: async () => (await api.json('/system/notifications/dismissals', { schema: dismissalsSchema })).dismissals,
});
