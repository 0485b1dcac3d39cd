import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { detectRequestSchema } from '../../../contracts/detection';
import { z } from '../../../contracts/zod';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { ApiRequestError } from '~/services/errors';
import { checkedAgo, REDUCE_AI_PAGE_ID } from '~/services/detection';
import { handleForm } from '~/services/forms';

const uuid = z.string().uuid();
/** The saved works the page offers to open (the newest; the rest are found on 我的作品). */
const WORK_CHOICES = 50;

/** /dash/reduce-ai?workId=: the page, with a saved work's text opened when asked. */
export async function reduceAiLoader(pageName: string, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const workId = new URL(request.url).searchParams.get('workId');
  const api = createApiClient(request, context, pageName);
  const [works, work, prices] = await Promise.all([
    orRouteError(api.works.list({ page: 1, pageSize: WORK_CHOICES })),
    workId && uuid.safeParse(workId).success ? orRouteError(api.works.get(workId)) : null,
    // 检测 and 降AI率 show their prices before they run (ADR 0040); the page works without them.
    api.ai.prices().catch(() => null),
  ]);
  if (workId && !work) throw json('作品不存在', { status: 404 });
  return {
    works: works.items.map((w) => ({ id: w.id, title: w.title })),
    work: work ? { id: work.id, title: work.title, text: work.plainText, aiRate: work.aiRate, aiLabel: work.aiLabel } : null,
    lastCheck: await lastCheckOf(api, work?.id ?? REDUCE_AI_PAGE_ID),
    prices,
  };
}

/**
 * The page's (or the opened work's) latest check, from GET /api/ai-rate/{pageIdentifier}: read, not
 * run again, so nothing is charged. How long ago is worked out here, so the page renders the same
 * words on the server and in the browser. Null before any check.
 */
async function lastCheckOf(api: ReturnType<typeof createApiClient>, pageIdentifier: string) {
  try {
    const last = await api.detection.aiRate(pageIdentifier);
    const at = last.checkedAt ? Date.parse(last.checkedAt) : NaN;
    return {
      aiRate: last.aiRate,
      label: last.label ?? null,
      timestamp: Number.isNaN(at) ? null : at,
      ago: Number.isNaN(at) ? null : checkedAgo(at),
    };
  } catch (error) {
    // None yet (404), or the read failed: the page works without it.
    if (error instanceof ApiRequestError) return null;
    throw error;
  }
}

export const DETECT_FIELDS = ['text', 'workId'] as const;

/** 检测: the form post (works without JavaScript); the result is rendered on the server. */
export async function reduceAiAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const form = await request.formData();
  const api = createApiClient(request, context, pageName);
  const outcome = await handleForm(form, {
    fields: DETECT_FIELDS,
    schema: detectRequestSchema.pick({ text: true }).extend({ workId: z.preprocess((v) => v || undefined, uuid.optional()) }),
    submit: ({ text, workId }) => api.detection.detect({ text, workId, pageIdentifier: workId ?? REDUCE_AI_PAGE_ID }),
  });
  if (!outcome.ok) return { intent: 'detect' as const, ...outcome };
  return { intent: 'detect' as const, ok: true as const, result: outcome.result, text: String(form.get('text') ?? '').trim() };
}
