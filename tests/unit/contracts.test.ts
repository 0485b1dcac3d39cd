import { feedbackSchema } from '../../contracts/feedback';
import { phoneLoginSchema } from '../../contracts/auth';
import { operationLogSchema } from '../../contracts/operation-logs';
import { maskPhone } from '../../contracts/constants';
import { profileUpdateSchema } from '../../contracts/user';

/** Every message a user can see is Chinese: schemas name theirs, and zod's defaults are in the zh-CN locale. */
const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);
const chinese = /[\u4e00-\u9fff]/;

describe('contracts', () => {
  it.each([
    ['profile with an invalid gender', () => profileUpdateSchema.safeParse({ username: '张三', gender: 'robot' })],
    ['profile with a number as username', () => profileUpdateSchema.safeParse({ username: 42 })],
    ['profile with a bad email', () => profileUpdateSchema.safeParse({ username: '张三', email: 'nope' })],
    ['feedback of the wrong types', () => feedbackSchema.safeParse({ category: 1, content: [], contact: {} })],
    ['login with garbage', () => phoneLoginSchema.safeParse({ phone: 1, code: null, inviteCode: 5 })],
    ['operation log with garbage', () => operationLogSchema.safeParse({ operation_type: {}, operation_result: 'maybe', metadata: 'x' })],
  ])('%s fails with Chinese messages only', (_name, run) => {
    const found = messages(run());
    expect(found.length).toBeGreaterThan(0);
    for (const message of found) expect(message).toMatch(chinese);
  });

  it('a parsed value parses again, as the web sends what it parsed to the API', () => {
    const round = <T>(schema: { parse: (v: unknown) => T }, input: unknown) =>
      expect(schema.parse(schema.parse(input))).toEqual(schema.parse(input));
    round(feedbackSchema, { category: 'bug', content: '导出时保留批注', contact: '' });
    round(profileUpdateSchema, { username: '陈老师', email: '', gender: '', position: '' });
    round(phoneLoginSchema, { phone: '+86 138-0013-8000', code: '123456', inviteCode: '' });
  });

  it('masks phones one way', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});
