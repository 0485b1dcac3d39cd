import { UPLOAD_FILE_LIMIT_BYTES } from '../../contracts/limits';

/**
 * Spec §5 upload rules, checked in the browser before anything is sent (the API checks the same by
 * content, never trusting the name). Messages are the spec's own.
 */
export const UPLOAD_MESSAGES = {
  type: '仅支持pdf, doc, docx和txt格式的文件',
  size: '文件必须小于 5MB!',
  many: '一次只能上传一个文件，仅处理第一个文件',
  keepFirst: '仅保留第一个文件',
  invalid: '文件无效，请重新上传',
  nickname: '请输入学生昵称',
} as const;
export const UPLOAD_ACCEPT = '.pdf,.doc,.docx,.txt';
const EXTENSIONS = /\.(pdf|docx?|txt)$/i;

type FileLike = { name: string; size: number };

/**
 * The file to keep from a selection or drop: the first one, with a warning when more came or one
 * was already chosen (the chosen one stays), or the reason none can be used.
 */
export function pickUpload<F extends FileLike>(
  incoming: ArrayLike<F> | null | undefined,
  current: F | null,
): { file: F; warning?: string } | { error: string } | { file: F | null; warning: string } {
  const files = Array.from(incoming ?? []);
  if (files.length === 0) return { error: UPLOAD_MESSAGES.invalid };
  if (current) return { file: current, warning: UPLOAD_MESSAGES.keepFirst };
  const [first] = files;
  const problem = checkUpload(first);
  if (problem) return { error: problem };
  return files.length > 1 ? { file: first!, warning: UPLOAD_MESSAGES.many } : { file: first! };
}

/** Why this file cannot be sent, or null. */
export function checkUpload(file: FileLike | null | undefined): string | null {
  if (!file || typeof file.name !== 'string' || !Number.isFinite(file.size) || file.size <= 0) return UPLOAD_MESSAGES.invalid;
  if (!EXTENSIONS.test(file.name)) return UPLOAD_MESSAGES.type;
  if (file.size >= UPLOAD_FILE_LIMIT_BYTES) return UPLOAD_MESSAGES.size;
  return null;
}
