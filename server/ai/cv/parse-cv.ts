import type {
  CvSectionKind,
  DegreeLevel,
  DetectedCv,
  DetectedEducation,
  DetectedExperience,
  DetectedGpa,
  DetectedTargets,
} from '../../../contracts/client-profiles';
import {
  bounded,
  cells,
  cut,
  findDates,
  fold,
  hasEdgeDate,
  isBullet,
  isDateOnly,
  sourceOf,
  stripBullet,
  toLines,
  trimWith,
  withoutDates,
  type Line,
} from './lines';
import { MAX_TEXT_CHARS } from './normalise';
import { findTests } from './test-scores';

export type ParseOptions = {
  /** The document's title metadata (a PDF's Info Title or XMP dc:title): the name when the text names none. Never the file name. */
  title?: string;
};

/**
 * The local, rule-based CV reader: used when no language model is configured, and as the
 * baseline the model's answer is checked against. A pure function of the text (extractText's
 * output): it finds section headings in Chinese and English, splits sections into entries by
 * their dates and bullets, and reads the fields each kind of entry has. It reports what it
 * finds with the line(s) it found it on and never invents a value; what it cannot place stays out.
 *
 * Every pattern here runs in time linear in the line (parse-cv-linear.test.ts checks each one on
 * adversarial input): no nested or adjacent quantifiers that can share characters, since V8
 * backtracks. Lines are cut at MAX_LINE_CHARS. The upload path runs it in the extraction worker
 * (readCv in extract-text.ts), under the worker's time limit.
 */
export function parseCv(cvText: string, options: ParseOptions = {}): DetectedCv {
  const lines = toLines(cvText.slice(0, MAX_TEXT_CHARS));
  const sections = splitSections(lines);
  const linesOf = (kind: CvSectionKind) => sections.filter((section) => section.kind === kind).flatMap((section) => section.lines);
  const header = sections.filter((section) => section.kind === 'header' || section.kind === 'personal').flatMap((section) => section.lines);

  const education = entriesOf(linesOf('education'), false)
    .flatMap((lines) => {
      const detected = educationOf(lines);
      return detected ? [{ lines, detected }] : [];
    })
    .slice(0, 20);
  const current = currentEducation(education);
  const labelled = labelledFields(header);

  const experiences = (kind: 'research' | 'internships' | 'projects' | 'activities') =>
    entriesOf(linesOf(kind), false)
      .map((entry) => experienceOf(entry, kind))
      .filter((entry): entry is DetectedExperience => !!entry)
      .slice(0, 30);

  const school = current?.detected;
  const degree = school?.degree
    ? { value: school.degree, ...(school.level ? { level: school.level } : {}), source: school.source }
    : labelled.degree;
  const gpa = (current && gpaIn(current.lines)) ?? gpaIn(lines);

  const cv: DetectedCv = {
    name: nameOf(lines, header) ?? nameFromTitle(options.title),
    email: emailOf(header, lines),
    phone: phoneOf(header, lines),
    currentSchool: school ? { value: school.school, source: school.source } : labelled.school,
    major: school?.major ? { value: school.major, source: school.source } : labelled.major,
    degree,
    gpa: gpa ?? undefined,
    tests: findTests(lines).slice(0, 20),
    education: education.map((entry) => entry.detected),
    research: experiences('research'),
    internships: experiences('internships'),
    projects: experiences('projects'),
    activities: experiences('activities'),
    awards: entriesOf(linesOf('awards'), true).map(awardOf).slice(0, 50),
    publications: entriesOf(linesOf('publications'), true).map(publicationOf).slice(0, 50),
    skills: skillsOf(linesOf('skills')),
    targets: targetsOf(linesOf('targets')),
    sections: sections
      .filter((section) => section.heading)
      .slice(0, 100)
      .map((section) => ({
        kind: section.kind as CvSectionKind,
        heading: bounded(section.heading!.raw, 60),
        line: section.heading!.index,
      })),
  };
  for (const key of Object.keys(cv) as (keyof DetectedCv)[]) if (cv[key] === undefined) delete cv[key];
  return cv;
}

// ── Sections ───────────────────────────────────────────────────────────────────────────────────

