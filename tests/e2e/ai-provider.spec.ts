import type { Page } from '@playwright/test';
import { fake, type FakeResponse } from '../fixtures/fake-openai/server';
import { expect, signIn, test, waitForHydration } from './fixtures';
import { FAKE_OPENAI_URL } from './ports';

/**
 * The AI engine with a language model (issue 11): this project's app server talks to the fake
 * OpenAI-compatible provider (playwright.config.ts). Each test scripts its own answers by a marker
 * that it puts in its input.
 */

const marker = () => `M${Math.random().toString(36).slice(2, 10)}`;

async function script(page: Page, mark: string, ...responses: FakeResponse[]) {
  const response = await page.request.post(`${FAKE_OPENAI_URL}/__script`, { data: { marker: mark, responses } });
  expect(response.status()).toBe(204);
}

async function balance(page: Page): Promise<number> {
  const body = await (await page.request.get('/resources/api/user/info')).json();
  return Number(body.data.total_points);
}

type StreamReport = { events: Array<{ event: string; data: Record<string, unknown>; at: number }>; text: string };

/**
 * Runs an operation from the page itself, as the writing pages do (fetch through /resources/api),
 * reading the event stream as it arrives; `abortAfterFirstDelta` is the 停止 button.
 */
async function generateInPage(page: Page, body: unknown, abortAfterFirstDelta = false): Promise<StreamReport> {
  return page.evaluate(
    async ({ body, abortAfterFirstDelta }) => {
      const controller = new AbortController();
      const started = performance.now();
      const response = await fetch('/resources/api/ai/generate', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      const events: StreamReport['events'] = [];
      let buffer = '';
      let text = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(frame)?.[1];
            const data = /^data: (.+)$/m.exec(frame)?.[1];
            if (!event || !data) continue;
            const parsed = JSON.parse(data) as Record<string, unknown>;
            events.push({ event, data: parsed, at: performance.now() - started });
            if (event === 'delta') {
              text += String(parsed.text);
              if (abortAfterFirstDelta) controller.abort();
            }
          }
        }
      } catch (error) {
        if (!controller.signal.aborted) throw error;
      }
      return { events, text };
    },
    { body, abortAfterFirstDelta },
  );
}

async function newStudentAndWork(page: Page, name: string) {
  const student = (await (await page.request.post('/resources/api/client-profiles', { data: { name } })).json()).data.id as string;
  const work = await page.request.post('/resources/api/works', {
    data: { title: `${name}的 PS`, type: 'ps', clientProfileId: student, content: { blocks: [] } },
  });
  return { student, work: (await work.json()).data.id as string };
}

test('the model streams into the page chunk by chunk; the operation is charged, listed and saved as a version', async ({ page }) => {
  await signIn(page);
  const { student, work } = await newStudentAndWork(page, '模型学生');
  const mark = marker();
  // The first piece, then the model "thinks" for 1.5 s before the rest.
  await script(page, mark, {
    kind: 'stream',
    steps: [
      { delta: 'My path to robotics began in a small workshop. ' },
      { wait: 1500 },
      { delta: 'There I learned patience and precision.' },
      { finish: 'stop' },
      { done: true },
    ],
  });
  const before = await balance(page);
  await page.goto('/dash/overview');
  await waitForHydration(page);
  const report = await generateInPage(page, {
    operation: 'ps',
    clientProfileId: student,
    workId: work,
    input: { targetProgram: `MSc Robotics ${mark}`, language: 'en' },
  });
  const names = report.events.map((e) => e.event);
  expect(names[0]).toBe('start');
  expect(names).toContain('running');
  expect(names.at(-1)).toBe('done');
  expect(report.text).toBe('My path to robotics began in a small workshop. There I learned patience and precision.');
  // No layer buffered the answer: the first delta reached the browser well before the model finished.
  const firstDelta = report.events.find((e) => e.event === 'delta')!.at;
  const done = report.events.at(-1)!.at;
  expect(done - firstDelta).toBeGreaterThan(1200);
  const charged = Number((report.events.at(-1)!.data.operation as { points: number }).points);
  expect(charged).toBeGreaterThan(0);
  await expect.poll(() => balance(page)).toBeCloseTo(before - charged, 2);

  await page.goto('/dash/generation-records');
  const row = page.getByTestId('record-row').first();
  await expect(row).toContainText('测试模型');
  await expect(row).toContainText('模型学生');
  await expect(row.getByTestId('record-status')).toHaveText('成功');
  await expect(row.getByTestId('record-points')).toHaveText(charged.toFixed(2));
  await row.getByTestId('record-work').click();
  await expect(page.getByTestId('work-document')).toContainText('There I learned patience and precision.');
  await expect(page.getByTestId('version-row').first()).toContainText('AI 生成');
});

test('a provider failure is refunded and listed with its Chinese message', async ({ page }) => {
  await signIn(page);
  const mark = marker();
  await script(page, mark, { kind: 'status', status: 500, message: 'upstream exploded' });
  const before = await balance(page);
  await page.goto('/dash/overview');
  await waitForHydration(page);
  const report = await generateInPage(page, { operation: 'free', input: { topic: `家乡 ${mark}` } });
  const error = report.events.at(-1)!;
  expect(error.event).toBe('error');
  expect(String(error.data.message)).toMatch(/[\u4e00-\u9fff]/);
  expect(Number(error.data.pointsRefunded)).toBeGreaterThan(0);
  await expect.poll(() => balance(page)).toBe(before);

  await page.goto('/dash/generation-records');
  const row = page.getByTestId('record-row').first();
  await expect(row.getByTestId('record-status')).toHaveText('失败');
  await expect(row).toContainText(String(error.data.message));
  await expect(row.getByTestId('record-points')).toHaveText('0.00');
});

test('stopping mid-stream aborts the model request and pays for what was delivered (ADR 0035)', async ({ page }) => {
  await signIn(page);
  const mark = marker();
  await script(page, mark, { kind: 'stream', steps: [{ delta: '第一段。' }, { hang: true }] });
  const before = await balance(page);
  await page.goto('/dash/overview');
  await waitForHydration(page);
  const report = await generateInPage(page, { operation: 'free', input: { topic: `停止 ${mark}` } }, true);
  expect(report.text).toBe('第一段。');
  // Output had started: the flat price of 自由写作 (5 points) is owed, nothing more.
  await expect.poll(() => balance(page)).toBe(before - 5);
  await page.goto('/dash/generation-records');
  await expect(page.getByTestId('record-row').first().getByTestId('record-status')).toHaveText('已取消');
  await expect(page.getByTestId('record-row').first().getByTestId('record-points')).toHaveText('5.00');
});

test('the model chosen on the account page is kept and runs the next operation', async ({ page }) => {
  await signIn(page);
  await page.goto('/dash/account');
  await waitForHydration(page);
  const select = page.getByTestId('ai-model-select');
  await expect(select).toHaveValue('fake-writer');
  await select.selectOption({ label: '测试模型二' });
  await page.getByTestId('ai-model-save').click();
  await expect(page.getByTestId('ai-model-saved')).toHaveText('已切换为「测试模型二」');
  await page.reload();
  await expect(page.getByTestId('ai-model-select')).toHaveValue('fake-editor');

  const mark = marker();
  await script(page, mark, fake.stream('第二个模型写的。'));
  await page.goto('/dash/overview');
  await waitForHydration(page);
  const report = await generateInPage(page, { operation: 'free', input: { topic: `模型 ${mark}` } });
  expect(report.events.at(-1)!.event).toBe('done');
  await page.goto('/dash/generation-records');
  await expect(page.getByTestId('record-row').first()).toContainText('测试模型二');
});
