/**
 * The local rewriter (降AI率 without a language model, issue 14): rule-based edits that make a
 * sentence read less like a model's default style while keeping what it says. Four kinds of edit:
 * stock openers, connectives and clichés removed; word choice (lexicon.ts, each substitute picked by
 * the detector's own weights, guide.ts); sentence restructuring (a subordinate clause fronted or
 * moved back, "It is clear that X" → "Clearly, X", "There are many X that Y" → "Many X Y", optional
 * commas dropped); and varied sentence length (a long sentence split where two clauses meet).
 *
 * `rewriteCandidates` gives several rewrites of a sentence (the reducer keeps the one the detector
 * scores lowest that passes the meaning lock); `rewriteSentence` the best of them by the sentence's
 * own score. Deterministic: the same sentence and mode always give the same rewrites. The facts of
 * the sentence (facts.ts) and the protected terms are masked before any rule runs, so no rule can
 * change them; a candidate that lost one anyway is dropped, and the reducer checks again.
 */

import type { ReduceMode } from '../../../contracts/detection-constants';
import { factsOf } from './facts';
import { phraseWeight, sentenceLogit } from './guide';
import { chineseSwaps, englishSwaps } from './lexicon';

type Rule = [RegExp, string | ((...m: string[]) => string)];

/** Stock openers and stiff connectives models put at the start of sentences. */
const EN_OPENERS: Rule[] = [
  [/^In today's (?:rapidly )?(?:evolving|changing|fast-paced|interconnected|digital) (?:world|landscape|society),\s*/i, ''],
  [/^In (?:the )?(?:modern|contemporary) (?:world|era|society),\s*/i, ''],
  [/^(?:Furthermore|Moreover|Additionally|In addition|Besides|What's more),\s*/i, ''],
  [/^(?:In conclusion|To conclude|In summary|To sum up|All in all|Overall|Ultimately|In essence),\s*/i, ''],
  // "So many schools" would read as "so many": a quantity word keeps the comma.
  [/^(?:Consequently|As a result|Therefore|Thus|Hence),\s*(?=(many|much|few|little|far|long|often)\b)/i, 'So, '],
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
  [
    /\b(play|plays|played|playing) a (?:crucial|pivotal|vital|key|significant) role in\b/gi,
    (_m, v: string) => `${{ play: 'matter', plays: 'matters', played: 'mattered', playing: 'mattering' }[v.toLowerCase()]} a great deal in`,
  ],
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
  [
    /\bprovid(e|es|ing) ((?:\w+ ){0,2}?\w+) with\b/gi,
    (_m, f: string, obj: string) => `${{ e: 'give', es: 'gives', ing: 'giving' }[f.toLowerCase()]} ${obj}`,
  ],
  [
    /\bprovid(e|es|ing) (?=(?:a|an|more|some|many|access|support|information|guidance|feedback|advice|help|insights?|opportunities)\b)/gi,
    (_m, f: string) => `${{ e: 'give', es: 'gives', ing: 'giving' }[f.toLowerCase()]} `,
  ],
  [
    /\bpotential (?=(?:risks?|benefits?|dangers?|problems?|consequences|impacts?|effects?|solutions?|threats?|harm|issues?|outcomes?|drawbacks?|changes?|sources?|causes?|uses?|applications?|options?|employers?|students?|customers?)\b)/gi,
    'possible ',
  ],
  [
    /\b(people|students|teachers|individuals|those|someone|anyone|everyone|person|children|kids|friends|others|learners|parents|workers|citizens|voters|drivers|employees|members) who\b/g,
    '$1 that',
  ],
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
  [
    /^(?:此外|另外|而且|同时|与此同时|值得一提的是|值得注意的是|总之|综上所述|总而言之|总的来说|因此|由此可见|首先|其次|最后|最终)[，,]\s*/,
    '',
  ],
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
  // Words whose plain form depends on where they stand: only where the plain one reads right.
  [/(?<![有不的很可大也])可能(?![性的])/g, '也许'],
  [/帮助(?=[你您他她我们人学孩大])/g, '帮'],
  [/，包括(?!在内)/g, '，比如'],
  [/(?<![的次种])使用(?=[\u4e00-\u9fff])(?![者率权])/g, '用'],
  [/如何(?=[\u4e00-\u9fff])/g, '怎样'],
  [/(?<![的次种])尝试(?=[\u4e00-\u9fff])/g, '试着'],
  [/提供了(?=[\u4e00-\u9fff])/g, '给了'],
  [/寻找(?=[\u4e00-\u9fff])/g, '找'],
  [/常常/g, '经常'],
  [/更加(?=[\u4e00-\u9fff])/g, '更'],
  [/，那么/g, '，'],
];

function applyRules(text: string, rules: Rule[]): string {
  let out = text;
  for (const [pattern, replacement] of rules) out = out.replace(pattern, replacement as string);
  return out;
}

const capitalise = (s: string) => s.replace(/^(\s*["“(]?)([a-z])/, (_m, sp: string, c: string) => sp + c.toUpperCase());

// ---------------------------------------------------------------------------
// Masking: facts and protected terms become placeholders no rule can match or split.

const MASK = '\uE000';
const PLACEHOLDER = /\uE000[\uE100-\uE1FF]/g;

interface Masked {
  text: string;
  restore: (s: string) => string | null;
}

function mask(sentence: string, protectedTerms: string[]): Masked {
  const facts = [...new Set([...factsOf(sentence, protectedTerms), ...protectedTerms.filter((t) => t && sentence.includes(t))])]
    .filter((f) => f.length > 0)
    .sort((a, b) => b.length - a.length)
    .slice(0, 255);
  let text = sentence;
  const used: string[] = [];
  facts.forEach((fact, i) => {
    if (!text.includes(fact)) return;
    const ph = MASK + String.fromCharCode(0xe100 + i);
    text = text.split(fact).join(ph);
    used.push(ph);
  });
  const count = (s: string, ph: string) => s.split(ph).length - 1;
  const before = new Map(used.map((ph) => [ph, count(text, ph)]));
  return {
    text,
    // A candidate that dropped or repeated a placeholder is refused (null).
    restore: (s) => {
      for (const [ph, n] of before) if (count(s, ph) !== n) return null;
      return s.replace(PLACEHOLDER, (ph) => facts[ph.charCodeAt(1) - 0xe100]!);
    },
  };
}

// ---------------------------------------------------------------------------
// Word choice, guided by the detector's weights.

const INTENSIFIER_BEFORE = /\b(?:more|most|very|so|too|less|least|quite|rather|how|as|really|extremely)\s+$/i;
/** How much of the text before a swapped word the tests above read: far more than an intensifier and its space. */
const BEFORE_CHARS = 64;
const swapPatterns = new Map<string, RegExp>();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function article(alt: string, original: string): string {
  const an = /^(?:[aeio]|u(?!ni|se|sa|su|ro|ti)|hour|honest)/i.test(alt) && !/^one\b/i.test(alt);
  const word = an ? 'an' : 'a';
  return original[0] === 'A' ? word[0]!.toUpperCase() + word.slice(1) : word;
}

/** `light` takes a word outside the table's most model-typical ones only when the detector weighs it this much more AI-like. */
const LIGHT_MIN_GAIN = 1.5;

/** Chooses the alternative the detector weighs least AI-like, if it weighs at least `minGain` less than the original. */
function bestAlternative(from: string, alts: string[], lang: 'en' | 'zh', minGain: number): string | null {
  const base = phraseWeight(from, lang);
  let best: string | null = null;
  let bestW = base - minGain;
  for (const alt of alts) {
    const w = alt ? phraseWeight(alt, lang) : 0;
    if (w < bestW) {
      best = alt;
      bestW = w;
    }
  }
  return best;
}

function swapEnglish(text: string, lightOnly: boolean): string {
  let out = text;
  for (const swap of englishSwaps()) {
    if (!out.toLowerCase().includes(swap.from)) continue;
    const alt = bestAlternative(swap.from, swap.alts, 'en', lightOnly && !swap.light ? LIGHT_MIN_GAIN : 0.05);
    if (alt === null) continue;
    let pattern = swapPatterns.get(swap.from);
    if (!pattern) {
      const tail = /\w$/.test(swap.from) ? "(?![A-Za-z'-])" : '';
      pattern = new RegExp(`(^|[^A-Za-z'\\-\\uE000-\\uE1FF])(?:(an?|An?) )?(${escape(swap.from)})${tail}`, 'gi');
      swapPatterns.set(swap.from, pattern);
    }
    out = out.replace(pattern, (m: string, pre: string, art: string | undefined, word: string, offset: number, whole: string) => {
      if (word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word)) return m;
      // A capital inside a sentence is a name's ("May", "Enable Inc."): left alone.
      // What stands just before the word (a bounded tail: the tests look at its end, and a whole
      // prefix per match would make a sentence with many matches quadratic).
      const before = whole.slice(Math.max(0, offset - BEFORE_CHARS), offset) + pre;
      if (/^[A-Z]/.test(word) && !art && /\S/.test(whole.slice(0, offset) + pre) && !/[.!?:]["”]?\s*$/.test(before)) return m;
      if (INTENSIFIER_BEFORE.test(before + (art ? art + ' ' : ''))) return m;
      let replacement = alt;
      if (/^[A-Z]/.test(word) && !art) replacement = replacement.replace(/^[a-z]/, (c) => c.toUpperCase());
      if (replacement === '') return pre + (art ? art + ' ' : '');
      return pre + (art ? article(replacement, art) + ' ' : '') + replacement;
    });
  }
  return out;
}

function swapChinese(text: string, lightOnly: boolean): string {
  let out = text;
  for (const swap of chineseSwaps()) {
    if (!out.includes(swap.from)) continue;
    const alt = bestAlternative(swap.from, swap.alts, 'zh', lightOnly && !swap.light ? LIGHT_MIN_GAIN : 0.05);
    if (alt === null) continue;
    out = out.split(swap.from).join(alt);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Restructuring and sentence length (English).

/** Words a moved main clause may start with in lower case (never a name). */
const LOWERABLE = new Set(
  'the a an this that these those my our their his her its it we they he she such many most some students people each every both there one'.split(
    ' ',
  ),
);
const SUBORDINATORS =
  'when|while|although|though|because|since|if|after|before|once|despite|through|by|during|as|with|without|unless|until';

/** A clause's first word: a subject (pronoun, determiner, a masked name), never a verb or an adverb. */
const CLAUSE_START =
  /^(?:I|I'm|I've|We|He|She|They|It|My|Our|Their|His|Her|Its|The|This|That|These|Those|A|An|There|Students|People|Many|Some|Most|Each|Every|One)\b|^\uE000/;

/** "When I was ten, I built a robot." → "I built a robot when I was ten." */
function moveClauseBack(s: string): string | null {
  const m = new RegExp(`^(${SUBORDINATORS})\\b([^,;:]{3,80}),\\s+([^,;:]+?)([.!?]["”]?)$`, 'i').exec(s);
  if (!m) return null;
  const main = m[3]!;
  if (main.split(/\s+/).length < 3 || !CLAUSE_START.test(main)) return null;
  return `${capitalise(main)} ${m[1]!.toLowerCase()}${m[2]}${m[4]}`;
}

/** "I chose physics because it explains the world." → "Because it explains the world, I chose physics." */
function frontClause(s: string): string | null {
  // No match is possible with a comma, semicolon or colon anywhere; without one the pattern
  // cannot fail late, so it stays linear in a long sentence of many subordinators.
  if (/[,;:]/.test(s)) return null;
  const m = /^([^,;:]{12,}?)\s+(because|although|though|when|while|since|after|before|once|unless|until)\s+([^,;:]{8,}?)([.!?]["”]?)$/.exec(
    s,
  );
  if (!m) return null;
  const main = m[1]!;
  const first = main.split(/\s+/)[0]!;
  const lowered =
    first === 'I' || /^I'/.test(first) ? main : LOWERABLE.has(first.toLowerCase()) ? main[0]!.toLowerCase() + main.slice(1) : null;
  if (lowered === null) return null;
  return `${m[2]![0]!.toUpperCase()}${m[2]!.slice(1)} ${m[3]}, ${lowered}${m[4]}`;
}

/** "It is clear that X" → "Clearly, X"; "There are many X that Y" → "Many X Y". */
function plainFrames(s: string): string | null {
  let out = s
    .replace(
      /^It is (clear|evident|obvious|undeniable) that\s+/i,
      (_m, w: string) => `${{ clear: 'Clearly', evident: 'Clearly', obvious: 'Obviously', undeniable: 'Undeniably' }[w.toLowerCase()]}, `,
    )
    .replace(
      /^There (?:are|is) (many|several|numerous|various|some|countless) ([a-z]+(?: [a-z]+)?) (?:that|who|which) (?=[a-z])/i,
      (_m, q: string, n: string) => `${q[0]!.toUpperCase()}${q.slice(1).toLowerCase()} ${n} `,
    )
    .replace(/\bnot only ([^,.;]{3,60}?),? but also\b/gi, '$1 and also');
  out = out.replace(/^(Clearly|Obviously|Undeniably), ([a-z])/, (_m, w: string, c: string) => `${w}, ${c}`);
  return out === s ? null : out;
}

/** Drops commas a careful writer may leave out: after a short opening phrase, and the serial comma. */
function dropOptionalCommas(s: string): string | null {
  const out = s
    // Only a short opener before a plain subject: "In 2019, I moved" → "In 2019 I moved" (never "With fewer options, commuting").
    .replace(
      /^((?:In|On|At|During|After|Before|Since|By|For|Last|This|Next|Every|Through|Over|Within|Today|Now|Then|Later|Also|Still|Instead|Thus|So|Here|Recently|Eventually|Finally|Initially|Personally|Of course|At first|In fact|Nowadays|Sometimes|Often|Usually)\b[^,;:]{0,24}?),\s+(?=(?:I|we|he|she|they|it|my|our|their|his|her|the|this|these|there)\b|\uE000)/,
      (m, head: string) => (head.split(/\s+/).length <= 3 ? `${head} ` : m),
    )
    .replace(/(?<!\w)(\w+), (\w+(?: \w+)?), and (\w+)/g, '$1, $2 and $3')
    .replace(/, (such as|including) /g, ' $1 ')
    // Two short clauses joined by a conjunction need no comma.
    .replace(/^([^,;:]{8,50}), (and|but|so) ([^,;:]{8,50})$/, (m, a: string, c: string, b: string) =>
      a.split(' ').length <= 9 && b.split(' ').length <= 9 ? `${a} ${c} ${b}` : m,
    );
  return out === s ? null : out;
}

/** Strong only: empty intensifiers left out ("I truly enjoyed", "I really enjoyed" → "I enjoyed"); they add no fact. */
function dropIntensifiers(s: string): string | null {
  const out = s.replace(/(?<=[A-Za-z,\uE000-\uE1FF] )(?:truly|really|genuinely|actively|undoubtedly) (?=[a-z])/g, '');
  return out === s ? null : out;
}

/** A long sentence split where two clauses meet (", and I", ", but", "; ", ", so"). */
function splitLongEn(sentence: string, minWords: number): string | null {
  const words = sentence.split(/\s+/).length;
  if (words < minWords) return null;
  const re =
    /;\s+|,\s+(?:and|but|so|yet)\s+(?=(?:I|we|my|our|this|it|they|he|she|these|that|there|students|people)\b)|,\s+which\s+(?=(?:is|was|has|had|made|makes|gave|gives|helped|helps|allowed|allows|taught|teaches|led|leads)\b)/g;
  let best: { at: number; len: number; kind: string } | null = null;
  for (const m of sentence.matchAll(re)) {
    const at = m.index!;
    if (at < sentence.length * 0.25 || at > sentence.length * 0.8) continue;
    if (!best || Math.abs(at - sentence.length / 2) < Math.abs(best.at - sentence.length / 2)) best = { at, len: m[0].length, kind: m[0] };
  }
  if (!best) return null;
  const head = sentence.slice(0, best.at).replace(/[,;]\s*$/, '');
  let tail = sentence.slice(best.at + best.len);
  const conj = /,\s+(but|so|yet)\s+/.exec(best.kind)?.[1];
  if (conj) tail = `${conj} ${tail}`;
  else if (/which/.test(best.kind)) tail = `This ${tail}`;
  return `${head}. ${capitalise(tail)}`;
}

// ---------------------------------------------------------------------------
// Chinese restructuring.

/** A long Chinese sentence split at the comma nearest its middle where a new clause starts. */
function splitLongZh(sentence: string, minChars: number): string | null {
  const chars = sentence.replace(/[^\u3400-\u9fff]/g, '').length;
  if (chars < minChars) return null;
  const re = /[，；](?=(?:我们|我|这|他们|他|她|它|但|而|所以|因此|同时|其中|另外|这些|那么|于是|后来|之后|最后|如今|现在))/g;
  let best = -1;
  for (const m of sentence.matchAll(re)) {
    const at = m.index!;
    if (at < sentence.length * 0.25 || at > sentence.length * 0.8) continue;
    if (best < 0 || Math.abs(at - sentence.length / 2) < Math.abs(best - sentence.length / 2)) best = at;
  }
  if (best < 0) return null;
  return `${sentence.slice(0, best)}。${sentence.slice(best + 1)}`;
}

/**
 * Commas Chinese can do without: after a short opening adverbial ("在大学期间，我" → "在大学期间我")
 * and before a joining word that already links the clauses ("，并" "，而且" "，从而" "，以便").
 */
function dropZhComma(s: string): string | null {
  const out = s
    .replace(/^([^，。；]{2,8}?(?:时|后|中|里|期间|以来|之后|之前|以后|以前|当中|来说|看来|年|月))，/, '$1')
    .replace(/([^，。；]{2,18})，(?=并且|并|而且|从而|进而|以便|以及)/g, '$1');
  return out === s ? null : out;
}

// ---------------------------------------------------------------------------

/**
 * Longer "sentences" are left as they are (issue 22): no essay has one (a long Chinese sentence
 * with its clauses is a few hundred characters), and the work of the rules and the meaning lock
 * grows faster than the sentence. A 20,000-character text without punctuation is one sentence.
 */
export const MAX_REWRITE_CHARS = 1000;

export interface RewriteOptions {
  /** Contractions as candidates (a personal statement); off keeps an essay's formal register. */
  contractions?: boolean;
  /** Terms no rule may touch (besides the facts the meaning lock finds). */
  protectedTerms?: string[];
  /** Also offer the rewrite that keeps a stock opener (with plainer wording): the detector may prefer it. Default true. */
  keepOpener?: boolean;
}

/** "a"/"an" set right before a word an edit brought in (an article the original had before that word stays). */
function fixArticles(s: string, original: string): string {
  const inOriginal = new Map<string, boolean>();
  return s.replace(/\b(a|an|A|An) ([A-Za-z][\w-]*)/g, (m, art: string, word: string) => {
    let kept = inOriginal.get(m);
    if (kept === undefined) inOriginal.set(m, (kept = original.includes(m)));
    return kept ? m : `${article(word, art)} ${word}`;
  });
}

function tidyEn(s: string): string {
  return capitalise(
    s
      .replace(/\s{2,}/g, ' ')
      .replace(/\s+([,.;:!?])/g, '$1')
      .replace(/,\s*,/g, ',')
      .replace(/^\s*,\s*/, '')
      .replace(/([.!?])\s*,/g, '$1')
      .trim(),
  );
}

function tidyZh(s: string): string {
  return s
    .replace(/^[，,]\s*/, '')
    .replace(/，，/g, '，')
    .trim();
}

/**
 * Rewrites of one sentence, deterministic, the first being the plainest edit of the mode. `light`:
 * stock openers, the most model-typical phrases and words; `balanced`: all of the word table, the
 * restructurings, optional commas, contractions (unless turned off) and very long sentences split;
 * `strong`: also long sentences split sooner and the edits combined.
 */
export function rewriteCandidates(sentence: string, mode: ReduceMode, lang: 'en' | 'zh', options: RewriteOptions = {}): string[] {
  if (sentence.length > MAX_REWRITE_CHARS) return [sentence];
  const masked = mask(sentence, options.protectedTerms ?? []);
  const m = masked.text;
  const light = mode === 'light';
  const raw: string[] = [];
  if (lang === 'zh') {
    const phrased = light ? m : applyRules(m, ZH_PHRASES);
    const base = tidyZh(swapChinese(applyRules(phrased, ZH_OPENERS), light));
    const keepOpener = tidyZh(swapChinese(phrased, light));
    raw.push(base);
    if (options.keepOpener !== false) raw.push(keepOpener);
    if (!light) {
      const dropped = dropZhComma(base);
      if (dropped) raw.push(dropped);
      const split = splitLongZh(dropped ?? base, mode === 'strong' ? 36 : 60);
      if (split) raw.push(split);
      if (split && mode === 'strong') {
        // Strong: a long sentence may be split twice.
        const again = split
          .split('。')
          .map((part) => (part ? (splitLongZh(part + '。', 30)?.replace(/。$/, '') ?? part) : part))
          .join('。');
        if (again !== split) raw.push(again);
      }
    }
  } else {
    const phrased = fixArticles(applyRules(m, light ? EN_PHRASES.slice(0, 12) : EN_PHRASES), m);
    const base = tidyEn(swapEnglish(applyRules(phrased, EN_OPENERS), light));
    const keepOpener = tidyEn(swapEnglish(phrased, light));
    raw.push(base);
    if (options.keepOpener !== false) raw.push(keepOpener);
    if (!light) {
      const shapes = [
        moveClauseBack(base),
        frontClause(base),
        plainFrames(base),
        dropOptionalCommas(base),
        splitLongEn(base, mode === 'strong' ? 22 : 32),
      ].filter((s): s is string => s !== null);
      raw.push(...shapes.map(tidyEn));
      if (mode === 'strong') {
        const plain = dropIntensifiers(base);
        if (plain) {
          raw.push(tidyEn(plain));
          shapes.push(plain);
        }
        // Edits combined: a restructured sentence without intensifiers, with optional commas dropped, then split.
        for (const original of shapes) {
          const shape = dropIntensifiers(original) ?? original;
          if (shape !== original) raw.push(tidyEn(shape));
          const c = dropOptionalCommas(shape);
          if (c) raw.push(tidyEn(c));
          const sp = splitLongEn(c ?? shape, 22);
          if (sp) raw.push(tidyEn(sp));
        }
      }
      if (options.contractions !== false) {
        for (const c of [...raw]) {
          const contracted = applyRules(c, EN_CONTRACTIONS);
          if (contracted !== c) raw.push(contracted);
        }
      }
    }
  }
  const out: string[] = [];
  for (const c of raw) {
    const restored = masked.restore(c);
    if (restored !== null && restored.trim() && !out.includes(restored)) out.push(restored);
  }
  return out.length ? out : [sentence];
}

/**
 * One sentence rewritten (essay polish, offline drafts): stock openers always go; of the mode's
 * other candidates, the one the detector scores lowest on its own (the reducer does better: it
 * scores each candidate in the whole text).
 */
export function rewriteSentence(sentence: string, mode: ReduceMode, lang: 'en' | 'zh', options: RewriteOptions = {}): string {
  const candidates = rewriteCandidates(sentence, mode, lang, { ...options, keepOpener: false });
  let best = candidates[0]!;
  let bestScore = Infinity;
  for (const c of candidates) {
    const score = sentenceLogit(c, lang);
    if (score < bestScore - 1e-9) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}
