import type { AppLoadContext } from '@remix-run/node';
import { SANDBOX_WECHAT_NICKNAME, sandboxScanSchema, WECHAT_MESSAGES, type WechatScene } from '../../../contracts/wechat';
import { getWebSession, type WechatSceneCookie, type WechatScenePurpose } from '~/sessions.server';
import { createApiClient } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { qrDataUri } from './qr-code.server';
import type { LoginOutcome } from './auth.server';
import { accountMergePreviewSchema, type AccountMergePreview } from '../../../contracts/account-merge';

/**
 * WeChat QR codes in the web (ADR 0038): the login page's and the account page's bind code. The
 * scene's secret lives in the session cookie only; pages get the QR image and the scene string
 * (which the socket listens to), and the actions send the secret to the API from the cookie.
 */

/** A code with less than this left is replaced before it is shown: nobody scans in the last seconds. */
const MIN_LIFE_MS = 30_000;

/** What a page shows: the QR code, when it expires, and in the sandbox the local phone page's link. */
export type WechatQr = { sceneStr: string; qrCode: string; expiresAt: string; sandboxUrl: string | null };
export type WechatQrState = { qr: WechatQr; error: null } | { qr: null; error: string | null };

const live = (scene: WechatSceneCookie | null, minLifeMs = 0): scene is WechatSceneCookie =>
  scene !== null && Date.parse(scene.expiresAt) - Date.now() > minLifeMs;

async function shown(scene: WechatSceneCookie, context: AppLoadContext): Promise<WechatQr> {
  // The sandbox page is opened on the host the visitor uses; the QR itself keeps PUBLIC_BASE_URL for a phone.
  const url = new URL(scene.qrUrl);
  const sandboxUrl = context.config.public.wechatLogin === 'sandbox' ? `${url.pathname}${url.search}` : null;
  return { sceneStr: scene.sceneStr, qrCode: await qrDataUri(scene.qrUrl), expiresAt: scene.expiresAt, sandboxUrl };
}

const toCookie = (scene: WechatScene): WechatSceneCookie => ({
  sceneStr: scene.sceneStr,
  secret: scene.sceneSecret,
  qrUrl: scene.qrUrl,
  expiresAt: scene.expiresAt,
});

/** A refusal's message for the page; anything else (a redirect to log in, a bug) goes on. */
function refusal(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message;
  throw error;
}

/**
 * The login page's code: the one this browser already holds while it has time left (reloads and
 * tabs share it), else a new one. A failure to get one leaves the phone login working.
 */
export async function wechatLoginQr(request: Request, context: AppLoadContext, pageName: string): Promise<WechatQrState> {
  const web = await getWebSession(request, context);
  let scene = web.wechatScene('login');
  if (!live(scene, MIN_LIFE_MS)) {
    try {
      scene = toCookie(await createApiClient(request, context, pageName).wechat.loginScene());
    } catch (error) {
      return { qr: null, error: refusal(error) };
    }
    web.setWechatScene('login', scene);
  }
  return { qr: await shown(scene, context), error: null };
}

/** The account page's bind code, while one was asked for and is still live. */
export async function wechatBindQr(request: Request, context: AppLoadContext): Promise<WechatQr | null> {
  const web = await getWebSession(request, context);
  const scene = web.wechatScene('bind');
  if (!scene) return null;
  if (live(scene)) return shown(scene, context);
  web.setWechatScene('bind', null);
  return null;
}

/** `merge`: the scanned WeChat is another account's, and the merge to confirm (ADR 0039). */
export type WechatAnswer = { intent: string; ok: boolean; message: string; merge?: AccountMergePreview };

/** The form's scene, when it names one, must be the one held: else the page shows an older code. */
const staleForm = (form: FormData, scene: WechatSceneCookie) => {
  const shownScene = form.get('sceneStr');
  return typeof shownScene === 'string' && shownScene !== '' && shownScene !== scene.sceneStr;
};

/**
 * 我已扫码 on the login page, or the socket's "scanned": the login with the held code. Returns the
 * tokens for the login page to store exactly as the phone login does, or what to say. A code the
 * API will never accept (used, expired, invalid) is forgotten, so the page shows a new one.
 */
export async function loginWithHeldScene(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  form: FormData,
): Promise<LoginOutcome | { error: string }> {
  const web = await getWebSession(request, context);
  const scene = web.wechatScene('login');
  if (!scene) return { error: WECHAT_MESSAGES.SCENE_EXPIRED };
  if (staleForm(form, scene)) return { error: '二维码已更新，请扫描新的二维码' };
  try {
    const { user, isNewUser, welcomePoints, ...tokens } = await createApiClient(request, context, pageName).wechat.login({
      sceneStr: scene.sceneStr,
      sceneSecret: scene.secret,
    });
    return { tokens, user, isNewUser, welcomePoints };
  } catch (error) {
    const message = refusal(error);
    if ((error as ApiRequestError).code === 'WECHAT_SCENE_INVALID') web.setWechatScene('login', null);
    return { error: message };
  }
}

