import { readFileSync } from 'node:fs';
import { expect, test as base, type Page } from '@playwright/test';
import { signedInCookie } from '../../app/sessions.server';
import { e2eDataDir } from './seed';
import { serverDataDir } from './ports';

/** The run's administrator: `test.use({ storageState: adminStorageState() })` (see seed.ts). */
export { adminStorageState, E2E_ADMIN_PHONE, E2E_MERGE_PHONES } from './seed';

export const randomPhone = () => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/**
 * A client address of its own (198.18.0.0/15, the benchmarking range) for each test's browser, so
 * tests are separate visitors to the per-network SMS limits and image check (ADR 0015), as they
 * are to every other per-IP limit. The server believes X-Forwarded-For from loopback.
 */
export const visitorHeaders = () => ({
  'X-Forwarded-For': `198.${18 + Math.floor(Math.random() * 2)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`,
});

/** Waits until React has hydrated, so client-only handlers (shortcuts, hover panels) are attached. */
export const waitForHydration = (page: Page) => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });

/**
 * Logs in through the real form with the development SMS code shown on the page, and returns only
 * once the login has landed: the browser has left the login page and the next page has hydrated.
 * (Returning at the click let a following `goto` cancel the login's navigation.)
 */
export async function loginViaForm(page: Page, phone = randomPhone()) {
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('send-code').click();
  const code = (await page.getByTestId('dev-code').textContent())!.trim();
  await page.getByLabel('验证码').fill(code);
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !/^\/(dash\/)?login$/.test(url.pathname));
  await waitForHydration(page);
  return phone;
}

/**
 * Signs a user in the way the Epic Stack's login fixture does: logs in over the API with the
 * development SMS code, then gives the browser the session cookie the login form would have set,
 * signed by the one session module with the server's own secret. Lands on 工作台概览 hydrated, as
 * loginViaForm does. Only the login specs go through the form.
 */
export async function signIn(page: Page, phone = randomPhone()) {
  const baseURL = test.info().project.use.baseURL!;
  const sent = await page.request.post(`${baseURL}/api/v1/auth/sms/send`, { data: { phone } });
  expect(sent.status(), await sent.text()).toBe(200);
  const code = ((await sent.json()) as { data: { devCode: string } }).data.devCode;
  const loggedIn = await page.request.post(`${baseURL}/api/v1/auth/login/phone`, { data: { phone, code } });
  expect(loggedIn.status(), await loggedIn.text()).toBe(200);
  const { user, ...tokens } = (
    (await loggedIn.json()) as { data: Parameters<typeof signedInCookie>[1] & { user: { id: string; role: 'user' | 'admin' } } }
  ).data;
  const setCookie = await signedInCookie(
    { appEnv: 'production', sessionSecrets: [serverSessionSecret(baseURL)] },
    {
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
    },
    user,
  );
  const [name, value] = setCookie.split(';')[0]!.split(/=(.*)/s);
  await page.context().addCookies([{ name: name!, value: value!, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
  await page.goto('/dash/overview');
  await waitForHydration(page);
  return phone;
}

/** The session secret `npm start` generated in its data directory (the README's defaults: no SESSION_SECRET set). */
function serverSessionSecret(baseURL: string): string {
  const dataDir = serverDataDir(e2eDataDir(), new URL(baseURL).port);
  return (JSON.parse(readFileSync(`${dataDir}/dev-secrets.json`, 'utf8')) as { session: string }).session;
}

/**
 * Logs in through the real form in a browser without JavaScript: the form posts, the server
 * redirects, and the page it lands on is the overview.
 */
export async function loginWithoutScripts(page: Page, phone = randomPhone()) {
  await page.goto('/dash/login');
  await page.getByLabel('手机号').fill(phone);
  await page.getByTestId('send-code').click();
  await page.getByLabel('验证码').fill((await page.getByTestId('dev-code').textContent())!.trim());
  await page.getByTestId('login-agree').check();
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/dash\/overview$/);
  return phone;
}

type Violation = { directive: string; blocked: string; sample: string; url: string };

/** Collects `securitypolicyviolation` events and CSP console messages across navigations. */
export async function watchCsp(page: Page) {
  const violations: Violation[] = [];
  const messages: string[] = [];
  await page.exposeFunction('__reportCspViolation', (v: Violation) => void violations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (v: unknown) => void }).__reportCspViolation({
        directive: e.violatedDirective,
        blocked: e.blockedURI,
        sample: e.sample,
        url: e.documentURI,
      });
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) messages.push(m.text());
  });
  return { violations, messages };
}

/** Fails a test on any console error or uncaught exception (hydration mismatches included). */
export const test = base.extend<{ consoleErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => use({ ...extraHTTPHeaders, ...visitorHeaders() }),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
