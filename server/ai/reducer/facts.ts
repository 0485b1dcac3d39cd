/**
 * The facts a rewrite must keep (issue 14, meaning lock): numbers and dates, names of people,
 * schools and organisations (capitalised words that do not just start a sentence), quoted and
 * 《》 titles, Latin names inside Chinese text, and the user's protected terms. A rewrite of a
 * sentence that loses any of them is not used.
 */

import { splitSentences } from '../detector/text';

const NUMBER = /\d+(?:[.,:/-]\d+)*%?/g;
const QUOTED = /["“]([^"”\n]{2,80})["”]|《([^》\n]{1,80})》/g;
/** A capitalised word (or initialism), with what follows it in the same name. */
const CAPITALISED = /\b[A-Z][A-Za-z&.'-]*(?:\s+(?:of|and|for|the|de|du|van|von)?\s*[A-Z][A-Za-z&.'-]*)*/g;
const LATIN_IN_CJK = /[A-Za-z][A-Za-z0-9 .&'-]*[A-Za-z0-9]/g;
const CJK = /[\u3400-\u9fff]/;

/** Words a sentence may start with that are not names. */
const COMMON_STARTERS = new Set(['I', 'A', 'An', 'The', 'My', 'We', 'Our', 'This', 'That', 'These', 'Those', 'It', 'In', 'On', 'At', 'As', 'For', 'From', 'By', 'With', 'When', 'While', 'After', 'Before', 'Since', 'During', 'Through', 'Throughout', 'Although', 'Because', 'If', 'But', 'And', 'So', 'Yet', 'Also', 'Then', 'There', 'Here', 'Today', 'Now', 'Furthermore', 'Moreover', 'Additionally', 'Ultimately', 'Overall', 'Finally', 'First', 'Second', 'Third', 'However', 'Therefore', 'Thus', 'Hence', 'Consequently', 'Indeed', 'Notably', 'Importantly', 'Meanwhile', 'Instead', 'Still', 'Besides', 'Additionally,']);

function unique(values: string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter(Boolean))];
}

/** The facts of a text: each sentence's, so a name never runs across a sentence's end. */
export function factsOf(text: string, protectedTerms: string[] = []): string[] {
  const sentences = splitSentences(text);
  const facts = sentences.length > 1 ? sentences.flatMap((s) => sentenceFacts(s.text)) : sentenceFacts(text);
  for (const term of protectedTerms) if (term.trim() && text.includes(term.trim())) facts.push(term.trim());
  return unique(facts);
}

function sentenceFacts(text: string): string[] {
  const facts: string[] = [];
  for (const m of text.matchAll(NUMBER)) facts.push(m[0]);
  for (const m of text.matchAll(QUOTED)) facts.push((m[1] ?? m[2])!);
  if (CJK.test(text)) {
    for (const m of text.matchAll(LATIN_IN_CJK)) facts.push(m[0]);
  } else {
    for (const m of text.matchAll(CAPITALISED)) {
      let name = m[0];
      const atStart = /(^|[.!?]\s+|\n\s*)$/.test(text.slice(0, m.index));
      if (atStart) {
        // A sentence's first word is a name only if more of the name follows it.
        const [first, ...rest] = name.split(/\s+/);
        if (COMMON_STARTERS.has(first!) || rest.length === 0) name = rest.join(' ');
        else name = [first, ...rest].join(' ');
      }
      name = name.replace(/[.'-]+$/, '');
      if (name && name !== 'I') facts.push(name);
    }
  }
  return facts;
}

/** The facts of `original` that `rewritten` no longer contains. */
export function lostFacts(original: string, rewritten: string, protectedTerms: string[] = []): string[] {
  return factsOf(original, protectedTerms).filter((fact) => !rewritten.includes(fact));
}
