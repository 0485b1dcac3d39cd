import { chromium, type FullConfig } from '@playwright/test';
import { loginViaForm, visitorHeaders } from './fixtures';
import { NOTICES_URL } from './ports';
import { adminStorageState, E2E_ADMIN_PHONE } from './seed';

/**
 * Runs once, after the web servers are up: logs the seeded administrator in through the real form
 * on the main server and on the notices project's, and saves each browser state for tests that act
 * as the administrator (see seed.ts).
 */
export default async function globalSetup(config: FullConfig) {
  const use = config.projects.find((project) => project.name === 'chromium')!.use;
  const browser = await chromium.launch(use.launchOptions);
  try {
    await Promise.all(
      [use.baseURL!, NOTICES_URL].map(async (baseURL) => {
        const context = await browser.newContext({
          baseURL,
          locale: use.locale,
          timezoneId: use.timezoneId,
          extraHTTPHeaders: visitorHeaders(),
        });
        const page = await context.newPage();
        await page.goto('/dash/login');
        await loginViaForm(page, E2E_ADMIN_PHONE);
        await context.storageState({ path: adminStorageState(baseURL) });
        await context.close();
      }),
    );
  } finally {
    await browser.close();
  }
}
