import {
  AI_OPERATION_SOURCES,
  AI_OPERATION_WORK_TYPES,
  AI_OPERATIONS,
  DOCUMENT_OPERATIONS,
  generateRequestSchema,
  operationInputSchemas,
} from '../../contracts/ai-operations';
import { PRICED_OPERATIONS } from '../../contracts/constants';
import { WORK_TYPES } from '../../contracts/work-constants';
import { RAW_INPUTS } from '../../server/ai/prompts/test-fixture';

const PROFILE_ID = '6f1c1a43-2a55-4d8e-9a57-0d6a2b0f6a11';

/** The messages a refused body gets, as the API would show them. */
function refusal(body: unknown): string[] {
  const result = generateRequestSchema.safeParse(body);
  expect(result.success).toBe(false);
  const messages = result.error?.issues.map((i) => i.message) ?? [];
  for (const m of messages) expect(m).toMatch(/[\u4e00-\u9fff]/);
  return messages;
}

describe('AI operations', () => {
  it('every operation is charged as a priced spec §3 source; revision and polish each have their own source', () => {
    for (const op of AI_OPERATIONS) expect(PRICED_OPERATIONS).toContain(AI_OPERATION_SOURCES[op]);
    expect(AI_OPERATION_SOURCES.revision).toBe('essay_revision');
    expect(AI_OPERATION_SOURCES.polish).toBe('essay_polish');
    expect(AI_OPERATION_SOURCES.recommendation).toBe('rl_generation');
    for (const op of DOCUMENT_OPERATIONS) expect(WORK_TYPES).toContain(AI_OPERATION_WORK_TYPES[op]);
  });

  it.each(AI_OPERATIONS)('accepts a valid %s request', (operation) => {
    const parsed = generateRequestSchema.parse({
      operation,
      clientProfileId: PROFILE_ID,
      input: RAW_INPUTS[operation],
      modelId: 'deepseek-chat',
    });
    expect(parsed.operation).toBe(operation);
    expect(parsed.input).toEqual(operationInputSchemas[operation].parse(RAW_INPUTS[operation]));
  });

  it.each(AI_OPERATIONS)('a parsed %s request parses again to the same value (the web sends what it parsed)', (operation) => {
    const once = generateRequestSchema.parse({ operation, input: RAW_INPUTS[operation] });
    expect(generateRequestSchema.parse(once)).toEqual(once);
  });

  it('a body of the wrong types fails with Chinese messages only', () => {
    expect(refusal({ operation: 'ps', input: 5, modelId: 3 }).length).toBeGreaterThan(0);
    expect(refusal({ operation: 'recommendation', input: { recommenderName: 1, qualities: 'x', courses: [2] } }).length).toBeGreaterThan(2);
    expect(refusal(null).length).toBeGreaterThan(0);
  });

  it('fills defaults and drops blank optional fields', () => {
    const parsed = generateRequestSchema.parse({
      operation: 'ps',
      input: { targetProgram: ' 数据科学硕士 ', targetSchool: '  ', wordLimit: '650' },
    });
    expect(parsed.input).toEqual({
      documentType: 'PS',
      targetProgram: '数据科学硕士',
      wordLimit: 650,
      focus: [],
      tone: 'sincere',
      language: 'en',
    });
    const cv = generateRequestSchema.parse({ operation: 'cv', input: {} });
    expect(cv.input).toMatchObject({
      style: 'classic',
      length: 'one_page',
      language: 'en',
      sections: ['education', 'tests', 'research', 'internships', 'projects', 'activities', 'awards', 'publications', 'skills'],
    });
  });

  it.each([
    ['an unknown operation', { operation: 'essay', input: {} }, '不支持的 AI 操作'],
    ['a PS without a program', { operation: 'ps', input: { targetSchool: '卡内基梅隆大学' } }, '请填写目标专业'],
    ['a word limit under 50', { operation: 'free', input: { topic: '成长', wordLimit: 10 } }, '字数要求不能少于50'],
    ['a word limit over 5000', { operation: 'free', input: { topic: '成长', wordLimit: 9000 } }, '字数要求不能超过5000'],
    ['a word limit that is no number', { operation: 'free', input: { topic: '成长', wordLimit: '八百' } }, '字数要求必须是数字'],
    ['a blank topic', { operation: 'free', input: { topic: '   ' } }, '请填写题目'],
    ['a bad language', { operation: 'free', input: { topic: '成长', language: 'fr' } }, '请选择输出语言'],
    ['a short requirement', { operation: 'write_by_requirement', input: { requirement: '写一篇' } }, '写作要求至少10个字符'],
    ['an essay over 20,000 characters', { operation: 'polish', input: { essay: '字'.repeat(20_001) } }, '文书不能超过20000个字符'],
    ['a bad polish level', { operation: 'polish', input: { essay: 'x'.repeat(30), level: 'extreme' } }, '请选择润色程度'],
    ['a revision without an essay', { operation: 'revision', input: {} }, '请粘贴需要处理的文书'],
    [
      'a letter without its recommender',
      { operation: 'recommendation', input: { relationship: 'course_teacher', recommenderTitle: '教授', organization: '浙江大学' } },
      '请填写推荐人姓名',
    ],
    [
      'a letter with an unknown relationship',
      {
        operation: 'recommendation',
        input: { recommenderName: '李', recommenderTitle: '教授', organization: '浙江大学', relationship: 'friend' },
      },
      '请选择推荐人与学生的关系',
    ],
    ['a CV with no sections', { operation: 'cv', input: { sections: [] } }, '请至少选择一个简历模块'],
    ['a CV with a repeated section', { operation: 'cv', input: { sections: ['skills', 'skills'] } }, '简历模块重复'],
    [
      'too many focus items',
      { operation: 'ps', input: { targetProgram: 'CS', focus: Array.from({ length: 11 }, (_, i) => `经历${i}`) } },
      '重点经历最多10项',
    ],
    ['an empty selection', { operation: 'expand', input: { selectedText: ' ' } }, '请先选中文字'],
    [
      'a selection over 5,000 characters',
      { operation: 'rephrase', input: { selectedText: 'a'.repeat(5001) } },
      '选中的文字不能超过5000个字符',
    ],
    ['a translation without a target language', { operation: 'translate', input: { selectedText: '你好' } }, '请选择目标语言'],
    ['a style change to an unknown style', { operation: 'style', input: { selectedText: 'Hello', style: 'funny' } }, '请选择目标风格'],
    ['a profile id that is no id', { operation: 'free', clientProfileId: '1; drop table', input: { topic: '成长' } }, '学生档案不存在'],
    ['another operation’s input', { operation: 'translate', input: RAW_INPUTS.ps }, '请先选中文字'],
  ])('refuses %s with a Chinese message', (_name, body, message) => {
    expect(refusal(body)).toContain(message);
  });
});
