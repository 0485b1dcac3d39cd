import type { NotificationType } from '../../../contracts/constants';
import { activeNotificationsSchema } from '../../../contracts/notifications';
import type { ApiTransport } from './transport.server';

/** /api/v1/system/notifications: public, so it is asked without the session's token. */
export const systemApi = (api: ApiTransport) => ({
  /**
   * Published notices that have not ended (spec §7). Without `type`, every type; maintenance
   * notices are included before their start, so clients can count down.
   */
  activeNotifications: (type?: NotificationType) =>
    api.json(`/system/notifications/active/list${type ? `?type=${type}` : ''}`, { schema: activeNotificationsSchema, anonymous: true }),
});
