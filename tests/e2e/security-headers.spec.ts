import type { Page, Response } from '@playwright/test';
import { expect, loginViaForm, test, waitForHydration, watchCsp } from './fixtures';

/**
 * The security headers of ADR 0014, in a real browser: every page the app renders works under its
 * Content-Security-Policy (no violation, styles applied, dialogs and toasts styled at runtime),
 * and pages, the API and static files carry the other headers.
 */

function expectPageHeaders(response: Response | null) {
  expect(response, 'page response').not.toBeNull();
  const headers = response!.headers();
  const csp = headers['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/]{22}=='/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['cache-control']).toBe('private, no-store');
  // Plain HTTP: no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  return /'nonce-([^']+)'/.exec(csp!)![1]!;
}

/** Every <style> in the document applied (a blocked one has no sheet) and scripts carry the nonce. */
async function expectStylesApplied(page: Page, nonce: string) {
  const state = await page.evaluate(() => ({
    styles: Array.from(document.querySelectorAll('style')).map((s) => ({ applied: s.sheet !== null, nonce: s.nonce })),
    scripts: Array.from(document.querySelectorAll('script:not([src])')).map((s) => (s as HTMLScriptElement).nonce),
  }));
  expect(state.styles.length).toBeGreaterThan(0);
  expect(state.styles.every((s) => s.applied)).toBe(true);
  expect(state.styles.every((s) => s.nonce === nonce)).toBe(true);
  expect(state.scripts.length).toBeGreaterThan(0);
  expect(state.scripts.every((n) => n === nonce)).toBe(true);
}

test('every page works under the Content-Security-Policy: login, overview, dialog, toast, privacy policy', async ({ page }) => {
  const csp = await watchCsp(page);
  await page.setViewportSize({ width: 1440, height: 900 });

  const login = await page.goto('/login');
  const loginNonce = expectPageHeaders(login);
  await waitForHydration(page);
  await expectStylesApplied(page, loginNonce);
  // Chakra's styles are in force: the submit button has its colour, not the browser default.
  expect(await page.getByTestId('login-submit').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

  await loginViaForm(page);
  const overview = await page.goto('/dash/overview');
  const overviewNonce = expectPageHeaders(overview);
  expect(overviewNonce).not.toBe(loginNonce);
  await waitForHydration(page);
  await expectStylesApplied(page, overviewNonce);
  expect(await page.getByTestId('sidebar').evaluate((el) => el.getBoundingClientRect().width)).toBe(240);

  // A dialog: its styles are inserted at runtime, into a <style> carrying the page's nonce.
  await page.getByTestId('search-trigger').click();
  const dialog = page.getByTestId('search-dialog');
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  await expectStylesApplied(page, overviewNonce);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The realtime socket on this host is allowed by connect-src.
  const socket = await page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
        ws.onopen = () => (ws.close(), resolve('open'));
        ws.onerror = () => resolve('error');
      }),
  );
  expect(socket).toBe('open');

  // A toast: the toaster's server-rendered style="" (fixed positioning) applies.
  await page.goto('/dash/settings');
  await waitForHydration(page);
  await page.getByTestId('profile-submit').click();
  const toast = page.getByRole('status').filter({ hasText: '更新成功' });
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((el) => getComputedStyle(el.closest('[data-scope=toast][data-part=group]') ?? el).position)).toBe('fixed');
  // Below the 64 px header once it has slid in.
  await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(64);

  const privacy = await page.goto('/privacy-policy');
  const privacyNonce = expectPageHeaders(privacy);
  await expect(page.getByRole('heading', { name: '隐私政策', level: 1 })).toBeVisible();
  await expectStylesApplied(page, privacyNonce);

  expect(csp.violations, 'CSP violations').toEqual([]);
  expect(csp.messages, 'CSP console messages').toEqual([]);
});

test('the API and static files carry the security headers too', async ({ request }) => {
  for (const path of ['/api/v1/user/info', '/favicon.svg']) {
    const res = await request.get(path);
    const headers = res.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['content-security-policy'], path).toContain("default-src 'none'");
  }
  expect((await request.get('/api/v1/user/info')).headers()['cache-control']).toBe('no-store');
  expect((await request.get('/favicon.svg')).headers()['cache-control']).toBe('public, max-age=3600');
});