const HEADINGS: [CvSectionKind, string[]][] = [
  [
    'education',
    [
      '教育背景',
      '教育经历',
      '学习经历',
      '教育',
      '学历',
      '教育信息',
      'education',
      'educational background',
      'education background',
      'academic background',
    ],
  ],
  [
    'tests',
    [
      '语言成绩',
      '标化成绩',
      '标准化考试',
      '标准化成绩',
      '考试成绩',
      '语言能力',
      '语言及标化',
      '语言与标化',
      '标化及语言',
      '学业成绩',
      '语言水平',
      'test scores',
      'tests',
      'standardized tests',
      'standardized test scores',
      'language proficiency',
      'test scores & languages',
      'languages & tests',
      'ap成绩',
      'ap scores',
      'ap exams',
    ],
  ],
  [
    'research',
    [
      '科研经历',
      '研究经历',
      '科研经验',
      '学术经历',
      '科研项目',
      '科研与项目',
      '科研实践',
      'research',
      'research experience',
      'research experiences',
      'academic research',
    ],
  ],
  [
    'internships',
    [
      '实习经历',
      '实习经验',
      '工作经历',
      '工作经验',
      '实践经历',
      '职业经历',
      '实习与工作',
      'internship',
      'internships',
      'internship experience',
      'work experience',
      'professional experience',
      'employment',
      'experience',
      'work',
    ],
  ],
  ['projects', ['项目经历', '项目经验', '项目', '课程项目', 'projects', 'project experience', 'selected projects', 'academic projects']],
  [
    'activities',
    [
      '课外活动',
      '校园活动',
      '社会实践',
      '学生工作',
      '社团经历',
      '社团活动',
      '志愿者经历',
      '志愿服务',
      '领导力',
      '活动经历',
      '校园经历',
      'activities',
      'extracurricular activities',
      'extracurriculars',
      'leadership',
      'leadership & activities',
      'leadership and activities',
      'volunteer',
      'volunteering',
      'volunteer experience',
      'campus activities',
    ],
  ],
  [
    'awards',
    [
      '获奖情况',
      '获奖经历',
      '荣誉奖项',
      '荣誉',
      '奖项',
      '所获荣誉',
      '竞赛获奖',
      '获奖',
      '奖学金',
      '荣誉与奖项',
      '奖励与荣誉',
      '荣誉奖励',
      'awards',
      'honors',
      'honours',
      'honors & awards',
      'honors and awards',
      'awards & honors',
      'awards and honors',
      'scholarships',
      'honors & scholarships',
    ],
  ],
  [
    'publications',
    ['论文发表', '发表论文', '学术成果', '论文', '出版物', '科研成果', '学术论文', 'publications', 'papers', 'selected publications'],
  ],
  [
    'skills',
    [
      '技能',
      '专业技能',
      '技能证书',
      '证书与技能',
      '技能与证书',
      '技能特长',
      '个人技能',
      '计算机技能',
      '技能与兴趣',
      '证书',
      '技能/证书',
      'skills',
      'technical skills',
      'skills & interests',
      'skills and interests',
      'skills & certificates',
      'computer skills',
    ],
  ],
  [
    'targets',
    [
      '申请意向',
      '申请目标',
      '求学意向',
      '留学意向',
      '意向',
      '申请方向',
      '目标专业',
      '意向专业',
      '申请计划',
      '申请项目',
      'target',
      'targets',
      'target program',
      'target programs',
      'target programme',
      'objective',
      'career objective',
      'study objective',
      'academic objective',
      'educational objective',
      'application target',
      'intended program',
      'program of interest',
      'programs of interest',
    ],
  ],
  [
    'personal',
    ['个人信息', '基本信息', '联系方式', '个人资料', 'personal information', 'contact', 'contact information', 'personal details'],
  ],
  [
    'other',
    [
      '自我评价',
      '个人评价',
      '求职意向',
      '兴趣爱好',
      '个人陈述',
      '其他',
      'summary',
      'profile',
      'interests',
      'references',
      'additional information',
    ],
  ],
];
const HEADING_KIND = new Map(HEADINGS.flatMap(([kind, names]) => names.map((name) => [name, kind] as const)));
/** Kinds whose heading may carry its content after a colon (技能：Python、SQL). */
const INLINE_KINDS = new Set<CvSectionKind>(['skills', 'awards', 'targets']);

const kindOfName = (name: string) => HEADING_KIND.get(name.toLowerCase().replace(/\s+/g, ' ').replace(/ ?& ?/g, ' & ').trim());

/** A heading: a short line that is a known section name, maybe numbered, decorated or bilingual. */
function headingOf(text: string): { kind: CvSectionKind; rest?: string } | null {
  // 申请意向：… and Target Program: … carry a sentence after the label, longer than a heading.
  if (text.length > 40) {
    const inline = text.length <= 300 ? inlineHeading(text) : null;
    return inline?.kind === 'targets' ? inline : null;
  }
  const bare = text
    .replace(/^[\s■□◆◇●○▶►★☆•·#|【[\-–—_=]+/, '')
    .replace(/^(?:[一二三四五六七八九十]+\s*[、.]|\d{1,2}\s*[.、)]|[IVX]{1,4}\.)\s*/, '')
    .trim();
  const trimmed = trimWith(bare, '】]|:_=-–—');
  const whole = kindOfName(trimmed);
  if (whole) return { kind: whole };
  // Bilingual: 教育背景 Education, EDUCATION | 教育背景, 荣誉/Awards.
  const chinese = trimmed.replace(/[^\u3400-\u9fff]/g, '');
  const latin = trimmed
    .replace(/[\u3400-\u9fff]/g, ' ')
    .replace(/[|/]/g, ' ')
    .trim();
  const chineseKind = chinese && kindOfName(chinese);
  if (chineseKind && latin && kindOfName(latin)) return { kind: chineseKind };
  return inlineHeading(text);
}

function inlineHeading(text: string): { kind: CvSectionKind; rest: string } | null {
  const inline = /^([^:]{1,20}):\s*(.+)$/.exec(text);
  const inlineKind = inline && kindOfName(inline[1].trim());
  // 「Target: cut costs 20%」 in an internship is no 申请意向; 「Target Program:」 is.
  if (inlineKind === 'targets' && /^targets?$/i.test(inline![1].trim())) return null;
  return inline && inlineKind && INLINE_KINDS.has(inlineKind) ? { kind: inlineKind, rest: inline[2] } : null;
}

/** Whether a line of print is a section heading (pdf.ts: a sidebar's columns hold sections). */
export const isSectionHeading = (text: string | undefined) => !!text && !!headingOf(fold(text.trim()));

type Section = { kind: CvSectionKind | 'header'; heading?: Line; lines: Line[] };

function splitSections(lines: Line[]): Section[] {
  const sections: Section[] = [{ kind: 'header', lines: [] }];
  for (const line of lines) {
    const heading = line.text ? headingOf(line.text) : null;
    if (!heading) {
      sections[sections.length - 1].lines.push(line);
      continue;
    }
    const section: Section = { kind: heading.kind, heading: line, lines: [] };
    if (heading.rest) {
      const offset = line.text.length - heading.rest.length;
      section.lines.push({ index: line.index, raw: line.raw.slice(offset).trim(), text: line.text.slice(offset).trim() });
    }
    sections.push(section);
  }
  return sections;
}

// ── Entries ────────────────────────────────────────────────────────────────────────────────────

/**
 * A section's entries. Where the section's entries carry dates at a line's start or end (the
 * usual layout), a dated line opens an entry, except the date line of a heading whose title came
 * on the line before; other lines belong to the entry above, wrapped lines included. A blank line
 * always ends an entry. Without dates, each line of a list-like section is an entry, and in other
 * sections a plain line after bullets opens the next entry.
 */
function entriesOf(lines: Line[], listLike: boolean): Line[][] {
  const dated = lines.some((line) => line.text && !isBullet(line.text) && hasEdgeDate(line.text));
  const filled = lines.filter((line) => line.text);
  // Awards and publications whose lines carry dates: an undated line is one wrapped in a narrow column.
  const mostlyDated = filled.filter((line) => hasEdgeDate(stripBullet(line.text))).length * 2 >= filled.length;
  const entries: Line[][] = [];
  let current: Line[] | null = null;
  let currentDated = false;
  let hasBody = false;
  let afterBlank = false;
  const open = (opening: Line[]) => {
    current = opening;
    entries.push(current);
    currentDated = opening.some((line) => hasEdgeDate(line.text));
    hasBody = false;
    afterBlank = false;
  };
  for (const line of lines) {
    if (!line.text) {
      afterBlank = true;
      continue;
    }
    const bullet = isBullet(line.text);
    if (!current || (afterBlank && !bullet)) {
      open([line]);
      continue;
    }
    const entry: Line[] = current;
    afterBlank = false;
    if (listLike) {
      // One line or bullet, one award. An undated line continues the one above where the section's
      // lines carry dates or it starts in lower case; a date alone follows its title line.
      const continues =
        !bullet &&
        (hasEdgeDate(line.text) ? isDateOnly(line.text) && entry.length === 1 && !currentDated : mostlyDated || /^[a-z]/.test(line.text));
      if (continues) {
        entry.push(line);
        currentDated ||= hasEdgeDate(line.text);
      } else open([line]);
      continue;
    }
    if (bullet) {
      entry.push(line);
      hasBody = true;
    } else if (dated) {
      if (!hasEdgeDate(line.text)) {
        entry.push(line);
        if (currentDated) hasBody = true;
      } else if (!currentDated && !hasBody && entry.length <= 2) {
        entry.push(line);
        currentDated = true;
      } else {
        // A date alone on its line belongs with the title line(s) just above it.
        // (A line starting in lower case continues the bullet above it.)
        const lastBullet = lastIndexWhere(entry, (kept) => isBullet(kept.text));
        let from = lastBullet + 1;
        while (lastBullet >= 0 && from < entry.length && /^[a-z]/.test(entry[from].text)) from++;
        const trailing = lastBullet >= 0 ? entry.length - from : 0;
        if (isDateOnly(line.text) && trailing >= 1 && trailing <= 2) open([...entry.splice(from), line]);
        else open([line]);
      }
    } else if (isBullet(entry[entry.length - 1].text) && !/^[a-z]/.test(line.text)) {
      open([line]);
    } else {
      entry.push(line);
    }
  }
  return entries;
}

function lastIndexWhere<T>(items: T[], test: (item: T) => boolean) {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i])) return i;
  return -1;
}

