import type { GrammarLint } from './engine';

/**
 * Subject–verb agreement Harper misses (ADR 0041): a singular subject followed by a bare verb,
 * only where the reading is certain. "The policy actually use", "Each student have", "It make".
 *
 * - a determiner, a word not ending in -s and not a collective noun (the police, the staff, the
 *   Chinese take plural verbs), an adverb from a short list, then a listed verb: the adverb rules
 *   out "the new use" (an adjective and a noun);
 * - "Each" + noun + listed verb ("Every" is left out: "Every day make time…" is an imperative);
 * - he / she / it opening a clause (not "let it make", where the bare verb is right) + listed verb.
 *
 * Words are found by one linear pass; nothing here backtracks.
 */

const DETERMINERS = new Set(['the', 'this', 'that', 'a', 'an', 'my', 'his', 'her', 'its', 'our', 'their', 'your', 'each']);
const COLLECTIVE = new Set(
  'police people staff government team family committee public majority minority rest media youth data faculty crew audience jury cattle clergy personnel rich poor elderly young chinese japanese british english french dutch swiss irish welsh vietnamese lebanese portuguese same other former latter following'.split(
    ' ',
  ),
);
const ADVERBS = new Set(
  'actually really also often always never usually still just only even rarely seldom sometimes already truly generally mainly'.split(' '),
);
const VERBS = new Set(
  'have do go use make take need want help show give get seem require include provide allow cause lead become remain spend cost affect mean try work live like know think feel look come keep run move change create support increase reduce improve depend focus offer face fail believe hope plan lack contain involve rely suggest'.split(
    ' ',
  ),
);
const CLAUSE_OPENERS = new Set(['and', 'but', 'because', 'so', 'when', 'if', 'although', 'though', 'while', 'since']);

/** The third person singular of a listed verb. */
export function thirdPersonOf(verb: string): string {
  if (verb === 'have') return 'has';
  if (verb === 'do' || verb === 'go') return `${verb}es`;
  if (/(?:s|sh|ch|x|z)$/.test(verb)) return `${verb}es`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

type Word = { text: string; lower: string; start: number; end: number; afterPunctuation: boolean };

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let last = 0;
  for (const m of text.matchAll(/[A-Za-z]+(?:'[A-Za-z]+)?/g)) {
    const between = text.slice(last, m.index);
    words.push({
      text: m[0],
      lower: m[0].toLowerCase(),
      start: m.index,
      end: m.index + m[0].length,
      afterPunctuation: /[.!?;:,"“]/.test(between),
    });
    last = m.index + m[0].length;
  }
  return words;
}

const lintAt = (verb: Word): GrammarLint => ({
  start: verb.start,
  end: verb.end,
  kind: 'Agreement',
  message: 'The verb must agree with its singular subject.',
  problem: verb.text,
  suggestions: [{ kind: 0, text: thirdPersonOf(verb.lower) }],
});

/** The agreement errors of `text` that the rules above are certain of. */
export function agreementErrors(text: string): GrammarLint[] {
  const words = wordsOf(text);
  const out: GrammarLint[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const opensClause = i === 0 || w.afterPunctuation || CLAUSE_OPENERS.has(words[i - 1]!.lower);
    // he / she / it + (adverb) + bare verb, the pronoun opening a clause.
    if ((w.lower === 'he' || w.lower === 'she' || w.lower === 'it') && opensClause) {
      const next = words[i + 1];
      const verb = next && ADVERBS.has(next.lower) ? words[i + 2] : next;
      if (verb && VERBS.has(verb.lower) && verb.text === verb.lower) out.push(lintAt(verb));
      continue;
    }
    if (!DETERMINERS.has(w.lower) || !opensClause) continue;
    const noun = words[i + 1];
    if (!noun || noun.lower.endsWith('s') || COLLECTIVE.has(noun.lower) || noun.text !== noun.lower) continue;
    const adverb = words[i + 2];
    if (w.lower === 'each') {
      const verb = adverb && ADVERBS.has(adverb.lower) ? words[i + 3] : adverb;
      if (verb && VERBS.has(verb.lower)) out.push(lintAt(verb));
      continue;
    }
    const verb = words[i + 3];
    if (adverb && ADVERBS.has(adverb.lower) && verb && VERBS.has(verb.lower)) out.push(lintAt(verb));
  }
  return out;
}
