import {
  AI_INPUT_LIMITS,
  CV_LENGTHS,
  CV_SECTIONS,
  CV_STYLES,
  type CvSection,
  LETTER_VOICES,
  OUTPUT_LANGUAGES,
  RECOMMENDER_RELATIONSHIPS,
  type RecommenderRelationship,
  PS_DOCUMENT_TYPES,
  POLISH_LEVELS,
  PS_TONES,
  WRITING_STYLES,
  type PolishLevel,
  type OutputLanguage,
  type PsTone,
  type SelectionOperation,
  type WritingStyle,
  isWritingOperation,
  STUDENT_REQUIRED,
} from '../../contracts/ai-operation-constants';
import { documentMarkdown, markdownDocument } from '../../contracts/markdown-document';
import type { EditorDocument } from '../../contracts/works';
import type { DraftType } from './drafts';

/**
 * The writing pages' shared rules (issue 13, ADR 0030), pure and zod-free so the page and its
 * tests share them: the PS form prefilled from a student's archive, restored from a draft, turned
 * into the operation's input, and the selection tools' requests.
 */

/** What the page needs of a student: the name, the prefill and the entries it can feature. */
export type WritingStudent = { id: string; name: string; prefill: PsPrefill; experiences: string[] };
export type PsPrefill = { targetSchool: string; targetProgram: string; degree: string };

export type PsForm = {
  documentType: (typeof PS_DOCUMENT_TYPES)[number];
  targetSchool: string;
  targetProgram: string;
  degree: string;
  wordLimit: string;
  tone: PsTone;
  language: OutputLanguage;
  /** Archive entry titles to feature. */
  focus: string[];
  extraRequirements: string;
};

export const PS_WORD_LIMIT = '800';
export const FOCUS_MAX = 10;

export const emptyPsForm = (): PsForm => ({
  documentType: 'PS',
  targetSchool: '',
  targetProgram: '',
  degree: '',
  wordLimit: PS_WORD_LIMIT,
  tone: 'sincere',
  language: 'en',
  focus: [],
  extraRequirements: '',
});

/** The archive's shape as far as the writing pages read it (contracts/archives.ts ProfileData). */
type Entry = { title?: string | null };
export type ArchiveData = {
  major?: string | null;
  degree?: string | null;
  education?: Array<{ school?: string | null; degree?: string | null; major?: string | null }>;
  research?: Entry[];
  internships?: Entry[];
  projects?: Entry[];
  activities?: Entry[];
  awards?: Entry[];
  targets?: { degree?: string | null; majors?: string[]; countries?: string[] };
};

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The archive has no target school field (targets are countries, degree and majors): the school
 * stays for the consultant to fill in; program and degree come from the targets.
 */
export function prefillOf(data: ArchiveData): PsPrefill {
  return {
    targetSchool: '',
    targetProgram: text(data.targets?.majors?.[0]),
    degree: text(data.targets?.degree),
  };
}

/** Entry titles in the order a PS draws on them (research first), without repeats. */
export function experiencesOf(data: ArchiveData): string[] {
  const sections = [data.research, data.internships, data.projects, data.activities, data.awards];
  const titles = sections.flatMap((s) => (s ?? []).map((e) => text(e.title)).filter(Boolean));
  return [...new Set(titles)];
}

/** A new student's form: the fields the archive knows replace the current ones; the rest stay. */
export function applyPrefill(form: PsForm, student: WritingStudent): PsForm {
  const p = student.prefill;
  return {
    ...form,
    targetSchool: p.targetSchool || form.targetSchool,
    targetProgram: p.targetProgram || form.targetProgram,
    degree: p.degree || form.degree,
    // Featured entries belong to one student: start from this one's first few.
    focus: student.experiences.slice(0, 3),
  };
}

const oneOf = <T extends string>(values: readonly T[], v: unknown, fallback: T): T =>
  typeof v === 'string' && (values as readonly string[]).includes(v) ? (v as T) : fallback;
