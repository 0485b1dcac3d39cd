import { accountMergeResultSchema } from '../../../contracts/account-merge';
import { logoutResultSchema } from '../../../contracts/auth';
import { ERROR_MESSAGES } from '../../../contracts/errors';
import { accountDeletionStateSchema, userSchema, type IdVerificationInput, type ProfileUpdate } from '../../../contracts/user';
import type { ApiTransport } from './transport.server';

/** /api/v1/user: the signed-in user and their session. */
export const userApi = (api: ApiTransport) => ({
  info: () => api.json('/user/info', { schema: userSchema }),
  updateProfile: (body: ProfileUpdate) =>
    api.json('/user/profile', { method: 'PUT', body, schema: userSchema, fallbackMessage: ERROR_MESSAGES.UPDATE_FAILED }),
  /** A WeChat-only account binds a phone; 409 ACCOUNT_MERGE_REQUIRED carries the merge to confirm. */
  bindPhone: (body: { phone: string; code: string }) => api.json('/user/phone/bind', { method: 'POST', body, schema: userSchema }),
  confirmAccountMerge: (mergeTicket: string) =>
    api.json('/user/account-merge', { method: 'POST', body: { mergeTicket }, schema: accountMergeResultSchema }),
  /** Real-name verification (ADR 0037): the answer is the user, with masks only. */
  verifyId: (body: IdVerificationInput) => api.json('/user/id-verification', { method: 'POST', body, schema: userSchema }),
  /** Account deletion (ADR 0055): its state, the request (with the user's confirmation) and the cancel. */
  deletionState: () => api.json('/user/deletion', { schema: accountDeletionStateSchema }),
  requestDeletion: () => api.json('/user/deletion', { method: 'POST', body: { confirm: true }, schema: accountDeletionStateSchema }),
  cancelDeletion: () => api.json('/user/deletion', { method: 'DELETE', schema: accountDeletionStateSchema }),
  logout: (allDevices = false) => api.json('/user/logout', { method: 'POST', body: { allDevices }, schema: logoutResultSchema }),
});
