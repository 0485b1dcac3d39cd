import { DomainError } from '../../errors';

/**
 * What an uploaded CV can fail with (spec §5 for the upload rules' own words). The content decides:
 * a file's name and the browser's MIME type are never trusted. `data.reason` says which rule
 * refused a file, for logs and tests; the user reads the message.
 */
export const CV_FILE_MESSAGES = {
  unsupported: '仅支持pdf, doc, docx和txt格式的文件',
  tooLarge: '文件必须小于 5MB!',
  invalid: '文件无效，请重新上传',
  encrypted: '文件已加密，请上传未加密的文件',
  noText: '未能从文件中识别出文字，请上传带文字层的 PDF 或 Word 文件',
  timeout: '文件解析超时，请检查文件后重新上传',
  tooComplex: '文件内容过于复杂，无法读取',
  docUnreadable: '无法读取该 Word 97-2003 (.doc) 文件，请另存为 .docx 或 PDF 后重新上传',
  busy: '你有文件正在读取，请稍后再试',
} as const;

/** Why a file is invalid: empty, unreadable, an archive that inflates too far, or too heavy to parse. */
export type InvalidReason = 'empty' | 'corrupt' | 'zip-bomb' | 'too-complex' | 'doc-unreadable';
/** What made a file too heavy: the worker's memory, or a PDF limit of pdf-scan.ts (ADR 0032). */
export type ComplexReason = 'too-complex' | 'pdf-inflate' | 'pdf-operators' | 'pdf-streams' | 'pdf-pages';

export const fileUnsupported = (detected?: string) =>
  new DomainError('FILE_TYPE_UNSUPPORTED', CV_FILE_MESSAGES.unsupported, detected ? { detected } : undefined);
/** The same code the multipart parser answers with for an oversized upload (server/http/body.ts). */
export const fileTooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', CV_FILE_MESSAGES.tooLarge);
export const fileInvalid = (reason: InvalidReason) => new DomainError('FILE_INVALID', CV_FILE_MESSAGES.invalid, { reason });
export const fileTooComplex = (reason: ComplexReason) => new DomainError('FILE_INVALID', CV_FILE_MESSAGES.tooComplex, { reason });
/** A .doc neither the JavaScript reader nor LibreOffice (absent, or failing) could read. */
export const docUnreadable = () => new DomainError('FILE_INVALID', CV_FILE_MESSAGES.docUnreadable, { reason: 'doc-unreadable' });
/** 429: the owner already has a file reading and another waiting (extract-text.ts). */
export const extractionBusy = () => new DomainError('RATE_LIMITED', CV_FILE_MESSAGES.busy);
export const fileEncrypted = () => new DomainError('FILE_ENCRYPTED', CV_FILE_MESSAGES.encrypted);
export const noText = () => new DomainError('CV_NO_TEXT', CV_FILE_MESSAGES.noText);
export const extractionTimeout = () => new DomainError('EXTRACTION_TIMEOUT', CV_FILE_MESSAGES.timeout);