const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** A stored sidebar (local storage, any shape) read back as a form; unknown values fall back. */
export function psFormFrom(stored: unknown): PsForm {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const base = emptyPsForm();
  return {
    documentType: oneOf(PS_DOCUMENT_TYPES, s.documentType, base.documentType),
    targetSchool: str(s.targetSchool, 100),
    targetProgram: str(s.targetProgram, 100),
    degree: str(s.degree, 50),
    wordLimit: typeof s.wordLimit === 'string' && /^\d{0,5}$/.test(s.wordLimit) ? s.wordLimit : base.wordLimit,
    tone: oneOf(PS_TONES, s.tone, base.tone),
    language: oneOf(OUTPUT_LANGUAGES, s.language, base.language),
    focus: Array.isArray(s.focus) ? s.focus.filter((f): f is string => typeof f === 'string').slice(0, FOCUS_MAX) : [],
    extraRequirements: str(s.extraRequirements, 2000),
  };
}

/** The ps operation's input: blanks left out so the API's defaults and messages apply. */
export function psInputOf(form: PsForm) {
  const optional = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    documentType: form.documentType,
    targetSchool: optional(form.targetSchool),
    targetProgram: form.targetProgram.trim(),
    degree: optional(form.degree),
    wordLimit: form.wordLimit.trim() ? Number(form.wordLimit) : undefined,
    tone: form.tone,
    language: form.language,
    focus: form.focus.map((f) => f.trim()).filter(Boolean),
    extraRequirements: optional(form.extraRequirements),
  };
}

/** The form's own check before spending points; the API checks again (zod) and its message wins. */
export function psFormProblem(form: PsForm): string | null {
  if (!form.targetProgram.trim()) return '请填写目标专业';
  const limit = Number(form.wordLimit);
  if (form.wordLimit.trim() && (!Number.isInteger(limit) || limit < 50 || limit > 5000)) return '字数要求需在50到5000之间';
  return null;
}

export const workTitleOf = (label: string, studentName: string | null, subject: string) =>
  [studentName, label, subject.trim()].filter(Boolean).join(' · ').slice(0, 200);

// ---- Selection tools ------------------------------------------------------------------------

export type SelectionTool =
  | { operation: Exclude<SelectionOperation, 'style' | 'translate'> }
  | { operation: 'style'; style: WritingStyle }
  | { operation: 'translate'; targetLanguage: OutputLanguage };

export const STYLE_CHOICES = WRITING_STYLES;

/** Mostly Han characters: translate to English; anything else to Chinese. */
export function translationTarget(text: string): OutputLanguage {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  const latin = (text.match(/[A-Za-z]/g) ?? []).length;
  return han > latin / 4 ? 'en' : 'zh';
}

export const SELECTION_CONTEXT_CHARS = 1500;

/** The generate request of a selection tool: the selection and the text around it. */
export function selectionRequest(tool: SelectionTool, selected: string, documentText: string, clientProfileId: string | null) {
  const at = documentText.indexOf(selected);
  const context =
    at < 0
      ? undefined
      : (
          documentText.slice(Math.max(0, at - SELECTION_CONTEXT_CHARS / 2), at) +
          documentText.slice(at + selected.length, at + selected.length + SELECTION_CONTEXT_CHARS / 2)
        ).trim() || undefined;
  const input: Record<string, unknown> = { selectedText: selected.slice(0, 5000), context };
  if (tool.operation === 'style') input.style = tool.style;
  if (tool.operation === 'translate') input.targetLanguage = tool.targetLanguage;
  return {
    operation: tool.operation,
    ...(clientProfileId ? { clientProfileId } : {}),
    input,
  } as const;
}

/** Picks, among the places a passage now sits, the one nearest where it was (edits move text). */
export function nearestRange<R extends { from: number }>(ranges: R[], from: number): R | null {
  let best: R | null = null;
  for (const r of ranges) if (!best || Math.abs(r.from - from) < Math.abs(best.from - from)) best = r;
  return best;
}

