import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import {
  awardSchema,
  educationSchema,
  experienceSchema,
  PROFILE_SORTS,
  profileCreateSchema,
  profileDataPatchSchema,
  publicationSchema,
  testScoreSchema,
  type ProfileDataPatch,
} from '../../../contracts/archives';
import { z } from '../../../contracts/zod';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { isSectionName, LIST_SECTIONS, parseSubScores, splitList, type ListSection, type SectionName } from '~/services/archive-sections';
import { ARCHIVES_PAGE_SIZE, archiveDetailHref, type ProfileSort } from '~/services/archives';
import { ApiRequestError } from '~/services/errors';
import { handleForm, type FieldErrors } from '~/services/forms';
import { confirmedRowAction, pageParam } from './row-actions.server';

/** /dash/client-archives?q&sort&page: one page of the user's students; past the end goes to the last page. */
export async function clientArchivesLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
  const sortParam = url.searchParams.get('sort');
  const sort: ProfileSort = PROFILE_SORTS.includes(sortParam as ProfileSort) ? (sortParam as ProfileSort) : 'updated';
  const page = pageParam(request);
  const list = await orRouteError(
    createApiClient(request, context, pageName).archives.list({ page, pageSize: ARCHIVES_PAGE_SIZE, query: query || undefined, sort }),
  );
  const last = Math.max(1, Math.ceil(list.total / ARCHIVES_PAGE_SIZE));
  if (page > last) {
    url.searchParams.set('page', String(last));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return { list, query, sort, creating: url.searchParams.has('new') };
}

export const CREATE_FIELDS = ['name'] as const;

/** 新建学生 by nickname (the form without JavaScript, spec §5), and 删除 with its confirmation. */
export async function clientArchivesAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const form = await request.formData();
  const api = createApiClient(request, context, pageName);
  if (form.get('intent') === 'delete') {
    return confirmedRowAction(form, 'delete' as const, async (id) => (await api.archives.remove(id), '学生档案已删除'));
  }
  const outcome = await handleForm(form, {
    fields: CREATE_FIELDS,
    schema: profileCreateSchema.pick({ name: true }),
    submit: ({ name }) => api.archives.create(name),
  });
  if (!outcome.ok) return { intent: 'create' as const, ...outcome };
  return redirect(`${archiveDetailHref(outcome.result.id)}&created=1`);
}

const idSchema = z.string().uuid();

/** /dash/client-archive-detail?id=: the profile, or a 404 page for a missing or someone else's id. */
/** How many of a student's saved 选校 results the archive page lists (the rest are on the 选校 page). */
const ARCHIVE_MATCH_RESULTS = 5;

/**
 * The student's 选校 (issue 26): the newest saved results and the list kept for them. Each read may
 * fail on its own (the archive still shows), and says so instead of showing an empty list.
 */
async function schoolMatchOf(api: ReturnType<typeof createApiClient>, clientProfileId: string) {
  const settle = async <T>(work: Promise<T>) => {
    try {
      return { data: await work, error: null };
    } catch (error) {
      if (error instanceof ApiRequestError) return { data: null, error: error.message };
      throw error;
    }
  };
  const [results, shortlist] = await Promise.all([
    settle(api.schoolMatch.results({ clientProfileId, page: 1, pageSize: ARCHIVE_MATCH_RESULTS })),
    settle(api.schoolMatch.shortlist(clientProfileId)),
  ]);
  return {
    results: results.data ? { items: results.data.items, total: results.data.total } : null,
    resultsError: results.error,
    shortlist: shortlist.data?.items ?? null,
    shortlistError: shortlist.error,
  };
}

export async function clientArchiveDetailLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get('id') ?? '';
  if (!idSchema.safeParse(id).success) throw json('学生档案不存在', { status: 404 });
  const api = createApiClient(request, context, pageName);
  const [profile, schoolMatch] = await Promise.all([orRouteError(api.archives.get(id)), schoolMatchOf(api, id)]);
  const edit = url.searchParams.get('edit');
  const saved = url.searchParams.get('saved');
  return {
    profile,
    schoolMatch,
    editing: isSectionName(edit) ? edit : null,
    saved: isSectionName(saved) ? saved : null,
    created: url.searchParams.has('created'),
  };
}

/** A section's answer: its errors by form field name (`rows.2.school`), and the values as posted. */
export type SectionFailure = { ok: false; section: SectionName; errors: FieldErrors<string>; values: Record<string, string> };

const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());

/** The posted rows of a list section, without blank rows and rows marked 删除. */
function postedRows(form: FormData, section: ListSection) {
  const count = Math.min(Number(form.get('rowCount') ?? 0) || 0, 60);
  const rows: Array<{ index: number; values: Record<string, string> }> = [];
  for (let i = 0; i < count; i++) {
    if (form.get(`rows.${i}.remove`)) continue;
    const values = Object.fromEntries(LIST_SECTIONS[section].fields.map((f) => [f.name, String(form.get(`rows.${i}.${f.name}`) ?? '')]));
    if (Object.entries(values).every(([key, v]) => v.trim() === '' || (key === 'type' && section === 'tests'))) continue;
    rows.push({ index: i, values });
  }
  return rows;
}

const LIST_ITEM_SCHEMAS = {
  tests: testScoreSchema,
  education: educationSchema,
  research: experienceSchema,
  internships: experienceSchema,
  projects: experienceSchema,
  activities: experienceSchema,
  awards: awardSchema,
  publications: publicationSchema,
} satisfies Record<ListSection, z.ZodType>;

