import type { ReduceMode } from '../../../contracts/detection-constants';
import type { ChatProvider } from '../providers';
import type { ModelRewriter } from './reduce';

/** Reduction prompt version, recorded with each run's ADR (docs/decisions/0031). */
export const REDUCE_PROMPT_VERSION = 'reduce-1';

const MODE_GUIDANCE: Record<ReduceMode, string> = {
  light: 'Change as little as possible: drop stock phrases and stiff connectives, keep the structure.',
  balanced: 'Rewrite each sentence in plain, natural wording with some variety in rhythm, keeping its meaning.',
  strong: 'Rewrite freely: restructure sentences, vary their length, use concrete plain words, keep the meaning.',
};

const SYSTEM = `You edit sentences of a student's application essay so they read as written by the student, not by an AI model.
Rules:
- Keep the meaning of every sentence. Keep every number, date, score, name, school, organisation, title and quoted phrase exactly as written.
- Do not add facts, examples or claims that the sentence does not contain.
- Write each sentence in the language it is written in (English stays English, Chinese stays Chinese).
- Answer with one line per input sentence, in the same order, each starting with its number and a period ("3. ..."). No other text.`;

/**
 * 降AI率 with a language model: one request per round with the chosen sentences numbered, the
 * answer read back line by line. A line that is missing or garbled leaves its sentence unchanged;
 * the reducer still checks every rewrite against the detector and the meaning lock.
 */
export function modelRewriter(provider: ChatProvider, model: string, timeoutMs: number): ModelRewriter {
  return async (sentences, mode, signal) => {
    const user = `${MODE_GUIDANCE[mode]}\n\n${sentences.map((s, i) => `${i + 1}. ${s.replace(/\s+/g, ' ')}`).join('\n')}`;
    let answer = '';
    for await (const delta of provider.stream({
      model,
      messages: [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: user },
      ],
      signal: signal ?? new AbortController().signal,
      timeoutMs,
    })) {
      answer += delta;
    }
    const lines = new Map<number, string>();
    for (const line of answer.split('\n')) {
      const m = /^\s*(\d{1,3})[.)、．]\s*(.+?)\s*$/.exec(line);
      if (m) lines.set(Number(m[1]), m[2]!);
    }
    return sentences.map((s, i) => lines.get(i + 1) ?? s);
  };
}
