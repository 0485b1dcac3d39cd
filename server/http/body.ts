import type { RequestHandler } from 'express';
import express from 'express';
import busboy from 'busboy';
import { DomainError } from '../domain/errors';

/**
 * Body parsers, chosen per route where the router is mounted (server/server.ts): JSON for the API,
 * the exact bytes for payment notifications (their signatures cover the raw body), multipart for
 * uploads. Nothing parses a body globally.
 */

/** Deeper JSON is never legitimate here, and parsing (or walking) it costs stack and time. */
export const MAX_JSON_DEPTH = 32;

/** `\u0000` inside a JSON string: valid JSON, but PostgreSQL text cannot hold it. */
const NUL_ESCAPE = Buffer.from('u0000');

/**
 * Scans the raw bytes before JSON.parse runs: O(n), no recursion, stops at the first problem.
 * Returns what is wrong: nesting deeper than `maxDepth`, or a NUL character.
 */
export function jsonBodyProblem(raw: Buffer, maxDepth: number): 'too-deep' | 'nul' | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (inString) {
      if (c === 0x5c) {
        // backslash: an escape; \u0000 is the one we refuse
        if (raw[i + 1] === 0x75 && raw.subarray(i + 1, i + 6).equals(NUL_ESCAPE)) return 'nul';
        i++;
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
    verify: (_req, _res, raw) => {
      const problem = jsonBodyProblem(raw, MAX_JSON_DEPTH);
      if (problem === 'too-deep') throw new DomainError('VALIDATION_ERROR', '请求内容嵌套层级过深');
      if (problem === 'nul') throw new DomainError('VALIDATION_ERROR', '请求内容包含无效字符');
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
