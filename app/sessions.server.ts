import { createCookieSessionStorage, json, redirect, type AppLoadContext, type Session } from '@remix-run/node';
import { tokensSchema, type Tokens } from '../contracts/auth';
import type { Role } from '../contracts/constants';
import { z } from '../contracts/zod';

/**
 * The one session module. Tokens live only in this signed httpOnly cookie; browser JavaScript
 * never sees them. Changes are committed once per request by a finalizer that the server runs
 * after all loaders/actions, so parallel loaders that refresh tokens produce one Set-Cookie.
 */
/**
 * A WeChat QR code this browser asked for (ADR 0038). Its secret stays here, in the signed httpOnly
 * cookie: the page shows the code and its scene, never the secret, so a code seen over someone's
 * shoulder logs nobody in.
 */
const wechatSceneCookieSchema = z.object({ sceneStr: z.string(), secret: z.string(), qrUrl: z.string(), expiresAt: z.string() });
export type WechatSceneCookie = z.infer<typeof wechatSceneCookieSchema>;
export type WechatScenePurpose = 'login' | 'bind';
const SCENE_KEYS = { login: 'wechatLoginScene', bind: 'wechatBindScene' } as const;

type SessionData = Tokens & {
  userId: string;
  role: Role;
  wechatLoginScene: WechatSceneCookie;
  wechatBindScene: WechatSceneCookie;
  /**
   * Set at logout, kept until the next sign-in. Not a flash: the login page's loader can run twice
   * after a logout (a revalidation interrupts the first, whose data is dropped), and a flash read by
   * the dropped run would be gone for the second. Wiping again while signed out loses nothing.
   */
  wipeLocalData: true;
};
/** `welcomePoints`: a new account's first login (issue 28), for the shell's welcome notice. */
type FlashData = { notice: string; welcomePoints: number };

type CookieConfig = Pick<AppLoadContext['config'], 'appEnv' | 'sessionSecrets'>;

function createStorage(config: CookieConfig) {
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: '__lx_session',
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.appEnv === 'production',
      secrets: config.sessionSecrets,
      maxAge: 30 * 24 * 3600,
    },
  });
}
/** One storage per configuration (the process has one; tests may run several). */
const storages = new WeakMap<AppLoadContext['config'], ReturnType<typeof createStorage>>();
function sessionStorageFor(context: AppLoadContext) {
  let storage = storages.get(context.config);
  if (!storage) {
    storage = createStorage(context.config);
    storages.set(context.config, storage);
  }
  return storage;
}

/**
 * The Set-Cookie value that signs a user in, exactly as a login would write it. For the end-to-end
 * sign-in fixture (tests/e2e/fixtures.ts), which logs in over the API and hands the browser this
 * cookie instead of going through the form.
 */
export async function signedInCookie(config: CookieConfig, tokens: Tokens, user: { id: string; role: Role }) {
  const storage = createStorage(config);
  const session = await storage.getSession();
  writeSignIn(session, tokens, user);
  return storage.commitSession(session);
}

function writeSignIn(session: Session<SessionData, FlashData>, tokens: Tokens, user: { id: string; role: Role }) {
  for (const [k, v] of Object.entries(tokens)) session.set(k as keyof Tokens, v);
  session.set('userId', user.id);
  session.set('role', user.role);
  session.unset('wipeLocalData');
}

export type WebSession = {
  readonly tokens: Tokens | null;
  readonly userId: string | null;
  /** For analytics only; authorization is the API's job. */
  readonly role: Role | null;
  signIn: (tokens: Tokens, user: { id: string; role: Role }) => void;
  updateTokens: (tokens: Tokens) => void;
  signOut: (options?: { wipeLocalData?: boolean }) => void;
  /**
   * The API refused the session's tokens: signed out with `notice`, and the answer to give, the
   * login page. A background request (see isBackgroundRequest) leaves the cookie as it came and
   * gets a 401 in JSON: redirected, it would bounce between the login page, which still sees the
   * old tokens, and itself. The next navigation signs out.
   */
  endRefusedSession: (notice: string) => Response;
  flashNotice: (notice: string) => void;
  /** A new account signed in: the shell shows the welcome-points notice once. */
  flashWelcome: (points: number) => void;
  readFlash: () => { wipeLocalData: boolean; notice: string | null; welcomePoints: number | null };
  /** The WeChat QR code kept for a login or a bind, or null. Signing in or out forgets both. */
  wechatScene: (purpose: WechatScenePurpose) => WechatSceneCookie | null;
  setWechatScene: (purpose: WechatScenePurpose, scene: WechatSceneCookie | null) => void;
};

const perRequest = new WeakMap<AppLoadContext, Promise<WebSession>>();

/**
 * A request the page made behind the user's back (the tracker's batches, the maintenance poll,
 * 最近更新, the socket ticket, the browser's API calls): a /resources/ path not navigated to. Its
 * answer may arrive after a sign-in that replaced the session it carried (an account merge, a
 * login in another tab), so a refusal of that old session must not write the cookie: it would
 * sign the new session out. Browsers without Sec-Fetch-Mode count as navigating (no redirect loop).
 */
