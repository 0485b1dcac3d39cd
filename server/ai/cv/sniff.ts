import { fileUnsupported } from './errors';

/** What the first bytes say a file is; the format modules confirm it (a zip must hold a Word document…). */
export type Container = 'pdf' | 'zip' | 'ole' | 'text';

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/** Files that are never a CV, refused by name in the error data (logs show what was uploaded). */
const KNOWN_OTHERS: [string, number[]][] = [
  ['elf', [0x7f, 0x45, 0x4c, 0x46]],
  ['mach-o', [0xcf, 0xfa, 0xed, 0xfe]],
  ['png', [0x89, 0x50, 0x4e, 0x47]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['gzip', [0x1f, 0x8b]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf]],
  ['rar', [0x52, 0x61, 0x72, 0x21]],
  ['rtf', [0x7b, 0x5c, 0x72, 0x74, 0x66]],
];

const PDF_MAGIC = Buffer.from('%PDF-');
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

export function sniff(bytes: Uint8Array): Container {
  // Readers accept a PDF header anywhere in the first kilobyte (some generators prepend junk).
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1024)).includes(PDF_MAGIC)) return 'pdf';
  if (startsWith(bytes, ZIP_MAGIC)) return 'zip';
  if (startsWith(bytes, OLE_MAGIC)) return 'ole';
  for (const [name, magic] of KNOWN_OTHERS) if (startsWith(bytes, magic)) throw fileUnsupported(name);
  // "MZ" could begin a line of text; a Windows executable's header also holds NUL bytes.
  if (startsWith(bytes, [0x4d, 0x5a]) && bytes.subarray(0, 64).includes(0)) throw fileUnsupported('exe');
  return 'text';
}
