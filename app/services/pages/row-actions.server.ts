import { ApiRequestError } from '~/services/errors';

/**
 * An action on one row of a list (publish, expire, delete) that needs a confirmation (ADR 0018): the
 * first post without confirm=yes only asks (the page shows the question when JavaScript is off;
 * with it a dialog asks and posts confirm=yes at once), the second applies. A refusal from the API
 * is shown on the page, not as an error page.
 */
export type RowActionData<I extends string> =
  | { intent: I; stage: 'confirm'; id: string }
  | { intent: I; stage: 'done'; id: string; message: string }
  | { intent: I; stage: 'failed'; id: string; error: string };

export async function confirmedRowAction<I extends string>(
  form: FormData,
  intent: I,
  apply: (id: string) => Promise<string>,
): Promise<RowActionData<I>> {
  const id = String(form.get('id') ?? '');
  if (form.get('confirm') !== 'yes') return { intent, stage: 'confirm', id };
  try {
    return { intent, stage: 'done', id, message: await apply(id) };
  } catch (error) {
    if (error instanceof ApiRequestError) return { intent, stage: 'failed', id, error: error.message };
    throw error;
  }
}

/** ?page=N for the console's lists: a positive integer, else 1. */
export function pageParam(request: Request): number {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}