function isBackgroundRequest(request: Request): boolean {
  const mode = request.headers.get('Sec-Fetch-Mode');
  return mode !== null && mode !== 'navigate' && new URL(request.url).pathname.startsWith('/resources/');
}

export function getWebSession(request: Request, context: AppLoadContext): Promise<WebSession> {
  let pending = perRequest.get(context);
  if (!pending) {
    pending = openWebSession(request, context);
    perRequest.set(context, pending);
  }
  return pending;
}

async function openWebSession(request: Request, context: AppLoadContext): Promise<WebSession> {
  const storage = sessionStorageFor(context);
  const session: Session<SessionData, FlashData> = await storage.getSession(request.headers.get('Cookie'));
  let dirty = false;
  const touch = () => {
    if (dirty) return;
    dirty = true;
    context.finalizers.push(async (headers) => {
      headers.append('Set-Cookie', await storage.commitSession(session));
    });
  };

  const readTokens = (): Tokens | null => {
    const parsed = tokensSchema.safeParse({
      accessToken: session.get('accessToken'),
      refreshToken: session.get('refreshToken'),
      accessTokenExpiresAt: session.get('accessTokenExpiresAt'),
      refreshTokenExpiresAt: session.get('refreshTokenExpiresAt'),
    });
    return parsed.success && session.get('userId') ? parsed.data : null;
  };
  const userId = session.get('userId');
  if (userId) context.userId = userId;
  const background = isBackgroundRequest(request);
  /** Signed out for the rest of this request; written to the cookie only by touch(). */
  const forget = () => {
    for (const key of ['accessToken', 'refreshToken', 'accessTokenExpiresAt', 'refreshTokenExpiresAt', 'userId', 'role'] as const)
      session.unset(key);
    for (const key of Object.values(SCENE_KEYS)) session.unset(key);
  };

  const web: WebSession = {
    get tokens() {
      return readTokens();
    },
    get userId() {
      return session.get('userId') ?? null;
    },
    get role() {
      return session.get('role') ?? null;
    },
    signIn(tokens, user) {
      writeSignIn(session, tokens, user);
      for (const key of Object.values(SCENE_KEYS)) session.unset(key);
      context.userId = user.id;
      touch();
    },
    updateTokens(tokens) {
      for (const [k, v] of Object.entries(tokens)) session.set(k as keyof Tokens, v);
      touch();
    },
    signOut(options = {}) {
      forget();
      if (options.wipeLocalData) session.set('wipeLocalData', true);
      touch();
    },
    endRefusedSession(notice) {
      forget();
      if (background) return json({ success: false, code: 'TOKEN_INVALID', message: notice }, { status: 401 });
      session.flash('notice', notice);
      touch();
      return redirect(loginRedirectUrl(request));
    },
    flashNotice(notice) {
      session.flash('notice', notice);
      touch();
    },
    flashWelcome(points) {
      session.flash('welcomePoints', points);
      touch();
    },
    readFlash() {
      const wipe = session.get('wipeLocalData') === true;
      const notice = session.get('notice') ?? null;
      const welcome = session.get('welcomePoints');
      const welcomePoints = typeof welcome === 'number' ? welcome : null;
      if (notice || welcomePoints !== null) touch();
      return { wipeLocalData: wipe, notice, welcomePoints };
    },
    wechatScene(purpose) {
      const parsed = wechatSceneCookieSchema.safeParse(session.get(SCENE_KEYS[purpose]));
      return parsed.success ? parsed.data : null;
    },
    setWechatScene(purpose, scene) {
      if (scene) session.set(SCENE_KEYS[purpose], scene);
      else session.unset(SCENE_KEYS[purpose]);
      touch();
    },
  };
  return web;
}

/** The login page URL that brings the visitor back to where they were. */
export function loginRedirectUrl(request: Request): string {
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return back === '/' || back.startsWith('/dash/login') ? '/dash/login' : `/dash/login?redirectTo=${encodeURIComponent(back)}`;
}

/** Spec §6: access token, refresh token and user id must all be present. */
export async function requireWebSession(
  request: Request,
  context: AppLoadContext,
): Promise<WebSession & { tokens: Tokens; userId: string }> {
  const web = await getWebSession(request, context);
  if (!web.tokens || !web.userId) throw redirect(loginRedirectUrl(request));
  return web as WebSession & { tokens: Tokens; userId: string };
}

/**
 * Only same-site paths: an open redirect would let a phishing link bounce through our login.
 * Resolved as a URL (browsers drop tabs and newlines, so "/\t/evil" means "//evil").
 */
export function safeRedirectTarget(target: FormDataEntryValue | string | null | undefined, fallback = '/dash/overview'): string {
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (typeof target !== 'string' || !target.startsWith('/') || /[\u0000-\u001f\\]/.test(target)) return fallback;
  const base = 'http://same.invalid';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Validated after normalising: "/a/..//x" becomes "//x", which a browser reads as another host.
  return /^\/(?![/\\])/.test(path) ? path : fallback;
}
