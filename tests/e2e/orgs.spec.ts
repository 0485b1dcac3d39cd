import type { Browser, Page } from '@playwright/test';
import { adminStorageState, expect, randomPhone, signIn, test, waitForHydration } from './fixtures';

/** A second person in a browser of their own. */
async function person(browser: Browser, phone = randomPhone()): Promise<{ page: Page; phone: string; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, phone);
  return { page, phone, close: () => context.close() };
}

test('an owner creates an organisation and invites a consultant; they share a student until the owner removes the consultant', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await page.goto('/dash/org');
  await waitForHydration(page);
  await page.getByTestId('org-create-submit').click();
  await expect(page.getByText('请输入机构名称')).toBeVisible();
  await page.getByTestId('org-create-name').fill('星辰留学工作室');
  await page.getByTestId('org-create-submit').click();
  const spaces = page.getByTestId('org-space');
  await expect(spaces.filter({ hasText: '星辰留学工作室' })).toBeVisible();
  await spaces.filter({ hasText: '星辰留学工作室' }).getByTestId('org-switch').click();
  await expect(page.getByTestId('org-answer')).toHaveText('已切换到星辰留学工作室');
  await expect(page.getByTestId('org-member')).toHaveCount(1);

  const consultant = await person(browser);
  await page.getByTestId('org-invite-phone').fill(consultant.phone);
  await page.getByTestId('org-invite-role').selectOption('consultant');
  await page.getByTestId('org-invite-submit').click();
  await expect(page.getByTestId('org-invite-sent')).toBeVisible();
  await expect(page.getByTestId('org-pending')).toContainText('顾问');

  // The consultant accepts on the page and works in the organisation at once.
  await consultant.page.goto('/dash/org');
  await waitForHydration(consultant.page);
  await expect(consultant.page.getByTestId('org-invitation')).toContainText('星辰留学工作室');
  await consultant.page.getByTestId('org-accept').click();
  await expect(consultant.page.getByTestId('org-answer')).toHaveText('已加入星辰留学工作室');
  await expect(consultant.page.getByTestId('org-member')).toHaveCount(2);
  await consultant.page.goto('/dash/client-archives?new=1#new-student');
  await waitForHydration(consultant.page);
  const form = consultant.page.getByTestId('new-student-form');
  await form.getByLabel('学生昵称').fill('共享学生小林');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(consultant.page.getByText('共享学生小林').first()).toBeVisible();

  // The owner sees the consultant's student in the organisation's archive.
  await page.goto('/dash/client-archives');
  await expect(page.getByTestId('archive-row').filter({ hasText: '共享学生小林' })).toBeVisible();

  // Removing asks first; the removed consultant is back in their personal space on the next page.
  await page.goto('/dash/org');
  await waitForHydration(page);
  await page.getByTestId('org-remove').click();
  const dialog = page.getByTestId('org-dialog');
  await expect(dialog).toContainText('移出机构');
  await page.getByTestId('org-dialog-confirm').click();
  await expect(page.getByTestId('org-action-done')).toHaveText('成员已移除');
  await expect(page.getByTestId('org-member')).toHaveCount(1);

  await consultant.page.goto('/dash/client-archives');
  await expect(consultant.page.getByTestId('archives-empty')).toBeVisible();
  await consultant.page.getByTestId('user-menu-trigger').click();
  await expect(consultant.page.getByTestId('user-menu-space')).toContainText('个人空间');
  await consultant.close();
});

test('the organisation page fits 375 px with its members and invitation form', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  await page.goto('/dash/org');
  await waitForHydration(page);
  await page.getByTestId('org-create-name').fill('窄屏工作室');
  await page.getByTestId('org-create-submit').click();
  await page.getByTestId('org-space').filter({ hasText: '窄屏工作室' }).getByTestId('org-switch').click();
  await expect(page.getByTestId('org-invite-phone')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("the operator's console", () => {
  test.use({ storageState: adminStorageState() });

  test('lists organisations with their owners and counts, searchable by name, at 1440 and 375 px', async ({ page, browser }) => {
    const owner = await person(browser);
    await owner.page.goto('/dash/org');
    await waitForHydration(owner.page);
    const name = `控制台机构${Date.now() % 100000}`;
    await owner.page.getByTestId('org-create-name').fill(name);
    await owner.page.getByTestId('org-create-submit').click();
    await expect(owner.page.getByTestId('org-space').filter({ hasText: name })).toBeVisible();
    await owner.close();

    await page.goto(`/dash/admin/orgs?q=${encodeURIComponent(name)}`);
    const row = page.getByTestId('admin-org-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(name);
    await expect(row).toContainText(/1\d{2}\*{4}\d{4}/);
    await page.goto(`/dash/admin/orgs?q=${encodeURIComponent('不存在的机构名')}`);
    await expect(page.getByTestId('admin-orgs-empty')).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/dash/admin/orgs');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
