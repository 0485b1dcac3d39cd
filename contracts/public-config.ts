/**
 * The deployment settings browser code may see (root loader → window): never secrets. Absent
 * support contacts are null and their entries are hidden rather than shown as placeholders.
 */
export type PublicConfig = {
  devSms: boolean;
  /** WeChat login's mode (ADR 0038): the sandbox's QR code opens a local page, which the login page also links to. */
  wechatLogin: 'sandbox' | 'mp';
  supportWechatQrUrl: string | null;
  supportWechatId: string | null;
  supportEmail: string | null;
  /** How the legal texts name the operator; a neutral phrase when OPERATOR_NAME is not set. */
  operatorName: string;
  /** ACCOUNT_DELETION_GRACE_DAYS as text, for the privacy policy's `{{accountDeletionGraceDays}}` (ADR 0055). */
  accountDeletionGraceDays: string;
  /** CLARITY_PROJECT_ID (ADR 0058): Microsoft Clarity loads only when set (never under APP_ENV=test). */
  clarityProjectId: string | null;
};
