import type { ProfileMatch, ProfileMergeField } from '../../../contracts/archives';
import { ApiRequestError } from '~/services/errors';
import { resourceFailure, resourceFetch, type ResourceEnvelope } from './resource-fetch.client';

/**
 * 新建学生 (spec §2, §4 Auto-profile): by nickname, or from a CV through uploading → analyzing →
 * generating → done. The upload goes by XMLHttpRequest for its progress; the API reads the file
 * and detects the CV, charging 智能建档 when it returns the data (ADR 0035); auto-import then
 * creates the profile. Cancelling aborts the upload (the API stops and refunds when the request
 * goes away, nothing is charged) or, once the detection exists, cancels it by id: nothing is
 * created, and the reading stays paid.
 */
export type AutoProfilePhase = 'uploading' | 'analyzing' | 'generating' | 'done';
/** `updated`: the CV went into a student who already existed (ADR 0044), not a new one. */
export type CreatedStudent = { id: string; name: string; updated?: boolean };
type Detection = { detectionId: string; detected: { name?: { value: string } }; extraFilesIgnored?: number; matches?: ProfileMatch[] };
/** What the consultant chose when the CV may be a student who exists: update that one, or a new student. */
export type MatchChoice = { updateProfileId: string; replaceFields: ProfileMergeField[] } | { create: true };

export const CREATE_FAILED = '创建失败';
export const AUTO_PROFILE_FAILED = '智能建档失败，请重试';

export class AutoProfileCancelled extends Error {
  override name = 'AutoProfileCancelled';
}

/** POST /client-profiles {name}: spec §5, no name in the answer is 创建失败. */
export async function createStudent(name: string): Promise<CreatedStudent> {
  const created = await resourceFetch<Partial<CreatedStudent> | null>('client-profiles', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (!created?.id || !created.name) throw new ApiRequestError(500, 'BAD_RESPONSE', CREATE_FAILED);
  return { id: created.id, name: created.name };
}

/** A refusal keeps the API's own words (文件无效，请重新上传, …); a crash or lost connection is 智能建档失败，请重试. */
const detectionFailure = (status: number, body: ResourceEnvelope | null) =>
  status >= 400 && status < 500 && body?.message
    ? resourceFailure(status, body)
    : new ApiRequestError(status, body?.code ?? 'AUTO_PROFILE_FAILED', AUTO_PROFILE_FAILED);

function upload(file: File, nickname: string, onPhase: (p: AutoProfilePhase, uploaded?: number) => void) {
  const xhr = new XMLHttpRequest();
  const done = new Promise<Detection>((resolve, reject) => {
    xhr.open('POST', '/resources/api/ai/auto-cv-detection');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => onPhase('uploading', e.lengthComputable ? e.loaded / e.total : undefined);
    xhr.upload.onload = () => onPhase('analyzing');
    xhr.onabort = () => reject(new AutoProfileCancelled());
    xhr.onerror = () => reject(new ApiRequestError(0, 'NETWORK_ERROR', AUTO_PROFILE_FAILED));
    xhr.onload = () => {
      let body: ResourceEnvelope | null;
      try {
        body = JSON.parse(xhr.responseText) as ResourceEnvelope;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.success) resolve(body.data as Detection);
      else reject(detectionFailure(xhr.status, body));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    if (nickname) form.append('nickname', nickname);
    xhr.send(form);
  });
  return { xhr, done };
}

export type AutoProfileRun = {
  result: Promise<CreatedStudent & { warning?: string }>;
  /** Resolves with the student when creation had already happened (too late to cancel). */
  cancel: () => Promise<CreatedStudent | null>;
};

export function startAutoProfile(input: {
  file: File;
  nickname: string;
  onPhase: (phase: AutoProfilePhase, uploaded?: number) => void;
  /** Asked when the CV may be one of the user's students; null: the run was cancelled meanwhile. */
  chooseMatch: (matches: ProfileMatch[]) => Promise<MatchChoice | null>;
  /** Asked when neither the form nor the CV gives the student's name (never the file's name); null: cancelled. */
  askName: () => Promise<string | null>;
}): AutoProfileRun {
  let cancelled = false;
  let detectionId: string | null = null;
  let created: CreatedStudent | null = null;
  const sending = upload(input.file, input.nickname, input.onPhase);
  input.onPhase('uploading', 0);

  const result = (async () => {
    const detection = await sending.done;
    detectionId = detection.detectionId;
    if (cancelled) throw new AutoProfileCancelled();
    // A student who may exist already: nothing is created until the consultant chooses.
    const choice = detection.matches?.length ? await input.chooseMatch(detection.matches) : { create: true as const };
    if (cancelled || !choice) throw new AutoProfileCancelled();
    const update = 'updateProfileId' in choice ? choice : null;
    // An update keeps the student's name; a new student needs one, and a file's name is not a person's.
    const name = input.nickname || detection.detected.name?.value || (update ? '' : await input.askName());
    if (cancelled || name === null) throw new AutoProfileCancelled();
    input.onPhase('generating');
    const profile = await resourceFetch<Partial<CreatedStudent> | null>('client-profiles/auto-import', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ detectionId, name, ...(update ?? {}) }),
    });
    if (!profile?.id || !profile.name) throw new ApiRequestError(500, 'BAD_RESPONSE', CREATE_FAILED);
    created = { id: profile.id, name: profile.name, updated: Boolean(update) };
    if (cancelled) throw new AutoProfileCancelled();
    input.onPhase('done');
    return { ...created, warning: detection.extraFilesIgnored ? '一次只能上传一个文件，仅处理第一个文件' : undefined };
  })();

  const cancel = async () => {
    cancelled = true;
    if (created) return created;
    if (!detectionId) {
      sending.xhr.abort();
      return null;
    }
    try {
      await resourceFetch(`ai/auto-cv-detection/${detectionId}/cancel`, { method: 'POST' });
      return null;
    } catch (error) {
      // 档案已创建，无法取消: the import won the race; the student exists.
      if (error instanceof ApiRequestError && error.status === 409) {
        const won = await result.catch(() => null);
        return won ? { id: won.id, name: won.name } : created;
      }
      throw error;
    }
  };
  return { result, cancel };
}
