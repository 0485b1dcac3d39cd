/**
 * The local rewriter (降AI率 without a language model, issue 14): rule-based edits that make a
 * sentence read less like a model's default style while keeping what it says. Deterministic: the
 * same sentence and mode always give the same rewrite. The reducer checks every rewrite against
 * the detector and the meaning lock (facts.ts); a rewrite that loses a fact is not used.
 */

import type { ReduceMode } from '../../../contracts/detection-constants';

type Rule = [RegExp, string | ((...m: string[]) => string)];

/** Stock openers and stiff connectives models put at the start of sentences. */
const EN_OPENERS: Rule[] = [
  [/^In today's (?:rapidly )?(?:evolving|changing|fast-paced|interconnected|digital) (?:world|landscape|society),\s*/i, ''],
  [/^In (?:the )?(?:modern|contemporary) (?:world|era|society),\s*/i, ''],
  [/^(?:Furthermore|Moreover|Additionally|In addition|Besides|What's more),\s*/i, ''],
  [/^(?:In conclusion|To conclude|In summary|To sum up|All in all|Overall|Ultimately|In essence),\s*/i, ''],
  [/^(?:Consequently|As a result|Therefore|Thus|Hence),\s*/i, 'So '],
  [/^(?:Notably|Importantly|Significantly|Indeed|Undoubtedly|Without a doubt),\s*/i, ''],
  [/^As I reflect on ([^,]+),\s*/i, 'Looking back on $1, '],
  [/^From an early age,\s*/i, 'As a child, '],
  [/^Throughout my (\w+) (?:studies|years),\s*/i, 'During my $1 years, '],
];

/** Phrases that read as a model's: each to a plainer way of saying the same thing. */
const EN_PHRASES: Rule[] = [
  [/\bnot only ([^,.;]{3,60}?) but also\b/gi, '$1 and also'],
  [/\bI am confident that\b/gi, 'I believe'],
  [/\bI am eager to\b/gi, 'I want to'],
  [/\bI aspire to\b/gi, 'I hope to'],
  [/\bI am particularly drawn to\b/gi, 'I am drawn to'],
  [/\bembark on (?:this|a|an) (?:exciting |new )?journey\b/gi, 'start this next step'],
  [/\b(?:rapidly )?evolving\b/gi, 'changing'],
  [/\bplays? a (?:crucial|pivotal|vital|key|significant) role in\b/gi, 'matters a great deal in'],
  [/\ba testament to\b/gi, 'proof of'],
  [/\bdelve (?:deeper )?into\b/gi, 'dig into'],
  [/\bnavigat(?:e|ing) the complexities of\b/gi, 'handling'],
  [/\bthe intricate ways in which\b/gi, 'how'],
  [/\bintricate\b/gi, 'detailed'],
  [/\bprofound impact\b/gi, 'strong effect'],
  [/\bhas had on shaping\b/gi, 'has had on'],
  [/\binstilled in me a deep commitment to\b/gi, 'made me committed to'],
  [/\ba deep commitment to\b/gi, 'a commitment to'],
  [/\bfueled my curiosity\b/gi, 'made me curious'],
  [/\bconsistently sought opportunities to\b/gi, 'kept looking for chances to'],
  [/\bdeepen my understanding of\b/gi, 'learn more about'],
  [/\ba nuanced understanding of\b/gi, 'a clearer sense of'],
  [/\b(?:(has|have|had) )?equipped me with\b/gi, (_m, aux) => (aux ? `${aux} given me` : 'gave me')],
  [/\ba comprehensive skill set\b/gi, 'a broad set of skills'],
  [/\bcomprehensive\b/gi, 'broad'],
  [/\bthat encompasses\b/gi, 'that covers'],
  [/\bencompass(es)?\b/gi, 'cover$1'],
  [/\binvaluable\b/gi, 'useful'],
  [/\bmeaningful contribution\b/gi, 'real contribution'],
  [/\bstrengthened my resolve to\b/gi, 'made me more determined to'],
  [/\bleverag(e|ing)\b/gi, (_m, e) => (e === 'ing' ? 'using' : 'use')],
  [/\bfoster(ing)?\b/gi, (_m, g) => (g ? 'building' : 'build')],
  [/\bvibrant\b/gi, 'lively'],
  [/\binnovative\b/gi, 'new'],
  [/\besteemed institution\b/gi, 'university'],
  [/\bdistinguished faculty\b/gi, 'faculty'],
  [/\bunwavering (dedication|commitment)\b/gi, '$1'],
  [/\bwell-prepared to thrive\b/gi, 'ready to do well'],
  [/\bmake a lasting impact on\b/gi, 'make a difference in'],
  [/\bpressing global challenges\b/gi, 'real problems'],
  [/\breal-world challenges\b/gi, 'real problems'],
  [/\bbroaden my perspectives?\b/gi, 'see more widely'],
  [/\bfurther refine\b/gi, 'sharpen'],
  [/\bseamless(ly)?\b/gi, (_m, l) => (l ? 'smoothly' : 'smooth')],
  [/\bmultifaceted\b/gi, 'many-sided'],
  [/\bpivotal\b/gi, 'key'],
  [/\butili[sz]e\b/gi, 'use'],
  [/\bdynamic learning environment\b/gi, 'learning environment'],
  [/\bmore important than ever\b/gi, 'very important'],
  [/\bIn doing so\b/g, 'That way'],
];

/** Contractions, as people write in a personal statement. */
const EN_CONTRACTIONS: Rule[] = [
  [/\bI am\b/g, "I'm"],
  [/\bdo not\b/g, "don't"],
  [/\bdoes not\b/g, "doesn't"],
  [/\bcannot\b/g, "can't"],
  [/\bit is\b/g, "it's"],
  [/\bthat is\b/g, "that's"],
  [/\bI would\b/g, "I'd"],
  [/\bI will\b/g, "I'll"],
];

const ZH_OPENERS: Rule[] = [
  [/^(?:此外|另外|而且|同时|与此同时|值得一提的是|值得注意的是|总之|综上所述|总而言之|总的来说|因此|由此可见|首先|其次|最后|最终)[，,]\s*/, ''],
  [/^在当今(?:快速发展|日新月异|瞬息万变)的(?:世界|社会|时代)[中里]?[，,]\s*/, ''],
];

const ZH_PHRASES: Rule[] = [
  [/不仅([^，。；]{1,30})[，,]?而且/g, '$1，也'],
  [/不仅([^，。；]{1,30})[，,]?更/g, '$1，也'],
  [/致力于/g, '一直在做'],
  [/旨在/g, '是为了'],
  [/深刻地?(?=[认理体影])/g, ''],
  [/赋能/g, '帮助'],
  [/助力/g, '帮助'],
  [/全方位(?:地)?/g, ''],
  [/丰富的/g, '不少'],
  [/宝贵的/g, '难得的'],
  [/坚定不移地?/g, ''],
  [/充满热情地?/g, ''],
  [/我深信/g, '我相信'],
  [/这段经历让我深刻/g, '这段经历让我'],
  [/为[^，。]{1,10}奠定了坚实的基础/g, (m) => m.replace('坚实的', '')],
];

function applyRules(text: string, rules: Rule[]): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement as string);
  return out;
}

const capitalise = (s: string) => s.replace(/^(\s*)([a-z])/, (_m, sp: string, c: string) => sp + c.toUpperCase());

/** A long English sentence split where it already joins two clauses (", and I", "; "). */
function splitLong(sentence: string): string {
  const words = sentence.split(/\s+/).length;
  if (words < 28) return sentence;
  const at = sentence.search(/;\s+|,\s+and\s+(?=(?:I|we|my|this|it|they|he|she)\b)/);
  if (at < 0 || at < sentence.length * 0.3 || at > sentence.length * 0.75) return sentence;
  const head = sentence.slice(0, at).replace(/[,;]\s*$/, '');
  const tail = sentence.slice(at).replace(/^[;,]\s*(?:and\s+)?/, '');
  return `${head}. ${capitalise(tail)}`;
}

/**
 * One sentence rewritten. `light` only removes stock openers and the most typical phrases;
 * `balanced` adds plainer wording and contractions (unless turned off); `strong` also splits long sentences.
 */
export function rewriteSentence(sentence: string, mode: ReduceMode, lang: 'en' | 'zh', options: { contractions?: boolean } = {}): string {
  if (lang === 'zh') {
    let out = applyRules(sentence, ZH_OPENERS);
    if (mode !== 'light') out = applyRules(out, ZH_PHRASES);
    return out;
  }
  let out = applyRules(sentence, EN_OPENERS);
  out = applyRules(out, mode === 'light' ? EN_PHRASES.slice(0, 12) : EN_PHRASES);
  // Essay polish keeps an essay's formal register: no contractions there.
  if (mode !== 'light' && options.contractions !== false) out = applyRules(out, EN_CONTRACTIONS);
  if (mode === 'strong') out = splitLong(out);
  return capitalise(out.replace(/\s{2,}/g, ' ').replace(/\s+([,.;:!?])/g, '$1'));
}
