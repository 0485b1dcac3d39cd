/**
 * The audit log's constants without zod: the console page imports these, and
 * contracts/admin-audit.ts (with zod) stays out of browser chunks (tests/unit/browser-bundle.test.ts).
 */

/**
 * The administrators' audit log (issue 27, ADR 0053): every console or admin-CLI change, written
 * in the transaction of the change itself. The closed list of actions, with the console's labels.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'points.adjust',
  'codes.create',
  'codes.disable',
  'prices.update',
  'packages.create',
  'packages.update',
  'notices.create',
  'notices.update',
  'notices.publish',
  'notices.expire',
  'notices.delete',
  'update_logs.create',
  'update_logs.update',
  'update_logs.delete',
  'users.role',
  'channel_codes.save',
  'programs.import',
  'orders.reconcile',
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];

export const ADMIN_AUDIT_ACTION_LABELS: Record<AdminAuditAction, string> = {
  'points.adjust': '调整用户积分',
  'codes.create': '生成兑换码',
  'codes.disable': '停用兑换码',
  'prices.update': '修改积分价格',
  'packages.create': '新增充值套餐',
  'packages.update': '修改充值套餐',
  'notices.create': '新建通知',
  'notices.update': '编辑通知',
  'notices.publish': '发布通知',
  'notices.expire': '结束通知',
  'notices.delete': '删除通知',
  'update_logs.create': '新建更新日志',
  'update_logs.update': '编辑更新日志',
  'update_logs.delete': '删除更新日志',
  'users.role': '修改用户角色',
  'channel_codes.save': '保存渠道邀请码',
  'programs.import': '导入选校项目库',
  'orders.reconcile': '补单对账',
};

/** What a row is about (the `target_type` column). */
export const ADMIN_AUDIT_TARGETS = [
  'user',
  'redemption_batch',
  'price_table',
  'package',
  'notification',
  'update_log',
  'channel_invite_code',
  'school_programs',
  'payment_orders',
] as const;
export type AdminAuditTarget = (typeof ADMIN_AUDIT_TARGETS)[number];

export const ADMIN_AUDIT_TARGET_LABELS: Record<AdminAuditTarget, string> = {
  user: '用户',
  redemption_batch: '兑换码批次',
  price_table: '价格表',
  package: '充值套餐',
  notification: '通知',
  update_log: '更新日志',
  channel_invite_code: '渠道邀请码',
  school_programs: '选校项目库',
  payment_orders: '充值订单',
};

/** The CSV export's bound: the newest rows of the filter, at most this many. */
export const ADMIN_AUDIT_EXPORT_MAX_ROWS = 10_000;
