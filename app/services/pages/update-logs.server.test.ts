import type { AppLoadContext, LoaderFunctionArgs } from '@remix-run/node';
import { ApiRequestError } from '~/services/errors';
import { updateLogDetailLoader, updateLogsLoader } from './update-logs.server';

/** Spec §8: a failed update-log fetch is an empty list or null on the page, never an error page. */

const api = { updateLogs: { page: vi.fn(), detail: vi.fn() } };
vi.mock('~/sessions.server', () => ({ requireWebSession: vi.fn(async () => ({})) }));
vi.mock('~/services/api/client.server', () => ({ createApiClient: () => api }));

const args = (url: string, params: Record<string, string> = {}) =>
  ({ request: new Request(`http://localhost${url}`), context: {} as AppLoadContext, params }) as LoaderFunctionArgs;
const log = {
  id: '5ba5db23-5d06-4d98-a0b3-1313fb1aac10',
  version: '1.2.0',
  title: '更新',
  content: '# 标题\n\n正文 **加粗**\n\n<script>alert(1)</script>',
  update_type: 'FEATURE' as const,
  importance: 2,
  affected_modules: ['润色'],
  notes: null,
  publish_time: '2026-11-20T02:00:00.000Z',
  status: 'PUBLISHED' as const,
  created_at: '2026-11-20T01:00:00.000Z',
  updated_at: '2026-11-20T01:00:00.000Z',
};

beforeEach(() => {
  api.updateLogs.page.mockReset();
  api.updateLogs.detail.mockReset();
});

describe('the list', () => {
  it('asks for the type and page in the address (an unknown type is all types) and sends summaries, not markdown', async () => {
    api.updateLogs.page.mockResolvedValue({ updateLogs: [log], total: 1, page: 1, pageSize: 10, totalPages: 1 });
    const data = await updateLogsLoader('更新日志', args('/dash/system/update-logs?update_type=FEATURE'));
    expect(api.updateLogs.page).toHaveBeenCalledWith({ page: 1, limit: 10, updateType: 'FEATURE' });
    expect(data).toMatchObject({ updateType: 'FEATURE', total: 1, failed: false });
    expect(data.logs[0]).toEqual({
      id: log.id,
      version: '1.2.0',
      title: '更新',
      update_type: 'FEATURE',
      importance: 2,
      affected_modules: ['润色'],
      date: log.publish_time,
      excerpt: '正文 加粗 <script>alert(1)</script>',
    });
    await updateLogsLoader('更新日志', args('/dash/system/update-logs?update_type=NOPE&page=-3'));
    expect(api.updateLogs.page).toHaveBeenLastCalledWith({ page: 1, limit: 10, updateType: undefined });
  });

  it('a page past the end redirects to the last page, keeping the type', async () => {
    api.updateLogs.page.mockResolvedValue({ updateLogs: [], total: 12, page: 5, pageSize: 10, totalPages: 2 });
    const thrown = await updateLogsLoader('更新日志', args('/dash/system/update-logs?update_type=BUGFIX&page=5')).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get('Location')).toBe('/dash/system/update-logs?update_type=BUGFIX&page=2');
  });

  it('a failed fetch is an empty list, marked failed', async () => {
    api.updateLogs.page.mockRejectedValue(new ApiRequestError(0, 'NETWORK_ERROR', '网络连接失败，请检查网络设置'));
    const data = await updateLogsLoader('更新日志', args('/dash/system/update-logs?update_type=SECURITY'));
    expect(data).toMatchObject({ updateType: 'SECURITY', logs: [], total: 0, failed: true });
  });
});

describe('the detail', () => {
  it('renders the markdown on the server', async () => {
    api.updateLogs.detail.mockResolvedValue(log);
    const response = await updateLogDetailLoader('更新日志详情', args(`/dash/system/update-logs/${log.id}`, { id: log.id }));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.html).toBe('<h2>标题</h2>\n<p>正文 <strong>加粗</strong></p>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
    expect(body.updateLog?.id).toBe(log.id);
  });

  it.each([
    ['not found', new ApiRequestError(404, 'NOT_FOUND', '更新日志不存在')],
    ['a server failure', new ApiRequestError(500, 'INTERNAL_ERROR', '服务器错误，请稍后重试')],
  ])('%s is null with 404', async (_name, error) => {
    api.updateLogs.detail.mockRejectedValue(error);
    const response = await updateLogDetailLoader('更新日志详情', args('/dash/system/update-logs/x', { id: 'x' }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ updateLog: null, html: null });
  });
});