/** What each writing page is: its draft slot, the work type it saves as, its menu label. */
export const WRITING_PAGES = {
  ps: { draftType: 'ps', workType: 'ps', label: 'PS / SOP', route: '/dash/ps-writing' },
} as const satisfies Record<string, { draftType: DraftType; workType: string; label: string; route: string }>;

// ---- Generation: continue, the open work, the operations a save names -------------------------

type RequestBody = { operation: string; input: object; workId?: string };

/**
 * The text 继续生成 continues: the stopped stream itself while the page still shows it as it
 * arrived (its exact spaces and line breaks, so the continuation joins it word for word), else the
 * document as it now stands, written back as the markdown the page and the server read.
 */
export function continuationBase(stopped: string | null, current: EditorDocument): string {
  const now = documentMarkdown(current);
  if (stopped && documentMarkdown(markdownDocument(stopped)) === now) return stopped;
  return now;
}

/**
 * The page's request as sent: 继续生成 adds the text to continue; with a work open, a writing
 * operation names it, so its answer becomes the work's next version by itself (ADR 0030).
 */
export function generationRequest<B extends RequestBody>(body: B, options: { continueFrom?: string; workId?: string | null }): B {
  const input = options.continueFrom ? { ...body.input, continueFrom: options.continueFrom } : body.input;
  const workId = options.workId && isWritingOperation(body.operation) ? { workId: options.workId } : {};
  return { ...body, input, ...workId };
}

/** A save names at most this many operations (contracts/works.ts MAX_LINKED_OPERATIONS). */
export const TRACKED_OPERATIONS = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The operations whose text is in the document since the last save: once each, the newest kept. */
export const withOperation = (ids: string[], id: string | null | undefined): string[] =>
  id && UUID.test(id) && !ids.includes(id) ? [...ids, id].slice(-TRACKED_OPERATIONS) : ids;

/** A stored sidebar's operation ids read back (local storage, any shape). */
export const storedOperationIds = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((id): id is string => typeof id === 'string' && UUID.test(id)).slice(-TRACKED_OPERATIONS) : [];

export const reduceAiHref = (workId: string) => `/dash/reduce-ai?workId=${encodeURIComponent(workId)}`;

// ---- Free writing -------------------------------------------------------------------------

/** Free writing: a topic (with an optional prompt) or a full requirement (write_by_requirement). */
export type FreeForm = {
  mode: 'topic' | 'requirement';
  topic: string;
  prompt: string;
  requirement: string;
  wordLimit: string;
  language: OutputLanguage;
};

export const emptyFreeForm = (): FreeForm => ({ mode: 'topic', topic: '', prompt: '', requirement: '', wordLimit: '800', language: 'zh' });

export function freeFormFrom(stored: unknown): FreeForm {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const base = emptyFreeForm();
  return {
    mode: s.mode === 'requirement' ? 'requirement' : 'topic',
    topic: str(s.topic, 200),
    prompt: str(s.prompt, 5000),
    requirement: str(s.requirement, 10_000),
    wordLimit: typeof s.wordLimit === 'string' && /^\d{0,5}$/.test(s.wordLimit) ? s.wordLimit : base.wordLimit,
    language: oneOf(OUTPUT_LANGUAGES, s.language, base.language),
  };
}

/** The request of the form's mode, or what is missing (the API checks again). */
export function freeRequest(form: FreeForm, clientProfileId: string | null) {
  const limit = Number(form.wordLimit);
  if (form.wordLimit.trim() && (!Number.isInteger(limit) || limit < 50 || limit > 5000)) return '字数要求需在50到5000之间';
  const wordLimit = form.wordLimit.trim() ? limit : undefined;
  const student = clientProfileId ? { clientProfileId } : {};
  if (form.mode === 'requirement') {
    if (form.requirement.trim().length < 10) return '写作要求至少10个字符';
    return {
      operation: 'write_by_requirement',
      ...student,
      input: { requirement: form.requirement.trim(), wordLimit, language: form.language },
    } as const;
  }
  if (!form.topic.trim()) return '请填写题目';
  return {
    operation: 'free',
    ...student,
    input: { topic: form.topic.trim(), prompt: form.prompt.trim() || undefined, wordLimit, language: form.language },
  } as const;
}

