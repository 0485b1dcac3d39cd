import { z } from '../contracts/zod';

/**
 * The AI settings' own parsing (AI_MODELS, AI_BASE_URL), part of server/config.ts's layer: config
 * sits below ai/, so the model list's shape is defined here and the providers take it from here.
 */
export type ModelInfo = { id: string; name: string };

const FORMAT_HINT = '格式为逗号分隔的 模型ID:显示名，例如 deepseek-chat:DeepSeek V3,qwen-plus:通义千问 Plus';

/**
 * Splits one `id:显示名` entry at its last colon: Ollama ids carry a tag (`qwen2.5:7b`), display
 * names do not need colons. Full-width ：and ，are accepted because admins type them with a Chinese IME.
 */
function parseEntry(entry: string): { ok: true; model: ModelInfo } | { ok: false; message: string } {
  const at = Math.max(entry.lastIndexOf(':'), entry.lastIndexOf('：'));
  if (at < 0) return { ok: false, message: `「${entry}」缺少显示名（${FORMAT_HINT}）` };
  const id = entry.slice(0, at).trim();
  const name = entry.slice(at + 1).trim();
  if (!id) return { ok: false, message: `「${entry}」缺少模型 ID（${FORMAT_HINT}）` };
  if (!name) return { ok: false, message: `「${entry}」缺少显示名（${FORMAT_HINT}）` };
  if (/\s/.test(id)) return { ok: false, message: `模型 ID「${id}」不能包含空白字符` };
  if (id.length > 200 || name.length > 100) return { ok: false, message: `「${entry}」过长（ID 最多 200 个字符，显示名最多 100 个字符）` };
  return { ok: true, model: { id, name } };
}

/** `AI_MODELS`: the models users may choose, in the order the selector shows them. */
export const aiModelsSchema = z.string().transform((value, ctx): ModelInfo[] => {
  const entries = value
    .split(/[,，]/)
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    ctx.addIssue({ code: 'custom', message: `AI_MODELS 为空（${FORMAT_HINT}）` });
    return z.NEVER;
  }
  const models: ModelInfo[] = [];
  for (const entry of entries) {
    const parsed = parseEntry(entry);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      continue;
    }
    if (models.some((m) => m.id === parsed.model.id)) {
      ctx.addIssue({ code: 'custom', message: `模型 ID「${parsed.model.id}」重复` });
      continue;
    }
    models.push(parsed.model);
  }
  return models;
});

/**
 * `AI_BASE_URL` as the provider documents it for OpenAI clients (`https://api.deepseek.com/v1`);
 * the client appends `/chat/completions` itself, so a URL that already ends with it is refused.
 */
export const aiBaseUrlSchema = z
  .string()
  .trim()
  .url('AI_BASE_URL 必须是完整的网址，例如 https://api.deepseek.com/v1')
  .refine((v) => /^https?:\/\//i.test(v), 'AI_BASE_URL 必须以 http:// 或 https:// 开头')
  .refine(
    (v) => !/\/chat\/completions\/?$/i.test(v),
    'AI_BASE_URL 只填到接口前缀（例如 https://api.deepseek.com/v1），不要包含 /chat/completions',
  )
  .transform((v) => v.replace(/\/+$/, ''));
