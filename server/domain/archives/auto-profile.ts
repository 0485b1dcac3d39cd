import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { clientProfiles, cvDetections } from '../../../db/schema';
import {
  profileDataSchema,
  type ClientProfile,
  type ProfileData,
  type ProfileMatch,
  type ProfileMergeField,
} from '../../../contracts/archives';
import { detectedCvSchema, type DetectedCv } from '../../../contracts/client-profiles';
import { readCv } from '../../ai/cv/extract-text';
import { DomainError, notFound } from '../errors';
import { resultOrThrow, type AiEngine } from '../ai/engine';
import { matchEvidence, mergeFromCv, normalise } from './merge';
import { createProfile, deleteProfile, getProfile, searchTextOf, toProfileDto } from './profiles';
import { assertCanWrite, ownedBy, type Workspace } from '../orgs/workspace';

/** The profile sections a detected CV fills (sources dropped: they were for checking). */
export function detectedToProfileData(detected: DetectedCv, nickname?: string): ProfileData {
  const strip = <T extends { source?: string }>({ source: _source, ...rest }: T) => rest;
  return profileDataSchema.parse({
    nickname: nickname || undefined,
    contact: { email: detected.email?.value, phone: detected.phone?.value },
    currentSchool: detected.currentSchool?.value,
    major: detected.major?.value,
    degree: detected.degree?.value,
    gpa: detected.gpa ? strip(detected.gpa) : {},
    tests: detected.tests.map(strip),
    education: detected.education.map(({ level: _level, ...e }) => strip(e)),
    research: detected.research.map(strip),
    internships: detected.internships.map(strip),
    projects: detected.projects.map(strip),
    activities: detected.activities.map(strip),
    awards: detected.awards.map(strip),
    publications: detected.publications.map(strip),
    skills: detected.skills.map((s) => s.value),
    // 申请意向 / Target Program: the CV's stated goal fills 申请目标 (ADR 0043).
    targets: detected.targets && strip(detected.targets),
  });
}

export type Detection = {
  detectionId: string;
  fileName: string;
  format: string;
  chars: number;
  detected: DetectedCv;
  profileData: ProfileData;
  /** The owner's students this CV may belong to (ADR 0044): offered as an update, never merged unasked. */
  matches: ProfileMatch[];
};

/** The students' names read per detection (the most recently updated first), and the offers shown. */
const MATCH_SCAN = 5000;
const MATCHES_SHOWN = 5;

/**
 * The owner's students the CV may be (merge.ts matchEvidence), strong ones first, each with what
 * an update from this CV would change. Only this user's students are read: another user's never
 * match.
 */
export async function findMatches(
  db: Database,
  ws: Workspace,
  cv: { names: Array<string | undefined>; data: ProfileData; cvText: string },
): Promise<ProfileMatch[]> {
  const names = [...new Set(cv.names.map((n) => normalise(n)).filter(Boolean))];
  if (names.length === 0) return [];
  // Names compared normalised ("李 明轩" is 李明轩), which SQL cannot index: the names alone are
  // read (a short string per student), then the few of the same name in full.
  const named = await db
    .select({ id: clientProfiles.id, name: clientProfiles.name, nickname: sql<string | null>`${clientProfiles.data}->>'nickname'` })
    .from(clientProfiles)
    .where(ownedBy(ws, clientProfiles))
    .orderBy(desc(clientProfiles.updatedAt))
    .limit(MATCH_SCAN);
  const ids = named
    .filter((r) => names.includes(normalise(r.name)) || names.includes(normalise(r.nickname)))
    .slice(0, MATCHES_SHOWN * 10)
    .map((r) => r.id);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(clientProfiles)
    .where(and(ownedBy(ws, clientProfiles), inArray(clientProfiles.id, ids)))
    .orderBy(desc(clientProfiles.updatedAt));
  const matches: ProfileMatch[] = [];
  for (const row of rows) {
    const student = toProfileDto(row);
    const evidence = matchEvidence(student, { names, data: cv.data });
    if (!evidence) continue;
    const { changes } = mergeFromCv(student, { data: cv.data, cvText: cv.cvText });
    matches.push({
      id: student.id,
      name: student.name,
      currentSchool: student.data.currentSchool ?? null,
      updated_at: student.updated_at,
      ...evidence,
      changes,
    });
  }
  // Stable: among equals the recently updated student first (the query's order).
  return matches.sort((a, b) => (a.strength === b.strength ? 0 : a.strength === 'strong' ? -1 : 1)).slice(0, MATCHES_SHOWN);
}

