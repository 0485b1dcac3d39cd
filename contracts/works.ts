import { CV_LENGTHS } from './ai-operation-constants';
import { DETECTION_LABELS } from './detection-constants';
import { EDITOR_LIMITS, EXPORT_FORMATS, VERSION_SOURCES, WORK_TYPES } from './work-constants';
import { z } from './zod';

/**
 * Works (spec §1 my-works, §3 editor document; issue 11): what the writing tools produce, stored
 * as the editor document with its plain text, counts and a version history.
 */
export {
  EDITOR_LIMITS,
  EXPORT_FORMATS,
  MAX_VERSIONS_PER_WORK,
  VERSION_SOURCES,
  WORK_TYPES,
  type ExportFormat,
  type VersionSource,
  type WorkType,
} from './work-constants';

const INLINE_TYPES = ['text', 'link'] as const;
const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;

/** A run of text with its styles (bold, italic, underline, strike, code: true; textColor/backgroundColor: a colour name). */
export const inlineContentSchema = z.object({
  type: z.enum(INLINE_TYPES, { error: '文档格式无效' }).default('text'),
  text: z.string({ error: '文档格式无效' }).max(EDITOR_LIMITS.textChars, `正文不能超过${EDITOR_LIMITS.textChars}个字符`),
  styles: z.record(z.string().max(30), z.union([z.boolean(), z.string().max(30)])).default({}),
  /** For a link: where it points. */
  href: z.string().max(2000).optional(),
});
export type InlineContent = z.infer<typeof inlineContentSchema>;

export const blockPropsSchema = z.object({
  textColor: z.string().max(30).default('default'),
  backgroundColor: z.string().max(30).default('default'),
  textAlignment: z.enum(TEXT_ALIGNMENTS, { error: '文档格式无效' }).default('left'),
  /** A heading's level; other blocks leave it out. */
  level: z.number().int().min(1).max(6).optional(),
});

export type EditorBlock = {
  id: string;
  type: string;
  props: z.infer<typeof blockPropsSchema>;
  content: InlineContent[];
  children: EditorBlock[];
};

/** A block as it may be sent: props, content and children may be left out. */
export type EditorBlockInput = {
  id: string;
  type: string;
  props?: z.input<typeof blockPropsSchema>;
  content?: z.input<typeof inlineContentSchema>[];
  children?: EditorBlockInput[];
};

export const editorBlockSchema: z.ZodType<EditorBlock, EditorBlockInput> = z.lazy(() =>
  z.object({
    id: z.string({ error: '文档格式无效' }).min(1, '文档格式无效').max(64, '文档格式无效'),
    type: z.string({ error: '文档格式无效' }).regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/, '文档格式无效'),
    props: blockPropsSchema.default({ textColor: 'default', backgroundColor: 'default', textAlignment: 'left' }),
    content: z.array(inlineContentSchema).max(EDITOR_LIMITS.inlineItems, '文档格式无效').default([]),
    children: z.array(editorBlockSchema).max(EDITOR_LIMITS.blocks, `段落不能超过${EDITOR_LIMITS.blocks}个`).default([]),
  }),
);

/** Walks every block once: the totals the per-field limits cannot see. */
function documentSize(blocks: EditorBlock[]) {
  let count = 0;
  let chars = 0;
  let depth = 0;
  const walk = (list: EditorBlock[], level: number) => {
    if (list.length > 0) depth = Math.max(depth, level);
    for (const block of list) {
      count++;
      for (const item of block.content) chars += item.text.length;
      walk(block.children, level + 1);
    }
  };
  walk(blocks, 1);
  return { count, chars, depth };
}

/** The editor document `{blocks}` (spec §3), bounded in blocks, characters and nesting. */
export const editorDocumentSchema = z
  .object(
    {
      blocks: z.array(editorBlockSchema, { error: '文档格式无效' }).max(EDITOR_LIMITS.blocks, `段落不能超过${EDITOR_LIMITS.blocks}个`),
    },
    { error: '请提供作品内容' },
  )
  .superRefine((doc, ctx) => {
    const size = documentSize(doc.blocks);
    if (size.count > EDITOR_LIMITS.blocks)
      ctx.addIssue({ code: 'custom', message: `段落不能超过${EDITOR_LIMITS.blocks}个`, path: ['blocks'] });
    if (size.chars > EDITOR_LIMITS.textChars)
      ctx.addIssue({ code: 'custom', message: `正文不能超过${EDITOR_LIMITS.textChars}个字符`, path: ['blocks'] });
    if (size.depth > EDITOR_LIMITS.depth)
      ctx.addIssue({ code: 'custom', message: `嵌套不能超过${EDITOR_LIMITS.depth}层`, path: ['blocks'] });
  });
export type EditorDocument = z.infer<typeof editorDocumentSchema>;

const title = z.string({ error: '请输入标题' }).trim().min(1, '请输入标题').max(200, '标题不能超过200个字符');
const workType = z.enum(WORK_TYPES, { error: '请选择作品类型' });
/** A student of the caller's own; null (on update) unlinks the student. */
const profileId = z.string({ error: '学生档案不存在' }).uuid('学生档案不存在');

