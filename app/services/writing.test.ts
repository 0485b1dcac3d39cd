import { describe, expect, it } from 'vitest';
import {
  applyPrefill,
  applyRlStudent,
  continuationBase,
  cvFormFrom,
  generationRequest,
  storedOperationIds,
  withOperation,
  cvRequest,
  emptyCvForm,
  emptyFreeForm,
  emptyRlForm,
  rlFormFrom,
  rlRequest,
  emptyPsForm,
  freeFormFrom,
  freeRequest,
  experiencesOf,
  nearestRange,
  prefillOf,
  psFormFrom,
  psFormProblem,
  psInputOf,
  selectionRequest,
  translationTarget,
  workTitleOf,
} from './writing';
import { documentFromText } from '../../server/domain/works/document-from-text';
import { documentMarkdown, markdownDocument } from '../../contracts/markdown-document';
import { plainTextOf } from '../../contracts/work-text';

const archive = {
  targets: { degree: '硕士', majors: ['MSc Data Science', 'MSc Statistics'], countries: ['英国'] },
  research: [{ title: '城市交通流量预测' }],
  internships: [{ title: '字节跳动数据分析实习' }, { title: '城市交通流量预测' }],
  projects: [{ title: '' }, { title: '校园二手平台' }],
  awards: [{ title: '全国大学生数学建模竞赛二等奖' }],
};

describe('the PS form and the archive', () => {
  it('prefills program and degree from the targets and lists entries research first, once each', () => {
    expect(prefillOf(archive)).toEqual({ targetSchool: '', targetProgram: 'MSc Data Science', degree: '硕士' });
    expect(experiencesOf(archive)).toEqual(['城市交通流量预测', '字节跳动数据分析实习', '校园二手平台', '全国大学生数学建模竞赛二等奖']);
    expect(prefillOf({})).toEqual({ targetSchool: '', targetProgram: '', degree: '' });
  });

  it('a picked student replaces what the archive knows, keeps the rest, and features its first entries', () => {
    const form = {
      ...emptyPsForm(),
      targetSchool: 'University of Edinburgh',
      targetProgram: 'old',
      tone: 'academic' as const,
      focus: ['x'],
    };
    const student = { id: 's', name: '小王', prefill: prefillOf(archive), experiences: experiencesOf(archive) };
    const next = applyPrefill(form, student);
    expect(next.targetProgram).toBe('MSc Data Science');
    expect(next.targetSchool).toBe('University of Edinburgh');
    expect(next.tone).toBe('academic');
    expect(next.focus).toEqual(['城市交通流量预测', '字节跳动数据分析实习', '校园二手平台']);
  });

  it('reads a stored sidebar back, replacing what is not a valid choice', () => {
    const form = psFormFrom({
      tone: 'angry',
      language: 'zh',
      wordLimit: 'abc',
      focus: ['a', 3, 'b'],
      targetProgram: 'CS',
      documentType: 'SOP',
    });
    expect(form).toMatchObject({
      tone: 'sincere',
      language: 'zh',
      wordLimit: '800',
      focus: ['a', 'b'],
      targetProgram: 'CS',
      documentType: 'SOP',
    });
    expect(psFormFrom(null)).toEqual(emptyPsForm());
  });

  it('turns the form into the operation input without blanks, and checks it first', () => {
    const form = { ...emptyPsForm(), targetProgram: ' MSc CS ', wordLimit: '650', focus: ['a', ' '] };
    expect(psInputOf(form)).toEqual({
      documentType: 'PS',
      targetSchool: undefined,
      targetProgram: 'MSc CS',
      degree: undefined,
      wordLimit: 650,
      tone: 'sincere',
      language: 'en',
      focus: ['a'],
      extraRequirements: undefined,
    });
    expect(psFormProblem(emptyPsForm())).toBe('请填写目标专业');
    expect(psFormProblem({ ...form, wordLimit: '20' })).toBe('字数要求需在50到5000之间');
    expect(psFormProblem(form)).toBeNull();
  });

  it('names a saved work by student, type and subject', () => {
    expect(workTitleOf('PS', '小王', 'MSc CS')).toBe('小王 · PS · MSc CS');
    expect(workTitleOf('PS', null, ' ')).toBe('PS');
  });
});

describe('selection tools', () => {
  it('translates Chinese to English and anything else to Chinese', () => {
    expect(translationTarget('我在实验室做了三年研究')).toBe('en');
    expect(translationTarget('I did research for three years')).toBe('zh');
  });

  it('sends the selection with its surroundings and the tool option', () => {
    const body = selectionRequest({ operation: 'style', style: 'academic' }, 'middle', 'before middle after', 'id-1');
    expect(body).toEqual({
      operation: 'style',
      clientProfileId: 'id-1',
      input: { selectedText: 'middle', context: 'before  after', style: 'academic' },
    });
    const t = selectionRequest({ operation: 'translate', targetLanguage: 'zh' }, 'only', 'only', null);
    expect(t).toEqual({ operation: 'translate', input: { selectedText: 'only', context: undefined, targetLanguage: 'zh' } });
  });

  it('finds the passage again nearest to where it was', () => {
    expect(nearestRange([{ from: 3 }, { from: 40 }, { from: 90 }], 50)).toEqual({ from: 40 });
    expect(nearestRange([], 5)).toBeNull();
  });
});

