import { comparePolish, parseRevision } from '../../../contracts/essay-review';
import { detectLanguage } from '../prompts/shared';
import { lostFacts } from '../reducer/facts';
import { keepsGrammar } from './check';

/**
 * A language model's revision or polish, checked before the page reads it (ADR 0041): a proposed
 * change that loses a fact of the passage it replaces (a number, a name, a date) or, in English,
 * brings in a grammar error the passage did not have, is taken back. Polish: the sentence stays as
 * it was. Revision: the suggestion stays as a comment saying why its wording was withdrawn.
 */
export type CheckedReview = { text: string; dropped: number; note: string };

type Change = { before: string; after: string };

/** Which changes to take back: facts first (no engine needed), then the grammar engine on English. */
async function rejected(changes: Change[], english: boolean): Promise<{ lost: Set<number>; broken: Set<number>; checked: boolean }> {
  const lost = new Set(changes.flatMap((c, i) => (lostFacts(c.before, c.after).length > 0 ? [i] : [])));
  const rest = changes.map((c, i) => ({ ...c, i })).filter((c) => !lost.has(c.i) && c.after.trim());
  if (!english || rest.length === 0) return { lost, broken: new Set(), checked: true };
  const keeps = await keepsGrammar(rest);
  if (!keeps) return { lost, broken: new Set(), checked: false };
  return { lost, broken: new Set(rest.filter((_, k) => !keeps[k]).map((c) => c.i)), checked: true };
}

function noteOf(lost: number, broken: number, checked: boolean): string {
  const parts: string[] = [];
  if (broken > 0) parts.push(`${broken} 处改动经语法检查发现了原文没有的语法错误`);
  if (lost > 0) parts.push(`${lost} 处改动会改变原文中的数字、名称或日期`);
  const taken = parts.length ? `AI 的建议中有${parts.join('，')}，已撤回（保留原文）。` : '';
  return taken + (checked ? '' : '语法检查引擎没有及时答复，本次英文改动未经语法检查。');
}

const quoteOf = (value: string) => value.trim().replace(/^[「“"『]|[」”"』]$/g, '');

export async function checkModelReview(operation: 'revision' | 'polish', essay: string, answer: string): Promise<CheckedReview | null> {
  const english = detectLanguage(essay) === 'en';
  if (operation === 'polish') {
    const comparison = comparePolish(essay, answer);
    const changes = comparison.changes.map((c) => ({ before: c.before, after: c.after }));
    const { lost, broken, checked } = await rejected(changes, english);
    const dropped = new Set([...lost, ...broken]);
    const note = noteOf(lost.size, broken.size, checked);
    if (dropped.size === 0) return note ? { text: answer, dropped: 0, note } : null;
    const byId = new Map(comparison.changes.map((c, i) => [c.id, dropped.has(i) ? c.before : c.after]));
    const text = comparison.paragraphs
      .map((pieces) => pieces.map((p) => (p.kind === 'same' ? p.text : byId.get(p.change.id)!)).join(english ? ' ' : ''))
      .join('\n\n');
    return { text, dropped: dropped.size, note };
  }
  const review = parseRevision(answer);
  const edits = review.suggestions.filter((s) => s.kind === 'edit');
  const { lost, broken, checked } = await rejected(
    edits.map((s) => ({ before: s.original, after: s.replacement })),
    english,
  );
  const note = noteOf(lost.size, broken.size, checked);
  if (lost.size + broken.size === 0) return note ? { text: answer, dropped: 0, note } : null;
  // The withdrawn suggestion's 建议 becomes （无） and its 理由 says why: the page shows a comment.
  const lines = answer.split('\n');
  edits.forEach((s, i) => {
    if (!lost.has(i) && !broken.has(i)) return;
    const at = lines.findIndex(
      (l) => /^\s*[-*]?\s*原文\s*[：:]/.test(l) && quoteOf(l.replace(/^\s*[-*]?\s*原文\s*[：:]\s*/, '')) === s.original,
    );
    if (at < 0) return;
    for (let j = at + 1; j < lines.length && j < at + 6; j++) {
      if (/^\s*[-*]?\s*建议\s*[：:]/.test(lines[j]!)) lines[j] = '建议：（无）';
      else if (/^\s*[-*]?\s*理由\s*[：:]/.test(lines[j]!)) {
        lines[j] = `理由：此条改法已撤回：${lost.has(i) ? '改后会丢失原文中的数字、名称或日期' : '改后语法检查发现了原文没有的语法错误'}。`;
        break;
      }
    }
  });
  return { text: lines.join('\n'), dropped: lost.size + broken.size, note };
}