// ---- Recommendation letters ---------------------------------------------------------------

export type RlForm = {
  recommenderName: string;
  recommenderTitle: string;
  organization: string;
  relationship: RecommenderRelationship;
  relationshipDetail: string;
  knownDuration: string;
  /** One course or project per line. */
  courses: string;
  /** One quality per line, optionally "品质：事例". */
  qualities: string;
  voice: (typeof LETTER_VOICES)[number];
  targetProgram: string;
  language: OutputLanguage;
  wordLimit: string;
};

export const emptyRlForm = (): RlForm => ({
  recommenderName: '',
  recommenderTitle: '',
  organization: '',
  relationship: 'course_teacher',
  relationshipDetail: '',
  knownDuration: '',
  courses: '',
  qualities: '',
  voice: 'formal',
  targetProgram: '',
  language: 'en',
  wordLimit: '600',
});

export function rlFormFrom(stored: unknown): RlForm {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const base = emptyRlForm();
  return {
    recommenderName: str(s.recommenderName, 50),
    recommenderTitle: str(s.recommenderTitle, 100),
    organization: str(s.organization, 100),
    relationship: oneOf(RECOMMENDER_RELATIONSHIPS, s.relationship, base.relationship),
    relationshipDetail: str(s.relationshipDetail, 200),
    knownDuration: str(s.knownDuration, 50),
    courses: str(s.courses, 2000),
    qualities: str(s.qualities, 8000),
    voice: oneOf(LETTER_VOICES, s.voice, base.voice),
    targetProgram: str(s.targetProgram, 100),
    language: oneOf(OUTPUT_LANGUAGES, s.language, base.language),
    wordLimit: typeof s.wordLimit === 'string' && /^\d{0,5}$/.test(s.wordLimit) ? s.wordLimit : base.wordLimit,
  };
}

/** A letter is about the student's target: the archive's program fills an empty field. */
export const applyRlStudent = (form: RlForm, student: WritingStudent): RlForm => ({
  ...form,
  targetProgram: student.prefill.targetProgram || form.targetProgram,
});

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function rlRequest(form: RlForm, clientProfileId: string | null) {
  if (!form.recommenderName.trim()) return '请填写推荐人姓名';
  if (!form.recommenderTitle.trim()) return '请填写推荐人职称';
  if (!form.organization.trim()) return '请填写推荐人单位';
  const limit = Number(form.wordLimit);
  if (form.wordLimit.trim() && (!Number.isInteger(limit) || limit < 50 || limit > 5000)) return '字数要求需在50到5000之间';
  const optional = (v: string) => v.trim() || undefined;
  const qualities = lines(form.qualities)
    .slice(0, 8)
    .map((line) => {
      const [quality, ...rest] = line.split(/[:：]/);
      return { quality: quality!.trim().slice(0, 50), example: optional(rest.join('：')) };
    })
    .filter((q) => q.quality);
  return {
    operation: 'recommendation',
    ...(clientProfileId ? { clientProfileId } : {}),
    input: {
      recommenderName: form.recommenderName.trim(),
      recommenderTitle: form.recommenderTitle.trim(),
      organization: form.organization.trim(),
      relationship: form.relationship,
      relationshipDetail: optional(form.relationshipDetail),
      knownDuration: optional(form.knownDuration),
      courses: lines(form.courses).slice(0, 10),
      qualities,
      voice: form.voice,
      targetProgram: optional(form.targetProgram),
      language: form.language,
      wordLimit: form.wordLimit.trim() ? limit : undefined,
    },
  } as const;
}

// ---- CV -----------------------------------------------------------------------------------

export type CvForm = {
  style: (typeof CV_STYLES)[number];
  length: (typeof CV_LENGTHS)[number];
  language: OutputLanguage;
  sections: CvSection[];
  targetProgram: string;
  extraRequirements: string;
};

export const emptyCvForm = (): CvForm => ({
  style: 'classic',
  length: 'one_page',
  language: 'en',
  sections: [...CV_SECTIONS],
  targetProgram: '',
  extraRequirements: '',
});

