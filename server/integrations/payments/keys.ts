import { existsSync, readFileSync } from 'node:fs';

/**
 * A key from the environment: PEM text (literal `\n` accepted, as env files often carry it), a
 * path to a PEM file, or bare base64 as Alipay's console shows it (wrapped here as `kind`).
 */
export function readKey(value: string, kind: 'PRIVATE KEY' | 'PUBLIC KEY'): string {
  const text = value.includes('-----BEGIN') ? value : existsSync(value) ? readFileSync(value, 'utf8') : value;
  const pem = text.replace(/\\n/g, '\n').trim();
  if (pem.includes('-----BEGIN')) return `${pem}\n`;
  const body = pem.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n');
  return `-----BEGIN ${kind}-----\n${body}\n-----END ${kind}-----\n`;
}
