import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { cvDetections } from '../../../db/schema';
import { profileDataSchema, type ClientProfile, type ProfileData } from '../../../contracts/archives';
import { detectedCvSchema, type DetectedCv } from '../../../contracts/client-profiles';
import { readCv } from '../../ai/cv/extract-text';
import { DomainError, notFound } from '../errors';
import { resultOrThrow, type AiEngine } from '../ai/engine';
import { createProfile, deleteProfile, getProfile } from './profiles';

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
  });
}

export type Detection = {
  detectionId: string;
  fileName: string;
  format: string;
  chars: number;
  detected: DetectedCv;
  profileData: ProfileData;
};

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
    userId: string;
    file: { buffer: Buffer; filename: string };
    nickname?: string;
    signal?: AbortSignal;
    /** The language model's reader when one is configured; null from it means: use the rules. */
    readWithModel?: (text: string, model: string, signal: AbortSignal) => Promise<DetectedCv | null>;
  },
): Promise<Detection> {
  const { db, engine } = deps;
  const model = input.readWithModel ? await engine.modelFor(input.userId) : null;
  const outcome = await engine.run({
    userId: input.userId,
    operation: 'cv_read',
    source: 'auto_profile',
    basis: 'input',
    inputChars: 0,
    model,
    signal: input.signal,
    failureMessage: '智能建档失败，请重试',
    metadata: { fileName: input.file.filename.slice(0, 60) || '简历' },
    prepare: ({ signal }) => readCv(input.file.buffer, { signal, owner: input.userId }),
    work: async ({ signal, prepared: extracted, reservationId }) => {
      const byModel = model && input.readWithModel ? await input.readWithModel(extracted.text, model, signal) : null;
      if (signal.aborted) throw new DomainError('CONFLICT', '已取消');
      const detected = detectedCvSchema.parse(byModel ?? extracted.parsed);
      const [row] = await db
        .insert(cvDetections)
        .values({
          userId: input.userId,
          reservationId: reservationId!,
          fileName: input.file.filename.slice(0, 200),
          format: extracted.format,
          nickname: input.nickname || null,
          text: extracted.text,
          detected,
        })
        .returning({ id: cvDetections.id });
      return {
        detectionId: row!.id,
        fileName: input.file.filename,
        format: extracted.format,
        chars: extracted.text.length,
        detected,
        profileData: detectedToProfileData(detected, input.nickname),
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
 * reviewed it) plus its name (the detection was charged when it was returned). Importing the same detection twice returns the
 * first profile.
 */
export async function importDetection(
  db: Database,
  input: { userId: string; detectionId: string; name: string; data?: Partial<ProfileData> },
): Promise<ClientProfile> {
  const detection = await ownedDetection(db, input.userId, input.detectionId);
  if (detection.cancelledAt) throw new DomainError('CONFLICT', '该次智能建档已取消，请重新上传');
  if (detection.profileId) return getProfile(db, input.userId, detection.profileId);
  const data = input.data ?? detectedToProfileData(detectedCvSchema.parse(detection.detected), detection.nickname ?? undefined);
  const profile = await createProfile(db, input.userId, { name: input.name, data, cvText: detection.text });
  const claimed = await db
    .update(cvDetections)
    .set({ profileId: profile.id })
    .where(and(eq(cvDetections.id, detection.id), isNull(cvDetections.profileId), isNull(cvDetections.cancelledAt)))
    .returning({ id: cvDetections.id });
  if (claimed.length === 0) {
    // A concurrent import or cancel won: keep one outcome only.
    await deleteProfile(db, input.userId, profile.id);
    const again = await ownedDetection(db, input.userId, input.detectionId);
    if (again.profileId) return getProfile(db, input.userId, again.profileId);
    throw new DomainError('CONFLICT', '该次智能建档已取消，请重新上传');
  }
  return profile;
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
