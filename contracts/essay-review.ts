import { diffArrays } from 'diff';
import { readAnswer } from './ai-answer';
import { plainInline } from './markdown-document';
import { splitSentences } from './sentences';

/**
 * Reading the two review answers (issue 13) into what the pages offer one by one: essay revision's
 * suggestions (the prompt's fixed format, server/ai/prompts/revision.ts) and essay polish's
 * sentence-level changes against the original. Browser-safe; the offline engine's answers go
 * through the same reading in its tests, so both engines feed the same page.
 */

export type SuggestionKind = 'edit' | 'delete' | 'comment';
export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = { edit: '修改', delete: '删除', comment: '批注' };

export type RevisionSuggestion = {
  id: string;
  kind: SuggestionKind;
  /** Copied word for word from the essay: where the suggestion applies. */
  original: string;
  /** What replaces it ('' for a deletion; unused for a comment). */
  replacement: string;
  reason: string;
};

export type RevisionReview = {
  offline: boolean;
  note: string | null;
  /** 总体评价: one line per aspect (结构, 具体性, 个人声音, 语言与语法), in the answer's order. */
  assessment: Array<{ aspect: string; text: string }>;
  suggestions: RevisionSuggestion[];
  /** 需要补充的事实: what the consultant must ask the student for. */
  missingFacts: string[];
};

const FIELD = /^(类型|原文|建议|理由)\s*[：:]\s*(.*)$/;
const FIELD_KEYS = { 类型: 'type', 原文: 'original', 建议: 'replacement', 理由: 'reason' } as const;
const EMPTY_REPLACEMENT = /^[（(]?\s*无\s*[）)]?$/;

function unquote(value: string): string {
  const text = value.trim();
  const quoted = /^[「“"『](.*)[」”"』]$/s.exec(text);
  return (quoted ? quoted[1]! : text).trim();
}

type Draft = { type: string; original: string; replacement: string | null; reason: string };

function finish(draft: Draft, index: number): RevisionSuggestion | null {
  const original = unquote(draft.original);
  if (!original) return null;
  const replacement = draft.replacement === null ? '' : unquote(draft.replacement);
  const kind: SuggestionKind = /删除/.test(draft.type)
    ? 'delete'
    : /批注/.test(draft.type) || draft.replacement === null || EMPTY_REPLACEMENT.test(replacement)
      ? 'comment'
      : 'edit';
  return {
    id: `suggestion-${index}`,
    kind,
    original,
    replacement: kind === 'edit' ? replacement : '',
    reason: draft.reason.trim(),
  };
}

/** Essay revision's answer as assessment, suggestions and missing facts; lines it cannot read are skipped. */
export function parseRevision(text: string): RevisionReview {
  const answer = readAnswer(text);
  const review: RevisionReview = { offline: answer.offline, note: answer.note, assessment: [], suggestions: [], missingFacts: [] };
  let section: 'assessment' | 'suggestions' | 'facts' | null = null;
  let draft: Draft | null = null;
  let lastField: keyof Draft | null = null;
  const flush = () => {
    if (draft) {
      const suggestion = finish(draft, review.suggestions.length);
      if (suggestion) review.suggestions.push(suggestion);
    }
    draft = null;
    lastField = null;
  };

  for (const raw of answer.body.split('\n')) {
    const line = plainInline(raw.trim());
    if (!line) continue;
    const heading = /^(#{1,6})\s*(.+)$/.exec(line);
    if (heading && heading[1]!.length <= 2) {
      flush();
      const title = heading[2]!;
      section = /评价|评估/.test(title) ? 'assessment' : /建议/.test(title) ? 'suggestions' : /补充|事实/.test(title) ? 'facts' : null;
      continue;
    }
    if (section === 'suggestions') {
      if (heading) {
        flush();
        continue;
      }
      const field = FIELD.exec(line.replace(/^[-*]\s*/, ''));
      if (field) {
        const [, label, value] = field;
        // A new 原文 (or 类型) after a complete suggestion starts the next one, headings or not.
        if (!draft || ((label === '原文' || label === '类型') && draft.original && draft.replacement !== null)) {
          flush();
          draft = { type: '', original: '', replacement: null, reason: '' };
        }
        const d: Draft = draft!;
        const key = FIELD_KEYS[label as keyof typeof FIELD_KEYS];
        if (key === 'type') d.type = value!;
        else d[key] = value!;
        lastField = key === 'type' ? null : key;
      } else if (draft && lastField === 'reason') {
        (draft as Draft).reason += ` ${line}`;
      }
      continue;
    }
    const item = line.replace(/^[-*•]\s*|^\d{1,2}[.)、]\s*/, '');
    if (section === 'assessment') {
      const aspect = /^([^：:]{1,12})[：:]\s*(.+)$/.exec(item);
      review.assessment.push(aspect ? { aspect: aspect[1]!.trim(), text: aspect[2]!.trim() } : { aspect: '', text: item });
    } else if (section === 'facts' && !/^无[。.]?$/.test(item) && !/^（?没有/.test(item)) {
      review.missingFacts.push(item);
    }
  }
  flush();
  return review;
}

// ---- Polish: sentence-level changes --------------------------------------------------------

export type PolishChange = {
  id: string;
  /** The original's text this change replaces: one or more whole sentences of one paragraph. */
  before: string;
  /** The polished text ('' when the polish drops the sentences). */
  after: string;
};