/** 刷新二维码 (or the page's own refresh when its code expired): forget the held code; the reload makes a new one. */
export async function forgetScene(request: Request, context: AppLoadContext, purpose: WechatScenePurpose): Promise<void> {
  (await getWebSession(request, context)).setWechatScene(purpose, null);
}

/**
 * The account page's WeChat row: 绑定微信 asks for a bind code (kept in the session and shown by the
 * loader), 我已扫码 or the socket binds with it, 取消 forgets it, 解绑 unbinds. Each answers with a
 * message; the shell's user (its nickname) reloads after every action.
 */
export async function wechatBindAction(request: Request, context: AppLoadContext, pageName: string, form: FormData): Promise<WechatAnswer> {
  const intent = String(form.get('intent'));
  const web = await getWebSession(request, context);
  const api = createApiClient(request, context, pageName);
  const answer = (ok: boolean, message: string): WechatAnswer => ({ intent, ok, message });
  try {
    switch (intent) {
      case 'wechat-bind-start':
        web.setWechatScene('bind', toCookie(await api.wechat.bindScene()));
        return answer(true, '请用微信扫描二维码');
      case 'wechat-bind-cancel':
        web.setWechatScene('bind', null);
        return answer(true, '已取消绑定');
      case 'wechat-unbind':
        await api.wechat.unbind();
        return answer(true, '已解绑微信');
      case 'wechat-bind': {
        const scene = web.wechatScene('bind');
        if (!scene) return answer(false, WECHAT_MESSAGES.SCENE_EXPIRED);
        if (staleForm(form, scene)) return answer(false, '二维码已更新，请扫描新的二维码');
        try {
          await api.wechat.bind({ sceneStr: scene.sceneStr, sceneSecret: scene.secret });
        } catch (error) {
          const merge =
            error instanceof ApiRequestError && error.code === 'ACCOUNT_MERGE_REQUIRED'
              ? accountMergePreviewSchema.safeParse(error.data)
              : null;
          if (merge?.success) {
            web.setWechatScene('bind', null);
            return { intent, ok: false, message: error instanceof Error ? error.message : '', merge: merge.data };
          }
          // Only "not scanned yet" leaves the code worth keeping.
          if (error instanceof ApiRequestError && error.code !== 'WECHAT_NOT_SCANNED') web.setWechatScene('bind', null);
          throw error;
        }
        web.setWechatScene('bind', null);
        return answer(true, '微信绑定成功');
      }
      default:
        return answer(false, '请求无效，请刷新页面后重试');
    }
  } catch (error) {
    return answer(false, refusal(error));
  }
}

/** /sandbox-wechat/{sceneStr}?t=: the sandbox's phone. No session: the code's signed link is enough. */
export async function sandboxPhoneLoader(request: Request, context: AppLoadContext, pageName: string, sceneStr: string) {
  const t = new URL(request.url).searchParams.get('t') ?? '';
  try {
    const scene = await createApiClient(request, context, pageName).wechat.sandboxScene(sceneStr, t);
    return { scene, t, defaultNickname: SANDBOX_WECHAT_NICKNAME, error: null };
  } catch (error) {
    return { scene: null, t, defaultNickname: SANDBOX_WECHAT_NICKNAME, error: refusal(error) };
  }
}

export type SandboxPhoneAnswer = { outcome: 'scanned' | 'cancelled' | 'failed'; message: string; nickname: string };

/** 确认登录 / 确认绑定: the scan as the named test user, through the same path as the Official Account's pushes. */
export async function sandboxPhoneAction(
  request: Request,
  context: AppLoadContext,
  pageName: string,
  sceneStr: string,
): Promise<SandboxPhoneAnswer> {
  const form = await request.formData();
  const nickname = String(form.get('nickname') ?? '');
  if (form.get('intent') === 'cancel') return { outcome: 'cancelled', message: '已取消，本次没有扫码', nickname };
  const input = sandboxScanSchema.safeParse({ sceneStr, t: form.get('t') ?? '', nickname });
  if (!input.success) return { outcome: 'failed', message: input.error.issues[0]?.message ?? '请输入微信昵称', nickname };
  try {
    const scene = await createApiClient(request, context, pageName).wechat.sandboxScan(input.data);
    const done = scene.purpose === 'login' ? '已确认登录，请回到电脑上的登录页面' : '已确认绑定，请回到电脑上的账户页面';
    return { outcome: 'scanned', message: done, nickname: input.data.nickname };
  } catch (error) {
    return { outcome: 'failed', message: refusal(error), nickname };
  }
}
