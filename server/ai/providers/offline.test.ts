import { documentMarkdown, markdownDocument } from '../../../contracts/markdown-document';
import {
  continueOfflineDraft,
  continuationStart,
  createOfflineProvider,
  OFFLINE_NOTHING_LEFT,
  OFFLINE_LABEL,
  OFFLINE_NO_DRAFT_MESSAGE,
  type OfflineDraft,
  type OfflineProviderOptions,
  renderOfflineDraft,
} from './offline';
import { ProviderError } from './provider';

const DRAFT: OfflineDraft = {
  title: '个人陈述（草稿）：李明 · 计算机科学硕士',
  sections: [
    { heading: '学术背景', paragraphs: ['我本科就读于浙江大学计算机科学与技术专业，GPA 3.7/4.0。', '  '] },
    { heading: '研究与实践', paragraphs: ['2025 年在阿里巴巴实习，负责推荐系统的特征工程。'] },
    { heading: '空的段落不出现', paragraphs: [] },
    { paragraphs: ['此致 😊'] },
  ],
};

async function read(
  options: OfflineProviderOptions,
  draft: OfflineDraft | undefined,
  signal = new AbortController().signal,
  continueFrom?: string,
) {
  const deltas: string[] = [];
  let error: unknown = null;
  try {
    for await (const d of createOfflineProvider(options).stream({
      model: 'offline',
      messages: [],
      signal,
      offlineDraft: draft,
      continueFrom,
    })) {
      deltas.push(d);
    }
  } catch (err) {
    error = err;
  }
  return { deltas, error };
}

