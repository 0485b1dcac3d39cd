/**
 * The AI engine's operations and operation statuses with their Chinese labels (issue 11), without
 * zod, so pages can import them without taking zod into the browser (contracts/ai-operations.ts
 * re-exports them next to the input schemas).
 */

/** Operations that write a whole document. */
export const DOCUMENT_OPERATIONS = ['ps', 'cv', 'recommendation', 'free', 'write_by_requirement', 'revision', 'polish'] as const;
/** The editor's floating-toolbar tools: they work on a selection and propose a replacement. */
export const SELECTION_OPERATIONS = ['expand', 'rephrase', 'rewrite', 'style', 'shorten', 'translate'] as const;
export const AI_OPERATIONS = [...DOCUMENT_OPERATIONS, ...SELECTION_OPERATIONS] as const;
export type DocumentOperation = (typeof DOCUMENT_OPERATIONS)[number];
export type SelectionOperation = (typeof SELECTION_OPERATIONS)[number];
export type AiOperation = (typeof AI_OPERATIONS)[number];

export const isSelectionOperation = (op: AiOperation): op is SelectionOperation => (SELECTION_OPERATIONS as readonly string[]).includes(op);

export const AI_OPERATION_LABELS: Record<AiOperation, string> = {
  ps: '个人陈述 / 目的陈述',
  cv: '简历',
  recommendation: '推荐信',
  free: '自由写作',
  write_by_requirement: '按要求写作',
  revision: '文书修改',
  polish: '文书润色',
  expand: '扩写',
  rephrase: '改写',
  rewrite: '重写',
  style: '风格调整',
  shorten: '缩写',
  translate: '翻译',
};

export const AI_OPERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export type AiOperationStatus = (typeof AI_OPERATION_STATUSES)[number];
export const AI_OPERATION_STATUS_LABELS: Record<AiOperationStatus, string> = {
  queued: '排队中',
  running: '生成中',
  succeeded: '成功',
  failed: '失败',
  cancelled: '已取消',
};

/**
 * Bounds: a long essay is under 20,000 characters; a selection is a few paragraphs. They keep a
 * prompt well inside every supported model's context.
 */
export const AI_INPUT_LIMITS = {
  shortText: 100,
  field: 200,
  requirements: 2000,
  prompt: 5000,
  requirement: 10_000,
  essay: 20_000,
  selection: 5000,
  context: 5000,
  listItems: 10,
  wordLimitMin: 50,
  wordLimitMax: 5000,
} as const;
