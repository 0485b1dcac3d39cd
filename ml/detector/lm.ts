// Class-conditional n-gram language models over hashed English tokens: a
// cheap stand-in for perplexity. Two smoothed word models (one trained on
// human text, one on AI text) give each token a log-likelihood ratio and a
// log-probability under the human model; their mean, spread and
// across-sentence variation become stylometric-like features of a span.
// Tables are counts, so training is exact and the file is deterministic.

import type { DenseSpec } from '../../server/ai/detector/features';
import { combine, fnv1a } from '../../server/ai/detector/hash';

export const LM_UNI_BITS = 17;
export const LM_BI_BITS = 18;
const UNI_MASK = (1 << LM_UNI_BITS) - 1;
const BI_MASK = (1 << LM_BI_BITS) - 1;
/** Add-alpha smoothing of the unigram model; the bigram model backs off to it with weight BETA. */
const ALPHA = 0.5;
const BETA = 4;
const BOS_HASH = fnv1a('<lm-s>');

/** Token ids of one sentence for the LM: uni = [BOS, t1..tn] buckets, bi = (t_{i-1}, t_i) buckets. */
export interface LmSeq {
  uni: Int32Array; // length: tokens + sentences (a BOS before each sentence)
  bi: Int32Array; // length: tokens
  sent: Int32Array; // tokens per sentence
}

export function lmSentence(toks: string[]): { uni: Int32Array; bi: Int32Array } {
  const uni = new Int32Array(toks.length + 1);
  const bi = new Int32Array(toks.length);
  let prev = BOS_HASH;
  uni[0] = BOS_HASH & UNI_MASK;
  for (let i = 0; i < toks.length; i++) {
    const h = fnv1a(toks[i] as string, 0x2f6b1a3d);
    uni[i + 1] = h & UNI_MASK;
    bi[i] = combine(prev, h) & BI_MASK;
    prev = h;
  }
  return { uni, bi };
}

export function concatSeqs(parts: { uni: Int32Array; bi: Int32Array }[]): LmSeq {
  let nu = 0;
  let nb = 0;
  for (const p of parts) {
    nu += p.uni.length;
    nb += p.bi.length;
  }
  const uni = new Int32Array(nu);
  const bi = new Int32Array(nb);
  const sent = new Int32Array(parts.length);
  let ou = 0;
  let ob = 0;
  parts.forEach((p, i) => {
    uni.set(p.uni, ou);
    bi.set(p.bi, ob);
    ou += p.uni.length;
    ob += p.bi.length;
    sent[i] = p.bi.length;
  });
  return { uni, bi, sent };
}

/** Counts of one class (index 0 = human, 1 = AI). */
export interface LmCounts {
  uni: Float64Array;
  bi: Float64Array;
  total: number;
}

export interface LmTables {
  cls: [LmCounts, LmCounts];
}

export function emptyCounts(): LmCounts {
  return { uni: new Float64Array(1 << LM_UNI_BITS), bi: new Float64Array(1 << LM_BI_BITS), total: 0 };
}

export function addSeq(c: LmCounts, s: LmSeq, w = 1): void {
  for (let i = 0; i < s.uni.length; i++) c.uni[s.uni[i] as number] = (c.uni[s.uni[i] as number] as number) + w;
  for (let i = 0; i < s.bi.length; i++) c.bi[s.bi[i] as number] = (c.bi[s.bi[i] as number] as number) + w;
  c.total += w * s.uni.length;
}

/** a - b, element-wise (for cross-fitting: all folds minus one). */
export function subtractCounts(a: LmCounts, b: LmCounts): LmCounts {
  return {
    uni: Float64Array.from(a.uni, (x, i) => x - (b.uni[i] as number)),
    bi: Float64Array.from(a.bi, (x, i) => x - (b.bi[i] as number)),
    total: a.total - b.total,
  };
}