export function cvFormFrom(stored: unknown): CvForm {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const base = emptyCvForm();
  const sections = Array.isArray(s.sections) ? CV_SECTIONS.filter((c) => (s.sections as unknown[]).includes(c)) : base.sections;
  return {
    style: oneOf(CV_STYLES, s.style, base.style),
    length: oneOf(CV_LENGTHS, s.length, base.length),
    language: oneOf(OUTPUT_LANGUAGES, s.language, base.language),
    sections,
    targetProgram: str(s.targetProgram, 100),
    extraRequirements: str(s.extraRequirements, 2000),
  };
}

export const applyCvStudent = (form: CvForm, student: WritingStudent): CvForm => ({
  ...form,
  targetProgram: student.prefill.targetProgram || form.targetProgram,
});

/** A CV is built from the archive alone: without a student there is nothing to write from. */
export function cvRequest(form: CvForm, clientProfileId: string | null) {
  if (!clientProfileId) return STUDENT_REQUIRED.cv!;
  if (form.sections.length === 0) return '请至少选择一个简历模块';
  return {
    operation: 'cv',
    clientProfileId,
    input: {
      style: form.style,
      length: form.length,
      language: form.language,
      // In the CV's own order, whatever order they were ticked in.
      sections: CV_SECTIONS.filter((c) => form.sections.includes(c)),
      targetProgram: form.targetProgram.trim() || undefined,
      extraRequirements: form.extraRequirements.trim() || undefined,
    },
  } as const;
}

// ---- Essay revision and polish ----------------------------------------------------------------

/** The essay is the editor's text; too short to review is said before any points are spent. */
function essayProblem(essay: string): string | null {
  const length = essay.trim().length;
  if (length < 20) return '请先在编辑器中粘贴或输入需要处理的文书（至少20个字符）';
  if (length > AI_INPUT_LIMITS.essay) return `文书不能超过${AI_INPUT_LIMITS.essay}个字符，请分段处理`;
  return null;
}

/** Essay revision: what to focus on, and the language the comments are written in. */
export type RevisionForm = { requirements: string; language: OutputLanguage };
export const emptyRevisionForm = (): RevisionForm => ({ requirements: '', language: 'zh' });
export const revisionFormFrom = (stored: unknown): RevisionForm => {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return { requirements: str(s.requirements, AI_INPUT_LIMITS.requirements), language: oneOf(OUTPUT_LANGUAGES, s.language, 'zh') };
};
export function revisionRequest(form: RevisionForm, clientProfileId: string | null, essay: string) {
  const problem = essayProblem(essay);
  if (problem) return problem;
  return {
    operation: 'revision',
    ...(clientProfileId ? { clientProfileId } : {}),
    input: {
      essay: essay.trim(),
      language: form.language,
      ...(form.requirements.trim() ? { requirements: form.requirements.trim() } : {}),
    },
  } as const;
}

/** Essay polish: how deep, and the essay's language ('' reads it from the essay; polish never translates). */
export type PolishForm = { level: PolishLevel; language: OutputLanguage | '' };
export const emptyPolishForm = (): PolishForm => ({ level: 'medium', language: '' });
export const polishFormFrom = (stored: unknown): PolishForm => {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  return {
    level: oneOf(POLISH_LEVELS, s.level, 'medium'),
    language: s.language === '' ? '' : oneOf(OUTPUT_LANGUAGES, s.language, '' as OutputLanguage),
  };
};
export function polishRequest(form: PolishForm, clientProfileId: string | null, essay: string) {
  const problem = essayProblem(essay);
  if (problem) return problem;
  return {
    operation: 'polish',
    ...(clientProfileId ? { clientProfileId } : {}),
    input: { essay: essay.trim(), level: form.level, ...(form.language ? { language: form.language } : {}) },
  } as const;
}

/** The first words of the essay: a saved review's title says which essay it was. */
export const essaySubject = (essay: string) => (essay.trim().split('\n')[0] ?? '').slice(0, 30);
