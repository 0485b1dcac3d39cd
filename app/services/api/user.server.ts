import { logoutResultSchema } from '../../../contracts/auth';
import { userSchema, type ProfileUpdate } from '../../../contracts/user';
import type { ApiTransport } from './transport.server';

/** /api/v1/user: the signed-in user and their session. */
export const userApi = (api: ApiTransport) => ({
  info: () => api.withErrorLog('user_info', () => api.json('/user/info', { schema: userSchema })),
  updateProfile: (body: ProfileUpdate) =>
    api.withErrorLog('profile_update', () => api.json('/user/profile', { method: 'PUT', body, schema: userSchema })),
  logout: (allDevices = false) => api.json('/user/logout', { method: 'POST', body: { allDevices }, schema: logoutResultSchema }),
});
