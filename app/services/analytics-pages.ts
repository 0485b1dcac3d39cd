/**
 * The Chinese name analytics records for each page (spec §1 "analytics hooks with page names in
 * Chinese"), by Remix route id: one entry per route module that renders a page. A route without
 * one fails app/services/analytics-pages.test.ts; layouts (dash, dash._guard, the console's) are
 * never the deepest match and need none.
 */
export const ANALYTICS_PAGE_NAMES: Record<string, string> = {
  'routes/_index': '首页',
  'routes/dash_.login': '登录',
  'routes/login': '登录',
  'routes/maintenance': '系统维护',
  'routes/wechat-bind': '账号绑定',
  'routes/privacy-policy': '隐私政策',
  'routes/service-agreement': '服务协议',
  'routes/sandbox-pay.$orderNo': '沙箱支付',
  'routes/sandbox-wechat.$sceneStr': '沙箱微信',
  'routes/dash.settings': '设置',
  'routes/dash._guard.overview': '概览',
  'routes/dash._guard.quick-start': '写作工具',
  'routes/dash._guard.reduce-ai': '查AI率 / 降AI率',
  'routes/dash._guard.text-submit': '文本提交',
  'routes/dash._guard.school-match': '智能选校',
  'routes/dash._guard.ps-writing': 'PS / SOP 写作',
  'routes/dash._guard.cv-writing': '简历 CV 写作',
  'routes/dash._guard.recommended-writing': '推荐信写作',
  'routes/dash._guard.free-writing': '自由写作',
  'routes/dash._guard.essay-polish': '文书润色',
  'routes/dash._guard.essay-revision': '文书修改',
  'routes/dash._guard.client-archives': '学生档案',
  'routes/dash._guard.client-archive-detail': '学生档案详情',
  'routes/dash._guard.my-works._index': '我的作品',
  'routes/dash._guard.my-works.my-works-detail': '作品详情',
  'routes/dash._guard.generation-records': '生成记录',
  'routes/dash._guard.org': '机构与成员',
  'routes/dash._guard.profile': '个人资料',
  'routes/dash._guard.account': '账户与安全',
  'routes/dash._guard.user-id-verification': '实名认证',
  'routes/dash._guard.pricing': '积分价格与充值',
  'routes/dash._guard.recharge': '充值积分',
  'routes/dash._guard.order.$orderId': '确认订单',
  'routes/dash._guard.wechat-payment.$orderId': '扫码支付',
  'routes/dash._guard.payment.callback': '支付确认',
  'routes/dash._guard.payment.result': '支付结果',
  'routes/dash._guard.orders': '我的订单',
  'routes/dash._guard.points-history': '积分明细',
  'routes/dash._guard.redemption-code': '使用兑换码',
  'routes/dash._guard.invitation': '邀请好友',
  'routes/dash._guard.faq': '常见问题',
  'routes/dash._guard.about': '关于我们',
  'routes/dash._guard.feedback': '意见反馈',
  'routes/dash._guard.privacy-policy': '隐私政策',
  'routes/dash._guard.service-agreement': '服务协议',
  'routes/dash._guard.websocket-test': '实时连接测试',
  'routes/dash._guard.system.update-logs._index': '更新日志',
  'routes/dash._guard.system.update-logs.$id': '更新日志详情',
  'routes/dash._guard.clarity-tracking-example': '数据统计说明',
  'routes/dash._guard.admin._index': '管理后台',
  'routes/dash._guard.admin.redemption-codes': '兑换码管理',
  'routes/dash._guard.admin.prices': '积分价格管理',
  'routes/dash._guard.admin.packages': '充值套餐管理',
  'routes/dash._guard.admin.points': '用户积分管理',
  'routes/dash._guard.admin.notifications': '通知公告管理',
  'routes/dash._guard.admin.update-logs': '更新日志管理',
  'routes/dash._guard.admin.audit-log': '管理员操作日志',
  'routes/dash._guard.admin.analytics': '数据统计',
  'routes/dash._guard.admin.orgs': '机构管理',
};

/** What a page without an entry is called (the test keeps this from happening). */
export const UNNAMED_PAGE = '未命名页面';

/** The name of the deepest matched route that has one: a page's, not its layout's. */
export function analyticsPageName(routeIds: readonly string[]): string {
  for (let i = routeIds.length - 1; i >= 0; i--) {
    const name = ANALYTICS_PAGE_NAMES[routeIds[i]!];
    if (name) return name;
  }
  return UNNAMED_PAGE;
}

/** A route id as the address users see: `routes/dash._guard.order.$orderId` → `/dash/order/:orderId`. */
export function routePathOf(routeId: string): string {
  const segments = routeId
    .replace(/^routes\//, '')
    .split('.')
    .filter((s) => !s.startsWith('_'))
    .map((s) => s.replace(/_$/, '').replace(/^\$(.+)$/, ':$1'));
  return `/${segments.join('/')}`;
}
