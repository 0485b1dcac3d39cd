import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What the Official Account's server configuration sends us (plain-text mode, 明文模式; the
 * compatible mode's plain fields work too): the URL check and event pushes, each signed with
 * SHA-1 over the sorted server token, timestamp and nonce (ADR 0038).
 */

/** Pushes older (or further in the future) than this are refused: a captured push cannot be replayed later. */
export const CALLBACK_MAX_AGE_SECONDS = 300;
/** Event pushes are a few hundred bytes; the body parser refuses more than this. */
export const CALLBACK_BODY_LIMIT = '64kb';
/** More top-level fields than any WeChat message has. */
const MAX_FIELDS = 64;

export const callbackSignature = (token: string, timestamp: string, nonce: string) =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');

export type CallbackQuery = { signature?: unknown; timestamp?: unknown; nonce?: unknown };

/** Whether the query's signature is ours and its timestamp within five minutes of now. */
export function callbackVerified(token: string, query: CallbackQuery, nowMs = Date.now()): boolean {
  const { signature, timestamp, nonce } = query;
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string') return false;
  if (!/^\d{1,12}$/.test(timestamp) || nonce.length > 64 || !/^[0-9a-f]{40}$/i.test(signature)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > CALLBACK_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(callbackSignature(token, timestamp, nonce));
  return timingSafeEqual(expected, Buffer.from(signature.toLowerCase()));
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** No nested quantifiers: linear in the text. */
const ENTITY = /&(lt|gt|amp|quot|apos|#\d{1,7}|#x[0-9a-f]{1,6});/gi;

function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const isNameChar = (c: number) => (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
const isSpace = (c: number) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

/**
 * The top-level fields of a WeChat message, `<xml><Name><![CDATA[value]]></Name>…</xml>`, or null
 * when the text is not one. A single forward pass: every search (`indexOf`) starts where the last
 * one ended and the pass stops at the first problem, so the work is linear in the body (which the
 * parser bounds). Nested elements (some event kinds have them) are skipped, not read. No DTDs,
 * no entities beyond the five predefined ones and character references.
 */
export function parseWechatXml(text: string): Record<string, string> | null {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  };
  skipSpace();
  if (text.startsWith('<?xml', i)) {
    const end = text.indexOf('?>', i);
    if (end < 0) return null;
    i = end + 2;
    skipSpace();
  }
  if (!text.startsWith('<xml>', i)) return null;
  i += 5;
  const fields: Record<string, string> = Object.create(null);
  let count = 0;
  for (;;) {
    skipSpace();
    if (text.startsWith('</xml>', i)) return fields;
    if (text.charCodeAt(i) !== 0x3c) return null; // '<'
    let j = i + 1;
    while (j < text.length && isNameChar(text.charCodeAt(j))) j++;
    const name = text.slice(i + 1, j);
    if (!name || name.length > 64) return null;
    if (text.startsWith('/>', j)) {
      i = j + 2;
      if (++count > MAX_FIELDS || name in fields) return null;
      fields[name] = '';
      continue;
    }
    if (text.charCodeAt(j) !== 0x3e) return null; // '>'
    i = j + 1;
    const close = `</${name}>`;
    let value: string | null = '';
    if (text.startsWith('<![CDATA[', i)) {
      // One or more CDATA sections (a value containing "]]>" is split across two).
      while (text.startsWith('<![CDATA[', i)) {
        const end = text.indexOf(']]>', i + 9);
        if (end < 0) return null;
        value += text.slice(i + 9, end);
        i = end + 3;
      }
    } else if (text.charCodeAt(i) === 0x3c && text.charCodeAt(i + 1) !== 0x2f) {
      // A nested element: skipped whole, its value not kept.
      const end = text.indexOf(close, i);
      if (end < 0) return null;
      i = end;
      value = null;
    } else {
      const end = text.indexOf('<', i);
      if (end < 0) return null;
      value = decodeEntities(text.slice(i, end).trim());
      i = end;
    }
    if (!text.startsWith(close, i)) return null;
    i += close.length;
    if (++count > MAX_FIELDS || name in fields) return null;
    if (value !== null) fields[name] = value;
  }
}

/** A scan of one of our temporary QR codes: by a follower (SCAN) or by someone who follows on the way (subscribe). */
export type SceneScan = { openid: string; sceneStr: string };

export function sceneScanOf(fields: Record<string, string>): SceneScan | null {
  if (fields.MsgType !== 'event' || !fields.FromUserName) return null;
  const key = fields.EventKey ?? '';
  if (fields.Event === 'SCAN' && key) return { openid: fields.FromUserName, sceneStr: key };
  if (fields.Event === 'subscribe' && key.startsWith('qrscene_') && key.length > 8)
    return { openid: fields.FromUserName, sceneStr: key.slice(8) };
  return null;
}
