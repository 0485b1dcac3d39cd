import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { AI_INPUT_LIMITS } from '../../../contracts/ai-operation-constants';
import { WORK_TYPES } from '../../../contracts/work-constants';
import { z } from '../../../contracts/zod';
import { textToDocument } from '~/components/editor/paste';
import { createApiClient } from '~/services/api/client.server';
import { handleForm } from '~/services/forms';
import { workDetailHref } from '~/services/works';
import { requireWebSession } from '~/sessions.server';

export const SAVE_FIELDS = ['text', 'title', 'type'] as const;

/** A title from the text's first line when none is given (as a writing page names its work). */
const TITLE_CHARS = 30;
export const titleFromText = (text: string) => {
  const line =
    text
      .trim()
      .split(/\r\n|\r|\n/)[0]
      ?.trim() ?? '';
  return line.length > TITLE_CHARS ? `${line.slice(0, TITLE_CHARS)}…` : line;
};

const saveSchema = z
  .object({
    text: z.string().trim().min(1, '请先粘贴文本或上传文档').max(AI_INPUT_LIMITS.essay, `文本不能超过 ${AI_INPUT_LIMITS.essay} 个字符`),
    title: z.string().trim().max(200, '标题不能超过200个字符').optional(),
    type: z.enum(WORK_TYPES, { error: '请选择作品类型' }),
  })
  .transform(({ text, title, type }) => ({ text, type, title: title || titleFromText(text) }));

/** 保存为作品: the text as a new work of the chosen type (POST /works), then its page. Works without JavaScript. */
export async function textSubmitAction(pageName: string, { request, context }: ActionFunctionArgs) {
  await requireWebSession(request, context);
  const outcome = await handleForm(await request.formData(), {
    fields: SAVE_FIELDS,
    schema: saveSchema,
    submit: ({ text, title, type }) =>
      createApiClient(request, context, pageName).works.create({ title, type, content: textToDocument(text) }),
  });
  if (outcome.ok) throw redirect(workDetailHref(outcome.result.id));
  return outcome;
}