/**
 * POST /api/v1/ai/auto-cv-detection through the paid lifecycle (ADR 0035): the file is read off
 * the request thread first (a file that cannot be read costs nothing), then 智能建档 is reserved,
 * the CV detected (by the model, in its queue, when one is configured) and kept for the import.
 * The charge settles when the detection is returned: the answer carries the data. A failure, or
 * the client going away before the answer (`signal`), refunds it.
 */
export async function detectCv(
  deps: { db: Database; engine: AiEngine },
  input: {
    ws: Workspace;
    file: { buffer: Buffer; filename: string };
    nickname?: string;
    signal?: AbortSignal;
    /** The language model's reader when one is configured; null from it means: use the rules. */
    readWithModel?: (text: string, model: string, signal: AbortSignal) => Promise<DetectedCv | null>;
  },
): Promise<Detection> {
  const { db, engine } = deps;
  // A new student is a change to the space: a reviewer does not pay for a read they cannot use.
  assertCanWrite(input.ws);
  const userId = input.ws.userId;
  const model = input.readWithModel ? await engine.modelFor(userId) : null;
  const outcome = await engine.run({
    userId,
    orgId: input.ws.orgId,
    operation: 'cv_read',
    source: 'auto_profile',
    basis: 'input',
    inputChars: 0,
    model,
    signal: input.signal,
    failureMessage: '智能建档失败，请重试',
    metadata: { fileName: input.file.filename.slice(0, 60) || '简历' },
    prepare: ({ signal }) => readCv(input.file.buffer, { signal, owner: userId }),
    work: async ({ signal, prepared: extracted, reservationId }) => {
      const byModel = model && input.readWithModel ? await input.readWithModel(extracted.text, model, signal) : null;
      if (signal.aborted) throw new DomainError('CONFLICT', '已取消');
      const detected = detectedCvSchema.parse(byModel ?? extracted.parsed);
      const [row] = await db
        .insert(cvDetections)
        .values({
          userId,
          reservationId: reservationId!,
          fileName: input.file.filename.slice(0, 200),
          format: extracted.format,
          nickname: input.nickname || null,
          text: extracted.text,
          detected,
        })
        .returning({ id: cvDetections.id });
      const profileData = detectedToProfileData(detected, input.nickname);
      return {
        detectionId: row!.id,
        fileName: input.file.filename,
        format: extracted.format,
        chars: extracted.text.length,
        detected,
        profileData,
        matches: await findMatches(db, input.ws, {
          names: [detected.name?.value, input.nickname],
          data: profileData,
          cvText: extracted.text,
        }),
      };
    },
  });
  return resultOrThrow(outcome, '智能建档失败，请重试');
}

async function ownedDetection(db: Database, userId: string, detectionId: string) {
  const [row] = await db
    .select()
    .from(cvDetections)
    .where(and(eq(cvDetections.id, detectionId), eq(cvDetections.userId, userId)));
  if (!row) throw notFound('简历识别结果不存在，请重新上传');
  return row;
}

/**
 * POST /api/v1/client-profiles/auto-import: the profile from the detected data (as the user
 * reviewed it) plus its name (the detection was charged when it was returned). Importing the same
 * detection twice returns the first profile. With `updateProfileId` the CV updates that student of
 * the owner's instead (updateFromDetection).
 */
