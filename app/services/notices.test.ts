import {
  isDismissed,
  mergeDismissals,
  noticeLink,
  noticeRoute,
  noticeToast,
  showsToast,
  ShownNotices,
  visibleAnnouncements,
  withDismissal,
  type Notice,
} from './notices';

const notice = (over: Partial<Notice> = {}): Notice => ({
  id: 'n1',
  title: '通知',
  content: '内容',
  type: 'INFO',
  status: 'PUBLISHED',
  importance: 1,
  need_confirmation: false,
  start_time: null,
  end_time: null,
  startTime: null,
  endTime: null,
  countdown: null,
  redirect_url: null,
  estimatedCompletionTime: null,
  updateLog: null,
  created_at: '2026-11-23T10:00:00.000Z',
  updated_at: '2026-11-23T10:00:00.000Z',
  ...over,
});
const updateLog = {
  id: 'u1',
  version: '1.2.0',
  title: '新版本',
  update_type: 'FEATURE' as const,
  importance: 2,
  publish_time: '2026-11-23T10:00:00.000Z',
  html: '<ul><li>新功能</li></ul>',
};

describe('announcement queue routing (spec §4)', () => {
  it('urgent notices (importance ≥ 3, need_confirmation, ANNOUNCEMENT) open the modal; the others a toast', () => {
    expect(noticeRoute(notice({ importance: 3 }))).toBe('modal');
    expect(noticeRoute(notice({ importance: 5, type: 'WARNING' }))).toBe('modal');
    expect(noticeRoute(notice({ need_confirmation: true }))).toBe('modal');
    expect(noticeRoute(notice({ type: 'ANNOUNCEMENT' }))).toBe('modal');
    for (const type of ['INFO', 'WARNING', 'ERROR', 'SUCCESS'] as const) expect(noticeRoute(notice({ type, importance: 2 }))).toBe('toast');
  });

  it('an UPDATE notice with a published update log opens the update-log modal; without one it is an ordinary notice', () => {
    expect(noticeRoute(notice({ type: 'UPDATE', updateLog }))).toBe('update-log');
    expect(noticeRoute(notice({ type: 'UPDATE', updateLog, importance: 3 }))).toBe('update-log');
    expect(noticeRoute(notice({ type: 'UPDATE' }))).toBe('toast');
    expect(noticeRoute(notice({ type: 'UPDATE', importance: 3 }))).toBe('modal');
  });

  it('an urgent non-announcement item also shows its toast, which never closes by itself for errors (issue 28)', () => {
    const urgentError = notice({ type: 'ERROR', importance: 3 });
    expect(noticeRoute(urgentError)).toBe('modal');
    expect(showsToast(urgentError)).toBe(true);
    expect(noticeToast(urgentError)).toEqual({ type: 'error', duration: Infinity });
    expect(showsToast(notice({ type: 'WARNING', need_confirmation: true }))).toBe(true);
    expect(noticeToast(notice({ type: 'WARNING', need_confirmation: true })).duration).toBe(4500);
    expect(showsToast(notice({ type: 'INFO' }))).toBe(true);
    // Announcements have the modal and the banner; maintenance and update logs their own.
    expect(showsToast(notice({ type: 'ANNOUNCEMENT', importance: 3 }))).toBe(false);
    expect(showsToast(notice({ type: 'MAINTENANCE', importance: 3 }))).toBe(false);
    expect(showsToast(notice({ type: 'UPDATE', updateLog }))).toBe(false);
  });

  it('maintenance notices are left to the maintenance banner and modal', () => {
    expect(noticeRoute(notice({ type: 'MAINTENANCE', importance: 5, need_confirmation: true }))).toBe('maintenance');
  });

  it('error toasts stay until closed; the others close after 4.5 s', () => {
    expect(noticeToast({ type: 'ERROR' })).toEqual({ type: 'error', duration: Infinity });
    expect(noticeToast({ type: 'WARNING' })).toEqual({ type: 'warning', duration: 4500 });
    expect(noticeToast({ type: 'SUCCESS' })).toEqual({ type: 'success', duration: 4500 });
    expect(noticeToast({ type: 'INFO' })).toEqual({ type: 'info', duration: 4500 });
    expect(noticeToast({ type: 'UPDATE' })).toEqual({ type: 'info', duration: 4500 });
  });

  it('each version of a notice shows once per session: an edit (new updated_at) shows again', () => {
    const data = new Map<string, string>();
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    const shown = new ShownNotices(storage);
    const n = notice();
    expect(shown.has(n)).toBe(false);
    shown.mark(n);
    expect(shown.has(n)).toBe(true);
    // Another page of the same tab session reads the same storage.
    expect(new ShownNotices(storage).has(n)).toBe(true);
    expect(shown.has(notice({ updated_at: '2026-11-23T11:00:00.000Z' }))).toBe(false);
    expect(shown.has(notice({ id: 'n2' }))).toBe(false);
  });

  it('remembers in memory when storage is missing, broken or full', () => {
    const memoryOnly = new ShownNotices(null);
    memoryOnly.mark(notice());
    expect(memoryOnly.has(notice())).toBe(true);
    const full = new ShownNotices({
      getItem: () => 'not json',
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(full.has(notice())).toBe(false);
    expect(() => full.mark(notice())).not.toThrow();
  });

  it('keeps the memory bounded (the newest 200 versions)', () => {
    const data = new Map<string, string>();
    const shown = new ShownNotices({ getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) });
    for (let i = 0; i < 250; i++) shown.mark(notice({ id: `n${i}` }));
    expect(JSON.parse(data.get('lx:notices-shown')!)).toHaveLength(200);
    expect(shown.has(notice({ id: 'n249' }))).toBe(true);
    expect(shown.has(notice({ id: 'n0' }))).toBe(false);
  });
});

describe('announcement banner dismissals (spec §3 dismissal record)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const a1 = notice({ id: 'a1', type: 'ANNOUNCEMENT', updated_at: '2026-11-23T10:00:00.000Z' });
  const a2 = notice({ id: 'a2', type: 'ANNOUNCEMENT' });

  it('the banner shows active announcements only, minus dismissed ones', () => {
    const records = withDismissal([], a1, 'banner', now);
    expect(records).toEqual([
      { id: 'a1', surface: 'banner', dismissedAt: new Date(now).toISOString(), announcementUpdatedAt: a1.updated_at },
    ]);
    expect(visibleAnnouncements([a1, a2, notice({ id: 'i1', type: 'INFO' })], records).map((n) => n.id)).toEqual(['a2']);
  });

  it('an announcement edited after its dismissal shows again; the same version stays dismissed', () => {
    const records = withDismissal([], a1, 'banner', now);
    expect(isDismissed(records, a1, 'banner')).toBe(true);
    const edited = { ...a1, updated_at: '2026-11-23T12:30:00.000Z' };
    expect(isDismissed(records, edited, 'banner')).toBe(false);
    expect(visibleAnnouncements([edited], records)).toEqual([edited]);
    // Dismissing the edited version replaces the record.
    const again = withDismissal(records, edited, 'banner', now + 1000);
    expect(again).toEqual([
      { id: 'a1', surface: 'banner', dismissedAt: new Date(now + 1000).toISOString(), announcementUpdatedAt: edited.updated_at },
    ]);
    expect(isDismissed(again, edited, 'banner')).toBe(true);
  });

  it("merges the server's records with this page's own: per notice the later version wins", () => {
    const server = withDismissal([], a1, 'banner', now);
    const edited = { ...a1, updated_at: '2026-11-23T12:30:00.000Z' };
    const local = withDismissal(withDismissal([], edited, 'banner', now + 1000), a2, 'banner', now + 2000);
    const merged = mergeDismissals(server, local);
    expect(merged.map((r) => [r.id, r.announcementUpdatedAt])).toEqual([
      ['a1', edited.updated_at],
      ['a2', a2.updated_at],
    ]);
    // A stale local record never hides a newer one from the server; surfaces are kept apart.
    expect(mergeDismissals(local, server).find((r) => r.id === 'a1')!.announcementUpdatedAt).toBe(edited.updated_at);
    expect(mergeDismissals(server, withDismissal([], a1, 'modal', now))).toHaveLength(2);
  });

  it('a closed modal leaves the banner; a closed banner also keeps the modal closed (issue 28)', () => {
    const modalClosed = withDismissal([], a1, 'modal', now);
    expect(isDismissed(modalClosed, a1, 'modal')).toBe(true);
    expect(isDismissed(modalClosed, a1, 'banner')).toBe(false);
    expect(visibleAnnouncements([a1], modalClosed)).toEqual([a1]);
    const bannerClosed = withDismissal([], a1, 'banner', now);
    expect(isDismissed(bannerClosed, a1, 'modal')).toBe(true);
    expect(isDismissed(bannerClosed, { ...a1, updated_at: '2026-11-23T12:30:00.000Z' }, 'modal')).toBe(false);
  });
});

describe('notice links', () => {
  it('same-site paths stay in the app, http(s) links open outside, anything else is no link', () => {
    expect(noticeLink('/dash/faq?x=1')).toEqual({ kind: 'internal', href: '/dash/faq?x=1' });
    expect(noticeLink('https://example.com/a')).toEqual({ kind: 'external', href: 'https://example.com/a' });
    expect(noticeLink('HTTP://example.com')).toEqual({ kind: 'external', href: 'HTTP://example.com' });
    for (const bad of [
      null,
      '',
      '//evil.example',
      '/\\evil',
      '/\t/evil.example',
      '/\u0085/evil.example',
      '/\u0000/evil.example',
      '/.//evil.example',
      '/%2F/evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'https://',
      'https://a.example@evil.example',
    ]) {
      expect(noticeLink(bad)).toBeNull();
    }
  });
});