export type PolishComparison = {
  offline: boolean;
  note: string | null;
  /** Each original paragraph as unchanged runs and changes, in order. */
  paragraphs: Array<Array<{ kind: 'same'; text: string } | { kind: 'change'; change: PolishChange }>>;
  changes: PolishChange[];
};

const paragraphsOf = (text: string) =>
  text
    .split(/\n/)
    .map((p) => p.trim())
    .filter(Boolean);
const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
/** Chinese sentences run on without a space; English ones take one. */
const joinSentences = (sentences: string[]) =>
  sentences.reduce((out, s) => (!out ? s : /[\u3000-\u303f\uff00-\uffef\u3400-\u9fff]$/.test(out) ? out + s : `${out} ${s}`), '');

type Sentence = { text: string; start: number; end: number };
type Hunk = { kind: 'same'; items: Sentence[] } | { kind: 'change'; removed: Sentence[]; added: string[] };

/** One paragraph's sentences compared; a change never has an empty side (it borrows a neighbour). */
function compareParagraph(original: string, polished: string): Hunk[] {
  const a: Sentence[] = splitSentences(original).map((s) => ({ text: s.text, start: s.start, end: s.end }));
  const b = splitSentences(polished).map((s) => s.text);
  const hunks: Hunk[] = [];
  let i = 0;
  for (const part of diffArrays<string>(
    a.map((s) => s.text),
    b,
    { comparator: same },
  )) {
    const count = part.count ?? part.value.length;
    if (!part.added && !part.removed) {
      hunks.push({ kind: 'same', items: a.slice(i, i + count) });
      i += count;
      continue;
    }
    let last = hunks[hunks.length - 1];
    if (!last || last.kind !== 'change') hunks.push((last = { kind: 'change', removed: [], added: [] }));
    if (part.removed) {
      last.removed.push(...a.slice(i, i + count));
      i += count;
    } else last.added.push(...part.value);
  }
  // An insertion or a deletion alone has nothing to select in the text: take in a neighbour.
  hunks.forEach((hunk, k) => {
    if (hunk.kind !== 'change' || (hunk.removed.length > 0 && hunk.added.length > 0)) return;
    const prev = hunks[k - 1];
    const next = hunks[k + 1];
    if (prev?.kind === 'same' && prev.items.length > 0) {
      const borrowed = prev.items.pop()!;
      hunk.removed.unshift(borrowed);
      hunk.added.unshift(borrowed.text);
    } else if (next?.kind === 'same' && next.items.length > 0) {
      const borrowed = next.items.shift()!;
      hunk.removed.push(borrowed);
      hunk.added.push(borrowed.text);
    }
  });
  // As many sentences out as in: each is its own change, decided on by itself.
  return hunks
    .filter((h) => (h.kind === 'same' ? h.items.length > 0 : h.removed.length > 0 || h.added.length > 0))
    .flatMap((h): Hunk[] =>
      h.kind === 'change' && h.removed.length > 1 && h.removed.length === h.added.length
        ? h.removed.map((removed, k) => ({ kind: 'change', removed: [removed], added: [h.added[k]!] }))
        : [h],
    );
}

/**
 * The polished answer against the original, sentence by sentence within each paragraph (the prompt
 * keeps paragraphs one to one). A polish with extra paragraphs adds them after the last one.
 */
export function comparePolish(original: string, polishedAnswer: string): PolishComparison {
  const answer = readAnswer(polishedAnswer);
  const before = paragraphsOf(original);
  const after = paragraphsOf(answer.body).filter((p) => !/^#{1,6}\s/.test(p));
  const changes: PolishChange[] = [];
  const paragraphs: PolishComparison['paragraphs'] = before.map((paragraph, p) => {
    const polished = after[p] ?? '';
    const hunks = compareParagraph(paragraph, polished);
    return hunks.map((hunk) => {
      if (hunk.kind === 'same') return { kind: 'same' as const, text: paragraph.slice(hunk.items[0]!.start, hunk.items.at(-1)!.end) };
      const removed = hunk.removed;
      const change: PolishChange = {
        id: `change-${changes.length}`,
        before: removed.length ? paragraph.slice(removed[0]!.start, removed.at(-1)!.end) : '',
        after: joinSentences(hunk.added),
      };
      changes.push(change);
      return { kind: 'change' as const, change };
    });
  });
  const extra = after.slice(before.length);
  const lastParagraph = paragraphs.at(-1);
  if (extra.length > 0 && lastParagraph) {
    const tail = lastParagraph.at(-1)!;
    const anchor = tail.kind === 'same' ? splitSentences(tail.text).at(-1)!.text : tail.change.before;
    const base = tail.kind === 'same' ? anchor : tail.change.after;
    const change: PolishChange = { id: `change-${changes.length}`, before: anchor, after: [base, ...extra].join('\n') };
    if (tail.kind === 'same') {
      lastParagraph.splice(
        -1,
        1,
        ...(tail.text.length > anchor.length ? [{ kind: 'same' as const, text: tail.text.slice(0, -anchor.length).trim() }] : []),
        {
          kind: 'change',
          change,
        },
      );
      changes.push(change);
    } else tail.change.after = change.after;
  }
  return { offline: answer.offline, note: answer.note, paragraphs, changes };
}
