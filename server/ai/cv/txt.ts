import { fileUnsupported } from './errors';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'gb18030';

const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
// C0 controls other than tab, newline, carriage return and form feed; DEL; C1 controls.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g;

/**
 * A plain-text CV in the encodings Chinese users' editors write: UTF-8 (with or without a BOM),
 * UTF-16 with its BOM (Windows Notepad's "Unicode"), and GBK/GB18030 (Notepad's "ANSI" on a Chinese
 * Windows). Valid UTF-8 wins; otherwise GB18030 must decode every byte and yield Chinese text.
 * Anything else, binary data above all, is not a text file.
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let decoded: { text: string; encoding: TextEncoding } | null = null;
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) decoded = utf8(buffer.subarray(3));
  else if (buffer[0] === 0xff && buffer[1] === 0xfe)
    decoded = { text: new TextDecoder('utf-16le').decode(buffer.subarray(2)), encoding: 'utf-16le' };
  else if (buffer[0] === 0xfe && buffer[1] === 0xff)
    decoded = { text: new TextDecoder('utf-16be').decode(buffer.subarray(2)), encoding: 'utf-16be' };
  // Without a BOM a NUL byte means binary data (or BOM-less UTF-16, which no editor writes by default).
  else if (!buffer.includes(0)) decoded = utf8(buffer) ?? gb18030(buffer);
  if (!decoded || looksBinary(decoded.text)) throw fileUnsupported('binary');
  return decoded;
}

function utf8(buffer: Buffer) {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(buffer), encoding: 'utf-8' as const };
  } catch {
    return null;
  }
}

/** Node's TextDecoder decodes GB18030 (and UTF-16) with its full ICU: no decoding library needed. */
function gb18030(buffer: Buffer) {
  const text = new TextDecoder('gb18030').decode(buffer);
  return text.includes('\ufffd') || !CJK.test(text) ? null : { text, encoding: 'gb18030' as const };
}

/** Text has next to no control characters; decoded binary data is full of them. */
function looksBinary(text: string) {
  if (text.includes('\u0000')) return true;
  const controls = text.match(CONTROL)?.length ?? 0;
  return controls > Math.max(2, text.length / 200);
}
