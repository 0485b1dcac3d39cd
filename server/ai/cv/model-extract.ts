import { detectedCvSchema, type DetectedCv } from '../../../contracts/client-profiles';
import { z } from '../../../contracts/zod';
import type { ChatProvider } from '../providers';

/**
 * Structured CV reading by the configured language model (issue 10: the model when one is
 * configured, the rule-based reader otherwise). The model answers JSON in the detected-CV shape;
 * every value must carry `source`, a verbatim quote of the CV, and any value whose quote is not in
 * the CV is dropped: a model that invents a school or a score cannot put it in an archive. Any
 * failure (provider error, no JSON, wrong shape) answers null and the caller uses the rules.
 */
const MAX_CV_CHARS = 20_000;
const MAX_ANSWER_CHARS = 200_000;

export const CV_EXTRACTION_PROMPT_VERSION = 'cv-extract/2';
const SYSTEM_PROMPT = `你是留学顾问的简历整理助手。只根据用户给出的简历原文提取信息，输出一个 JSON 对象，不要输出其他文字。
规则：
- 只提取原文中明确写出的内容，不得推测或编造学校、专业、成绩、日期、奖项、职位。原文没有的字段省略。
- 每个带 source 的对象，source 必须是简历原文中逐字出现的一段（可以是一整行）。
- 日期写成 2023-09、2023 或 至今。分数写数字。
- 结构：{"name":{"value","source"},"email":{"value","source"},"phone":{"value","source"},"currentSchool":{"value","source"},"major":{"value","source"},"degree":{"value","level"?: "high_school"|"associate"|"bachelor"|"master"|"doctor","source"},"gpa":{"value","scale"?,"rank"?,"source"},"tests":[{"type":"TOEFL"|"IELTS"|"GRE"|"GMAT"|"SAT"|"ACT"|"Duolingo"|"AP","total"?,"sub":{"R":29},"source"}],"education":[{"school","degree"?,"level"?,"major"?,"start"?,"end"?,"gpa"?:{"value","scale"?},"source"}],"research":[经历],"internships":[经历],"projects":[经历],"activities":[经历],"awards":[{"title","date"?,"source"}],"publications":[{"title","venue"?,"date"?,"authors"?,"source"}],"skills":[{"value","source"}],"targets"?:{"countries":["美国"],"degree"?,"majors":["计算机科学"],"intake"?,"source"}}
- 经历 = {"title","organization"?,"role"?,"start"?,"end"?,"description"?,"source"}
- AP 成绩只写一个 {"type":"AP","sub":{"Calculus BC":5}}，每门科目一个分数，不写 total。
- targets 来自"申请意向/申请目标/求学意向/Objective/Target Program"等部分，不要放进 skills 或 awards；每个奖项单独一项。`;

const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/** Drops every object whose `source` is not a quote of the CV (and lists' dropped items). */
function keepGrounded(value: unknown, cv: string): unknown {
  if (Array.isArray(value)) return value.map((v) => keepGrounded(v, cv)).filter((v) => v !== undefined);
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if ('source' in record) {
    const source = typeof record.source === 'string' ? squash(record.source) : '';
    if (!source || !cv.includes(source)) return undefined;
  }
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(record)) {
    const kept = keepGrounded(v, cv);
    if (kept !== undefined) out[key] = kept;
  }
  return out;
}

/** The first JSON object in the answer (models wrap it in ```json fences or a sentence). */
function jsonIn(answer: string): unknown {
  const start = answer.indexOf('{');
  const end = answer.lastIndexOf('}');
  if (start < 0 || end <= start) return null;
  try {
    return JSON.parse(answer.slice(start, end + 1));
  } catch {
    return null;
  }
}

const LISTS = [
  'tests',
  'education',
  'research',
  'internships',
  'projects',
  'activities',
  'awards',
  'publications',
  'skills',
  'sections',
] as const;

export async function extractCvWithModel(
  provider: ChatProvider,
  cvText: string,
  options: { model: string; signal: AbortSignal; timeoutMs?: number; onFailure?: (reason: string) => void },
): Promise<DetectedCv | null> {
  const { model } = options;
  const text = cvText.slice(0, MAX_CV_CHARS);
  let answer = '';
  try {
    for await (const delta of provider.stream({
      model,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: `简历原文：\n${text}` },
      ],
      signal: options.signal,
      timeoutMs: options.timeoutMs,
    })) {
      answer += delta;
      if (answer.length > MAX_ANSWER_CHARS) throw new Error('answer too long');
    }
  } catch (error) {
    if (options.signal.aborted) throw error;
    options.onFailure?.(error instanceof Error ? error.message : String(error));
    return null;
  }
  const raw = jsonIn(answer);
  if (!raw || typeof raw !== 'object') {
    options.onFailure?.('no JSON object in the answer');
    return null;
  }
  const grounded = keepGrounded(raw, squash(text)) as Record<string, unknown>;
  // One wrong item (a test type the profile does not know) costs that item, not the whole answer.
  const shape = detectedCvSchema.shape as Record<string, z.ZodType>;
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(grounded)) {
    const field = shape[key];
    if (!field) continue;
    if (Array.isArray(value) && field instanceof z.ZodArray) {
      kept[key] = value.filter((item) => z.safeParse(field.element, item).success);
    } else if (field.safeParse(value).success) kept[key] = value;
  }
  for (const list of LISTS) if (!Array.isArray(kept[list])) kept[list] = [];
  // The model does not mark sections; the detected CV keeps the shape (an empty list).
  kept.sections = [];
  const parsed = detectedCvSchema.safeParse(kept);
  if (!parsed.success) {
    options.onFailure?.(`wrong shape: ${parsed.error.issues[0]?.message ?? ''}`);
    return null;
  }
  return parsed.data;
}
