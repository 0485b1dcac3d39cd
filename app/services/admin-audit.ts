import { NOTIFICATION_STATUS_LABELS, POINTS_SOURCE_LABELS, ROLE_LABELS } from '../../contracts/constants';

/** The Chinese names of the audit log's before/after fields; others show as their key. */
const FIELD_LABELS: Record<string, string> = {
  balance: '余额',
  delta: '变动',
  reason: '原因',
  phone: '手机号',
  ledgerEntryId: '积分流水',
  role: '角色',
  title: '标题',
  content: '内容',
  type: '类型',
  status: '状态',
  importance: '重要程度',
  need_confirmation: '需确认',
  start_time: '开始时间',
  end_time: '结束时间',
  redirect_url: '跳转链接',
  estimatedCompletionTime: '预计完成时间',
  update_log_id: '关联更新日志',
  version: '版本',
  update_type: '更新类型',
  publish_time: '发布时间',
  affected_modules: '影响模块',
  name: '名称',
  price: '价格（元）',
  points: '积分',
  bonusPoints: '赠送积分',
  pointsPer1000Chars: '每千字积分',
  custom_recharge: '自定义充值',
  pointsPerYuan: '每元积分',
  minAmount: '最低金额（元）',
  maxAmount: '最高金额（元）',
  active: '上架',
  sortOrder: '排序',
  description: '说明',
  count: '数量',
  maxUses: '每个可用次数',
  expiresAt: '过期时间',
  note: '备注',
  disabledAt: '停用时间',
  disabled: '已停用',
  code: '邀请码',
  rows: '行数',
  imported: '新增',
  updated: '更新',
  unchanged: '未变',
  invalid: '有误',
  hours: '回溯小时',
  checked: '查询订单',
  credited: '补记订单',
  failed: '失败订单',
  deleted: '已删除',
};

const labelOf = (key: string) =>
  key
    .split('.')
    .map((part) => FIELD_LABELS[part] ?? (POINTS_SOURCE_LABELS as Record<string, string>)[part] ?? part)
    .join('·');

/** Stored codes shown by their Chinese names (角色：普通用户 → 管理员, not user → admin). */
const VALUE_LABELS: Record<string, Record<string, string>> = { role: ROLE_LABELS, status: NOTIFICATION_STATUS_LABELS };

const MAX_VALUE_CHARS = 40;
function show(value: unknown, key = ''): string {
  if (value === null || value === undefined || value === '') return '空';
  if (typeof value === 'string' && VALUE_LABELS[key]?.[value]) return VALUE_LABELS[key][value];
  if (typeof value === 'boolean') return value ? '是' : '否';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
}

/** Kept in the row and the CSV, left out of the one-line summary (an id says nothing at a glance). */
const HIDDEN = new Set(['ledgerEntryId']);

/** Nested objects (the price table's per-operation prices) one level flat: `ai_check.points`. */
function flat(record: Record<string, unknown> | null): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(record ?? {})) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value)) out.set(`${key}.${inner}`, v);
    } else out.set(key, value);
  }
  return out;
}

/**
 * One line for a row's change, as plain text: `余额：120 → 100；变动：-20` for an edit (only the
 * fields that differ), the new values for a creation, 已删除 for a deletion.
 */
export function changeSummary(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string {
  const was = flat(before);
  const now = flat(after);
  if (now.get('deleted') === true) return `已删除${was.has('title') ? `：${show(was.get('title'))}` : ''}`;
  const parts: string[] = [];
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    if (HIDDEN.has(key)) continue;
    const a = was.get(key);
    const b = now.get(key);
    if (!before) parts.push(`${labelOf(key)}：${show(b, key)}`);
    else if (!now.has(key)) continue;
    else if (!was.has(key)) parts.push(`${labelOf(key)}：${show(b, key)}`);
    else if (JSON.stringify(a) !== JSON.stringify(b)) parts.push(`${labelOf(key)}：${show(a, key)} → ${show(b, key)}`);
  }
  if (!before && parts.length) return `新建 ${parts.join('；')}`;
  return parts.join('；') || '无变化';
}
