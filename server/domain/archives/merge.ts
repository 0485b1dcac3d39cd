import {
  PROFILE_MERGE_SECTIONS,
  profileDataSchema,
  type ProfileChanges,
  type ProfileData,
  type ProfileMatch,
  type ProfileMergeField,
  type ProfileMergeSection,
} from '../../../contracts/archives';

/**
 * A CV of a student who already exists (issue 24, ADR 0044): whether a detected CV may be one of
 * the owner's students, and what updating that student from it changes. Pure functions: the
 * preview the detection answers with and the update itself use the same merge.
 */

/** Names, schools and titles compared as a reader would: width, case, spaces and name punctuation ignored. */
export const normalise = (text: string | null | undefined) =>
  (text ?? '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s·•.,'"()[\]【】（）_-]+/g, '');

/** Digits only, without leading zeros (a trunk prefix): "+86 138-1234-5678" and "13812345678" agree. */
const phoneDigits = (phone: string | undefined) => (phone ?? '').replace(/\D+/g, '').replace(/^0+/, '');
/** The same number with or without its country code; at least 7 digits on each side. */
function samePhone(a: string, b: string) {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 7 && long.endsWith(short);
}

const schoolsOf = (data: ProfileData) =>
  new Set([data.currentSchool, ...data.education.map((e) => e.school)].map(normalise).filter(Boolean));

/**
 * Whether the CV may be this student, and on what. A match needs the same name (the student's name
 * or nickname equals the CV's name or the nickname typed with the upload). Beyond the name a phone,
 * email and school known on both sides count: an agreeing phone or email makes it strong; a phone
 * or email that differs with none agreeing means another person of the same name, never offered;
 * with nothing to compare it is offered as possible. Either way the consultant chooses.
 */
export function matchEvidence(
  student: { name: string; data: ProfileData },
  cv: { names: string[]; data: ProfileData },
): Pick<ProfileMatch, 'strength' | 'matchedOn'> | null {
  const names = new Set(cv.names.map(normalise).filter(Boolean));
  if (![student.name, student.data.nickname].some((n) => names.has(normalise(n)))) return null;
  const agrees: ProfileMatch['matchedOn'] = [];
  let differs = false;
  const [phoneA, phoneB] = [phoneDigits(student.data.contact.phone), phoneDigits(cv.data.contact.phone)];
  if (phoneA && phoneB) {
    if (samePhone(phoneA, phoneB)) agrees.push('phone');
    else differs = true;
  }
  const [emailA, emailB] = [student.data.contact.email?.trim().toLowerCase(), cv.data.contact.email?.trim().toLowerCase()];
  if (emailA && emailB) {
    if (emailA === emailB) agrees.push('email');
    else differs = true;
  }
  const contactAgrees = agrees.length > 0;
  if (differs && !contactAgrees) return null;
  // A school only supports a match: students move schools, so a different one proves nothing.
  const theirs = schoolsOf(student.data);
  if ([...schoolsOf(cv.data)].some((s) => theirs.has(s))) agrees.push('school');
  return { strength: contactAgrees ? 'strong' : 'possible', matchedOn: agrees };
}

const same = (a: string | undefined, b: string | undefined) => normalise(a) === normalise(b);
const blank = (text: string | null | undefined) => !text?.trim();
const gpaText = (gpa: ProfileData['gpa']) =>
  gpa.value === undefined ? '' : `${gpa.value}${gpa.scale !== undefined ? `/${gpa.scale}` : ''}${gpa.rank ? `（${gpa.rank}）` : ''}`;

/** 申请目标 in one line: countries · degree · majors · intake. */
const targetsText = (t: ProfileData['targets']) =>
  [t.countries.join('、'), t.degree, t.majors.join('、'), t.intake].filter((part) => !blank(part)).join(' · ');

type Entry<S extends ProfileMergeSection> = ProfileData[S][number];

/** An experience's title, and its organisation when the title does not already name it. */
const experienceLine = (x: Entry<'research'>) =>
  x.organization && !normalise(x.title).includes(normalise(x.organization)) ? `${x.title} · ${x.organization}` : x.title;

/** One line per entry, as the preview shows it. */
const describe: { [S in ProfileMergeSection]: (entry: Entry<S>) => string } = {
  tests: (t) => `${t.type}${t.total !== undefined ? ` ${t.total}` : ''}`,
  education: (e) => [e.school, e.degree, e.major].filter(Boolean).join(' · '),
  research: experienceLine,
  internships: experienceLine,
  projects: experienceLine,
  activities: experienceLine,
  awards: (a) => a.title,
  publications: (p) => p.title,
  skills: (s) => s,
};

/** Whether the student already has this entry: the same thing, told in as much detail as both give. */
const optionalSame = (a: string | undefined, b: string | undefined) => blank(a) || blank(b) || same(a, b);
const experienceSame = (a: Entry<'research'>, b: Entry<'research'>) =>
  same(a.title, b.title) && optionalSame(a.organization, b.organization);
const alreadyHas: { [S in ProfileMergeSection]: (a: Entry<S>, b: Entry<S>) => boolean } = {
  tests: (a, b) => a.type === b.type && (a.total === undefined || b.total === undefined || a.total === b.total),
  education: (a, b) => same(a.school, b.school) && optionalSame(a.degree, b.degree),
  research: experienceSame,
  internships: experienceSame,
  projects: experienceSame,
  activities: experienceSame,
  awards: (a, b) => same(a.title, b.title),
  publications: (a, b) => same(a.title, b.title),
  skills: (a, b) => same(a, b),
};

/** The most entries each section holds (contracts/archives.ts). */
const SECTION_MAX: Record<ProfileMergeSection, number> = {
  tests: 20,
  education: 20,
  research: 30,
  internships: 30,
  projects: 30,
  activities: 30,
  awards: 50,
  publications: 50,
  skills: 100,
};

/** A phone by its digits; the CV text as it is (long: not normalised character by character); the rest as read. */
const sameValue = (field: ProfileMergeField, a: string, b: string) =>
  field === 'phone' ? samePhone(phoneDigits(a), phoneDigits(b)) : field === 'cvText' ? a.trim() === b.trim() : same(a, b);

export type MergeInput = { data: ProfileData; cvText: string | null };

/**
 * The student updated from the CV, and what that changes. Nothing the student has is lost: empty
 * fields are filled, entries the student lacks are added after theirs, and a filled field that
 * differs keeps its value unless `replace` names it (the consultant saw both and chose the CV's).
 */
export function mergeFromCv(
  current: MergeInput,
  incoming: MergeInput,
  replace: ReadonlySet<ProfileMergeField> = new Set(),
): MergeInput & { changes: ProfileChanges } {
  const data: ProfileData = structuredClone(current.data);
  let cvText = current.cvText;
  const changes: ProfileChanges = { filled: [], differs: [], added: [] };

  // Each single field: how it reads, and how it is set.
  const fields: Array<{ field: ProfileMergeField; ours: string; theirs: string; set: () => void; shown?: [string, string] }> = [
    {
      field: 'nickname',
      ours: data.nickname ?? '',
      theirs: incoming.data.nickname ?? '',
      set: () => (data.nickname = incoming.data.nickname),
    },
    {
      field: 'email',
      ours: data.contact.email ?? '',
      theirs: incoming.data.contact.email ?? '',
      set: () => (data.contact.email = incoming.data.contact.email),
    },
    {
      field: 'phone',
      ours: data.contact.phone ?? '',
      theirs: incoming.data.contact.phone ?? '',
      set: () => (data.contact.phone = incoming.data.contact.phone),
    },
    {
      field: 'currentSchool',
      ours: data.currentSchool ?? '',
      theirs: incoming.data.currentSchool ?? '',
      set: () => (data.currentSchool = incoming.data.currentSchool),
    },
    { field: 'major', ours: data.major ?? '', theirs: incoming.data.major ?? '', set: () => (data.major = incoming.data.major) },
    { field: 'degree', ours: data.degree ?? '', theirs: incoming.data.degree ?? '', set: () => (data.degree = incoming.data.degree) },
    { field: 'gpa', ours: gpaText(data.gpa), theirs: gpaText(incoming.data.gpa), set: () => (data.gpa = { ...incoming.data.gpa }) },
    {
      field: 'targets',
      ours: targetsText(data.targets),
      theirs: targetsText(incoming.data.targets),
      set: () => (data.targets = structuredClone(incoming.data.targets)),
    },
    {
      field: 'cvText',
      ours: cvText ?? '',
      theirs: incoming.cvText ?? '',
      set: () => (cvText = incoming.cvText),
      shown: [`已有的简历原文（${(cvText ?? '').length} 字）`, `本次上传的简历（${(incoming.cvText ?? '').length} 字）`],
    },
  ];
  for (const f of fields) {
    if (blank(f.theirs)) continue;
    const shown = f.shown ?? [f.ours, f.theirs];
    if (blank(f.ours)) {
      f.set();
      changes.filled.push({ field: f.field, value: f.field === 'cvText' ? shown[1] : f.theirs });
    } else if (!sameValue(f.field, f.ours, f.theirs)) {
      changes.differs.push({ field: f.field, current: shown[0], incoming: shown[1] });
      if (replace.has(f.field)) f.set();
    }
  }

  for (const section of PROFILE_MERGE_SECTIONS) addEntries(section, data, incoming.data, changes);
  return { data: profileDataSchema.parse(data), cvText, changes };
}

function addEntries<S extends ProfileMergeSection>(section: S, data: ProfileData, incoming: ProfileData, changes: ProfileChanges) {
  const list = data[section] as Array<Entry<S>>;
  const has = alreadyHas[section] as (a: Entry<S>, b: Entry<S>) => boolean;
  const added: string[] = [];
  for (const entry of incoming[section] as Array<Entry<S>>) {
    if (list.length >= SECTION_MAX[section]) break;
    if (list.some((mine) => has(mine, entry))) continue;
    list.push(structuredClone(entry));
    added.push((describe[section] as (e: Entry<S>) => string)(entry));
  }
  if (added.length > 0) changes.added.push({ section, entries: added });
}