/** The entry's heading lines: up to its date, or its first line and, if that is only a date, the next. */
function headOf(entry: Line[]): { head: Line[]; body: Line[] } {
  let size = 1;
  const datedAt = entry.findIndex((line) => hasEdgeDate(line.text));
  if (datedAt > 0 && datedAt <= 2 && !entry.slice(0, datedAt).some((line) => isBullet(line.text))) size = datedAt + 1;
  if (size === 1 && isDateOnly(entry[0].text) && entry[1] && !isBullet(entry[1].text)) size = 2;
  return { head: entry.slice(0, size), body: entry.slice(size) };
}

const headText = (head: Line[]) => {
  const joined = head.map((line) => line.raw).join('\t');
  return { joined, dates: findDates(fold(joined)) };
};

// ── Education ──────────────────────────────────────────────────────────────────────────────────

const CN_SCHOOL = /[\u3400-\u9fff]{2,20}?(?:大学|学院|高级中学|中学|附中|学校|一中|二中)/g;
const SCHOOL_LABELS = new Set(['就读学校', '毕业学校', '所在学校', '本科学校', '毕业院校', '学校', '学院']);
// The second form starts at a word's start only: from inside a long word it would rescan the word.
const EN_SCHOOL =
  /(?:The\s+)?University\s+of\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*(?:,\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?(?=\s*(?:—|–|\s-\s|\||\t|$)))?|(?<![\w.&'’-])(?:[A-Z][\w.&'’-]*\s+){1,5}(?:University|College|Institute\s+of\s+Technology|Institute|School|Academy)(?:\s+of\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)?/;

function schoolIn(line: Line): { value: string; from: number; to: number } | null {
  for (const match of line.text.matchAll(CN_SCHOOL)) {
    // The lazy match may start at a label: "就读学校：北京四中" reads 就读学校 first.
    if (SCHOOL_LABELS.has(match[0])) continue;
    return { value: cut(line, match.index, match.index + match[0].length), from: match.index, to: match.index + match[0].length };
  }
  const english = EN_SCHOOL.exec(line.text);
  return english
    ? { value: cut(line, english.index, english.index + english[0].length), from: english.index, to: english.index + english[0].length }
    : null;
}