/** A save links at most this many operations: a page's generations and accepted proposals since its last save. */
export const MAX_LINKED_OPERATIONS = 50;
/**
 * The caller's AI operations whose text the saved content holds (a writing page's generations and
 * accepted proposals): linked to the work, so the export labels it (ADR 0029) and the generation
 * records show where it went. A document generation among them makes the version a 'generation'.
 */
const operationIds = z
  .array(z.string({ error: '生成记录不存在' }).uuid('生成记录不存在'), { error: '生成记录格式不正确' })
  .max(MAX_LINKED_OPERATIONS, `一次最多关联${MAX_LINKED_OPERATIONS}条生成记录`)
  .transform((ids) => [...new Set(ids)])
  .optional();

/** POST /api/v1/works */
export const workCreateSchema = z.object({
  title,
  type: workType,
  clientProfileId: profileId.nullable().optional(),
  content: editorDocumentSchema,
  operationIds,
});
export type WorkCreate = z.infer<typeof workCreateSchema>;

/** PUT /api/v1/works/{id}: the fields sent replace the stored ones; new content is an explicit save (a version). */
export const workUpdateSchema = z.object({
  title: title.optional(),
  type: workType.optional(),
  clientProfileId: profileId.nullable().optional(),
  content: editorDocumentSchema.optional(),
  operationIds,
});
export type WorkUpdate = z.infer<typeof workUpdateSchema>;

/** GET /api/v1/works?page&pageSize&type&clientProfileId&query: bad filters are ignored, not refused. */
export const workListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20).default(20),
  type: z.enum(WORK_TYPES).optional().catch(undefined),
  clientProfileId: z.string().uuid().optional().catch(undefined),
  query: z.string().trim().max(100).optional().catch(undefined),
});
export type WorkListQuery = z.infer<typeof workListQuerySchema>;

const workFields = {
  id: z.string(),
  title: z.string(),
  type: z.enum(WORK_TYPES),
  clientProfileId: z.string().nullable(),
  /** The student's name, when the work has one. */
  clientName: z.string().nullable(),
  wordCount: z.number(),
  charCount: z.number(),
  /** The last AI-detection rate (0–100), null before any check. */
  aiRate: z.number().nullable(),
  /** The label that check gave (human / mixed / ai): what the rate is coloured by; null before any check or for a check kept before labels were. */
  aiLabel: z.enum(DETECTION_LABELS).nullable(),
  /** The newest version's number: how many versions were written (the oldest may be pruned). */
  latestVersion: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
};

export const workSchema = z.object({ ...workFields, content: editorDocumentSchema, plainText: z.string() });
export type Work = z.infer<typeof workSchema>;

export const workListItemSchema = z.object({ ...workFields, excerpt: z.string() });
export type WorkListItem = z.infer<typeof workListItemSchema>;
export const workListSchema = z.object({ items: z.array(workListItemSchema), page: z.number(), pageSize: z.number(), total: z.number() });

export const versionSummarySchema = z.object({
  id: z.string(),
  /** 1, 2, 3… per work, in order of writing. */
  number: z.number(),
  source: z.enum(VERSION_SOURCES),
  title: z.string(),
  wordCount: z.number(),
  charCount: z.number(),
  /** The version a restore copied. */
  restoredFrom: z.string().nullable(),
  created_at: z.string(),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;
export const versionSchema = versionSummarySchema.extend({ content: editorDocumentSchema, plainText: z.string() });
export type WorkVersion = z.infer<typeof versionSchema>;
/** GET /api/v1/works/{id}/versions: newest first. */
export const versionListSchema = z.object({ items: z.array(versionSummarySchema) });

/** GET /api/v1/works/{id}/versions/compare?from&to */
export const versionCompareQuerySchema = z.object({
  from: z.string({ error: '请选择要比较的版本' }).uuid('版本不存在'),
  to: z.string({ error: '请选择要比较的版本' }).uuid('版本不存在'),
});
export const DIFF_PART_TYPES = ['equal', 'insert', 'delete'] as const;
export const diffPartSchema = z.object({ type: z.enum(DIFF_PART_TYPES), text: z.string() });
export type DiffPart = z.infer<typeof diffPartSchema>;
export const versionCompareSchema = z.object({
  from: versionSummarySchema,
  to: versionSummarySchema,
  /** `to` against `from`: joined, the equal and delete parts give `from`'s text, equal and insert give `to`'s. */
  parts: z.array(diffPartSchema),
  /** True when the texts were too different to compare word by word in time, and were compared line by line. */
  coarse: z.boolean(),
});
export type VersionCompare = z.infer<typeof versionCompareSchema>;

/**
 * GET /api/v1/works/{id}/export?format=docx|pdf[&aigc=1][&cvLength=one_page|two_page]: the label
 * comes from the operations linked to the work (ADR 0029); `aigc` is an API caller adding that the
 * text holds content generated elsewhere (it can only add the label; the web pages do not send it).
 * `cvLength` picks a CV's layout (compact for one page, roomier for two), ignored for other works.
 */
export const workExportQuerySchema = z.object({
  format: z.enum(EXPORT_FORMATS, { error: '导出格式只能是 docx 或 pdf' }),
  cvLength: z.enum(CV_LENGTHS, { error: '简历篇幅只能是一页或两页' }).default('one_page'),
  aigc: z
    .enum(['1', 'true', '0', 'false'], { error: 'aigc 只能是 1 或 0' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type WorkExportQuery = z.infer<typeof workExportQuerySchema>;
