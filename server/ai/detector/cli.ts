// npm run detect -- FILE.jsonl [--out OUT.jsonl]
//
// Reads JSON lines with a `text` field and writes one JSON line per input
// line, in input order: {"aiRate": number|null, "label": "human"|"mixed"|"ai"|null, ...}
// (also band, language, wordCount, reliability, caveats, modelVersion).
// aiRate and label are null when the text is too short to judge (with
// "code": "TEXT_TOO_SHORT"). A line that is blank, not JSON, or has no string
// `text` field gets an output line {"aiRate": null, "label": null, "error": "..."}
// and a message on stderr naming the line; the exit code is then 1 (all
// other lines are still scored, so outputs stay aligned with inputs).

import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import type { DetectionResult } from './index';
import { loadDetector } from './index';

function parseArgs(argv: string[]): { file: string; out: string | null } {
  let file: string | null = null;
  let out: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--out') out = argv[++i] ?? null;
    else if (a.startsWith('--out=')) out = a.slice('--out='.length);
    else if (a === '-h' || a === '--help') usage(0);
    else if (file === null) file = a;
    else usage(2);
  }
  if (file === null) usage(2);
  return { file: file as string, out };
}

function usage(code: number): never {
  process.stderr.write('usage: npm run detect -- FILE.jsonl [--out OUT.jsonl]   (FILE "-" reads stdin)\n');
  process.exit(code);
}

type Output = Record<string, unknown>;

/** One output line for one input line; `error` is set when the line is unusable. */
function scoreLine(line: string, detect: (text: string) => DetectionResult): { out: Output; error?: string } {
  const fail = (error: string) => ({ out: { aiRate: null, label: null, error }, error });
  if (line.trim() === '') return fail('blank line');
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch (e) {
    return fail(`invalid JSON (${(e as Error).message})`);
  }
  const text = typeof parsed === 'object' && parsed !== null ? (parsed as { text?: unknown }).text : undefined;
  if (typeof text !== 'string') return fail('missing string field "text"');
  const r = detect(text);
  return {
    out: r.ok
      ? {
          aiRate: r.aiRate,
          label: r.label,
          band: r.band,
          language: r.language,
          wordCount: r.wordCount,
          reliability: r.reliability,
          caveats: r.caveats,
          modelVersion: r.modelVersion,
        }
      : {
          aiRate: null,
          label: null,
          code: r.code,
          message: r.message,
          language: r.language,
          wordCount: r.wordCount,
          minLength: r.minLength,
        },
  };
}

async function main(): Promise<void> {
  const { file, out } = parseArgs(process.argv.slice(2));
  const detector = loadDetector();
  const input = file === '-' ? process.stdin : createReadStream(file, { encoding: 'utf8' });
  const sink: Writable = out ? createWriteStream(out) : process.stdout;
  const rl = createInterface({ input, crlfDelay: Infinity });
  let lineNo = 0;
  let errors = 0;
  for await (const line of rl) {
    lineNo++;
    const { out: result, error } = scoreLine(line, (t) => detector.detect(t));
    if (error) {
      errors++;
      process.stderr.write(`${file}:${lineNo}: ${error}\n`);
    }
    if (!sink.write(`${JSON.stringify(result)}\n`)) await new Promise((res) => sink.once('drain', res));
  }
  if (out) await new Promise<void>((res) => sink.end(res));
  if (errors > 0) {
    process.stderr.write(`${errors} line(s) could not be scored; see above.\n`);
    process.exitCode = 1;
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`detect: ${(e as Error).message}\n`);
  process.exit(1);
});