const DEGREES: [RegExp, DegreeLevel][] = [
  [/博士研究生|博士后?|(?<![A-Za-z])(?:Ph\.?\s?D\.?|D\.?Phil\.?|Doctor\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)(?![A-Za-z])/, 'doctor'],
  [
    /(?:[\u3400-\u9fff]{1,4}学)?硕士(?:研究生)?|研究生|(?<![A-Za-z])(?:M\.?Sc\.?|M\.?S\.?|M\.?A\.?|MBA|M\.?Eng\.?|M\.?Phil\.?|MFA|MPA|LLM|M\.?Res\.?|Master\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*|Master'?s(?:\s+Degree)?)(?![A-Za-z])/,
    'master',
  ],
  [
    /(?:[\u3400-\u9fff]{1,4}学)?学士|本科|(?<![A-Za-z])(?:B\.?Sc\.?|B\.?S\.?|B\.?A\.?|B\.?Eng\.?|BBA|LLB|B\.?Econ\.?|Bachelor\s+of\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*|Bachelor'?s(?:\s+Degree)?)(?![A-Za-z])/,
    'bachelor',
  ],
  [/大专|专科|(?<![A-Za-z])Associate(?:'s)?\s+(?:Degree|of\s+[A-Z][a-z]+)/, 'associate'],
  [/高中|(?<![A-Za-z])High\s+School(?:\s+Diploma)?(?![A-Za-z])/, 'high_school'],
];

function degreeIn(line: Line): { value: string; level: DegreeLevel; from: number; to: number } | null {
  let best: { value: string; level: DegreeLevel; from: number; to: number } | null = null;
  for (const [pattern, level] of DEGREES) {
    const match = pattern.exec(line.text);
    if (match && (!best || match.index < best.from)) {
      best = { value: cut(line, match.index, match.index + match[0].length), level, from: match.index, to: match.index + match[0].length };
    }
  }
  return best;
}

/** Degree qualifiers that are not majors: 工学学士 is a bachelor of engineering, not a major "工学". */
const DEGREE_FIELDS = new Set([
  '工学',
  '理学',
  '管理学',
  '经济学',
  '文学',
  '法学',
  '医学',
  '艺术学',
  '教育学',
  '农学',
  '哲学',
  '历史学',
  '军事学',
  '交叉学',
]);
const NOT_MAJOR = /大学|学院|学校|中学|附中|[系部所]$|实验室|中心|专业$|^(?:主修|辅修|课程|核心课程|主要课程|国际部)|[:]/;
const CITIES = new Set([
  '北京',
  '上海',
  '杭州',
  '南京',
  '深圳',
  '广州',
  '武汉',
  '成都',
  '西安',
  '香港',
  '澳门',
  '天津',
  '重庆',
  '苏州',
  '厦门',
  '长沙',
  '合肥',
  '济南',
  '青岛',
  '大连',
  '沈阳',
  '哈尔滨',
  '台北',
  '新加坡',
]);

type Found<T> = T & { line: Line };

function majorIn(entry: Line[], degree: Found<NonNullable<ReturnType<typeof degreeIn>>> | null): string | undefined {
  for (const line of entry) {
    const labelled = /(?:专业|major)\s*:\s*([^\s,;|(]+(?:\s+[A-Za-z][^\s,;|(]*)*)/i.exec(line.text);
    if (labelled) return cut(line, labelled.index + labelled[0].length - labelled[1].length, labelled.index + labelled[0].length);
  }
  if (degree) {
    const { line, to } = degree;
    const after = /^\s+(?:in|of)\s+([A-Z][\w'’-]*(?:\s+(?:and|&|of|[A-Z][\w'’-]*))*)/.exec(line.text.slice(to));
    if (after) return cut(line, to + after[0].length - after[1].length, to + after[0].length);
    // 会计学硕士, 金融学学士: the degree word carries the major in front.
    const joined = /^([\u3400-\u9fff]{2,12}?)(?:硕士|学士|博士)/.exec(degree.value);
    if (joined && !DEGREE_FIELDS.has(joined[1])) return joined[1];
  }
  // Chinese heading lines: the field that is neither school, department, degree, date nor place.
  for (const line of entry) {
    if (!schoolIn(line) && !degreeIn(line)) continue;
    for (const cell of line.raw.split(/\t|\s+|[|｜,，;；]/)) {
      const folded = fold(cell).replace(/专业$/, '');
      if (!/^[\u3400-\u9fff（）()与和及、]{2,15}$/.test(folded)) continue;
      if (
        NOT_MAJOR.test(folded) ||
        CITIES.has(folded) ||
        degreeIn({ index: 0, raw: folded, text: folded }) ||
        schoolIn({ index: 0, raw: folded, text: folded })
      ) {
        continue;
      }
      return cell.replace(/专业$/, '');
    }
  }
  return undefined;
}

// One `\s*` between two tokens: `\s*[:=]?\s*` would split a run of spaces every possible way.
const GPA_RE =
  /(?:GPA|G\.P\.A\.?|CGPA|WAM|平均学分绩点|平均绩点|绩点|加权平均分|加权均分|平均分|均分)\s*(?:\([^)]{0,20}\)\s*)?(?:[:=]\s*)?(?:为\s*)?(\d{1,3}(?:\.\d{1,3})?)(?:\s*\/\s*(\d{1,3}(?:\.\d{1,2})?))?/i;
const PERCENT_RANK = /(?:前|top)\s*(\d{1,2}(?:\.\d{1,2})?)\s*%/i;
const ORDINAL_RANK = /(?<![\d.])(\d{1,4})\s*\/\s*(\d{2,5})(?![\d.])/g;

function gpaIn(lines: Line[]): DetectedGpa | null {
  for (const line of lines) {
    const match = GPA_RE.exec(line.text);
    if (!match) continue;
    const value = Number(match[1]);
    const written = match[2] === undefined ? undefined : Number(match[2]);
    const scale = written !== undefined && written >= value ? written : value > 10 && value <= 100 ? 100 : undefined;
    const rank: string[] = [];
    const percent = PERCENT_RANK.exec(line.text);
    if (percent) rank.push(cut(line, percent.index, percent.index + percent[0].length));
    if (/排名|排位|名次|rank/i.test(line.text)) {
      for (const ordinal of line.text.matchAll(ORDINAL_RANK)) {
        const inGpa = ordinal.index >= match.index && ordinal.index < match.index + match[0].length;
        if (!inGpa && Number(ordinal[1]) <= Number(ordinal[2])) rank.push(`${ordinal[1]}/${ordinal[2]}`);
      }
    }
    return {
      value,
      ...(scale === undefined ? {} : { scale }),
      ...(rank.length ? { rank: bounded(rank.join(', '), 40) } : {}),
      source: line.raw,
    };
  }
  return null;
}

function educationOf(entry: Line[]): DetectedEducation | null {
  let school: Found<NonNullable<ReturnType<typeof schoolIn>>> | null = null;
  let degree: Found<NonNullable<ReturnType<typeof degreeIn>>> | null = null;
  for (const line of entry) {
    if (!school) {
      const found = schoolIn(line);
      if (found) school = { ...found, line };
    }
    if (!degree) {
      const found = degreeIn(line);
      if (found) degree = { ...found, line };
    }
  }
  if (!school) return null;
  const dated = entry.find((line) => hasEdgeDate(line.text)) ?? entry.find((line) => findDates(line.text));
  const dates = dated ? findDates(dated.text) : null;
  const gpa = gpaIn(entry);
  const major = majorIn(entry, degree);
  return {
    school: bounded(school.value, 100),
    ...(degree ? { degree: bounded(degree.value, 50), level: degree.level } : {}),
    ...(major ? { major: bounded(major, 100) } : {}),
    ...(dates?.start ? { start: dates.start } : {}),
    ...(dates?.end ? { end: dates.end } : {}),
    ...(gpa
      ? { gpa: { value: gpa.value, ...(gpa.scale === undefined ? {} : { scale: gpa.scale }), ...(gpa.rank ? { rank: gpa.rank } : {}) } }
      : {}),
    source: bounded(sourceOf(entry), 4000),
  };
}

/** The entry still running (至今) or ending last; the first listed on a tie (CVs list newest first). */
function currentEducation<T extends { detected: DetectedEducation }>(entries: T[]): T | undefined {
  const rank = ({ detected }: T) => (detected.end === '至今' ? '9999' : (detected.end ?? detected.start ?? ''));
  return entries.reduce<T | undefined>((best, entry) => (!best || rank(entry) > rank(best) ? entry : best), undefined);
}

// ── Experiences, awards, publications, skills ──────────────────────────────────────────────────

const ROLE_CN =
  /(?:实习生|实习|助理|研究员|工程师|分析师|负责人|组长|队长|副部长|部长|社长|副社长|会长|副会长|主席|副主席|干事|成员|组员|志愿者|经理|顾问|创始人|开发者|主编|编辑|讲师|助教|代表|委员|班长|团支书|主持人)$/;
const ROLE_EN =
  /\b(?:intern|analyst|assistant|engineer|researcher|developer|scientist|president|vice president|treasurer|secretary|tutor|teacher|volunteer|founder|co-founder|manager|lead|leader|captain|member|chair|chairman|consultant|associate|fellow|officer|coordinator|director|editor|ambassador|representative|trainee)\b/i;
const ORG_CN =
  /大学|学院|学校|中学|实验室|研究所|研究院|研究中心|公司|集团|银行|总行|分行|证券|基金|资本|事务所|医院|学生会|协会|社团|俱乐部|委员会|[社团会]$/;
const ORG_EN =
  /\b(?:University|College|School|Institute|Lab|Laboratory|Department|Center|Centre|Inc|Ltd|LLC|Corp|Corporation|Company|Capital|Bank|Group|Partners|Association|Club|Society|Foundation|Program|Programme|Committee|Hospital|Council)\b/;
const SUPERVISOR = /^(?:导师|指导老师|指导教师|指导|supervisor|advisor|adviser|mentor|PI)(?![A-Za-z])/i;

function experienceOf(entry: Line[], kind: 'research' | 'internships' | 'projects' | 'activities'): DetectedExperience | null {
  const { head, body } = headOf(entry);
  const { joined, dates } = headText(head);
  const title = withoutDates(joined, dates)
    .replace(/\t+/g, ' ')
    .replace(/\s{2,}/g, ' ');
  if (!title) return null;
  const fields = cells(withoutDates(joined, dates)).filter((cell) => !SUPERVISOR.test(fold(cell)));
  const isRole = (cell: string) => {
    const folded = fold(cell)
      .replace(/\([^()]*\)$/, '')
      .trim();
    return ROLE_CN.test(folded) || ROLE_EN.test(folded);
  };
  const role = fields.find(isRole);
  const organization =
    fields.find((cell) => cell !== role && (ORG_CN.test(fold(cell)) || ORG_EN.test(cell))) ??
    // Companies are named without a suffix (字节跳动, Stripe): the first field that is not the role.
    (kind === 'internships' || kind === 'activities' ? fields.find((cell) => cell !== role && !CITIES.has(cell)) : undefined);
  const description = body.map((line) => stripBullet(line.raw)).join('\n');
  return {
    title: bounded(title, 200),
    ...(organization ? { organization: bounded(withoutTrailingNote(organization) || organization, 100) } : {}),
    ...(role ? { role: bounded(withoutTrailingNote(role) || role, 100) } : {}),
    ...(dates?.start ? { start: dates.start } : {}),
    ...(dates?.end ? { end: dates.end } : {}),
    ...(description ? { description: bounded(description, 3000) } : {}),
    source: bounded(sourceOf(entry), 4000),
  };
}

/** "Analyst (part-time)" → "Analyst". `[^()（）]`: a bracket never starts a rescan of the rest. */
const withoutTrailingNote = (cell: string) => cell.replace(/[(（][^()（）]*[)）]$/, '').trim();

function awardOf(entry: Line[]) {
  const joined = entry.map((line) => stripBullet(line.raw)).join(' ');
  const folded = fold(joined);
  const dates = findDates(folded);
  // A date that opens or closes the line is layout; one inside it (2021, 2022) is part of the title.
  const edge =
    dates && (dates.from === 0 || /^[\s)\].]*$/.test(folded.slice(dates.to))) && !/\(/.test(folded.slice(0, dates.from).slice(-2));
  const title = edge ? withoutDates(joined, dates) : joined.trim();
  return {
    title: bounded(title || joined.trim(), 200),
    ...(dates?.start ? { date: dates.start } : {}),
    source: bounded(sourceOf(entry), 4000),
  };
}

/** APA-like "Authors (2024). Title. Venue." is split; any other citation is kept whole as the title. */
function publicationOf(entry: Line[]) {
  const joined = entry
    .map((line) => stripBullet(line.raw))
    .join(' ')
    .trim();
  const year = /(?<!\d)((?:19|20)\d{2})(?!\d)/.exec(joined)?.[1];
  const apa = apaParts(joined);
  const base = { ...(year ? { date: year } : {}), source: bounded(sourceOf(entry), 4000) };
  if (!apa) return { title: bounded(joined, 300), ...base };
  return { title: bounded(apa.title.replace(/\.$/, ''), 300), venue: bounded(apa.venue, 200), authors: bounded(apa.authors, 300), ...base };
}

/**
 * Authors, title and venue around the first "(2024)." Step by step: one pattern with three lazy
 * groups backtracks through every split of a long line that is not a citation.
 */
function apaParts(citation: string) {
  const year = /\((?:19|20)\d{2}[a-z]?\)\./.exec(citation);
  if (!year) return null;
  const authors = citation.slice(0, year.index).trimEnd();
  const rest = citation.slice(year.index + year[0].length).trimStart();
  // The title ends at the first . ? or ! (not its first character) followed by a space.
  const end = /[.?!]\s+/.exec(rest.slice(1));
  if (!authors || !end) return null;
  const venue = rest.slice(1 + end.index + end[0].length);
  return { authors, title: rest.slice(0, 1 + end.index + 1), venue: venue.length > 1 ? venue.replace(/\.$/, '') : venue };
}

function skillsOf(lines: Line[]) {
  const skills: { value: string; source: string }[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.text) continue;
    // Runs of spaces as one first, so that the separators' optional spaces never rescan a run.
    const body = stripBullet(line.raw)
      .replace(/^[^:：]{1,16}[:：]\s*/, '')
      .replace(/\s+/g, ' ');
    for (const item of body.split(/ ?[,，、;；|｜] ?| \/ | ?\/ ?(?=[A-Za-z\u3400-\u9fff])/)) {
      const value = item.trim();
      const key = value.toLowerCase();
      if (!value || value.length > 50 || seen.has(key)) continue;
      seen.add(key);
      skills.push({ value, source: line.raw });
    }
  }
  return skills.slice(0, 100);
}

// ── 申请目标 ──────────────────────────────────────────────────────────────────────────────────

/** Destinations as CVs name them; kept as written. Latin ones match whole words only. */
const COUNTRIES_CN = [
  '美国',
  '英国',
  '中国香港',
  '香港',
  '澳门',
  '新加坡',
  '加拿大',
  '澳大利亚',
  '澳洲',
  '新西兰',
  '日本',
  '韩国',
  '德国',
  '法国',
  '荷兰',
  '瑞士',
  '瑞典',
  '丹麦',
  '挪威',
  '芬兰',
  '爱尔兰',
  '意大利',
  '西班牙',
  '比利时',
  '奥地利',
  '马来西亚',
  '欧洲',
  '北美',
];
const COUNTRY_EN =
  /(?<![A-Za-z])(?:the\s)?(?:United\sStates|United\sKingdom|USA|U\.S\.A?\.?|US|UK|Hong\sKong|Singapore|Canada|Australia|New\sZealand|Japan|Germany|France|Netherlands|Switzerland|Sweden|Ireland|Europe|North\sAmerica)(?![A-Za-z])/g;
const TARGET_DEGREE =
  /博士|硕士|研究生|本科|(?<![A-Za-z])(?:Ph\.?D\.?|Master'?s|Masters|Master|M\.?Sc\.?|MSc|M\.S\.|MS|MA|MBA|MEng|MFA|MPA|MPP|LLM|Bachelor'?s|Bachelor|BSc|BA|BS|undergraduate|graduate)(?![A-Za-z])/i;
const INTAKE =
  /(?:19|20)\d{2}\s?(?:年\s?)?(?:fall|spring|summer|winter|autumn|秋季|春季|夏季|冬季|秋|春)(?:入学)?|(?:fall|spring|summer|winter|autumn)\s?(?:19|20)\d{2}|(?:19|20)\d{2}\s?年\s?\d{1,2}\s?月\s?入学/i;
/** Labels inside the section: 目标国家：美国、英国 / Degree: MSc / 入学时间：2026秋. */
const TARGET_LABEL = /^([^:]{1,16}):\s?(.*)$/;
const LIST_SEPARATOR = /\s?[,，、;；/|｜]\s?|\sor\s|或/;
/** Words of a sentence around the program: "Seeking admission to a … program in". */
const TARGET_FILLER =
  /^(?:(?:希望|计划|拟|意向)?(?:申请|攻读|就读)|seeking|seek|pursue|pursuing|apply\sfor|applying\sfor|admission\sto|a|an|the|in|of|to|for|program|programs|programme|degree|项目|专业|方向|的)$/i;

function targetsOf(lines: Line[]): DetectedTargets | undefined {
  const targets: DetectedTargets = { countries: [], majors: [], source: '' };
  const used: Line[] = [];
  const add = (list: string[], value: string, max: number) => {
    const clean = bounded(trimWith(value, '()（）.,，、:;；-–—'), max);
    if (clean && !list.includes(clean) && list.length < 20) list.push(clean);
  };
  for (const line of lines) {
    if (!line.text) continue;
    const raw = stripBullet(line.raw);
    const text = fold(raw);
    const before = JSON.stringify(targets);
    const labelled = TARGET_LABEL.exec(text);
    const label = labelled?.[1] ?? '';
    const value = labelled ? raw.slice(raw.length - labelled[2].length) : raw;
    if (/国家|地区|country|countries|region|destination|location/i.test(label)) {
      for (const item of fold(value).split(LIST_SEPARATOR)) add(targets.countries, item, 30);
    } else if (/学位|层次|degree|level/i.test(label)) {
      if (!targets.degree && value.trim()) targets.degree = bounded(value.trim(), 50);
    } else if (/入学|时间|intake|term|semester|entry|start/i.test(label)) {
      if (!targets.intake && value.trim()) targets.intake = bounded(value.trim(), 30);
    } else if (/院校|学校|school|universit/i.test(label)) {
      // Target schools have no field of their own in 申请目标.
    } else {
      readTargetText(
        value,
        targets,
        (item) => add(targets.majors, item, 100),
        (item) => add(targets.countries, item, 30),
      );
    }
    if (JSON.stringify(targets) !== before) used.push(line);
  }
  if (!used.length) return undefined;
  targets.source = bounded(sourceOf(used), 4000);
  return targets;
}

/** Countries, a degree, an intake, and what is left as the program (major) when it reads as one. */
function readTargetText(value: string, targets: DetectedTargets, addMajor: (item: string) => void, addCountry: (item: string) => void) {
  let rest = value;
  const take = (from: number, to: number) => {
    const taken = rest.slice(from, to);
    rest = rest.slice(0, from) + '\t' + rest.slice(to);
    return taken.trim();
  };
  for (const country of COUNTRIES_CN) {
    const at = rest.indexOf(country);
    if (at >= 0) addCountry(take(at, at + country.length));
  }
  for (const match of [...fold(rest).matchAll(COUNTRY_EN)].reverse())
    addCountry(take(match.index, match.index + match[0].length).replace(/^the\s/i, ''));
  const intake = INTAKE.exec(fold(rest));
  if (intake) {
    const taken = take(intake.index, intake.index + intake[0].length);
    if (!targets.intake) targets.intake = bounded(taken, 30);
  }
  const degree = TARGET_DEGREE.exec(fold(rest));
  if (degree) {
    const taken = take(degree.index, degree.index + degree[0].length);
    if (!targets.degree) targets.degree = bounded(taken, 50);
  }
  // "program in Data Science": the capitalised words after in/of name it.
  const named = /(?<![A-Za-z])(?:in|of)\s([A-Z][A-Za-z-]*(?:\s(?:and\s|&\s)?[A-Z][A-Za-z-]*){0,5})/.exec(fold(rest));
  const words = rest.split(/[\s\t]+/).filter(Boolean);
  if (named && words.length > 6)
    return addMajor(rest.slice(named.index + named[0].length - named[1].length, named.index + named[0].length));
  // A short remainder is the program itself (金融工程, Computer Science); a sentence is left alone.
  if (words.length > 6 || rest.length > 80) return;
  for (const item of rest.split(/\t/).flatMap((part) => part.split(LIST_SEPARATOR))) {
    const kept = item
      .split(/\s/)
      .filter((word) => !TARGET_FILLER.test(word))
      .join(' ');
    const edges = '()（）.,，、:;；-–—的';
    const cleaned = trimWith(
      trimWith(kept, edges)
        .replace(/^(?:希望|计划|拟)?(?:申请|攻读)/, '')
        .replace(/(?:专业|方向|项目)$/, ''),
      edges,
    );
    if (cleaned.length >= 2 && !/^\d+$/.test(cleaned)) addMajor(cleaned);
  }
}

// ── Name and contact ───────────────────────────────────────────────────────────────────────────

const TITLE_WORDS = /(?:个人简历|简历|履历|的简历|curriculum vitae|resume|résumé|cv)$/i;

function nameOf(lines: Line[], header: Line[]) {
  for (const line of header.slice(0, 20)) {
    const labelled = /(?:^|\s)(?:姓\s*名|name)\s*:\s*([^\s|,;:]+(?: [A-Za-z][^\s|,;:]*){0,3})/i.exec(line.text);
    if (labelled) {
      const end = labelled.index + labelled[0].length;
      return { value: bounded(cut(line, end - labelled[1].length, end), 50), source: line.raw };
    }
  }
  for (const line of lines.filter((candidate) => candidate.text).slice(0, 5)) {
    if (headingOf(line.text)) continue;
    const value = nameIn(line.text);
    if (value) return { value: bounded(value, 50), source: line.raw };
  }
  return undefined;
}

/** Titles writers set by themselves or that name no one: 简历, Resume, Microsoft Word - 李明.docx (a file name). */
const GENERIC_TITLE =
  /简历|履历|模板|文档|未命名|无标题|新建|resume|résumé|(?<![A-Za-z])cv(?![A-Za-z])|curriculum|vitae|template|untitled|document|draft|final|大学|学院|学校|中学/i;
const FILE_TITLE = /^(?:microsoft\s(?:word|powerpoint|excel)|wps)\s?-|\.(?:docx?|pdf|pages|wps|rtf|odt|txt|html?)$/i;

/**
 * The name in a PDF's title metadata, when the text names none: "李明轩的简历", "Resume - Li
 * Xinyi", "王思远-南京大学-金融工程". A title that is a file name ("Microsoft Word - 简历.docx")
 * or a generic word is no name: the consultant types it instead of a guess.
 */
function nameFromTitle(title: string | undefined) {
  const text = fold(title ?? '').trim();
  if (!text || text.length > 200 || FILE_TITLE.test(text)) return undefined;
  for (const part of text.split(/\s?[-–—_|:()（）[\]【】]\s?/)) {
    const candidate = part
      .replace(TITLE_WORDS, '')
      .replace(/^(?:resume|cv|简历)\sof\s/i, '')
      .trim();
    if (!candidate || GENERIC_TITLE.test(candidate) || CITIES.has(candidate)) continue;
    const value = nameIn(candidate);
    if (value) return { value: bounded(value, 50), source: `PDF 标题：${bounded(title!.trim(), 200)}` };
  }
  return undefined;
}

const HAN_NAME = /^[\u3400-\u9fff]{2,4}(?:·[\u3400-\u9fff]{1,6})?$/;
/** One word of a Latin-script name: Li, XINYI, O’Neil, Xin-Yi, McDonald, J. */
const NAME_WORD = /^[A-Z][A-Za-z]*(?:[-'’.][A-Za-z]+)*\.?$/;
const NICKNAME = /^\([A-Z][A-Za-z]*(?:[-'’][A-Za-z]+)*\)$/;
/** Capitalised words that head a CV but are no name: places, contact labels, subjects, titles. */
const NOT_NAME_WORDS = new Set(
  (
    'street st road rd avenue ave lane ln boulevard blvd district province city county room apt apartment building bldg floor ' +
    'village town way court square highway block unit no china beijing shanghai guangzhou shenzhen hangzhou nanjing wuhan chengdu ' +
    'tianjin chongqing suzhou xiamen macau macao taiwan singapore usa uk united states kingdom canada australia london york ' +
    'email e-mail mail phone mobile tel address wechat linkedin github website homepage personal information contact profile ' +
    'page date birth gender male female nationality candidate student applicant university college school institute academy ' +
    'department faculty statement summary objective science engineering finance economics business management studies master ' +
    'bachelor doctor degree application cover letter portfolio'
  ).split(' '),
);

/**
 * The name that heads a CV, in the line's first field (fields part at tabs, wide gaps, | and ·):
 * 2–4 Han characters, or 2–4 capitalised Latin words that are no heading, role, place or label.
 * Also a name set with letter spacing (王 思 远, L i  X i n y i), words set apart by wide gaps
 * (Zhang⇥Yutong), a bilingual 李欣怡 Li Xinyi (the Chinese one), and "Zhang Yutong, MSc candidate".
 */
function nameIn(text: string): string | undefined {
  // Two steps: after the first, whitespace comes one character at a time (`\s*[|·•]` would rescan a run).
  const fields = text
    .split(/\t|\s{2,}/)
    .flatMap((field) => field.split(/\s?[|·•]\s?/))
    .map((field) => field.replace(TITLE_WORDS, '').trim())
    .filter(Boolean);
  if (!fields.length) return undefined;
  if (fields.length >= 2 && fields.length <= 4 && fields.every((field) => NAME_WORD.test(field))) {
    const spaced = latinName(fields.join(' '));
    if (spaced) return spaced;
  }
  let first = fields[0];
  if (/^[\u3400-\u9fff](?: [\u3400-\u9fff]){1,3}$/.test(first)) first = first.replace(/ /g, '');
  if (HAN_NAME.test(first)) return first;
  const [leading, ...others] = first.split(' ');
  if (HAN_NAME.test(leading) && others.length && latinName(others.join(' '))) return leading;
  if (/^[A-Za-z](?: [A-Za-z]){3,}$/.test(first)) first = first.replace(/ /g, '').replace(/([a-z])(?=[A-Z])/g, '$1 ');
  return latinName(first.split(/,\s|\s[-–—]\s/)[0].replace(/['’]s$/, ''));
}

function latinName(candidate: string): string | undefined {
  const words = candidate.trim().split(/\s+/);
  const nicknames = words.filter((word) => NICKNAME.test(word)).length;
  const named = words.length - nicknames;
  if (named < 2 || named > 4 || nicknames > 1) return undefined;
  if (!words.every((word) => NICKNAME.test(word) || (NAME_WORD.test(word) && !NOT_NAME_WORDS.has(word.toLowerCase().replace(/\.$/, '')))))
    return undefined;
  const value = words.join(' ');
  if (ROLE_EN.test(value) || kindOfName(value) || words.some((word) => kindOfName(word)) || /hong kong/i.test(value)) return undefined;
  return value === value.toUpperCase()
    ? value.toLowerCase().replace(/(^|[\s(\-'’])([a-z])/g, (_, before, char) => before + char.toUpperCase())
    : value;
}

// Starts where an address can start, with bounded parts: from every character of a long run of
// letters the unbounded form scanned to the run's end (100,000 × 'a' froze the server for 47 s).
const EMAIL = /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){0,8}\.[A-Za-z]{2,24}(?![A-Za-z])/;

function emailOf(...groups: Line[][]) {
  for (const lines of groups) {
    for (const line of lines) {
      const match = EMAIL.exec(line.text);
      if (match) return { value: match[0], source: line.raw };
    }
  }
  return undefined;
}

const INTERNATIONAL =
  /(?<![\w+])(?:\(\s*\+?(\d{1,3})\s*\)|\+(\d{1,3})(?=[\s-]))[\s-]*(\d[\d\s-]{5,16}\d)(?!\d)|(?<![\w+])\+(\d{8,15})(?!\d)/;
const MAINLAND = /(?<![\d+])(1[3-9]\d)[\s-]?(\d{4})[\s-]?(\d{4})(?!\d)/;
const LABELLED_PHONE = /(?:电话|手机|联系电话|联系方式|tel|phone|mobile|cell)\s*(?:号码\s*)?(?::\s*)?(\(?\+?[\d][\d\s()-]{5,18}\d)/i;

/** Digits, with the country code apart when the writer set it apart: +86 13900001234. */
function phoneIn(text: string): string | null {
  const international = INTERNATIONAL.exec(text);
  if (international) {
    if (international[4]) return `+${international[4]}`;
    return `+${international[1] ?? international[2]} ${international[3].replace(/\D/g, '')}`;
  }
  const mainland = MAINLAND.exec(text);
  if (mainland) return mainland.slice(1, 4).join('');
  const labelled = LABELLED_PHONE.exec(text);
  if (labelled) {
    const digits = labelled[1].replace(/[^\d+]/g, '');
    if (digits.replace(/\D/g, '').length >= 7) return digits;
  }
  return null;
}

function phoneOf(...groups: Line[][]) {
  for (const lines of groups) {
    for (const line of lines) {
      // Dates and GPAs are no phone numbers; only a line with digits runs the patterns.
      if (!/\d{3}/.test(line.text)) continue;
      const value = phoneIn(line.text.replace(EMAIL, ' '));
      if (value) return { value, source: line.raw };
    }
  }
  return undefined;
}

/** 学校/专业/学历 labels in the header, for CVs without an education section. */
function labelledFields(header: Line[]) {
  const find = (label: RegExp) => {
    for (const line of header) {
      const match = label.exec(line.text);
      if (match) {
        const end = match.index + match[0].length;
        return { value: bounded(cut(line, end - match[1].length, end), 100), source: line.raw };
      }
    }
    return undefined;
  };
  const school = find(/(?:就读学校|学校|院校|毕业院校|school)\s*:\s*([^\s|,;]+)/i);
  const major = find(/(?:专业|major)\s*:\s*([^\s|,;]+)/i);
  const degreeField = find(/(?:学历|degree)\s*:\s*([^\s|,;]+)/i);
  const level = degreeField && degreeIn({ index: 0, raw: degreeField.value, text: fold(degreeField.value) })?.level;
  return {
    school,
    major,
    degree: degreeField && { value: bounded(degreeField.value, 50), ...(level ? { level } : {}), source: degreeField.source },
  };
}
