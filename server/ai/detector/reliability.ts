// How far a verdict can be trusted, and why (issue 14). Three conditions
// make a verdict less reliable than the LOSO figures of the model card:
//
// * a short text (under SHORT_FACTOR × the minimum length): fewer words, a
//   noisier score (see the length study in the model card);
// * a mixed-language text: each part is judged by its own model on less text;
// * an atypical text: its stylometric profile lies outside what the model saw
//   in training (root-mean-square z-score above the model's 99th percentile of
//   training documents), the closest signal we have of an unseen kind of text.
//
// One condition gives 'medium', two or more 'low'. The uncertainty band is
// widened accordingly, and a 'low' verdict never says 'ai': it is capped at
// 'mixed' (inconclusive) rather than guessed. Training evaluates the same
// function, so the model card's figures include this rule.

import type { LangModel, Verdict } from './model';
import { standardize } from './model';

export type Reliability = 'high' | 'medium' | 'low';

/** A text shorter than this many times the minimum length counts as short. */
export const SHORT_FACTOR = 2;

/** Band half-widths (in log-odds) are multiplied by this per reliability. */
export const BAND_WIDEN: Record<Reliability, number> = { high: 1, medium: 1.5, low: 2 };

export interface ReliabilityInput {
  /** Units relative to the minimum length of each language, summed (≥ 1 when judged). */
  relLength: number;
  mixedLanguage: boolean;
  /** RMS z-score of the stylometric features of the major language part, and that model. */
  atypicality: number;
  atypicalLimit: number | undefined;
  /** 'en' words or 'zh' characters, for the message. */
  lengthText: string;
}

export interface ReliabilityResult {
  reliability: Reliability;
  caveats: string[];
}

/** Root-mean-square of the clipped z-scores of the defined stylometric features (0 when none). */
export function atypicalityOf(m: LangModel, dense: Float64Array): number {
  let s = 0;
  let n = 0;
  for (let j = 0; j < m.dense.length; j++) {
    const x = dense[j];
    if (x === undefined || Number.isNaN(x)) continue;
    const z = standardize(m, dense, j);
    s += z * z;
    n++;
  }
  return n > 0 ? Math.sqrt(s / n) : 0;
}

export function assessReliability(x: ReliabilityInput): ReliabilityResult {
  const caveats: string[] = [];
  if (x.relLength < SHORT_FACTOR) caveats.push(`文本较短（${x.lengthText}），判断的不确定性较大，建议提交更完整的文本`);
  if (x.mixedLanguage) caveats.push('中英文混合文本：两种语言分别判断后按篇幅合并，可靠性低于单一语言文本');
  if (x.atypicalLimit !== undefined && x.atypicality > x.atypicalLimit) {
    caveats.push('文本的写作风格与训练语料差异较大（可能是模型未见过的文体或领域），结果仅供参考');
  }
  const reliability: Reliability = caveats.length === 0 ? 'high' : caveats.length === 1 ? 'medium' : 'low';
  return { reliability, caveats };
}

/** The label shown: a 'low' reliability verdict is never 'ai'. */
export function cappedVerdict(v: Verdict, reliability: Reliability): Verdict {
  return reliability === 'low' && v === 'ai' ? 'mixed' : v;
}

export const CAPPED_CAVEAT = '可靠性低，因此不给出“AI生成”结论，仅标为“无法确定”';
