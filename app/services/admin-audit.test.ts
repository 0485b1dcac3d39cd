import { changeSummary } from './admin-audit';

describe('changeSummary', () => {
  it('lists only the fields that changed, with Chinese names', () => {
    expect(changeSummary({ phone: '138****0000', balance: 120 }, { phone: '138****0000', balance: 100, delta: -20, reason: '扣回' })).toBe(
      '余额：120 → 100；变动：-20；原因：扣回',
    );
  });
  it('says what a creation set, a deletion, and prices per operation', () => {
    expect(changeSummary(null, { title: '通知', status: 'DRAFT' })).toBe('新建 标题：通知；状态：草稿');
    expect(changeSummary({ title: '旧通知' }, { deleted: true })).toBe('已删除：旧通知');
    expect(changeSummary({ ai_check: { points: 2, pointsPer1000Chars: 0 } }, { ai_check: { points: 3, pointsPer1000Chars: 0 } })).toBe(
      '查AI率·积分：2 → 3',
    );
    expect(changeSummary({ a: 1 }, { a: 1 })).toBe('无变化');
  });
  it('shows stored codes by their Chinese names', () => {
    expect(changeSummary({ role: 'user' }, { role: 'admin' })).toBe('角色：普通用户 → 管理员');
    expect(changeSummary({ status: 'DRAFT' }, { status: 'PUBLISHED' })).toBe('状态：草稿 → 已发布');
  });
});
