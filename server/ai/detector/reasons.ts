// Plain-Chinese reasons: the signals that pushed this document's score
// the most in the direction of its verdict. The model is linear, so each
// stylometric feature's contribution is its weight times its z-score and the
// word-level contribution is the sum over the document's n-grams.

import type { FeatureConfig, SpanVector } from './features';
import { denseSpecs, tokenGramsWithText } from './features';
import type { LangModel } from './model';
import { standardize } from './model';
import type { Lang } from './text';

type Label = 'human' | 'mixed' | 'ai';

export interface ExplainInput {
  lang: Lang;
  model: LangModel;
  vec: SpanVector;
  sentences: string[];
  config: FeatureConfig;
  label: Label;
  paragraphLabels: Label[];
}

/** Contributions (in log-odds) below this are not worth telling the user. */
const MIN_STYLE = 0.1;
const MAX_REASONS = 4;

export function explain(x: ExplainInput): string[] {
  const dir = x.label === 'human' ? -1 : 1;
  const m = x.model;
  const candidates: { weight: number; text: string }[] = [];

  const specs = denseSpecs(x.config, x.lang);
  for (let j = 0; j < m.dense.length; j++) {
    const z = standardize(m, x.vec.dense, j);
    const c = (m.dense[j] as number) * z;
    const spec = specs[j];
    if (spec && dir * c > MIN_STYLE) candidates.push({ weight: dir * c, text: z > 0 ? spec.high : spec.low });
  }

  // Word level: report the phrases of this text that weigh most in the verdict's direction.
  const valueOf = new Map<number, number>();
  for (let i = 0; i < x.vec.idx.length; i++) valueOf.set(x.vec.idx[i] as number, x.vec.val[i] as number);
  const phrases = new Map<string, number>();
  // Relative to the average training text, like the z-scored features.
  let lexical = -dir * m.sparseMean;
  const seen = new Set<number>();
  for (const s of x.sentences) {
    for (const g of tokenGramsWithText(s, x.lang, x.config)) {
      const c = (m.sparse[g.id] as number) * (valueOf.get(g.id) ?? 0) * dir;
      if (!seen.has(g.id)) {
        seen.add(g.id);
        lexical += c;
      }
      // Only whole words or runs of Chinese characters make readable examples.
      if (c > 0 && /^(?:[a-z']{2,}(?: [a-z']+)*|[\u4e00-\u9fff]{2,})$/.test(g.text)) phrases.set(g.text, Math.max(phrases.get(g.text) ?? 0, c));
    }
  }
  // Strongest first, skipping fragments of an example already chosen (活方 inside 活方式).
  const top: string[] = [];
  for (const [t] of [...phrases.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    if (top.length === 3) break;
    if (!top.some((u) => u.includes(t) || t.includes(u))) top.push(t);
  }
  const examples = top.map((t) => `“${t}”`);
  if (lexical > 0.2 && examples.length > 0) {
    candidates.push({
      weight: lexical,
      text: dir > 0 ? `措辞接近AI生成文本的常见表达（如${examples.join('、')}）` : `措辞带有个人化、非模板化特征（如${examples.join('、')}）`,
    });
  }

  candidates.sort((a, b) => b.weight - a.weight || (a.text < b.text ? -1 : 1));
  const reasons = candidates.slice(0, MAX_REASONS).map((c) => c.text);

  const hasAiPara = x.paragraphLabels.includes('ai');
  const hasHumanPara = x.paragraphLabels.includes('human');
  if (hasAiPara && hasHumanPara) reasons.unshift('各段落差异明显：部分段落AI特征突出，其余段落更接近人工写作');
  if (reasons.length === 0) reasons.push(dir > 0 ? '整体用词与句式模式接近AI生成文本' : '未发现明显的AI写作特征');
  return reasons.slice(0, MAX_REASONS);
}
