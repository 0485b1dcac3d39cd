/**
 * Enumerations, their Chinese labels and small formatting rules shared by the API, the web server
 * and browser code. No zod here: components import these, and the browser bundle should not carry
 * a schema library for a list of labels. The schemas in the sibling modules build on them.
 */

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { user: '普通用户', admin: '管理员' };

/** Spec §5: male, female or other. */
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = { male: '男', female: '女', other: '其他' };

export const FEEDBACK_CATEGORIES = ['bug', 'feature', 'billing', 'other'] as const;
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];
export const FEEDBACK_CATEGORY_LABELS: Record<FeedbackCategory, string> = {
  bug: '问题反馈',
  feature: '功能建议',
  billing: '积分与支付',
  other: '其他',
};

/** Spec §3 operation log. */
export const RELATED_RESOURCE_TYPES = ['writing', 'payment_order', 'redemption_code', 'invite_code', 'school_match_result'] as const;
export const OPERATION_RESULTS = ['success', 'fail'] as const;

/** 138****0000: how a phone number is shown anywhere but the login form. */
export const maskPhone = (phone: string) => (/^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone);
