import { chromium, type FullConfig } from '@playwright/test';
import { loginViaForm, visitorHeaders } from './fixtures';
import { adminStorageState, E2E_ADMIN_PHONE } from './seed';

/**
 * Runs once, after the web server is up: logs the seeded administrator in through the real form
 * and saves the browser state for tests that act as the administrator (see seed.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const use = config.projects[0]!.use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    const context = await browser.newContext({
      baseURL: use.baseURL,
      locale: use.locale,
      timezoneId: use.timezoneId,
      extraHTTPHeaders: visitorHeaders(),
    });
    const page = await context.newPage();
    await page.goto('/dash/login');
    await loginViaForm(page, E2E_ADMIN_PHONE);
    await context.storageState({ path: adminStorageState() });
  } finally {
    await browser.close();
  }
}
