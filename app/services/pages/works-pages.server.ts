import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { WORK_TYPES, type WorkType } from '../../../contracts/work-constants';
import { workUpdateSchema } from '../../../contracts/works';
import { z } from '../../../contracts/zod';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { handleForm } from '~/services/forms';
import { confirmedRowAction, pageParam } from './row-actions.server';
import { workDetailHref, WORKS_PAGE_SIZE, WORKS_ROUTE } from '~/services/works';

const uuid = z.string().uuid();
const isUuid = (value: string | null): value is string => value !== null && uuid.safeParse(value).success;

export type WorksView = 'cards' | 'table';

/** The students a filter can name: the first 100 by name (a consultant with more searches by text). */
const STUDENT_CHOICES = 100;

/** /dash/my-works?q&type&student&view&page: one page of the user's works; past the end goes to the last page. */
export async function myWorksLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const typeParam = url.searchParams.get('type');
  const type = WORK_TYPES.includes(typeParam as WorkType) ? (typeParam as WorkType) : '';
  const studentParam = url.searchParams.get('student');
  const student = isUuid(studentParam) ? studentParam : '';
  const view: WorksView = url.searchParams.get('view') === 'table' ? 'table' : 'cards';
  const page = pageParam(request);
  const api = createApiClient(request, context, pageName);
  const [list, students] = await Promise.all([
    orRouteError(
      api.works.list({
        page,
        pageSize: WORKS_PAGE_SIZE,
        type: type || undefined,
        clientProfileId: student || undefined,
        query: query || undefined,
      }),
    ),
    orRouteError(api.archives.list({ page: 1, pageSize: STUDENT_CHOICES, sort: 'name' })),
  ]);
  const last = Math.max(1, Math.ceil(list.total / WORKS_PAGE_SIZE));
  if (page > last) {
    url.searchParams.set('page', String(last));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return {
    list,
    query,
    type,
    student,
    view,
    students: students.items.map((s) => ({ id: s.id, name: s.name })),
    deleted: url.searchParams.has('deleted'),
  };
}

/** 删除 on the list, asked first (a dialog, or the page itself without JavaScript). */
export async function myWorksAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const form = await request.formData();
  const api = createApiClient(request, context, pageName);
  return confirmedRowAction(form, 'delete' as const, async (id) => (await api.works.remove(id), '作品已删除'));
}

/**
 * /dash/my-works/my-works-detail?id=&version=&from=&to=: the work, its versions, one version opened
 * (?version) and two compared (?from&to, word by word). A missing or someone else's id is a 404.
 */
export async function workDetailLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get('id');
  if (!isUuid(id)) throw json('作品不存在', { status: 404 });
  const api = createApiClient(request, context, pageName);
  const [work, versions] = await Promise.all([orRouteError(api.works.get(id)), orRouteError(api.works.versions(id))]);
  const known = (value: string | null) => (isUuid(value) && versions.items.some((v) => v.id === value) ? value : null);
  const versionId = known(url.searchParams.get('version'));
  const from = known(url.searchParams.get('from'));
  const to = known(url.searchParams.get('to'));
  const [version, comparison] = await Promise.all([
    versionId ? orRouteError(api.works.version(id, versionId)) : null,
    from && to && from !== to ? orRouteError(api.works.compare(id, from, to)) : null,
  ]);
  return {
    work,
    versions: versions.items,
    version,
    comparison,
    compareFrom: from,
    compareTo: to,
    restored: url.searchParams.has('restored'),
    renamed: url.searchParams.has('renamed'),
  };
}

export const RENAME_FIELDS = ['title'] as const;

/** Rename; restore a version and delete the work, each asked first. */
export async function workDetailAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const workId = url.searchParams.get('id');
  if (!isUuid(workId)) throw json('作品不存在', { status: 404 });
  const form = await request.formData();
  const api = createApiClient(request, context, pageName);
  const intent = form.get('intent');
  if (intent === 'delete') {
    const answer = await confirmedRowAction(form, 'delete' as const, async (id) => (await api.works.remove(id), '作品已删除'));
    if (answer.stage === 'done') throw redirect(`${WORKS_ROUTE}?deleted=1`);
    return answer;
  }
  if (intent === 'restore') {
    const answer = await confirmedRowAction(form, 'restore' as const, async (versionId) => {
      await api.works.restore(workId, versionId);
      return '已恢复到该版本';
    });
    if (answer.stage === 'done') throw redirect(`${workDetailHref(workId)}&restored=1`);
    return answer;
  }
  const outcome = await handleForm(form, {
    fields: RENAME_FIELDS,
    schema: workUpdateSchema.pick({ title: true }).required(),
    submit: ({ title }) => api.works.update(workId, { title }),
  });
  if (!outcome.ok) return { intent: 'rename' as const, ...outcome };
  throw redirect(`${workDetailHref(workId)}&renamed=1`);
}