export const LM_FEATURE_SPECS: DenseSpec[] = [
  { name: 'lmUniLlr', high: '用词分布接近AI生成文本', low: '用词分布接近人工写作' },
  { name: 'lmUniLlrSd', high: '用词时而像AI、时而像人工', low: '用词风格单一稳定' },
  { name: 'lmBiLlr', high: '词语搭配接近AI生成文本', low: '词语搭配接近人工写作' },
  { name: 'lmBiLlrSd', high: '词语搭配风格起伏大', low: '词语搭配风格单一稳定' },
  { name: 'lmHumanLogp', high: '措辞常见、可预测性高', low: '措辞少见、不易预测' },
  { name: 'lmHumanLogpSd', high: '措辞可预测性起伏大', low: '措辞可预测性均匀' },
  { name: 'lmSentLlrSd', high: '各句AI特征强弱不一', low: '各句AI特征一致' },
  { name: 'lmSentLogpSd', high: '各句可预测性差异大（有起伏）', low: '各句可预测性高度一致' },
];

export const N_LM_FEATURES = LM_FEATURE_SPECS.length;

/**
 * Features of a span: mean and spread of the per-token unigram and bigram
 * log-likelihood ratio (AI vs human), mean and spread of the bigram
 * log-probability under the human model (perplexity proxy), and how much
 * the per-sentence means of both vary (burstiness). NaN when undefined.
 */
export function lmFeatures(t: LmTables, s: LmSeq): Float64Array {
  const [H, A] = t.cls;
  const V = 1 << LM_UNI_BITS;
  const dH = H.total + ALPHA * V;
  const dA = A.total + ALPHA * V;
  let n = 0,
    su = 0,
    su2 = 0,
    sb = 0,
    sb2 = 0,
    sh = 0,
    sh2 = 0;
  let ns = 0,
    sbS = 0,
    sbS2 = 0,
    shS = 0,
    shS2 = 0;
  let iu = 0;
  let ib = 0;
  for (let k = 0; k < s.sent.length; k++) {
    const len = s.sent[k] as number;
    let ctx = s.uni[iu++] as number; // BOS
    let bSum = 0;
    let hSum = 0;
    for (let j = 0; j < len; j++) {
      const w = s.uni[iu++] as number;
      const g = s.bi[ib++] as number;
      const puH = ((H.uni[w] as number) + ALPHA) / dH;
      const puA = ((A.uni[w] as number) + ALPHA) / dA;
      const pbH = ((H.bi[g] as number) + BETA * puH) / (Math.max(H.uni[ctx] as number, H.bi[g] as number) + BETA);
      const pbA = ((A.bi[g] as number) + BETA * puA) / (Math.max(A.uni[ctx] as number, A.bi[g] as number) + BETA);
      const u = Math.log(puA / puH);
      const b = Math.log(pbA / pbH);
      const h = Math.log(pbH);
      su += u;
      su2 += u * u;
      sb += b;
      sb2 += b * b;
      sh += h;
      sh2 += h * h;
      bSum += b;
      hSum += h;
      ctx = w;
    }
    n += len;
    if (len >= 5) {
      ns++;
      const mb = bSum / len;
      const mh = hSum / len;
      sbS += mb;
      sbS2 += mb * mb;
      shS += mh;
      shS2 += mh * mh;
    }
  }
  const out = new Float64Array(N_LM_FEATURES).fill(NaN);
  if (n < 5) return out;
  const sd = (s1: number, s2: number, m: number) => Math.sqrt(Math.max(0, (s2 - (s1 * s1) / m) / (m - 1)));
  out[0] = su / n;
  out[1] = sd(su, su2, n);
  out[2] = sb / n;
  out[3] = sd(sb, sb2, n);
  out[4] = sh / n;
  out[5] = sd(sh, sh2, n);
  if (ns >= 3) {
    out[6] = sd(sbS, sbS2, ns);
    out[7] = sd(shS, shS2, ns);
  }
  return out;
}
