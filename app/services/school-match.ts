import type { ProfileData } from '../../contracts/archives';
import { DEGREES, GPA_SCALES, MATCH_BANDS, SCHOOL_TIERS } from '../../contracts/school-match-constants';
import type { Degree, MatchBand, MatchItem, MatchMethodName, MatchRun } from '../../contracts/school-match';

/**
 * 选校 (issue 26) on the web: the page's form as typed text, how an archive fills it, the run's
 * body, and how results are worded and filtered. Pure: the page, its loader and tests share it.
 */
export const SCHOOL_MATCH_ROUTE = '/dash/school-match';

/** The page's address: a student (`clientId`) and an opened saved result (`result`). */
export function schoolMatchHref(options: { clientId?: string | null; result?: string | null } = {}): string {
  const params = new URLSearchParams();
  if (options.clientId) params.set('clientId', options.clientId);
  if (options.result) params.set('result', options.result);
  const query = params.toString();
  return query ? `${SCHOOL_MATCH_ROUTE}?${query}` : SCHOOL_MATCH_ROUTE;
}

/** Where the browser downloads a saved result (the web app's pass-through adds the session's token). */
export const matchExportHref = (resultId: string, format: 'docx' | 'xlsx') =>
  `/resources/api/school-match/results/${encodeURIComponent(resultId)}/export?format=${format}`;

export const DEGREE_LABELS: Record<Degree, string> = { bachelor: '本科', master: '硕士', phd: '博士', other: '其他' };
export const METHOD_LABELS: Record<MatchMethodName, string> = {
  cases: '本机构案例',
  scorecard: 'Scorecard 录取率',
  requirements: '仅比对要求',
};
export const CASE_RESULT_LABELS = { admitted: '录取', rejected: '拒绝', waitlisted: '候补' } as const;
export const BAND_PALETTES: Record<MatchBand, string> = { reach: 'red', match: 'blue', safety: 'green' };

/** Programs compared side by side, at most. */
export const COMPARE_MAX = 4;

const percent = (v: number) => `${Math.round(v * 100)}%`;

/** A probability range as the page writes it: 「35%–52%」; null when only requirements were compared. */
export function probabilityRange(p: MatchItem['probability']): string | null {
  if (!p) return null;
  const low = percent(p.low);
  const high = percent(p.high);
  return low === high ? low : `${low}–${high}`;
}

/** A card's probability line: the range, or 「仅比对要求」 when the model gave no number. */
export const probabilityText = (item: Pick<MatchItem, 'probability'>) => probabilityRange(item.probability) ?? '仅比对要求';

/** A program's name as shown: the Chinese name beside the English one when there is one. */
export const programName = (item: { program: string; programZh: string | null }) =>
  item.programZh && item.programZh !== item.program ? `${item.program}（${item.programZh}）` : item.program;

/** The gap a card shows: the first the model lists. */
export function topGap(item: Pick<MatchItem, 'gaps'>): string | null {
  if (item.gaps.length === 0) return null;
  return item.gaps[0]!.text;
}

/** Money in whole US dollars, 「$40,000」; 「未知」 when unknown. */
export const usd = (v: number | null | undefined) => (v == null ? '未知' : `$${Math.round(v).toLocaleString('en-US')}`);

// ───────────────────────────────────────────────────────────────────────────────────────────────
// Filters (read from the page's address, so a filtered list can be linked and reloaded)
// ───────────────────────────────────────────────────────────────────────────────────────────────

export type MatchView = 'columns' | 'table';
export type MatchFilters = { country: string; degree: Degree | ''; maxTuition: number | null; minProbability: number | null };
export const NO_FILTERS: MatchFilters = { country: '', degree: '', maxTuition: null, minProbability: null };

const positive = (v: string | null, max: number) => {
  if (v === null || v.trim() === '') return null;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 && n <= max ? n : null;
};

