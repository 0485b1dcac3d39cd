import { DomainError } from '../../domain/errors';
import { checkWordDocument } from './doc';
import { fileInvalid } from './errors';
import { finish, type ExtractedText } from './normalise';
import { pdfText } from './pdf';
import { sniff } from './sniff';
import { decodeText } from './txt';

/** What the worker answers: the text, a legacy .doc for LibreOffice, or a refusal. */
export type JobOutcome =
  | { ok: true; result: ExtractedText }
  | { ok: true; convert: 'doc' }
  | { ok: false; code: DomainError['code']; message: string; data?: Record<string, unknown> };

/** Runs inside the extraction worker (extract-worker.mjs): every parser touches the file here only. */
export async function runJob(bytes: Uint8Array): Promise<JobOutcome> {
  try {
    const container = sniff(bytes);
    if (container === 'ole') {
      checkWordDocument(bytes);
      return { ok: true, convert: 'doc' };
    }
    if (container === 'pdf') {
      const { text, pages } = await pdfText(bytes);
      return { ok: true, result: finish(text, 'pdf', pages) };
    }
    if (container === 'zip') {
      // mammoth is loaded by the jobs that need it only.
      const { docxText } = await import('./docx');
      return { ok: true, result: finish(await docxText(bytes), 'docx') };
    }
    return { ok: true, result: finish(decodeText(bytes).text, 'txt') };
  } catch (error) {
    // A parser's own exception is a file it could not read; only our refusals carry their reason.
    const refusal = error instanceof DomainError ? error : fileInvalid('corrupt');
    return { ok: false, code: refusal.code, message: refusal.message, data: refusal.data };
  }
}
