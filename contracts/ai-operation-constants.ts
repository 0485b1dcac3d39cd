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
/**
 * Document operations whose answer is the document itself (a review's is not): they can continue a
 * stopped text (`continueFrom`) and save into a work of their type.
 */
export const WRITING_OPERATIONS = ['ps', 'cv', 'recommendation', 'free', 'write_by_requirement'] as const;
export type DocumentOperation = (typeof DOCUMENT_OPERATIONS)[number];
export type WritingOperation = (typeof WRITING_OPERATIONS)[number];
export type SelectionOperation = (typeof SELECTION_OPERATIONS)[number];
export type AiOperation = (typeof AI_OPERATIONS)[number];

/**
 * Documents written from a student's archive alone: without a student there is nothing true to
 * write, so they are refused before any charge (issue 28: a PS generated with no student was
 * charged). The student is the request's, else the opened work's.
 */
export const STUDENT_REQUIRED: Partial<Record<AiOperation, string>> = {
  ps: '请先选择学生档案：个人陈述根据档案内容生成',
  cv: '请先选择学生档案：简历根据档案内容生成',
};

export const isWritingOperation = (op: string): op is WritingOperation => (WRITING_OPERATIONS as readonly string[]).includes(op);
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
  /** The text a continuation picks up from: a whole draft. */
  continueFrom: 20_000,
  selection: 5000,
  context: 5000,
  listItems: 10,
  wordLimitMin: 50,
  wordLimitMax: 5000,
} as const;

/** The writing pages' form choices and their labels (issue 13), here so the pages need no zod. */
export const OUTPUT_LANGUAGES = ['zh', 'en'] as const;
export type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number];
export const OUTPUT_LANGUAGE_LABELS: Record<OutputLanguage, string> = { zh: '中文', en: '英文' };

export const PS_DOCUMENT_TYPES = ['PS', 'SOP'] as const;
export const PS_DOCUMENT_TYPE_LABELS: Record<(typeof PS_DOCUMENT_TYPES)[number], string> = { PS: '个人陈述（PS）', SOP: '目的陈述（SOP）' };

export const PS_TONES = ['sincere', 'confident', 'academic', 'narrative'] as const;
export type PsTone = (typeof PS_TONES)[number];
export const PS_TONE_LABELS: Record<PsTone, string> = {
  sincere: '真诚平实',
  confident: '自信有力',
  academic: '学术严谨',
  narrative: '故事叙述',
};

export const CV_STYLES = ['classic', 'academic', 'concise'] as const;
export type CvStyle = (typeof CV_STYLES)[number];
export const CV_STYLE_LABELS: Record<CvStyle, string> = { classic: '经典商务', academic: '学术型', concise: '简洁型' };
export const CV_LENGTHS = ['one_page', 'two_page'] as const;
export type CvLength = (typeof CV_LENGTHS)[number];
export const CV_LENGTH_LABELS: Record<CvLength, string> = { one_page: '一页', two_page: '两页' };
/** CV sections, in the order a CV lists them; each maps to the archive section of the same name. */
export const CV_SECTIONS = [
  'education',
  'tests',
  'research',
  'internships',
  'projects',
  'activities',
  'awards',
  'publications',
  'skills',
] as const;
export type CvSection = (typeof CV_SECTIONS)[number];
export const CV_SECTION_LABELS: Record<CvSection, { zh: string; en: string }> = {
  education: { zh: '教育背景', en: 'Education' },
  tests: { zh: '语言与标准化考试', en: 'Test Scores' },
  research: { zh: '科研经历', en: 'Research Experience' },
  internships: { zh: '实习经历', en: 'Internships' },
  projects: { zh: '项目经历', en: 'Projects' },
  activities: { zh: '课外活动', en: 'Activities' },
  awards: { zh: '荣誉奖项', en: 'Honors & Awards' },
  publications: { zh: '论文发表', en: 'Publications' },
  skills: { zh: '技能', en: 'Skills' },
};

export const RECOMMENDER_RELATIONSHIPS = [
  'course_teacher',
  'research_supervisor',
  'internship_supervisor',
  'academic_advisor',
  'other',
] as const;
export type RecommenderRelationship = (typeof RECOMMENDER_RELATIONSHIPS)[number];
export const RECOMMENDER_RELATIONSHIP_LABELS: Record<RecommenderRelationship, { zh: string; en: string }> = {
  course_teacher: { zh: '授课教师', en: 'course instructor' },
  research_supervisor: { zh: '科研导师', en: 'research supervisor' },
  internship_supervisor: { zh: '实习主管', en: 'internship supervisor' },
  academic_advisor: { zh: '班主任 / 学业导师', en: 'academic advisor' },
  other: { zh: '其他', en: 'referee' },
};
export const LETTER_VOICES = ['formal', 'warm'] as const;
export const LETTER_VOICE_LABELS: Record<(typeof LETTER_VOICES)[number], string> = { formal: '正式客观', warm: '亲切热情' };

export const POLISH_LEVELS = ['light', 'medium', 'deep'] as const;
export type PolishLevel = (typeof POLISH_LEVELS)[number];
export const POLISH_LEVEL_LABELS: Record<PolishLevel, string> = {
  light: '轻度（只改语法拼写）',
  medium: '中度（优化用词与句子）',
  deep: '深度（调整句式与衔接）',
};

/** The style tool's targets (issue 13: formal, vivid, concise, academic). */
export const WRITING_STYLES = ['formal', 'vivid', 'concise', 'academic'] as const;
export type WritingStyle = (typeof WRITING_STYLES)[number];
export const WRITING_STYLE_LABELS: Record<WritingStyle, string> = { formal: '正式', vivid: '生动', concise: '简洁', academic: '学术' };

/** The first line of everything the offline engine writes, so the label survives copy, save and export. */
export const OFFLINE_LABEL = '【离线模式】';
/** The heading of the offline engine's note on what it could not do (selection tools, review). */
export const OFFLINE_NOTE_HEADING = '离线模式说明';
/** The heading of the offline draft's closing note to the consultant, never exported (layout.ts). */
export const CONSULTANT_NOTE_HEADING = '顾问备注（发送前请删除）';

/**
 * The selection tools the offline engine cannot do (it would hand the selection back unchanged):
 * refused before any charge when no language model is configured (ADR 0040).
 */
export const OFFLINE_UNAVAILABLE_OPERATIONS = ['expand', 'rephrase', 'rewrite', 'translate'] as const;
export const isOfflineUnavailable = (op: string) => (OFFLINE_UNAVAILABLE_OPERATIONS as readonly string[]).includes(op);
export const OFFLINE_UNAVAILABLE_MESSAGE = '离线模式（未接入 AI 语言模型）无法完成此操作，未扣积分；接入 AI 服务后可用';
/** What the offline engine's free work is called next to its price (ADR 0040). */
export const OFFLINE_FREE_NOTE = '离线引擎，未接入 AI 语言模型';
