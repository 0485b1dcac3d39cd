import { AI_OPERATIONS, type AiOperation } from '../../../contracts/ai-operations';
import { createOfflineProvider, OFFLINE_LABEL, renderOfflineDraft } from '../providers/offline';
import { renderFactSheet } from '../prompts/fact-sheet';
import { parsedInput, STUDENT, STUDENT_WITHOUT_RESEARCH } from '../prompts/test-fixture';
import type { StudentProfile } from '../prompts/fact-sheet';
import { comparePolish, parseRevision } from '../../../contracts/essay-review';
import { offlineDraftFor } from './index';
import { sentencesOf } from './text';

const draftText = async <K extends AiOperation>(op: K, input = parsedInput(op), profile: StudentProfile | null = STUDENT) =>
  renderOfflineDraft(await offlineDraftFor(op, input, profile));

/** Everything the draft may state: the archive (contact included) and the form. */
const sources = (op: AiOperation, input: unknown = parsedInput(op), profile: StudentProfile = STUDENT) =>
  `${renderFactSheet(profile)}\n${JSON.stringify(profile.data)}\n${JSON.stringify(input)}`;

const SCHOOL = /[\u4e00-\u9fff]{2,12}(?:大学|学院)|(?:University|College|Institute) of [A-Z][a-z]+|[A-Z][a-z]+ (?:University|College)/g;