/** Form strings → the contract's item shape (numbers stay strings: the schema coerces them). */
function listItem(section: ListSection, v: Record<string, string>): { item: unknown } | { error: [string, string] } {
  const base = Object.fromEntries(Object.entries(v).map(([k, value]) => [k, optional(value)]));
  // A row needs its name (学校, 名称, 奖项, 题目): the rest describes it.
  const primary = section === 'education' ? 'school' : section === 'tests' ? null : 'title';
  if (primary && !base[primary]) {
    return { error: [primary, `请填写${LIST_SECTIONS[section].fields.find((f) => f.name === primary)?.label ?? '此项'}`] };
  }
  if (section === 'tests') {
    const sub = parseSubScores(v.sub ?? '');
    if (!sub.ok) return { error: ['sub', '小分格式如：R 28, L 27, S 23, W 25'] };
    return { item: { type: v.type, total: base.total, sub: sub.sub, date: base.date } };
  }
  if (section === 'education') {
    const { gpaValue, gpaScale, ...rest } = base;
    return { item: { ...rest, gpa: gpaValue || gpaScale ? { value: gpaValue, scale: gpaScale } : undefined } };
  }
  return { item: base };
}

/** The first issue of each row's item, under the row's field name. */
function rowErrors(index: number, issues: z.core.$ZodIssue[], errors: FieldErrors<string>) {
  for (const issue of issues) {
    const head = String(issue.path[0] ?? '');
    const field = head === 'gpa' ? (issue.path[1] === 'scale' ? 'gpaScale' : 'gpaValue') : head;
    errors[`rows.${index}.${field}`] ??= issue.message;
  }
}

/** One section of the form as the update's body, or what is wrong with it. */
function readSection(
  section: SectionName,
  form: FormData,
): { ok: true; body: { name?: string; data: ProfileDataPatch } } | { ok: false; errors: FieldErrors<string> } {
  // Built from form strings; the contract's schema below coerces and checks it.
  const text = (name: string) => String(form.get(name) ?? '');
  const errors: FieldErrors<string> = {};
  let body: { name?: string; data: Record<string, unknown> };
  switch (section) {
    case 'basic': {
      if (!text('name').trim()) errors.name = '请输入学生姓名';
      body = {
        name: text('name').trim(),
        data: {
          nickname: optional(text('nickname')),
          contact: { email: optional(text('email')), phone: optional(text('phone')), wechat: optional(text('wechat')) },
          currentSchool: optional(text('currentSchool')),
          major: optional(text('major')),
          degree: optional(text('degree')),
          gpa: { value: optional(text('gpaValue')), scale: optional(text('gpaScale')), rank: optional(text('gpaRank')) },
        },
      };
      break;
    }
    case 'targets':
      body = {
        data: {
          targets: {
            countries: splitList(text('countries')),
            degree: optional(text('degree')),
            majors: splitList(text('majors')),
            intake: optional(text('intake')),
          },
        },
      };
      break;
    case 'skills':
      body = { data: { skills: splitList(text('skills')) } };
      break;
    case 'notes':
      body = { data: { notes: optional(text('notes')) } };
      break;
    default: {
      const items: unknown[] = [];
      for (const row of postedRows(form, section)) {
        const read = listItem(section, row.values);
        if ('error' in read) {
          errors[`rows.${row.index}.${read.error[0]}`] = read.error[1];
          continue;
        }
        const parsed = LIST_ITEM_SCHEMAS[section].safeParse(read.item);
        if (parsed.success) items.push(parsed.data);
        else rowErrors(row.index, parsed.error.issues, errors);
      }
      body = { data: { [section]: items } };
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The section as a whole, with the contract's own messages (lengths, list sizes, numbers).
  const checked = profileDataPatchSchema.safeParse(body.data);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const path = issue.path.map(String);
      const field =
        section === 'basic'
          ? ((
              { contact: path[1], gpa: path[1] === 'value' ? 'gpaValue' : path[1] === 'scale' ? 'gpaScale' : 'gpaRank' } as Record<
                string,
                string | undefined
              >
            )[path[0]!] ?? path[0]!)
          : section === 'targets'
            ? path[1]!
            : LIST_SECTIONS[section as ListSection]
              ? `rows.${path[1]}.${path[2]}`
              : section;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, body: { ...body, data: checked.data } };
}

/** Saves one section of /dash/client-archive-detail; back to the page (out of edit mode) when it worked. */
export async function clientArchiveDetailAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const id = url.searchParams.get('id') ?? '';
  if (!idSchema.safeParse(id).success) throw json('学生档案不存在', { status: 404 });
  const form = await request.formData();
  const section = form.get('section');
  if (!isSectionName(section)) throw json('请求无效', { status: 400 });
  const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const read = readSection(section, form);
  if (!read.ok) return { ok: false, section, errors: read.errors, values } satisfies SectionFailure;
  try {
    await createApiClient(request, context, pageName).archives.update(id, read.body);
  } catch (error) {
    if (error instanceof ApiRequestError) {
      return { ok: false, section, errors: { [error.field ?? 'form']: error.message }, values } satisfies SectionFailure;
    }
    throw error;
  }
  return redirect(`${archiveDetailHref(id)}&saved=${section}#${section}`);
}