/** The filters in `?country&degree&maxTuition&minProb` (minProb in percent); anything unreadable is no filter. */
export function parseMatchFilters(params: URLSearchParams): MatchFilters {
  const degree = params.get('degree') ?? '';
  return {
    country: (params.get('country') ?? '').trim().slice(0, 100),
    degree: (DEGREES as readonly string[]).includes(degree) ? (degree as Degree) : '',
    maxTuition: positive(params.get('maxTuition'), 10_000_000),
    minProbability: positive(params.get('minProb'), 100),
  };
}

export const parseMatchView = (params: URLSearchParams): MatchView => (params.get('view') === 'table' ? 'table' : 'columns');

export const hasFilters = (f: MatchFilters) => Boolean(f.country || f.degree || f.maxTuition !== null || f.minProbability !== null);

/**
 * The items the filters keep. A tuition limit keeps programs whose tuition is unknown (they are
 * not known to cost more); a minimum probability leaves out those without a number (仅比对要求),
 * since none can be said to reach it. The probability compared is the middle of the range.
 */
export function filterMatchItems<T extends Pick<MatchItem, 'country' | 'degree' | 'probability' | 'cost'>>(
  items: T[],
  f: MatchFilters,
): T[] {
  return items.filter((item) => {
    if (f.country && (item.country ?? '').toLowerCase() !== f.country.toLowerCase()) return false;
    if (f.degree && item.degree !== f.degree) return false;
    const tuition = item.cost?.tuitionUsd ?? null;
    if (f.maxTuition !== null && tuition !== null && tuition > f.maxTuition) return false;
    if (f.minProbability !== null && f.minProbability > 0) {
      if (!item.probability || item.probability.mid * 100 < f.minProbability) return false;
    }
    return true;
  });
}

/** The countries of a result's programs, for the filter's options (as written, sorted). */
export function countriesOf(items: Array<Pick<MatchItem, 'country'>>): string[] {
  return [...new Set(items.map((i) => i.country).filter((c): c is string => !!c))].sort((a, b) => a.localeCompare(b));
}

/** Items by band, in the order 冲刺, 匹配, 保底. */
export function byBand<T extends Pick<MatchItem, 'band'>>(items: T[]): Record<MatchBand, T[]> {
  const groups = Object.fromEntries(MATCH_BANDS.map((b) => [b, [] as T[]])) as Record<MatchBand, T[]>;
  for (const item of items) groups[item.band].push(item);
  return groups;
}

/** Ticks a program for comparison, or unticks it; a fifth is refused with the reason. */
export function toggleCompare(selected: string[], id: string): { selected: string[]; refused: string | null } {
  if (selected.includes(id)) return { selected: selected.filter((s) => s !== id), refused: null };
  if (selected.length >= COMPARE_MAX) return { selected, refused: `最多同时对比 ${COMPARE_MAX} 个项目，请先取消一个再选` };
  return { selected: [...selected, id], refused: null };
}

// ───────────────────────────────────────────────────────────────────────────────────────────────
// The form: text as typed (drafts keep it), filled from an archive, turned into the run's body
// ───────────────────────────────────────────────────────────────────────────────────────────────

export type PickedProgram = { id: string; label: string };
export type MatchForm = {
  gpa: string;
  gpaScale: string;
  schoolTier: string;
  major: string;
  ielts: string;
  toefl: string;
  greV: string;
  greQ: string;
  gmat: string;
  sat: string;
  act: string;
  /** 'yes' | 'no' | '' (not said). */
  international: string;
  /** Comma-separated, as typed. */
  countries: string;
  degree: string;
  fields: string;
  budgetUsd: string;
  intake: string;
  /** 「评估这些项目」: when any, exactly these are evaluated. */
  programs: PickedProgram[];
};
export type MatchFormField = Exclude<keyof MatchForm, 'programs'>;

export const emptyMatchForm = (): MatchForm => ({
  gpa: '',
  gpaScale: '4',
  schoolTier: '',
  major: '',
  ielts: '',
  toefl: '',
  greV: '',
  greQ: '',
  gmat: '',
  sat: '',
  act: '',
  international: 'yes',
  countries: '',
  degree: '',
  fields: '',
  budgetUsd: '',
  intake: '',
  programs: [],
});

