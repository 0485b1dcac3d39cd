/**
 * What never reaches a log line or a stored error report (issue 27, ADR 0055): a full phone
 * number (the last four digits stay, enough to tell two apart), an identity card number, a token,
 * a cookie or a secret, and the text of a document. Fields are judged by their key (a `content` is
 * dropped whatever it holds), and every string by its look (a phone number inside a message).
 */

/** Keys whose value is a document's or a user's text: replaced by its length. */
const TEXT_KEYS = new Set([
  'text',
  'content',
  'contents',
  'essay',
  'body',
  'plaintext',
  'document',
  'prompt',
  'selectedtext',
  'cvtext',
  'raw',
  'segments',
  'html',
  'markdown',
  'draft',
  'input',
  'output',
  'messages',
  'realname',
]);
/** Keys whose value is a credential. */
const SECRET_KEY = /token|secret|password|passwd|authorization|cookie|api_?key|signature|private_?key|ticket|credential/;
const ID_NUMBER_KEY = /idnumber|idcard|identity/;
const PHONE_KEY = /phone|mobile/;

const BOUNDARY_BEFORE = '(?<![0-9A-Za-z])';
const BOUNDARY_AFTER = '(?![0-9A-Za-z])';
const PHONE = new RegExp(`${BOUNDARY_BEFORE}(?:\\+?86[- ]?)?1[3-9]\\d{9}${BOUNDARY_AFTER}`, 'g');
const ID_NUMBER = new RegExp(`${BOUNDARY_BEFORE}[1-9]\\d{16}[\\dXx]${BOUNDARY_AFTER}`, 'g');
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g;
const COOKIE_PAIR = /\b(__session|session|sid|token|access_token|refresh_token)=[^;\s&]+/gi;

export const REDACTED = '[已隐去]';

/** A phone number with only its last four digits: *******5678. */
const maskDigits = (phone: string) => `*******${phone.slice(-4)}`;

/** A string with phone numbers, identity card numbers, bearer tokens and session cookies taken out. */
export function redactString(value: string): string {
  return value
    .replace(JWT, '[令牌已隐去]')
    .replace(BEARER, '$1 [已隐去]')
    .replace(COOKIE_PAIR, '$1=[已隐去]')
    .replace(ID_NUMBER, '[身份证号已隐去]')
    .replace(PHONE, maskDigits);
}

const normalKey = (key: string) => key.toLowerCase().replace(/[-_\s]/g, '');

function redactField(key: string, value: unknown, depth: number, seen: WeakSet<object>): unknown {
  const k = normalKey(key);
  // Counts, flags and empties name nothing (outputTokens: 120 stays).
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  if (k.endsWith('masked')) return typeof value === 'string' ? redactString(value) : value;
  if (SECRET_KEY.test(k)) return REDACTED;
  if (ID_NUMBER_KEY.test(k)) return REDACTED;
  if (TEXT_KEYS.has(k) || k.endsWith('text') || k.endsWith('content')) {
    return typeof value === 'string' ? `[文本已隐去：${value.length}字]` : '[文本已隐去]';
  }
  if (PHONE_KEY.test(k) && typeof value === 'string') return value.replace(/\d+(?=\d{4})/g, (d) => '*'.repeat(d.length));
  return redactValue(value, depth + 1, seen);
}

/**
 * A copy of `value` that is safe to log: nested objects and arrays are walked (to a depth of 8;
 * deeper is cut), strings scrubbed, fields dropped by key as described above.
 */
export function redactValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value;
  if (depth > 8 || seen.has(value)) return '[…]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactField(key, item, depth, seen);
  return out;
}

/** The fields of one log entry, redacted. */
export const redactFields = (fields: Record<string, unknown>) => redactValue(fields) as Record<string, unknown>;
