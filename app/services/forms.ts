import type { z } from '../../contracts/zod';
import { ApiRequestError } from './errors';

/**
 * The one way forms are handled: read the named fields, validate them with the contract's schema
 * (the same one the API applies, so messages appear without a round trip), submit, and turn an API
 * failure into field errors by its `data.field`, never by its wording.
 */
export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;
/** `code` is the API's error code when the API refused the submission, for forms that branch on it. */
export type FormFailure<F extends string> = { ok: false; errors: FieldErrors<F>; values: Record<F, string>; code?: string };
export type FormOutcome<F extends string, R> = { ok: true; result: R } | FormFailure<F>;

export function readForm<F extends string>(form: FormData, fields: readonly F[]): Record<F, string> {
  return Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? '')])) as Record<F, string>;
}

export function fieldErrors<F extends string>(issues: z.core.$ZodIssue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const key = (fields as readonly string[]).includes(String(issue.path[0])) ? (issue.path[0] as F) : 'form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** An API failure as form errors: on the field it names, else above the form. */
export function apiFailure<F extends string>(error: ApiRequestError, values: Record<F, string>, fields: readonly F[]): FormFailure<F> {
  const field = error.field;
  const key = field && (fields as readonly string[]).includes(field) ? (field as F) : 'form';
  return { ok: false, errors: { [key]: error.message } as FieldErrors<F>, values, code: error.code };
}

export async function handleForm<F extends string, S extends z.ZodType, R>(
  form: FormData,
  options: { fields: readonly F[]; schema: S; submit: (data: z.infer<S>) => Promise<R> },
): Promise<FormOutcome<F, R>> {
  const values = readForm(form, options.fields);
  const parsed = options.schema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues, options.fields), values };
  try {
    return { ok: true, result: await options.submit(parsed.data) };
  } catch (error) {
    if (error instanceof ApiRequestError) return apiFailure(error, values, options.fields);
    throw error;
  }
}