describe('offline engine', () => {
  it('offers one model, 离线模式', () => {
    const provider = createOfflineProvider();
    expect(provider.models()).toEqual([{ id: 'offline', name: '离线模式' }]);
    expect(provider.kind).toBe('offline');
  });

  it('renders the draft under the 【离线模式】 label line, with headings and paragraphs, skipping empty ones', () => {
    expect(renderOfflineDraft(DRAFT)).toBe(
      [
        `${OFFLINE_LABEL}\n# 个人陈述（草稿）：李明 · 计算机科学硕士`,
        '## 学术背景',
        '我本科就读于浙江大学计算机科学与技术专业，GPA 3.7/4.0。',
        '## 研究与实践',
        '2025 年在阿里巴巴实习，负责推荐系统的特征工程。',
        '此致 😊',
      ].join('\n\n'),
    );
  });

  it('streams the labelled draft in small chunks, with the label first', async () => {
    const { deltas, error } = await read({ chunkChars: 5, delayMs: 1 }, DRAFT);
    expect(error).toBeNull();
    expect(deltas.length).toBeGreaterThan(10);
    expect(deltas.join('')).toBe(renderOfflineDraft(DRAFT));
    expect(deltas.join('').startsWith(`${OFFLINE_LABEL}\n`)).toBe(true);
    expect(deltas[0]).toBe(OFFLINE_LABEL.slice(0, 5));
    // Code points, not UTF-16 halves: the emoji arrives whole.
    expect(deltas.every((d) => Array.from(d).length <= 5 && !/[\uD800-\uDBFF]$/.test(d))).toBe(true);
  });

  it('paces the deltas with a short delay', async () => {
    const started = Date.now();
    await read({ chunkChars: 20, delayMs: 20 }, DRAFT);
    const chunks = Math.ceil(Array.from(renderOfflineDraft(DRAFT)).length / 20);
    expect(Date.now() - started).toBeGreaterThanOrEqual((chunks - 1) * 20 - 5);
  });

  it('without a draft it says, in Chinese and under the label, that it needs an archive-based draft', async () => {
    const { deltas, error } = await read({ chunkChars: 50, delayMs: 0 }, undefined);
    expect(error).toBeNull();
    expect(deltas.join('')).toBe(`${OFFLINE_LABEL}\n${OFFLINE_NO_DRAFT_MESSAGE}`);
    expect(OFFLINE_NO_DRAFT_MESSAGE).toContain('学生档案');
    // A draft with nothing to say is no draft.
    expect(renderOfflineDraft({ title: '空', sections: [{ heading: '空', paragraphs: [' '] }] })).toBe(
      `${OFFLINE_LABEL}\n${OFFLINE_NO_DRAFT_MESSAGE}`,
    );
  });

  it('stops with CANCELLED as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const deltas: string[] = [];
    let error: unknown = null;
    const started = Date.now();
    try {
      for await (const d of createOfflineProvider({ chunkChars: 2, delayMs: 1_000 }).stream({
        model: 'offline',
        messages: [],
        signal: controller.signal,
        offlineDraft: DRAFT,
      })) {
        deltas.push(d);
        if (deltas.length === 2) setTimeout(() => controller.abort(), 50);
      }
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).code).toBe('CANCELLED');
    expect((error as ProviderError).message).toBe('已停止生成');
    expect(deltas).toHaveLength(2);
    // Cut 50 ms into the second 1 s pause (at about 1.05 s), not at its end (2 s).
    expect(Date.now() - started).toBeLessThan(1_700);
  });

  it('an already aborted signal yields nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const { deltas, error } = await read({}, DRAFT, controller.signal);
    expect(deltas).toEqual([]);
    expect((error as ProviderError).code).toBe('CANCELLED');
  });

  describe('继续生成', () => {
    const full = renderOfflineDraft(DRAFT);
    /** The page's reading of a stopped text and back: what 继续生成 sends after the consultant touched it. */
    const throughPage = (text: string) => documentMarkdown(markdownDocument(text));
    const emojiAt = full.indexOf('此致');

    it.each([5, 12, 30, 47, 60, emojiAt + 3, full.length - 1])(
      'a draft stopped after %i characters continues with exactly the rest',
      async (n) => {
        const stopped = full.slice(0, n);
        const { deltas, error } = await read({ chunkChars: 7, delayMs: 0 }, DRAFT, undefined, stopped);
        expect(error).toBeNull();
        expect(stopped + deltas.join('')).toBe(full);
      },
    );

    it('the stopped text read back through the page (blank lines, markers, trailing space lost) still continues the draft once', () => {
      for (const n of [8, 20, 33, 45, 58, 80]) {
        const stopped = throughPage(full.slice(0, n));
        const rest = continueOfflineDraft(DRAFT, stopped);
        expect(rest).not.toContain(OFFLINE_LABEL);
        // Read as the page reads the whole: the same document as the uninterrupted draft.
        expect(documentMarkdown(markdownDocument(stopped + rest))).toBe(throughPage(full));
      }
    });

    it('a stop right after a heading marker or a blank line neither doubles nor loses it', () => {
      const heading = full.indexOf('## 研究与实践');
      for (const cut of [heading, heading + 1, heading + 2, heading + 3, heading - 1]) {
        const stopped = full.slice(0, cut);
        expect(continuationStart(full, stopped)).toBe(cut);
        expect(stopped + continueOfflineDraft(DRAFT, stopped)).toBe(full);
      }
      // A lost trailing space: the rest brings it back.
      expect(continuationStart('I love data science.', 'I love data')).toBe('I love data'.length);
      expect(continuationStart('I love data science.', 'I love data ')).toBe('I love data '.length);
      expect(continuationStart('I love data science.', 'I hate data')).toBe(-1);
    });

    it('a rewritten text gets the draft sections it does not contain yet, labelled, never the text again', () => {
      const mine = '我自己写的开头，讲述我为什么喜欢计算机。\n\n## 学术背景\n\n我在浙江大学读书。';
      const rest = continueOfflineDraft(DRAFT, mine);
      expect(rest.startsWith(`\n\n${OFFLINE_LABEL}\n`)).toBe(true);
      expect(rest).toContain('## 研究与实践');
      expect(rest).toContain('2025 年在阿里巴巴实习');
      expect(rest).toContain('此致');
      // Already there: the heading 学术背景 and its section.
      expect(rest).not.toContain('学术背景');
      expect(rest).not.toContain('我自己写的开头');
      // With the label already in the text, it is not repeated.
      expect(continueOfflineDraft(DRAFT, `${OFFLINE_LABEL}\n${mine}`).startsWith('\n\n## 研究与实践')).toBe(true);
    });

    it('nothing left to write: a visible blank to fill, not the draft again', () => {
      expect(continueOfflineDraft(DRAFT, full)).toBe(`\n\n${OFFLINE_NOTHING_LEFT}`);
      const everything = `我的版本：学术背景、研究与实践都写了。\n\n## 学术背景\n\n## 研究与实践\n\n此致 😊`;
      expect(continueOfflineDraft(DRAFT, everything)).toBe(`\n\n${OFFLINE_NOTHING_LEFT}`);
      expect(OFFLINE_NOTHING_LEFT.startsWith('【请补充：')).toBe(true);
    });
  });
});