describe('offline drafts', async () => {
  it.each(AI_OPERATIONS)('%s: a draft without the label; the engine adds it once, first', async (op) => {
    const draft = await offlineDraftFor(op, parsedInput(op), STUDENT);
    expect(JSON.stringify(draft)).not.toContain(OFFLINE_LABEL);
    const rendered = renderOfflineDraft(draft);
    expect(rendered.startsWith(`${OFFLINE_LABEL}\n`)).toBe(true);
    expect(rendered.split(OFFLINE_LABEL)).toHaveLength(2);
    expect(rendered).not.toMatch(/undefined|\[object Object\]|NaN|null/);
    // Through the engine itself, as the generate endpoint will run it.
    let streamed = '';
    for await (const d of createOfflineProvider({ chunkChars: 400, delayMs: 0 }).stream({
      model: 'offline',
      messages: [],
      signal: new AbortController().signal,
      offlineDraft: draft,
    })) {
      streamed += d;
    }
    expect(streamed).toBe(rendered);
  });

  it.each(AI_OPERATIONS)('%s: names no school the archive and the form do not contain', async (op) => {
    const text = await draftText(op);
    const known = sources(op);
    // "我是浙江大学" matches as a whole: some ending of the match must be a known name.
    for (const match of text.match(SCHOOL) ?? []) {
      const chars = Array.from(match);
      expect(chars.some((_, i) => chars.length - i >= 4 && known.includes(chars.slice(i).join('')))).toBe(true);
    }
  });

  it.each(AI_OPERATIONS.filter((op) => op !== 'revision' && op !== 'polish'))(
    '%s: states no number the archive and the form do not contain',
    async (op) => {
      const known = sources(op);
      // Section numbering ("## 1.") is the only number of the template's own (the checks count words, so they are left out).
      const numbers = (await draftText(op)).replace(/^## \d+\. /gm, '').match(/\d+(?:\.\d+)?/g) ?? [];
      for (const n of numbers) expect(known).toContain(n);
    },
  );

  it.each(AI_OPERATIONS)('%s: without a student it still answers, with placeholders and no facts', async (op) => {
    const text = await draftText(op, parsedInput(op), null);
    for (const fact of ['王思远', '3.72', 'TOEFL', '国家奖学金', '新闻推荐召回优化', '研究助理']) expect(text).not.toContain(fact);
    expect(text).not.toMatch(/undefined|\[object Object\]|NaN|null/);
  });

  it('PS (Chinese): the student’s school, GPA, tests, research, internship and awards, the target program, placeholders for the rest', async () => {
    const text = await draftText('ps', { ...parsedInput('ps'), language: 'zh', documentType: 'PS' });
    for (const fact of [
      '浙江大学',
      '计算机科学与技术',
      'GPA 3.72/4',
      '排名 8/156',
      'TOEFL 106',
      'GRE 325',
      '基于图神经网络的交通流量预测',
      '研究助理',
      '6.3%',
      '网易',
      '算法实习生',
      '国家奖学金',
      '卡内基梅隆大学',
      '计算机科学硕士',
    ]) {
      expect(text).toContain(fact);
    }
    for (const heading of [
      '## 开篇与动机',
      '## 学术背景',
      '## 科研经历',
      '## 实习与项目实践',
      '## 为什么选择卡内基梅隆大学的计算机科学硕士',
      '## 未来目标',
    ])
      expect(text).toContain(heading);
    expect(text).toContain('【请补充：长期职业目标】');
    expect(text).toContain('【请补充：项目中吸引你的具体课程、研究方向或教授（请以学校官网为准）】');
    expect(text).not.toContain('13800001234');
  });

  it('PS: a profile without research gets 【请补充：研究经历】 and a note on the featured experience it lacks', async () => {
    const text = await draftText('ps', parsedInput('ps'), STUDENT_WITHOUT_RESEARCH);
    expect(text).toContain('【请补充：研究经历】');
    expect(text).not.toContain('6.3%');
    expect(text).toContain('表单要求突出但档案中没有对应条目的经历：基于图神经网络的交通流量预测');
  });

  it('PS (English SOP): English template, the archive’s facts as recorded, a target school placeholder when none is given', async () => {
    const input = { ...parsedInput('ps'), targetSchool: undefined };
    const text = await draftText('ps', input);
    expect(text).toContain('# Statement of Purpose (draft): 王思远 · 计算机科学硕士');
    expect(text).toContain('I study at 浙江大学, majoring in 计算机科学与技术');
    expect(text).toContain('【请补充：target school】');
    expect(text).toContain('按官方译名翻译');
  });

  it('CV: the chosen sections in order, entries with their own points, contact from the archive, a placeholder for an empty section', async () => {
    const input = { ...parsedInput('cv'), sections: ['research' as const, 'education' as const, 'publications' as const] };
    const text = await draftText('cv', input);
    expect(text.indexOf('## Research Experience')).toBeLessThan(text.indexOf('## Education'));
    expect(text).not.toContain('## Skills');
    expect(text).toContain('# 王思远');
    expect(text).toContain('siyuan.wang@example.com | 13800001234');
    expect(text).toContain('基于图神经网络的交通流量预测 ｜ 浙江大学智能交通实验室 ｜ 研究助理 ｜ 2024-03 – 2025-01');
    expect(text).toContain('- 在 PeMS 数据集上将预测误差降低 6.3%');
    expect(text).toContain('浙江大学 · 本科 · 计算机科学与技术 · 2022-09 – 2026-06 · GPA 3.72/4');
    expect(text).toContain('【请补充：论文发表】');
  });

  it('recommendation: the recommender’s voice and relationship, the entries at their organisation, the examples given and placeholders for missing ones', async () => {
    const text = await draftText('recommendation');
    expect(text).toContain('我是浙江大学智能交通实验室副教授李建国');
    expect(text).toContain('我认识王思远已有两年，期间担任其科研项目指导老师');
    expect(text).toContain('在「基于图神经网络的交通流量预测」中，王思远担任研究助理');
    // The internship was elsewhere: a lab supervisor did not see it.
    expect(text).not.toContain('新闻推荐召回优化');
    expect(text).toContain('找出了两处时间戳错误');
    expect(text).toContain('【请补充：体现“好奇心”的具体事例】');
    expect(text).toContain('【请补充：联系方式】');
    const formal = await draftText('recommendation', { ...parsedInput('recommendation'), voice: 'formal', language: 'en' });
    expect(formal).toContain('I am writing to recommend 王思远');
    expect(formal).toContain('I am 李建国, 副教授 at 浙江大学智能交通实验室');
  });

  it('write by requirement: one section per requirement, each with the archive entry that fits it', async () => {
    const text = await draftText('write_by_requirement');
    expect(text).toMatch(/## 1\. 请描述一段你参与过的研究经历。\n\n在浙江大学智能交通实验室/);
    expect(text).toContain('## 2. 你为什么选择申请数据科学方向？');
  });

  it('free writing: picks the related archive entry by the prompt’s words', async () => {
    expect(await draftText('free')).toContain('参与了「基于图神经网络的交通流量预测」');
  });

  const LONG_ESSAY =
    'I want to study data science. I want to learn how models work in practice and I want to understand how data can be used to make real decisions in cities, companies, hospitals and schools across the whole country and beyond it. I want to help.\n\n' +
    'Data matters. Data cleaning taught me that data quality decides everything, and data work is the the core of my data projects. In my research I reached a GPA of 3.95 , which I am proud of.';

  it('revision: statistics for the assessment and rule-based suggestions the page reads, each quoting the essay', async () => {
    const text = await draftText('revision', { essay: LONG_ESSAY, language: 'zh' });
    const review = parseRevision(text);
    expect(review.offline).toBe(true);
    expect(review.note).toContain('离线模式未接入语言模型，不能理解文意');
    expect(review.assessment.map((a) => a.aspect)).toEqual(['结构', '具体性', '个人声音', '语言与语法']);
    expect(review.assessment[3]!.text).toMatch(/“data”出现\d+次/);
    // Every suggestion quotes the essay word for word, so the page can find and replace it.
    for (const s of review.suggestions) expect(LONG_ESSAY).toContain(s.original);
    // The grammar engine finds the doubled word; the reason says so.
    expect(review.suggestions).toContainEqual(
      expect.objectContaining({
        kind: 'edit',
        original: expect.stringContaining('the the'),
        replacement: expect.not.stringContaining('the the'),
        reason: expect.stringContaining('词语重复'),
      }),
    );
    expect(review.suggestions).toContainEqual(
      expect.objectContaining({ kind: 'comment', reason: expect.stringMatching(/第1段第2句约 \d+ 词/) }),
    );
    expect(review.suggestions).toContainEqual(expect.objectContaining({ kind: 'comment', original: '3.95' }));
    expect(review.missingFacts).toEqual(['核对数字 3.95 的出处（档案中没有）']);
  });

  const STOCK_ESSAY =
    'Furthermore, I led a team of 4 students at Zhejiang University in 2023. My project plays a crucial role in traffic research, and I utilize graph models.\n\n' +
    'In conclusion, I am confident that the MSc at Edinburgh suits me.';

  it('revision: a template opener is suggested for deletion with that reason; no other wording is rewritten (issue 24)', async () => {
    const review = parseRevision(await draftText('revision', { essay: STOCK_ESSAY, language: 'zh' }));
    const edits = review.suggestions.filter((s) => s.kind === 'edit');
    expect(edits.map((s) => [s.original, s.replacement])).toEqual([
      ['Furthermore, I', 'I'],
      ['In conclusion, I', 'I'],
    ]);
    expect(edits[0]!.reason).toBe('第1段第1句：「Furthermore,」是模板化的开头，删去后意思不变。');
  });

  it('polish: only the engine’s certain fixes, the rest of the essay as it was; the page reads the changes', async () => {
    const essay =
      'Furthermore, I led a team of 4 students at Zhejiang University in 2023. She go to school in order to learn.\n\nI grew up in Hangzhou.';
    const text = await draftText('polish', { essay, level: 'medium' });
    const comparison = comparePolish(essay, text);
    expect(comparison.offline).toBe(true);
    expect(comparison.note).toMatch(/改动了 1 句，事实、数字和专有名词都未改动/);
    expect(comparison.changes.map((c) => [c.before, c.after])).toEqual([
      ['She go to school in order to learn.', 'She goes to school to learn.'],
    ]);
    const unchanged = comparePolish(
      'I grew up in Hangzhou with my grandmother.',
      await draftText('polish', { essay: 'I grew up in Hangzhou with my grandmother.', level: 'deep' }),
    );
    expect(unchanged.changes).toEqual([]);
    expect(unchanged.note).toContain('没有找到可以安全改动的地方');
  });

  it('sentences split at real stops only: decimals and the last sentence without a stop stay whole', async () => {
    expect(sentencesOf('My GPA is 3.72 out of 4. I lead a team。我很开心！还有一句')).toEqual([
      'My GPA is 3.72 out of 4.',
      'I lead a team。',
      '我很开心！',
      '还有一句',
    ]);
  });

  it('Chinese essays: long sentences in characters, half-width punctuation, overused words', async () => {
    const essay = `我热爱数据科学,也热爱研究。${'我在实验室里反复清洗数据并复现基线模型，'.repeat(5)}最终完成了研究。研究让我成长，研究让我思考，研究让我坚持。`;
    const review = parseRevision(await draftText('revision', { essay, language: 'zh' }));
    expect(review.assessment[3]!.text).toContain('中文句子里夹有半角标点');
    expect(review.assessment[3]!.text).toMatch(/“研究”出现\d+次/);
    expect(review.suggestions).toContainEqual(
      expect.objectContaining({ kind: 'edit', original: '我热爱数据科学,也热爱研究。', replacement: '我热爱数据科学，也热爱研究。' }),
    );
    expect(review.suggestions).toContainEqual(
      expect.objectContaining({ kind: 'comment', reason: expect.stringMatching(/第1段第2句约 \d+ 字/) }),
    );
  });

  it('selection tools: deterministic, honest transforms', async () => {
    expect(await draftText('expand')).toContain('I cleaned the data and reproduced the baseline models. 【请补充：');
    const shorten = await offlineDraftFor('shorten', parsedInput('shorten'), STUDENT);
    expect(shorten.sections[0].paragraphs[0]).toBe('To improve the model, I spent many hours cleaning data.');
    const style = await offlineDraftFor('style', parsedInput('style'), STUDENT);
    expect(style.sections[0].paragraphs[0]).toBe('I cannot say I was not nervous.');
    expect(style.sections[1].paragraphs[0]).toContain('没有真正调整为“正式”风格');
    const translate = await offlineDraftFor('translate', parsedInput('translate'), STUDENT);
    expect(translate.sections[0].paragraphs[0]).toBe('我在网易实习期间编写了离线评估脚本。');
    expect(translate.sections[1].paragraphs[0]).toBe('离线模式无法翻译为英文，原文保留；接入 AI 服务后可用。');
    const zhShorten = await offlineDraftFor('shorten', { selectedText: '我们非常认真地进行了讨论。' }, null);
    expect(zhShorten.sections[0].paragraphs[0]).toBe('我们认真地讨论。');
  });
});
