import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { cvDetections } from '../../../db/schema';
import { profileDataSchema, type ClientProfile, type ProfileData } from '../../../contracts/archives';
import { detectedCvSchema, type DetectedCv } from '../../../contracts/client-profiles';
import { extractText } from '../../ai/cv/extract-text';
import { parseCv } from '../../ai/cv/parse-cv';
import { DomainError, notFound } from '../errors';
import { priceOf } from '../points/prices';
import { refund, reserve, settle } from '../points/spending';
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
 * POST /api/v1/ai/auto-cv-detection: charges 智能建档 (a pending reservation), reads the file
 * off the request thread, and keeps the result for the import. Any failure, or the client going
 * away (`signal`), refunds the reservation: nobody pays for work that did not finish.
 */
export async function detectCv(
  db: Database,
  input: {
    userId: string;
    file: { buffer: Buffer; filename: string };
    nickname?: string;
    signal?: AbortSignal;
    /** The language model's reader when one is configured; null from it means: use the rules. */
    readWithModel?: (text: string, signal: AbortSignal) => Promise<DetectedCv | null>;
  },
): Promise<Detection> {
  const reservation = await reserve(db, {
    userId: input.userId,
    source: 'auto_profile',
    cents: await priceOf(db, 'auto_profile'),
    key: `auto-profile:${randomUUID()}`,
    description: `智能建档：${input.file.filename.slice(0, 60) || '简历'}`,
  });
  try {
    const extracted = await extractText(input.file.buffer, { signal: input.signal });
    if (input.signal?.aborted) throw new DomainError('CONFLICT', '已取消');
    const byModel = input.readWithModel ? await input.readWithModel(extracted.text, input.signal ?? new AbortController().signal) : null;
    if (input.signal?.aborted) throw new DomainError('CONFLICT', '已取消');
    const detected = detectedCvSchema.parse(byModel ?? parseCv(extracted.text));
    const [row] = await db
      .insert(cvDetections)
      .values({
        userId: input.userId,
        reservationId: reservation.id,
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
  } catch (error) {
    const cancelled = input.signal?.aborted;
    const reason = cancelled ? '已取消' : error instanceof DomainError ? error.message : '智能建档失败，请重试';
    await refund(db, { userId: input.userId, reservationId: reservation.id, reason, status: cancelled ? 'cancelled' : 'failed' });
    throw error;
  }
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
 * reviewed it) plus its name; settles the charge. Importing the same detection twice returns the
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
  await settle(db, { userId: input.userId, reservationId: detection.reservationId, metadata: { profileId: profile.id } }).catch(() => {
    // Refunded already (the sweep, after a long pause): the profile stays, free of charge.
  });
  return profile;
}

/** POST /api/v1/ai/auto-cv-detection/{id}/cancel: nothing is created and the charge is refunded. */
export async function cancelDetection(db: Database, input: { userId: string; detectionId: string }): Promise<void> {
  const detection = await ownedDetection(db, input.userId, input.detectionId);
  if (detection.profileId) throw new DomainError('CONFLICT', '档案已创建，无法取消');
  const marked = await db
    .update(cvDetections)
    .set({ cancelledAt: new Date() })
    .where(and(eq(cvDetections.id, detection.id), isNull(cvDetections.profileId)))
    .returning({ id: cvDetections.id });
  if (marked.length === 0) throw new DomainError('CONFLICT', '档案已创建，无法取消');
  await refund(db, { userId: input.userId, reservationId: detection.reservationId, reason: '已取消', status: 'cancelled' });
}
