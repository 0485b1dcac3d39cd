import type { RequestHandler } from 'express';
import express from 'express';
import busboy from 'busboy';
import { DomainError } from '../domain/errors';

/**
 * Body parsers, chosen per route where the router is mounted (server/mounts.ts): JSON for the API,
 * the exact bytes for payment notifications (their signatures cover the raw body), multipart for
 * uploads. Nothing parses a body globally.
 */

/** Deeper JSON is never legitimate here, and parsing (or walking) it costs stack and time. */
export const MAX_JSON_DEPTH = 32;

/** The value of the hex digit `c` (an ASCII byte), or -1. */
function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x61 + 10 : -1;
}

/** The code unit of the four hex digits at raw[at..at+3], or -1 when they are not four hex digits. */
function hex4(raw: Buffer, at: number): number {
  let value = 0;
  for (let k = 0; k < 4; k++) {
    const digit = hexValue(raw[at + k]);
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** Whether raw[at] starts `\uXXXX` naming a low surrogate (DC00–DFFF). */
const lowSurrogateEscapeAt = (raw: Buffer, at: number) => {
  if (raw[at] !== 0x5c || raw[at + 1] !== 0x75) return false;
  const unit = hex4(raw, at + 2);
  return unit >= 0xdc00 && unit <= 0xdfff;
};

export type JsonBodyProblem = 'too-deep' | 'nul' | 'lone-surrogate';

/**
 * Scans the raw bytes before JSON.parse runs: O(n), no recursion, stops at the first problem.
 * Returns what is wrong: nesting deeper than `maxDepth`, a NUL character, or a lone UTF-16
 * surrogate (a `\uD800`–`\uDBFF` escape not followed by a `\uDC00`–`\uDFFF` one, or such a low
 * escape on its own). JSON allows both, but PostgreSQL text and jsonb cannot hold them. Raw
 * surrogate bytes cannot occur: the body is read as UTF-8, which turns them into U+FFFD.
 */
export function jsonBodyProblem(raw: Buffer, maxDepth: number): JsonBodyProblem | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === 0x5c) {
        // backslash: an escape. \u escapes are read whole; any other skips one character.
        if (raw[i + 1] !== 0x75) {
          i++;
          continue;
        }
        const unit = hex4(raw, i + 2);
        if (unit === 0) return 'nul';
        if (unit >= 0xdc00 && unit <= 0xdfff) return 'lone-surrogate';
        if (unit >= 0xd800 && unit <= 0xdbff) {
          if (!lowSurrogateEscapeAt(raw, i + 6)) return 'lone-surrogate';
          i += 11; // both escapes
        } else if (unit >= 0) i += 5;
        else i++; // not four hex digits: JSON.parse refuses it
      } else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return 'too-deep';
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return null;
}

export function jsonBody(options: { limit?: string } = {}): RequestHandler {
  return express.json({
    limit: options.limit ?? '2mb',
    verify: (_req, _res, raw, encoding) => {
      // The scan reads the bytes as UTF-8; a UTF-16 or UTF-32 body could carry a raw surrogate past it.
      if (!/^utf-?8$/i.test(encoding)) throw new DomainError('UNSUPPORTED_MEDIA_TYPE', '请求编码不受支持，请使用 UTF-8');
      const problem = jsonBodyProblem(raw, MAX_JSON_DEPTH);
      if (problem === 'too-deep') throw new DomainError('VALIDATION_ERROR', '请求内容嵌套层级过深');
      if (problem) throw new DomainError('VALIDATION_ERROR', '请求内容包含无效字符');
    },
  });
}

/** The exact bytes as a Buffer in `req.body`, for bodies whose signature must be checked as sent. */
export function rawBody(options: { limit?: string; type?: string } = {}): RequestHandler {
  return express.raw({ limit: options.limit ?? '256kb', type: options.type ?? '*/*' });
}

export type UploadedFile = { fieldName: string; filename: string; mimeType: string; buffer: Buffer };
export type MultipartRequest = { body: Record<string, string>; file?: UploadedFile; extraFiles: number };

const MALFORMED_UPLOAD = '上传格式错误，请重新上传';

/**
 * One file (the first; later ones are counted and dropped, as the upload rules say) plus text
 * fields. A file over `maxFileBytes` is refused with 413 before the rest is read into memory.
 *
 * Every stream involved has an `error` listener: busboy reports a body that ends inside a part
 * ("Unexpected end of form") on the file stream as well as on the parser, and an unheard `error`
 * on any of them ends the process (issue 22). A request that errors or goes away before its body
 * is complete ends the parse too. Whatever happens, `next` is called exactly once.
 */
export function multipartBody(options: { maxFileBytes: number; tooLargeMessage: string; maxFields?: number }): RequestHandler {
  return (req, res, next) => {
    if (!req.is('multipart/form-data')) return next(new DomainError('UNSUPPORTED_MEDIA_TYPE', '请以 multipart/form-data 上传文件'));
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // Browsers send UTF-8 file names (学生简历.pdf) without RFC 5987 encoding.
        defParamCharset: 'utf8',
        limits: { files: 20, fileSize: options.maxFileBytes, fields: options.maxFields ?? 20, fieldSize: 64 * 1024, parts: 40 },
      });
    } catch {
      return next(new DomainError('VALIDATION_ERROR', MALFORMED_UPLOAD));
    }
    const target = req as unknown as MultipartRequest;
    target.body = {};
    target.extraFiles = 0;
    let failed: DomainError | null = null;
    const fail = (error: DomainError) => {
      failed ??= error;
    };
    let finished = false;
    const finish = (error?: DomainError | null) => {
      if (finished) return;
      finished = true;
      req.unpipe(parser);
      if (error) {
        // The rest of a refused body is not worth reading: the answer ends the connection.
        if (!req.complete) res.setHeader('Connection', 'close');
        target.file = undefined;
      }
      next(error ?? undefined);
    };
    const malformed = () => finish(new DomainError('VALIDATION_ERROR', MALFORMED_UPLOAD));
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new DomainError('PAYLOAD_TOO_LARGE', '表单字段过长'));
      target.body[name] = value;
    });
    let taken = false;
    parser.on('file', (fieldName, stream, info) => {
      stream.on('error', malformed);
      if (taken || failed) {
        if (!failed) target.extraFiles++;
        return void stream.resume();
      }
      taken = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new DomainError('PAYLOAD_TOO_LARGE', options.tooLargeMessage)));
      stream.on('end', () => {
        if (!failed) target.file = { fieldName, filename: info.filename ?? '', mimeType: info.mimeType, buffer: Buffer.concat(chunks) };
      });
    });
    parser.on('partsLimit', () => fail(new DomainError('PAYLOAD_TOO_LARGE', '上传内容过多')));
    parser.on('error', malformed);
    parser.on('close', () => finish(failed));
    req.on('error', malformed);
    // A client that goes away mid-body: busboy is never told the body ended, so nothing else would.
    req.on('close', () => {
      if (!req.complete) malformed();
    });
    req.pipe(parser);
  };
}