describe('free writing', () => {
  it('asks for a topic or a requirement by mode, and builds the matching operation', () => {
    expect(freeRequest(emptyFreeForm(), null)).toBe('请填写题目');
    expect(freeRequest({ ...emptyFreeForm(), mode: 'requirement', requirement: '太短' }, null)).toBe('写作要求至少10个字符');
    expect(freeRequest({ ...emptyFreeForm(), topic: ' 一次志愿者经历 ', wordLimit: '300' }, 'id-1')).toEqual({
      operation: 'free',
      clientProfileId: 'id-1',
      input: { topic: '一次志愿者经历', prompt: undefined, wordLimit: 300, language: 'zh' },
    });
    const requirement = '请写一篇关于团队合作的短文，包含一个具体事例。';
    expect(freeRequest({ ...emptyFreeForm(), mode: 'requirement', requirement, language: 'en' }, null)).toEqual({
      operation: 'write_by_requirement',
      input: { requirement, wordLimit: 800, language: 'en' },
    });
  });

  it('reads a stored form back', () => {
    expect(freeFormFrom({ mode: 'requirement', requirement: 'x', language: 'fr' })).toMatchObject({
      mode: 'requirement',
      requirement: 'x',
      language: 'zh',
    });
  });
});

describe('recommendation letters', () => {
  it('asks for the recommender first, then sends courses and qualities line by line', () => {
    expect(rlRequest(emptyRlForm(), null)).toBe('请填写推荐人姓名');
    const form = {
      ...emptyRlForm(),
      recommenderName: '李明',
      recommenderTitle: '教授',
      organization: '浙江大学',
      courses: '数据结构\n\n机器学习',
      qualities: '好奇心：课后追问图算法\n坚韧',
    };
    expect(rlRequest(form, 's1')).toMatchObject({
      operation: 'recommendation',
      clientProfileId: 's1',
      input: {
        recommenderName: '李明',
        courses: ['数据结构', '机器学习'],
        qualities: [
          { quality: '好奇心', example: '课后追问图算法' },
          { quality: '坚韧', example: undefined },
        ],
        wordLimit: 600,
      },
    });
  });

  it('takes the student target program and reads a stored form back', () => {
    const student = { id: 's', name: 'x', prefill: { targetSchool: '', targetProgram: 'MSc CS', degree: '' }, experiences: [] };
    expect(applyRlStudent(emptyRlForm(), student).targetProgram).toBe('MSc CS');
    expect(rlFormFrom({ relationship: 'boss', voice: 'warm' })).toMatchObject({ relationship: 'course_teacher', voice: 'warm' });
  });
});

describe('CV', () => {
  it('needs a student and a section, and sends the sections in CV order', () => {
    expect(cvRequest(emptyCvForm(), null)).toBe('请先选择学生档案：简历根据档案内容生成');
    expect(cvRequest({ ...emptyCvForm(), sections: [] }, 's')).toBe('请至少选择一个简历模块');
    expect(cvRequest({ ...emptyCvForm(), sections: ['skills', 'education'], length: 'two_page' }, 's')).toMatchObject({
      operation: 'cv',
      clientProfileId: 's',
      input: { sections: ['education', 'skills'], length: 'two_page', language: 'en' },
    });
    expect(cvFormFrom({ sections: ['awards', 'nope'], style: 'academic' })).toMatchObject({ sections: ['awards'], style: 'academic' });
  });
});

describe('generation: continue, the open work, the operations a save names', () => {
  const STOPPED = '# Personal Statement\n\nMy interest in **data** began ';

  it('继续生成 continues the stopped stream itself while the page shows it unchanged, else the document as it stands', () => {
    const shown = markdownDocument(STOPPED);
    expect(continuationBase(STOPPED, shown)).toBe(STOPPED);
    const edited = markdownDocument('# Personal Statement\n\nMy interest in **data** began early.');
    expect(continuationBase(STOPPED, edited)).toBe('# Personal Statement\n\nMy interest in **data** began early.');
    expect(continuationBase(null, shown)).toBe('# Personal Statement\n\nMy interest in **data** began');
  });

  it('the page and the server read a generation the same way: the same blocks, styles and text, ids aside', () => {
    const text = `${STOPPED}with a traffic model.\n- first\n- second\n1. step\n> quote *here*\n## Why`;
    const ids = (blocks: Array<Record<string, unknown>>) => blocks.map(({ id: _id, ...rest }) => rest);
    const page = markdownDocument(text);
    const server = documentFromText(text);
    expect(ids(page.blocks as never)).toEqual(ids(server.blocks as never));
    expect(plainTextOf(page.blocks)).toBe(plainTextOf(server.blocks));
    // Written back and read again, nothing moves: what 继续生成 sends is what the page shows.
    expect(ids(markdownDocument(documentMarkdown(page)).blocks as never)).toEqual(ids(page.blocks as never));
  });

  it('adds the text to continue, and names the open work for a writing operation only', () => {
    const ps = { operation: 'ps', input: { targetProgram: 'MSc' } };
    expect(generationRequest(ps, {})).toEqual(ps);
    expect(generationRequest(ps, { continueFrom: 'My', workId: 'w1' })).toEqual({
      operation: 'ps',
      input: { targetProgram: 'MSc', continueFrom: 'My' },
      workId: 'w1',
    });
    expect(generationRequest({ operation: 'revision', input: { essay: 'x' } }, { workId: 'w1' })).toEqual({
      operation: 'revision',
      input: { essay: 'x' },
    });
    expect(generationRequest({ operation: 'rephrase', input: {} }, { workId: 'w1' })).not.toHaveProperty('workId');
  });

  it('tracks each operation once, the newest fifty, and reads stored ids back', () => {
    const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    let ids: string[] = [];
    for (let n = 0; n < 60; n++) ids = withOperation(ids, id(n));
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe(id(10));
    expect(withOperation(ids, id(59))).toBe(ids);
    expect(withOperation([], null)).toEqual([]);
    expect(withOperation([], 'nope')).toEqual([]);
    expect(storedOperationIds([id(1), 3, 'x', id(2)])).toEqual([id(1), id(2)]);
    expect(storedOperationIds('x')).toEqual([]);
  });
});
