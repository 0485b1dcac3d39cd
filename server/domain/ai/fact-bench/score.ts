import { findUnsupported, knownTextOf } from '../fact-check';
import type { FactPair } from './types';

/**
 * The bench's measure (issue 24): an invention is caught when a finding covers any of it; a true
 * fact is flagged when a finding covers any of it. Findings are placed where their text stands.
 */
export type PairScore = {
  id: string;
  setting: FactPair['setting'];
  caught: string[];
  missed: string[];
  flagged: string[];
  truths: number;
  findings: string[];
};

function spanOf(text: string, phrase: string): [number, number] {
  const at = text.indexOf(phrase);
  if (at < 0) throw new Error(`not in the text: ${phrase}`);
  return [at, at + phrase.length];
}

export function scorePair(pair: FactPair): PairScore {
  const known = knownTextOf(pair.name, pair.archive, pair.context ?? []);
  const findings = findUnsupported(pair.text, known).map((f) => f.text);
  const spans: Array<[number, number]> = [];
  for (const f of findings) for (let at = pair.text.indexOf(f); at >= 0; at = pair.text.indexOf(f, at + 1)) spans.push([at, at + f.length]);
  const covered = (phrase: string) => {
    const [s, e] = spanOf(pair.text, phrase);
    return spans.some(([a, b]) => a < e && s < b);
  };
  const caught = pair.inventions.filter(covered);
  return {
    id: pair.id,
    setting: pair.setting,
    caught,
    missed: pair.inventions.filter((p) => !covered(p)),
    flagged: pair.truths.filter(covered),
    truths: pair.truths.length,
    findings,
  };
}

export type Totals = { inventions: number; caught: number; truths: number; flagged: number; recall: number; falseRate: number };

export function totalsOf(scores: PairScore[]): Totals {
  const inventions = scores.reduce((n, s) => n + s.caught.length + s.missed.length, 0);
  const caught = scores.reduce((n, s) => n + s.caught.length, 0);
  const truths = scores.reduce((n, s) => n + s.truths, 0);
  const flagged = scores.reduce((n, s) => n + s.flagged.length, 0);
  return { inventions, caught, truths, flagged, recall: inventions ? caught / inventions : 1, falseRate: truths ? flagged / truths : 0 };
}