const TEXT_FIELDS: MatchFormField[] = [
  'gpa',
  'gpaScale',
  'schoolTier',
  'major',
  'ielts',
  'toefl',
  'greV',
  'greQ',
  'gmat',
  'sat',
  'act',
  'international',
  'countries',
  'degree',
  'fields',
  'budgetUsd',
  'intake',
];

/** A stored draft (any shape) read back as a form; what is not a string of sane length is dropped. */
export function matchFormFrom(stored: unknown): MatchForm {
  const s = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const form = emptyMatchForm();
  for (const key of TEXT_FIELDS) {
    const v = s[key];
    if (typeof v === 'string') form[key] = v.slice(0, 400);
  }
  if (Array.isArray(s.programs)) {
    form.programs = s.programs
      .filter((p): p is PickedProgram => !!p && typeof p === 'object' && typeof p.id === 'string' && typeof p.label === 'string')
      .slice(0, 50)
      .map((p) => ({ id: p.id, label: p.label.slice(0, 300) }));
  }
  return form;
}

const str = (v: number | undefined | null) => (v === undefined || v === null ? '' : String(v));

/** Degrees as archives write them (free text): the contract's words or the Chinese ones. */
export function degreeOf(text: string | undefined): Degree | '' {
  const t = (text ?? '').trim().toLowerCase();
  if (!t) return '';
  if (/博士|phd|doctor/.test(t)) return 'phd';
  if (/硕士|研究生|master|msc|^ma$|mba|meng/.test(t)) return 'master';
  if (/本科|学士|bachelor|undergrad|^bs|^ba$/.test(t)) return 'bachelor';
  return 'other';
}

/** A GPA scale the model reads (4, 4.3, 4.5, 5, 10, 100), or '' for another one (the consultant picks). */
const scaleOf = (scale: number | undefined) =>
  scale !== undefined && (GPA_SCALES as readonly number[]).includes(scale) ? String(scale) : '';

const subScore = (sub: Record<string, number>, names: string[]) => {
  for (const [key, value] of Object.entries(sub)) if (names.includes(key.toLowerCase())) return value;
  return undefined;
};

/**
 * What a student's archive says for the form: GPA and its scale (the archive's own, else the
 * latest education's), major, test scores, targets. Only fields the archive has are returned; the
 * school tier is never guessed from a school's name.
 */
export function prefillFromArchive(data: Partial<ProfileData>): Partial<MatchForm> {
  const out: Partial<MatchForm> = {};
  const education = data.education?.find((e) => e.gpa?.value !== undefined);
  const gpa = data.gpa?.value !== undefined ? data.gpa : education?.gpa;
  if (gpa?.value !== undefined) {
    out.gpa = str(gpa.value);
    const scale = scaleOf(gpa.scale);
    if (scale) out.gpaScale = scale;
  }
  const major = data.major || data.education?.[0]?.major;
  if (major) out.major = major;
  for (const test of data.tests ?? []) {
    const sub = test.sub ?? {};
    if (test.type === 'IELTS' && test.total !== undefined && !out.ielts) out.ielts = str(test.total);
    if (test.type === 'TOEFL' && test.total !== undefined && !out.toefl) out.toefl = str(test.total);
    if (test.type === 'GMAT' && test.total !== undefined && !out.gmat) out.gmat = str(test.total);
    if (test.type === 'SAT' && test.total !== undefined && !out.sat) out.sat = str(test.total);
    if (test.type === 'ACT' && test.total !== undefined && !out.act) out.act = str(test.total);
    if (test.type === 'GRE') {
      const v = subScore(sub, ['v', 'verbal', 'vr']);
      const q = subScore(sub, ['q', 'quant', 'quantitative', 'qr']);
      if (v !== undefined && !out.greV) out.greV = str(v);
      if (q !== undefined && !out.greQ) out.greQ = str(q);
    }
  }
  const targets = data.targets;
  if (targets?.countries?.length) out.countries = targets.countries.join('、');
  const degree = degreeOf(targets?.degree);
  if (degree) out.degree = degree;
  if (targets?.majors?.length) out.fields = targets.majors.join('、');
  if (targets?.intake) out.intake = targets.intake;
  return out;
}

