/**
 * Links an administrator writes into a notice (`redirect_url`), checked by the API when it is saved
 * (contracts/notifications.ts) and again by the browser before it becomes a link
 * (app/services/notices.ts): one rule for both.
 *
 * Allowed: a same-site path, one `/` followed by anything but a second `/` or `\`, that still is
 * such a path once dot segments are resolved (`/.//x` is `//x`, another host to a redirect); or an
 * http(s) address with a host and no user name (`https://site@evil/` shows a trusted name). The
 * admin form has always offered http as well as https. Refused everywhere: control characters
 * (C0, DEL, C1), whitespace (a browser drops a tab or newline from `/\t/evil.example`, leaving
 * `//evil.example`), backslashes, and encoded slashes or backslashes.
 */
export type LinkTarget = { kind: 'internal' | 'external'; href: string };

export const LINK_MAX_LENGTH = 500;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff\\]|%(2f|5c)/i;
const ORIGIN = 'https://site.invalid';

export function linkTarget(url: string | null | undefined): LinkTarget | null {
  if (!url || url.length > LINK_MAX_LENGTH || UNSAFE.test(url)) return null;
  if (url.startsWith('/')) {
    if (url[1] === '/') return null;
    let resolved: URL;
    try {
      resolved = new URL(url, ORIGIN);
    } catch {
      return null;
    }
    if (resolved.origin !== ORIGIN || resolved.pathname.startsWith('//')) return null;
    return { kind: 'internal', href: url };
  }
  if (/^https?:\/\/[^/]/i.test(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (!parsed.hostname || parsed.username || parsed.password) return null;
    return { kind: 'external', href: url };
  }
  return null;
}
