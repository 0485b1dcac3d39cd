import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { z } from '../../../contracts/zod';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { confirmedRowAction } from '~/services/pages/row-actions.server';
import { prefillFromArchive } from '~/services/school-match';

const uuid = z.string().uuid();
const idParam = (url: URL, name: string) => {
  const value = url.searchParams.get(name);
  return value && uuid.safeParse(value).success ? value : null;
};
const pageParam = (url: URL, name: string) => {
  const n = Number(url.searchParams.get(name) ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : 1;
};

/** The students the form offers (the first 100 by name, as the writing pages). */
const STUDENT_CHOICES = 100;
export const HISTORY_PAGE_SIZE = 10;
export const CASES_PAGE_SIZE = 10;

/** A read the page can do without: its failure is said on the page, the rest still shows. */
async function optional<T>(work: Promise<T>): Promise<{ ok: true; data: T } | { ok: false; message: string; status: number }> {
  try {
    return { ok: true, data: await work };
  } catch (error) {
    if (error instanceof ApiRequestError) return { ok: false, message: error.message, status: error.status };
    throw error;
  }
}

/**
 * /dash/school-match?clientId&result&hpage&cpage: the students to pick from, the one picked (its
 * archive's prefill and its list), the opened saved result, the saved results and the case library.
 */
export async function schoolMatchLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const api = createApiClient(request, context, pageName);
  const clientId = idParam(url, 'clientId');
  const resultId = idParam(url, 'result');
  const historyPage = pageParam(url, 'hpage');
  const casesPage = pageParam(url, 'cpage');
  const [students, profile, result, history, cases, prices] = await Promise.all([
    orRouteError(api.archives.list({ page: 1, pageSize: STUDENT_CHOICES, sort: 'name' })),
    clientId ? orRouteError(api.archives.get(clientId)) : null,
    resultId ? optional(api.schoolMatch.result(resultId)) : null,
    orRouteError(api.schoolMatch.results({ page: historyPage, pageSize: HISTORY_PAGE_SIZE })),
    orRouteError(api.schoolMatch.cases({ page: casesPage, pageSize: CASES_PAGE_SIZE })),
    // The button's price, from the price table (选校); the page works without it.
    api.points.priceTable().catch(() => null),
  ]);
  const shortlist = clientId ? await optional(api.schoolMatch.shortlist(clientId)) : null;
  return {
    students: students.items.map((s) => ({ id: s.id, name: s.name })),
    student: profile ? { id: profile.id, name: profile.name, prefill: prefillFromArchive(profile.data) } : null,
    /** Asked for by the address (a link from the archive page): it wins over the draft's student. */
    clientFromUrl: clientId !== null,
    result: result?.ok ? result.data : null,
    resultMissing: result && !result.ok ? (result.status === 404 ? '该选校结果不存在或已删除' : result.message) : null,
    shortlist: shortlist?.ok ? shortlist.data.items : null,
    shortlistError: shortlist && !shortlist.ok ? shortlist.message : null,
    history,
    cases,
    /** Points per run (the price table's 选校), shown on the button before it runs. */
    price: prices?.items.find((i) => i.operation === 'school_match')?.points ?? null,
  };
}

export const ROW_INTENTS = ['delete-result', 'delete-case', 'remove-shortlist'] as const;
export type RowIntent = (typeof ROW_INTENTS)[number];

/** The page's deletions (ADR 0018: asked first, by a dialog, or on the page without JavaScript). */
export async function schoolMatchAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const form = await request.formData();
  const api = createApiClient(request, context, pageName).schoolMatch;
  const intent = String(form.get('intent') ?? '') as RowIntent;
  const valid = (id: string) => {
    if (!uuid.safeParse(id).success) throw new ApiRequestError(404, 'NOT_FOUND', '记录不存在');
    return id;
  };
  switch (intent) {
    case 'delete-result':
      return confirmedRowAction(form, intent, async (id) => (await api.deleteResult(valid(id)), '已删除选校结果'));
    case 'delete-case':
      return confirmedRowAction(form, intent, async (id) => (await api.deleteCase(valid(id)), '已删除案例'));
    case 'remove-shortlist':
      return confirmedRowAction(form, intent, async (id) => (await api.removeFromShortlist(valid(id)), '已从学生清单移除'));
    default:
      return null;
  }
}
