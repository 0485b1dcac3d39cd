import type { ActionFunctionArgs } from '@remix-run/node';
import { z } from 'zod';
import { requireWebSession } from '~/sessions.server';
import { createApiClient } from './api.server';
import { ApiRequestError } from './errors';

type Field = 'username' | 'email' | 'gender' | 'position' | 'form';
export type ProfileActionData =
  { ok: true; message: string } | { ok: false; errors: Partial<Record<Field, string>>; values: Record<string, string> };

const formSchema = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(32, '用户名不能超过32个字符'),
  email: z.union([z.literal(''), z.string().trim().email('请输入有效的邮箱地址')]),
  gender: z.union([z.literal(''), z.enum(['male', 'female', 'other'], { error: '性别只能是男、女或其他' })]),
  position: z.string().trim().max(50, '职位不能超过50个字符'),
});

/** The profile form's action for a page named `pageName` (settings and profile pages). Validated here for instant messages; the API validates again. */
export async function profileAction(pageName: string, { request, context }: ActionFunctionArgs): Promise<ProfileActionData> {
  await requireWebSession(request, context);
  const form = await request.formData();
  const values = Object.fromEntries(['username', 'email', 'gender', 'position'].map((k) => [k, String(form.get(k) ?? '')]));
  const parsed = formSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error.issues) errors[(issue.path[0] as Field) ?? 'form'] ??= issue.message;
    return { ok: false, errors, values };
  }
  try {
    await createApiClient(request, context, pageName).user.updateProfile(parsed.data);
    return { ok: true, message: '更新成功' };
  } catch (error) {
    if (error instanceof ApiRequestError) {
      const field = (error.data as { field?: string } | undefined)?.field as Field | undefined;
      return { ok: false, errors: { [field && field in values ? field : 'form']: error.message || '更新失败，请重试' }, values };
    }
    throw error;
  }
}
