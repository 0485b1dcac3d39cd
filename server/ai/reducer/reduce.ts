import { checkDetectInput, loadDetectorAsync, type DetectionResult } from '../detector';
import { DomainError } from '../../errors';
import { runSliced, Slicer } from '../time-slice';
import { factsOfSteps, lostFacts } from './facts';
import {
  DEFAULT_REDUCE_TARGET,
  type ReduceEvent,
  type ReduceMode,
  type ReduceResultData,
  type ReduceScore,
  type ReduceSegment,
} from '../../../contracts/detection-constants';
import { DocScorer } from './guide';
import { keepsGrammar } from '../grammar/check';
import { MAX_REWRITE_CHARS, rewriteCandidates } from './local-rewriter';

/**
 * 降AI率 (issue 14): rewrite the sentences the detector scores highest, score the text again, and
 * repeat until it is under the target or the mode's rounds are spent. Each round the rewrites come
 * from the language model when one is given, else from the local rewriter (its rounds go from
 * light to the chosen mode's edits over more sentences): it offers several rewrites of each
 * sentence and the reducer keeps the one that lowers the whole text's score most (guide.ts). Meaning is locked: a rewrite that loses a
 * number, a name, a title or a protected term is not used.
 *
 * The work is bounded and sliced (issue 22, ADR 0034): a text over checkDetectInput's limits is
 * refused before any work, a candidate is scored at the cost of its own sentence (guide.ts), and the
 * event loop gets a turn every few milliseconds between candidates and inside each detection.
 */

type Scored = Extract<DetectionResult, { ok: true }>;
export type Score = ReduceScore;
export type Segment = ReduceSegment;
export type ReduceResult = ReduceResultData;
/** The progress events the reducer reports (the route adds start, done and error). */
export type ReduceProgress = Extract<ReduceEvent, { event: 'round' | 'sentence' | 'score' }>;

/** Rounds, and the share of sentences (highest-scoring first) each may rewrite. */
const MODE_PLAN: Record<ReduceMode, { rounds: ReduceMode[]; share: number; passes: number }> = {
  light: { rounds: ['light'], share: 0.4, passes: 1 },
  balanced: { rounds: ['light', 'balanced'], share: 0.7, passes: 1 },
  strong: { rounds: ['light', 'balanced', 'strong'], share: 1, passes: 2 },
};
/** Sentences under this rate are left alone (they already read as written by a person). */
const SENTENCE_FLOOR = 35;

/** Rewrites a batch of sentences with a language model (same order, same count). */
export type ModelRewriter = (sentences: string[], mode: ReduceMode, signal?: AbortSignal) => Promise<string[]>;

export class TextTooShortError extends Error {
  override name = 'TextTooShortError';
}

const scoreOf = (r: Scored): Score => ({ aiRate: r.aiRate, label: r.label, band: r.band });

async function detectOk(text: string, slicer: Slicer): Promise<Scored> {
  const detector = await loadDetectorAsync();
  const result = await detector.detectAsync(text, { slicer });
  if (!result.ok) throw new TextTooShortError(result.message);
  return result;
}

type Span = { start: number; end: number; original: string };

/** The text with the current sentences in place of the original's, and where each sentence stands in it. */
function composeText(text: string, spans: Span[], current: string[]) {
  let out = '';
  let at = 0;
  const ranges: Array<{ start: number; end: number }> = [];
  spans.forEach((s, i) => {
    out += text.slice(at, s.start);
    ranges.push({ start: out.length, end: out.length + current[i]!.length });
    out += current[i];
    at = s.end;
  });
  return { text: out + text.slice(at), ranges };
}

/** A round's sentences, in text order: the most AI-like share of the mode, over the floor (strong: any). */
function sentencesToRewrite(scores: number[], spans: Span[], mode: ReduceMode): number[] {
  const limit = Math.max(1, Math.ceil(spans.length * MODE_PLAN[mode].share));
  return (
    scores
      .map((rate, index) => ({ rate, index }))
      .filter((s) => s.rate >= SENTENCE_FLOOR || mode === 'strong')
      // A "sentence" of thousands of characters (no punctuation) is left as it is, by either engine.
      .filter((s) => spans[s.index]!.original.length <= MAX_REWRITE_CHARS)
      .sort((a, b) => b.rate - a.rate || a.index - b.index)
      .slice(0, limit)
      .map((s) => s.index)
      .sort((a, b) => a - b)
  );
}

