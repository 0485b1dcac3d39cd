// The grammar worker (ADR 0041): Harper (harper.js, WebAssembly) loaded once and reused, so its
// ~1.3 s setup and each lint run off the main thread. Plain JavaScript: it needs no TypeScript.
// Each message is { id, texts }; each answer { id, lints } (one list per text) or { id, error }.
import { parentPort } from 'node:worker_threads';
import { Dialect, LocalLinter } from 'harper.js';
import { binary } from 'harper.js/binary';

const american = new LocalLinter({ binary, dialect: Dialect.American });
const british = new LocalLinter({ binary, dialect: Dialect.British });
const ready = Promise.all([american.setup(), british.setup()]);

const plain = (lint) => ({
  start: lint.span().start,
  end: lint.span().end,
  kind: lint.lint_kind(),
  message: lint.message(),
  problem: lint.get_problem_text(),
  suggestions: lint.suggestions().map((s) => ({ kind: s.kind(), text: s.get_replacement_text() })),
});

/**
 * Both spellings are accepted (colour and color, realise and realize): a word the American
 * dictionary does not know is a spelling error only when the British one does not know it either.
 */
async function britishWords(words) {
  if (words.length === 0) return new Set();
  const flagged = new Set();
  for (const lint of await british.lint(words.join('\n'))) {
    if (lint.lint_kind() === 'Spelling') flagged.add(lint.get_problem_text().toLowerCase());
  }
  return new Set(words.filter((w) => !flagged.has(w.toLowerCase())).map((w) => w.toLowerCase()));
}

async function lintAll(texts) {
  await ready;
  const raw = [];
  for (const text of texts) raw.push((await american.lint(text)).map(plain));
  const unknown = [
    ...new Set(
      raw
        .flat()
        .filter((l) => l.kind === 'Spelling')
        .map((l) => l.problem),
    ),
  ];
  const british = await britishWords(unknown);
  return raw.map((lints) => lints.filter((l) => !(l.kind === 'Spelling' && british.has(l.problem.toLowerCase()))));
}

parentPort.on('message', ({ id, texts }) => {
  lintAll(texts).then(
    (lints) => parentPort.postMessage({ id, lints }),
    (error) => parentPort.postMessage({ id, error: String(error?.message ?? error) }),
  );
});
