import { describe, expect, it } from 'vitest';
import { insertableText, readAnswer } from './ai-answer';
import { comparePolish, parseRevision } from './essay-review';

describe('readAnswer', () => {
  it('takes the offline label line and the offline note out of the body', () => {
    const answer = readAnswer('【离线模式】\nI **led** a team.\n\n## 离线模式说明\n离线模式只删去了冗词。\n');
    expect(answer).toEqual({ offline: true, body: 'I **led** a team.', note: '离线模式只删去了冗词。' });
    expect(insertableText(answer.body)).toBe('I led a team.');
  });

  it('leaves a model answer as it is', () => {
    expect(readAnswer('  Plain text.\n')).toEqual({ offline: false, body: 'Plain text.', note: null });
    expect(insertableText('## Title\n\n- one *two*\n')).toBe('Title\n- one two');
  });
});

const REVISION = `## 总体评价
- 结构：开头直接进入经历，结尾缺少与项目的呼应。
- **具体性**：研究经历写得具体。
- 个人声音：语气真诚。
- 语言与语法：有少量搭配错误。
## 修改建议
### 建议 1
类型：修改
原文：「I am very passionate about the data science.」
建议：「I am drawn to data science.」
理由：去掉空泛的 passionate，
并去掉多余的冠词。
### 建议 2
类型：删除
原文：“In conclusion, ”
建议：「」
理由：套话。
### 建议 3
类型：批注
原文：「my GPA of 3.9」
建议：（无）
理由：档案中的 GPA 是 3.8，请核对。
原文：「Zhejiang University」
建议：「浙江大学」
理由：没有标题也能读出下一条。
## 需要补充的事实
- 实习的具体时间
`;

describe('parseRevision', () => {
  it('reads the assessment, each suggestion with its kind, and the facts to ask for', () => {
    const review = parseRevision(REVISION);
    expect(review.offline).toBe(false);
    expect(review.assessment.map((a) => a.aspect)).toEqual(['结构', '具体性', '个人声音', '语言与语法']);
    expect(review.suggestions).toEqual([
      {
        id: 'suggestion-0',
        kind: 'edit',
        original: 'I am very passionate about the data science.',
        replacement: 'I am drawn to data science.',
        reason: '去掉空泛的 passionate， 并去掉多余的冠词。',
      },
      { id: 'suggestion-1', kind: 'delete', original: 'In conclusion,', replacement: '', reason: '套话。' },
      { id: 'suggestion-2', kind: 'comment', original: 'my GPA of 3.9', replacement: '', reason: '档案中的 GPA 是 3.8，请核对。' },
      { id: 'suggestion-3', kind: 'edit', original: 'Zhejiang University', replacement: '浙江大学', reason: '没有标题也能读出下一条。' },
    ]);
    expect(review.missingFacts).toEqual(['实习的具体时间']);
  });

  it('says "无" facts are none, and skips a suggestion with no quote', () => {
    const review = parseRevision('## 修改建议\n### 建议 1\n类型：修改\n原文：「」\n建议：「x」\n## 需要补充的事实\n- 无');
    expect(review.suggestions).toEqual([]);
    expect(review.missingFacts).toEqual([]);
  });
});

describe('comparePolish', () => {
  const original = 'I am very interested in robotics. I built a robot in 2021. It won a prize.\n我喜欢数学。我参加了竞赛。';

  it('pairs paragraphs and lists only the sentences that changed, each with its exact original', () => {
    const polished = 'I am drawn to robotics. I built a robot in 2021. It won a prize.\n\n我喜欢数学。我参加过两次竞赛。';
    const result = comparePolish(original, polished);
    expect(result.changes).toEqual([
      { id: 'change-0', before: 'I am very interested in robotics.', after: 'I am drawn to robotics.' },
      { id: 'change-1', before: '我参加了竞赛。', after: '我参加过两次竞赛。' },
    ]);
    expect(result.paragraphs[0]![1]).toEqual({ kind: 'same', text: 'I built a robot in 2021. It won a prize.' });
    // Every change's original is a substring of the text, so accepting can find it.
    for (const c of result.changes) expect(original).toContain(c.before);
  });

  it('gives a dropped or an added sentence a neighbour, so there is always text to replace', () => {
    const dropped = comparePolish(original, 'I am very interested in robotics. I built a robot in 2021.\n我喜欢数学。我参加了竞赛。');
    expect(dropped.changes).toEqual([
      { id: 'change-0', before: 'I built a robot in 2021. It won a prize.', after: 'I built a robot in 2021.' },
    ]);
    const added = comparePolish(original, `${original.split('\n')[0]} Robots are fun.\n我喜欢数学。我参加了竞赛。`);
    expect(added.changes).toEqual([{ id: 'change-0', before: 'It won a prize.', after: 'It won a prize. Robots are fun.' }]);
  });

  it('splits a run of changed sentences into one change each when they pair up', () => {
    const result = comparePolish('One is here. Two is here. Three.', 'One is there. Two is there. Three.');
    expect(result.changes.map((c) => [c.before, c.after])).toEqual([
      ['One is here.', 'One is there.'],
      ['Two is here.', 'Two is there.'],
    ]);
  });

  it('reads the offline answer, and an identical polish has no changes', () => {
    const result = comparePolish(original, `【离线模式】\n${original}\n\n## 离线模式说明\n未发现可安全改动之处。`);
    expect(result).toMatchObject({ offline: true, note: '未发现可安全改动之处。', changes: [] });
  });

  it('adds extra polished paragraphs after the last one', () => {
    const result = comparePolish('One. Two.', 'One. Two.\n\nThree.');
    expect(result.changes).toEqual([{ id: 'change-0', before: 'Two.', after: 'Two.\nThree.' }]);
    expect(result.paragraphs[0]).toEqual([
      { kind: 'same', text: 'One.' },
      { kind: 'change', change: result.changes[0] },
    ]);
  });
});
