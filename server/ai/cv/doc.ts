import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import CFB from 'cfb';
import WordExtractor from 'word-extractor';
import { extractionTimeout, fileEncrypted, fileInvalid, fileUnsupported } from './errors';

/**
 * An OLE2 compound file is a Word 97–2003 document only if it holds a WordDocument stream (Excel,
 * PowerPoint and Outlook use the same container). Office also wraps an encrypted .docx in one.
 * Read with SheetJS's `cfb`; the text itself comes from `word-extractor` (docText), or from
 * LibreOffice when that fails.
 */
export function checkWordDocument(bytes: Uint8Array) {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), { type: 'buffer' });
  } catch {
    throw fileInvalid('corrupt');
  }
  if (CFB.find(container, 'EncryptedPackage')) throw fileEncrypted();
  const word = CFB.find(container, 'WordDocument');
  if (!word?.content || word.content.length < 12) throw fileUnsupported('ole');
  // [MS-DOC] FibBase: fEncrypted is bit 8 of the flags at offset 0x0A. LibreOffice would stop on a
  // password prompt nobody can answer.
  const flags = word.content[0x0a] | (word.content[0x0b] << 8);
  if (flags & 0x0100) throw fileEncrypted();
}

/**
 * The text of a Word 97–2003 document, in process with `word-extractor` (pure JavaScript, run in
 * the extraction worker): headers first (CVs put the name and contacts there), then the body,
 * then text boxes. Table cells come apart by tabs. The student's own quotes and dashes are kept.
 */
export async function docText(bytes: Uint8Array): Promise<string> {
  const document = await new WordExtractor().extract(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  const raw = { filterUnicode: false } as Record<string, unknown>;
  const parts = [
    document.getHeaders({ includeFooters: false, ...raw }),
    (document.getBody as (options: object) => string)(raw),
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true, ...raw }),
  ];
  return parts.filter((part) => part.trim()).join('\n');
}

/** LibreOffice's program: `SOFFICE_PATH` (a path that does not exist turns the fallback off, as on a machine without it). */
const sofficePath = () => process.env.SOFFICE_PATH || 'soffice';

/** LibreOffice could not be started (not installed): the server's limit, not the file's fault. */
export class LibreOfficeMissing extends Error {}

/**
 * Word 97–2003 to text with LibreOffice headless, the fallback for a document `word-extractor`
 * cannot read: in a temporary directory with its own user profile (parallel conversions never
 * share one), in a process group killed at the deadline or on abort. Macros do not run in headless
 * conversion. Throws LibreOfficeMissing if LibreOffice cannot be started.
 */
export async function convertDoc(bytes: Uint8Array, options: { timeoutMs: number; signal?: AbortSignal }): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lx-cv-doc-'));
  try {
    const input = path.join(dir, 'cv.doc');
    const outDir = path.join(dir, 'out');
    await Promise.all([writeFile(input, bytes), mkdir(outDir)]);
    const args = [
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--headless',
      '--norestore',
      '--nolockcheck',
      '--infilter=MS Word 97',
      '--convert-to',
      'txt:Text (encoded):UTF8',
      '--outdir',
      outDir,
      input,
    ];
    // HOME and TMPDIR inside the directory too: a killed LibreOffice leaves its lu*.tmp files there.
    await run(sofficePath(), args, { ...options, env: { ...process.env, HOME: dir, TMPDIR: dir } });
    const text = await readFile(path.join(outDir, 'cv.txt'), 'utf8').catch(() => {
      // LibreOffice exits 0 without output when it cannot read the file.
      throw fileInvalid('corrupt');
    });
    return text.replace(/^\ufeff/, '');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], options: { timeoutMs: number; signal?: AbortSignal; env: NodeJS.ProcessEnv }) {
  return new Promise<void>((resolve, reject) => {
    options.signal?.throwIfAborted();
    // detached: its own process group, so the kill reaches soffice.bin behind the launcher script.
    const child = spawn(command, args, { detached: true, stdio: 'ignore', env: options.env });
    let settled = false;
    const finish = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    };
    const kill = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const onAbort = () => {
      kill();
      finish(options.signal?.reason);
    };
    const timer = setTimeout(() => {
      kill();
      finish(extractionTimeout());
    }, options.timeoutMs);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('error', (error) =>
      finish(new LibreOfficeMissing(`LibreOffice (${command}) could not be started: ${error.message}`, { cause: error })),
    );
    child.on('exit', (code) => finish(code === 0 ? undefined : fileInvalid('corrupt')));
  });
}