/** A student picked: the archive's fields replace the form's, the rest (and the program picks) stay. */
export const applyArchive = (form: MatchForm, prefill: Partial<MatchForm>): MatchForm => ({ ...form, ...prefill });

const list = (text: string) =>
  text
    .split(/[,，、;；\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
const number = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * POST /school-match/run's body from the form. The API checks it with the contract's schema
 * (zod stays out of the browser) and names the field it refuses: `formFieldOf` puts that message
 * on the field. Only what needs no round trip is said here: GPA and its full marks are required.
 */
export function matchRunBody(
  form: MatchForm,
  clientProfileId: string | null,
): { ok: true; body: MatchRun } | { ok: false; errors: Partial<Record<MatchFormField | 'form', string>> } {
  if (form.gpa.trim() === '') return { ok: false, errors: { gpa: '请填写 GPA' } };
  if (form.gpaScale.trim() === '') return { ok: false, errors: { gpaScale: '请填写 GPA 满分' } };
  // Text that is not a number goes as typed: the API answers with the field's own message.
  const numeric = (key: MatchFormField) => {
    const v = number(form[key]);
    return v === undefined ? undefined : Number.isNaN(v) ? form[key] : v;
  };
  const body = {
    clientProfileId: clientProfileId ?? undefined,
    applicant: {
      gpa: numeric('gpa'),
      gpaScale: numeric('gpaScale'),
      schoolTier: (SCHOOL_TIERS as readonly string[]).includes(form.schoolTier) ? form.schoolTier : undefined,
      major: form.major.trim() || undefined,
      ielts: numeric('ielts'),
      toefl: numeric('toefl'),
      greV: numeric('greV'),
      greQ: numeric('greQ'),
      gmat: numeric('gmat'),
      sat: numeric('sat'),
      act: numeric('act'),
      international: form.international === 'yes' ? true : form.international === 'no' ? false : undefined,
      countries: list(form.countries).length ? list(form.countries) : undefined,
      degree: (DEGREES as readonly string[]).includes(form.degree) ? form.degree : undefined,
      fields: list(form.fields).length ? list(form.fields) : undefined,
      budgetUsd: numeric('budgetUsd'),
      intake: form.intake.trim() || undefined,
    },
    programIds: form.programs.length ? form.programs.map((p) => p.id) : undefined,
  };
  return { ok: true, body: body as MatchRun };
}

/** The form field a refusal of the run names (`applicant.gpa` → gpa), else the form as a whole. */
export function formFieldOf(path: string | undefined): MatchFormField | 'form' {
  const [head, field] = (path ?? '').split('.');
  return head === 'applicant' && (TEXT_FIELDS as string[]).includes(field ?? '') ? (field as MatchFormField) : 'form';
}

/**
 * The anonymised profile a recorded outcome keeps (POST /school-match/cases): the applicant's
 * scores and background as the run used them, never a name or contact.
 */
export function caseSnapshotOf(applicant: MatchRun['applicant']) {
  return {
    gpa: applicant.gpa,
    gpaScale: applicant.gpaScale,
    schoolTier: applicant.schoolTier ?? null,
    major: applicant.major ?? null,
    ielts: applicant.ielts ?? null,
    toefl: applicant.toefl ?? null,
    greV: applicant.greV ?? null,
    greQ: applicant.greQ ?? null,
    gmat: applicant.gmat ?? null,
    international: applicant.international ?? null,
  };
}

/** An applicant in one line (history rows, the opened result's header). */
export function applicantLine(a: MatchRun['applicant']): string {
  const parts = [`GPA ${a.gpa}/${a.gpaScale}`];
  if (a.schoolTier) parts.push(a.schoolTier);
  if (a.ielts != null) parts.push(`雅思 ${a.ielts}`);
  if (a.toefl != null) parts.push(`托福 ${a.toefl}`);
  if (a.degree) parts.push(DEGREE_LABELS[a.degree]);
  if (a.countries?.length) parts.push(a.countries.join('、'));
  return parts.join(' · ');
}
