import type { DetectedCv } from '../../../contracts/client-profiles';
import { DomainError } from '../../errors';
import { checkWordDocument, docText } from './doc';
import { fileInvalid } from './errors';
import { finish, type CvFormat, type ExtractedText } from './normalise';
import { parseCv } from './parse-cv';
import { pdfText } from './pdf';
import { sniff } from './sniff';
import { decodeText } from './txt';

/**
 * A job for the extraction worker: read a file, or finish text LibreOffice converted. With
 * `parse`, the rule-based reader runs on the text too, in the same worker and time limit.
 */
export type Job = { kind: 'read'; bytes: Uint8Array; parse: boolean } | { kind: 'finish'; raw: string; format: CvFormat; parse: boolean };

type Refusal = { ok: false; code: DomainError['code']; message: string; data?: Record<string, unknown> };

/**
 * What the worker answers: the text (and the parsed CV when asked), a legacy .doc for LibreOffice
 * (`jsReader`: what the JavaScript reader said, when it read the file but found no text), or a refusal.
 */
export type JobOutcome =
  { ok: true; result: ExtractedText; parsed?: DetectedCv } | { ok: true; convert: 'doc'; jsReader?: Refusal } | Refusal;

/** Runs inside the extraction worker (extract-thread.ts): every parser touches the file here only. */
export async function runJob(job: Job): Promise<JobOutcome> {
  try {
    const read = job.kind === 'read' ? await readFile(job.bytes) : finish(job.raw, job.format);
    if ('convert' in read) return read;
    return { ok: true, result: read, ...(job.parse ? { parsed: parseCv(read.text, { title: read.title }) } : {}) };
  } catch (error) {
    return refusalOf(error);
  }
}

async function readFile(bytes: Uint8Array): Promise<ExtractedText | { ok: true; convert: 'doc'; jsReader?: Refusal }> {
  const container = sniff(bytes);
  if (container === 'ole') {
    checkWordDocument(bytes);
    let text: string;
    try {
      text = await docText(bytes);
    } catch {
      // word-extractor cannot read it: LibreOffice may.
      return { ok: true, convert: 'doc' };
    }
    try {
      return finish(text, 'doc');
    } catch (error) {
      return { ok: true, convert: 'doc', jsReader: refusalOf(error) };
    }
  }
  if (container === 'pdf') {
    const { text, pages, title } = await pdfText(bytes);
    const extracted = finish(text, 'pdf', pages);
    return title ? { ...extracted, title } : extracted;
  }
  if (container === 'zip') {
    // mammoth is loaded by the jobs that need it only.
    const { docxText } = await import('./docx');
    return finish(await docxText(bytes), 'docx');
  }
  return finish(decodeText(bytes).text, 'txt');
}

function refusalOf(error: unknown): Refusal {
  // A parser's own exception is a file it could not read; only our refusals carry their reason.
  const refusal = error instanceof DomainError ? error : fileInvalid('corrupt');
  return { ok: false, code: refusal.code, message: refusal.message, data: refusal.data };
}
