// Corpus loading and the deterministic split shared by training (ml/detector/),
// the benches and the tests. A row's split depends only on a hash of its text, so
// every consumer agrees on what is held out without sharing any state. It lives
// here, not in ml/, because the reducer's bench (server/ai/reducer/bench.ts)
// scores the same held-out texts.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { fnv1a } from './hash';
import type { SplitRule } from './model';
import type { Lang } from './text';

export interface CorpusRow {
  text: string;
  label: 'human' | 'ai';
  lang: Lang;
  domain: string;
  generator: string;
  source: string;
}

export type SplitName = 'train' | 'calib' | 'test';

export const DEFAULT_SPLIT: SplitRule = { salt: 'aigc-split-v1:', trainBelow: 70, calibBelow: 85 };

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The corpus files read by default (in this order), in `../shared/data/aigc/` relative to the repo root. */
export const CORPUS_FILES = ['corpus.jsonl.gz', 'corpus-extra.jsonl.gz', 'corpus-zh-extra.jsonl.gz'];

/**
 * The corpus files training, the bench and the tests read: every file of
 * CORPUS_FILES that exists. `AIGC_CORPUS` overrides them with a
 * comma-separated list of paths.
 */
export function corpusPaths(): string[] {
  if (process.env.AIGC_CORPUS)
    return process.env.AIGC_CORPUS.split(',')
      .map((p) => p.trim())
      .filter((p) => p.length > 0);
  return CORPUS_FILES.map((f) => resolve(REPO_ROOT, '../shared/data/aigc', f)).filter((p) => existsSync(p));
}

/** For messages: the corpus files, comma-separated. */
export function corpusPath(): string {
  return corpusPaths().join(',');
}

export function corpusAvailable(): boolean {
  const paths = corpusPaths();
  return paths.length > 0 && paths.every((p) => existsSync(p));
}

/**
 * Undoes extraction artefacts that would otherwise be learnt as label
 * signals: literal "\n" escapes (only in some AI rows) and HTML tags (only
 * in some human rows).
 */
export function cleanCorpusText(t: string): string {
  return t
    .replace(/\\r\\n|\\n|\\r/g, '\n')
    .replace(/<\/?[a-zA-Z][^<>]{0,40}>/g, ' ')
    .trim();
}

/** Rows of the given corpus files (default: corpusPaths()), in file order. */
export function loadCorpus(paths: string | string[] = corpusPaths()): CorpusRow[] {
  const rows: CorpusRow[] = [];
  for (const path of typeof paths === 'string' ? paths.split(',') : paths) {
    const lines = gunzipSync(readFileSync(path)).toString('utf8').split('\n');
    for (const line of lines) {
      if (!line.trim()) continue;
      const r = JSON.parse(line) as CorpusRow;
      rows.push({
        text: cleanCorpusText(r.text),
        label: r.label,
        lang: r.lang,
        domain: r.domain,
        generator: r.generator,
        source: r.source,
      });
    }
  }
  return rows;
}

export function splitOf(text: string, rule: SplitRule): SplitName {
  const bucket = fnv1a(rule.salt + text) % 100;
  return bucket < rule.trainBelow ? 'train' : bucket < rule.calibBelow ? 'calib' : 'test';
}
