import { json, type LoaderFunctionArgs } from '@remix-run/node';
import type { WorkType } from '../../../contracts/work-constants';
import { z } from '../../../contracts/zod';
import { requireWebSession } from '~/sessions.server';
import { createApiClient, orRouteError } from '~/services/api/client.server';
import { experiencesOf, prefillOf, type WritingStudent } from '~/services/writing';

const uuid = z.string().uuid();
const idParam = (url: URL, name: string) => {
  const value = url.searchParams.get(name);
  return value && uuid.safeParse(value).success ? value : null;
};

/** The students a page offers to pick from: the first 100 by name (as the works filter). */
const STUDENT_CHOICES = 100;

/**
 * A writing page (issue 13): the user's students to pick from, the one chosen (?clientId, or the
 * opened work's) with its prefill, and the work opened by ?workId (someone else's is a 404).
 */
export async function writingPageLoader(pageName: string, workType: WorkType, { request, context }: LoaderFunctionArgs) {
  await requireWebSession(request, context);
  const url = new URL(request.url);
  const api = createApiClient(request, context, pageName);
  const workId = idParam(url, 'workId');
  const [students, work, prices] = await Promise.all([
    orRouteError(api.archives.list({ page: 1, pageSize: STUDENT_CHOICES, sort: 'name' })),
    workId ? orRouteError(api.works.get(workId)) : Promise.resolve(null),
    // The buttons' prices (ADR 0040); a page without them still works.
    api.ai.prices().catch(() => null),
  ]);
  if (work && work.type !== workType) throw json('该作品不属于此写作页', { status: 404 });
  const clientId = idParam(url, 'clientId') ?? work?.clientProfileId ?? null;
  let student: WritingStudent | null = null;
  if (clientId) {
    const profile = await orRouteError(api.archives.get(clientId));
    student = { id: profile.id, name: profile.name, prefill: prefillOf(profile.data), experiences: experiencesOf(profile.data) };
  }
  return {
    students: students.items.map((s) => ({ id: s.id, name: s.name })),
    student,
    work: work ? { id: work.id, title: work.title, content: work.content, clientProfileId: work.clientProfileId } : null,
    /** Asked for by the address (a link from the archive page): it wins over the draft's student. */
    clientFromUrl: idParam(url, 'clientId') !== null,
    prices,
  };
}