export async function reduceAiRate(
  text: string,
  options: {
    mode: ReduceMode;
    target?: number;
    protectedTerms?: string[];
    model?: ModelRewriter;
    signal?: AbortSignal;
    onEvent?: (event: ReduceProgress) => void;
  },
): Promise<ReduceResult> {
  const refusal = checkDetectInput(text);
  if (refusal) throw new DomainError('VALIDATION_ERROR', refusal.message, { field: 'text', reason: refusal.code, limit: refusal.limit });
  const target = options.target ?? DEFAULT_REDUCE_TARGET;
  const protectedTerms = (options.protectedTerms ?? []).map((t) => t.trim()).filter(Boolean);
  const slicer = new Slicer({ signal: options.signal });
  const first = await detectOk(text, slicer);
  // The original's sentences, by offset: the result is the original with sentences replaced.
  const spans: Span[] = first.sentences.map((s) => ({ start: s.start, end: s.end, original: s.text }));
  const current = spans.map((s) => s.original);
  const lang = (i: number): 'en' | 'zh' => (/[\u3400-\u9fff]/.test(spans[i]!.original) ? 'zh' : 'en');
  const compose = () => composeText(text, spans, current);
  const locked = new Map<number, string[]>();
  let scores = first.sentences.map((s) => s.aiRate);
  let last: Scored = first;
  const plan = MODE_PLAN[options.mode];
  let rounds = 0;
  let scorer: DocScorer | undefined;
  let grammarDropped = 0;
  let grammarChecked = true;
  /**
   * ADR 0041: the English rewrites of a round that bring in a grammar error their original sentence
   * did not have, by the grammar engine; the caller keeps the sentence as it was.
   */
  const breaksGrammar = async (indices: number[], proposal: (index: number) => string): Promise<Set<number>> => {
    const english = indices.filter((i) => lang(i) === 'en');
    const keeps = await keepsGrammar(english.map((i) => ({ before: spans[i]!.original, after: proposal(i) })));
    if (!keeps) {
      grammarChecked = false;
      return new Set();
    }
    const broken = new Set(english.filter((_, k) => !keeps[k]));
    grammarDropped += broken.size;
    return broken;
  };

  for (let r = 0; r < plan.rounds.length && last.aiRate > target; r++) {
    // Each round yields to the event loop: other requests run, and a client gone away is noticed.
    await slicer.pause();
    const roundMode = options.model ? options.mode : plan.rounds[r]!;
    const chosen = sentencesToRewrite(scores, spans, options.mode);
    if (chosen.length === 0) break;
    rounds++;
    options.onEvent?.({ event: 'round', data: { round: rounds, rounds: plan.rounds.length, sentences: chosen.length } });
    let changed = 0;
    const accept = (index: number, proposal: string) => {
      current[index] = proposal;
      changed++;
      options.onEvent?.({ event: 'sentence', data: { round: rounds, index, original: spans[index]!.original, rewritten: proposal } });
    };
    if (options.model) {
      const proposals = await options.model(
        chosen.map((i) => current[i]!),
        roundMode,
        options.signal,
      );
      const usable = new Map<number, string>();
      chosen.forEach((index, k) => {
        const proposal = proposals[k]?.trim();
        if (!proposal || proposal === current[index]) return;
        const lost = lostFacts(spans[index]!.original, proposal, protectedTerms);
        if (lost.length > 0) {
          locked.set(index, lost);
          return;
        }
        usable.set(index, proposal);
      });
      const broken = await breaksGrammar([...usable.keys()], (i) => usable.get(i)!);
      for (const [index, proposal] of usable) if (!broken.has(index)) accept(index, proposal);
    } else {
      // Local: several rewrites per sentence; keep the one that lowers the whole text's score most
      // and keeps every fact. Most AI-like sentences first, each choice seen by the next.
      scorer ??= await DocScorer.create(current, text, slicer);
      const order = [...chosen].sort((a, b) => scores[b]! - scores[a]! || a - b);
      // Strong goes over the sentences again in its last round: an edit elsewhere can make another pay.
      const passes = r === plan.rounds.length - 1 ? plan.passes : 1;
      const rewrittenNow = new Set<number>();
      const roundStart = [...current];
      for (const index of Array.from({ length: passes }, () => order).flat()) {
        if (slicer.due()) await slicer.pause();
        let bestZ = scorer.logit() - 1e-6;
        let best: string | null = null;
        let refused: string[] | null = null;
        for (const candidate of rewriteCandidates(current[index]!, roundMode, lang(index), { protectedTerms })) {
          if (candidate === current[index]) continue;
          if (slicer.due()) await slicer.pause();
          const lost = lostFacts(spans[index]!.original, candidate, protectedTerms);
          if (lost.length > 0) {
            refused ??= lost;
            continue;
          }
          const z = scorer.logit(index, candidate);
          if (z < bestZ) {
            bestZ = z;
            best = candidate;
          }
        }
        if (best !== null) {
          scorer.set(index, best);
          current[index] = best;
          rewrittenNow.add(index);
        } else if (refused && !rewrittenNow.has(index)) locked.set(index, refused);
      }
      // A rewrite that breaks the grammar goes back to the sentence the round started from.
      const before = new Map([...rewrittenNow].map((i) => [i, roundStart[i]!]));
      for (const index of await breaksGrammar([...rewrittenNow], (i) => current[i]!)) {
        current[index] = before.get(index)!;
        scorer.set(index, current[index]);
        rewrittenNow.delete(index);
      }
      // One event per sentence rewritten this round (a second pass may rewrite it again).
      for (const index of [...rewrittenNow].sort((a, b) => a - b)) {
        locked.delete(index);
        accept(index, current[index]!);
      }
    }
    if (changed === 0) continue;
    const composed = compose();
    last = await detectOk(composed.text, slicer);
    // The new text's sentences may not line up one to one (a split makes two): score each rewrite on its own.
    const rates = sentenceRates(last, composed.ranges);
    scores = current.map((sentence, i) => (sentence === spans[i]!.original ? scores[i]! : (rates[i] ?? scores[i]!)));
    options.onEvent?.({ event: 'score', data: { round: rounds, ...scoreOf(last) } });
  }

  await slicer.pause();
  const finalText = compose().text;
  const factsChanged: string[] = [];
  for (const fact of await runSliced(factsOfSteps(text, protectedTerms), { slicer })) {
    if (slicer.due()) await slicer.pause();
    if (!finalText.includes(fact)) factsChanged.push(fact);
  }
  return {
    mode: options.mode,
    target,
    engine: options.model ? 'model' : 'local',
    rounds,
    before: scoreOf(first),
    after: scoreOf(last),
    segments: segmentsOf(text, spans, current),
    text: finalText,
    changedSentences: current.filter((s, i) => s !== spans[i]!.original).length,
    factsChanged,
    locked: [...locked].map(([index, facts]) => ({ index, facts })),
    grammarDropped,
    grammarChecked,
  };
}

