import { loginResultSchema } from '../../../contracts/auth';
import { userSchema } from '../../../contracts/user';
import { sandboxSceneSchema, wechatSceneSchema, type SandboxScan, type WechatSceneUse } from '../../../contracts/wechat';
import type { ApiTransport } from './transport.server';

/** WeChat login and binding (ADR 0038): QR scenes, the login and bind with a scanned one, and the sandbox phone. */
export const wechatApi = (api: ApiTransport) => ({
  loginScene: () => api.json('/auth/wechat/scene', { method: 'POST', body: {}, schema: wechatSceneSchema, anonymous: true }),
  login: (input: WechatSceneUse) =>
    api.json('/auth/login/wechat', { method: 'POST', body: input, schema: loginResultSchema, anonymous: true }),
  bindScene: () => api.json('/user/wechat/bind-scene', { method: 'POST', body: {}, schema: wechatSceneSchema }),
  bind: (input: WechatSceneUse) => api.json('/user/wechat/bind', { method: 'POST', body: input, schema: userSchema }),
  unbind: () => api.json('/user/wechat/unbind', { method: 'POST', body: {}, schema: userSchema }),
  sandboxScene: (sceneStr: string, t: string) =>
    api.json(`/wechat/sandbox/scene?${new URLSearchParams({ sceneStr, t })}`, { schema: sandboxSceneSchema, anonymous: true }),
  sandboxScan: (input: SandboxScan) =>
    api.json('/wechat/sandbox/scan', { method: 'POST', body: input, schema: sandboxSceneSchema, anonymous: true }),
});