export async function importDetection(
  db: Database,
  input: {
    ws: Workspace;
    detectionId: string;
    name: string;
    data?: Partial<ProfileData>;
    updateProfileId?: string;
    replaceFields?: ProfileMergeField[];
  },
): Promise<{ profile: ClientProfile; updated: boolean }> {
  if (input.updateProfileId)
    return { profile: await updateFromDetection(db, { ...input, profileId: input.updateProfileId }), updated: true };
  const detection = await ownedDetection(db, input.ws.userId, input.detectionId);
  if (detection.cancelledAt) throw new DomainError('CONFLICT', '该次智能建档已取消，请重新上传');
  if (detection.profileId) return { profile: await getProfile(db, input.ws, detection.profileId), updated: false };
  const data = input.data ?? detectedData(detection);
  const profile = await createProfile(db, input.ws, { name: input.name, data, cvText: detection.text });
  const claimed = await db
    .update(cvDetections)
    .set({ profileId: profile.id })
    .where(and(eq(cvDetections.id, detection.id), isNull(cvDetections.profileId), isNull(cvDetections.cancelledAt)))
    .returning({ id: cvDetections.id });
  if (claimed.length === 0) {
    // A concurrent import, update or cancel won: keep one outcome only.
    await deleteProfile(db, input.ws, profile.id);
    const again = await ownedDetection(db, input.ws.userId, input.detectionId);
    if (again.profileId) return { profile: await getProfile(db, input.ws, again.profileId), updated: false };
    throw new DomainError('CONFLICT', '该次智能建档已取消，请重新上传');
  }
  return { profile, updated: false };
}

const detectedData = (detection: typeof cvDetections.$inferSelect) =>
  detectedToProfileData(detectedCvSchema.parse(detection.detected), detection.nickname ?? undefined);

/**
 * 更新已有学生 (ADR 0044): the CV merged into one of the owner's students in one transaction, the
 * detection and the student locked, so a concurrent import, cancel or edit waits and then sees
 * the outcome. Nothing the student has is lost (merge.ts). Another user's student, or one deleted
 * meanwhile, is 学生档案不存在 (404).
 */
async function updateFromDetection(
  db: Database,
  input: { ws: Workspace; detectionId: string; profileId: string; data?: Partial<ProfileData>; replaceFields?: ProfileMergeField[] },
): Promise<ClientProfile> {
  assertCanWrite(input.ws);
  return db.transaction(async (tx) => {
    const [detection] = await tx
      .select()
      .from(cvDetections)
      .where(and(eq(cvDetections.id, input.detectionId), eq(cvDetections.userId, input.ws.userId)))
      .for('update');
    if (!detection) throw notFound('简历识别结果不存在，请重新上传');
    if (detection.cancelledAt) throw new DomainError('CONFLICT', '该次智能建档已取消，请重新上传');
    const owned = and(eq(clientProfiles.id, input.profileId), ownedBy(input.ws, clientProfiles));
    const [current] = await tx.select().from(clientProfiles).where(owned).for('update');
    if (!current) throw notFound('学生档案不存在');
    // Already imported (a repeated request): the student it went to, unchanged again.
    if (detection.profileId) {
      if (detection.profileId === current.id) return toProfileDto(current);
      throw new DomainError('CONFLICT', '该份简历已建立或更新过学生档案');
    }
    const before = toProfileDto(current);
    const incoming = profileDataSchema.parse(input.data ?? detectedData(detection));
    const merged = mergeFromCv(before, { data: incoming, cvText: detection.text }, new Set(input.replaceFields ?? []));
    const [row] = await tx
      .update(clientProfiles)
      .set({ data: merged.data, cvText: merged.cvText, searchText: searchTextOf(current.name, merged.data), updatedAt: new Date() })
      .where(owned)
      .returning();
    await tx.update(cvDetections).set({ profileId: current.id }).where(eq(cvDetections.id, detection.id));
    return toProfileDto(row!);
  });
}

/**
 * POST /api/v1/ai/auto-cv-detection/{id}/cancel: nothing is created from it. The detection was
 * delivered with its data and is paid for (ADR 0035); only an upload cancelled before the answer is refunded.
 */
export async function cancelDetection(db: Database, input: { userId: string; detectionId: string }): Promise<void> {
  const detection = await ownedDetection(db, input.userId, input.detectionId);
  if (detection.profileId) throw new DomainError('CONFLICT', '档案已创建，无法取消');
  const marked = await db
    .update(cvDetections)
    .set({ cancelledAt: new Date() })
    .where(and(eq(cvDetections.id, detection.id), isNull(cvDetections.profileId)))
    .returning({ id: cvDetections.id });
  if (marked.length === 0) throw new DomainError('CONFLICT', '档案已创建，无法取消');
}