/**
 * Each sentence's rate in the re-scored text: the mean of the new sentences that lie within it (a
 * split makes two), or undefined when none does (a rewrite that ran into its neighbour). One pass
 * over both lists, both in text order.
 */
function sentenceRates(scored: Scored, ranges: Array<{ start: number; end: number }>): Array<number | undefined> {
  const rates: Array<number | undefined> = [];
  let k = 0;
  for (const range of ranges) {
    while (k < scored.sentences.length && scored.sentences[k]!.start < range.start) k++;
    let sum = 0;
    let n = 0;
    for (let j = k; j < scored.sentences.length && scored.sentences[j]!.start < range.end; j++) {
      if (scored.sentences[j]!.end > range.end) break;
      sum += scored.sentences[j]!.aiRate;
      n++;
    }
    rates.push(n > 0 ? sum / n : undefined);
  }
  return rates;
}

function segmentsOf(text: string, spans: Array<{ start: number; end: number; original: string }>, current: string[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  spans.forEach((s, index) => {
    if (s.start > at) segments.push({ kind: 'text', text: text.slice(at, s.start) });
    segments.push({ kind: 'sentence', index, original: s.original, rewritten: current[index]! });
    at = s.end;
  });
  if (at < text.length) segments.push({ kind: 'text', text: text.slice(at) });
  return segments;
}
