import { constants, inflateRawSync } from 'node:zlib';
import { fileTooComplex } from './errors';

/**
 * What a PDF may cost before pdfjs reads it (ADR 0032). A CV or an essay of a few dozen pages
 * inflates to a few megabytes (fonts included) and holds some thousands of operators a page;
 * pdfjs spends some microseconds on each operator, so 3 million of them (a 212 KB file) held an
 * extraction slot for the whole 20 s, and a 205 KB stream bomb inflated to 200 MB.
 */
export const PDF_LIMITS = {
  /** Bytes all streams pdfjs may decode inflate to together (images and attachments excepted). */
  maxInflatedBytes: 20 * 1024 * 1024,
  /** Content-stream operators in the whole file. */
  maxOperators: 300_000,
  /** Content-stream tokens and string bytes (glyphs) in the whole file. */
  maxContentWork: 3_000_000,
  /** Stream objects in the file. */
  maxStreams: 20_000,
  /** Pages (pdfjs's count, read before any page): only the first 30 are read, a CV has a few. */
  maxPages: 200,
} as const;

export type PdfCost = { streams: number; inflatedBytes: number; operators: number; work: number };

type Stream = { number: number | null; dict: string; data: Uint8Array };

/**
 * A cheap first pass over the raw file: every stream object is found by its keywords, decoded
 * within the inflation budget (Flate, LZW, run-length, ASCII hex and 85; the image codecs are
 * never needed for text), and the operators of content streams are counted. A file over a limit
 * is refused with FILE_INVALID 文件内容过于复杂，无法读取 before pdfjs inflates or interprets
 * any of it. Linear in the file plus the bytes inflated.
 *
 * Not covered: streams of an encrypted PDF (opened by pdfjs with an empty password) cannot be
 * decoded here and are bounded by the worker's time limit only; likewise a content stream that
 * poses as an image and is reached through an indirect /Contents array.
 */
export function scanPdf(bytes: Uint8Array, limits: typeof PDF_LIMITS = PDF_LIMITS): PdfCost {
  const file = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const streams = findStreams(file, limits.maxStreams);
  const cost: PdfCost = { streams: streams.length, inflatedBytes: 0, operators: 0, work: 0 };
  const decoded = new Map<Stream, Uint8Array>();
  const budget = {
    left: limits.maxInflatedBytes,
    take(size: number) {
      this.left -= size;
      if (this.left < 0) throw fileTooComplex('pdf-inflate');
    },
  };
  const isImage = (stream: Stream) => /\/Subtype\s*\/Image\b|\/Type\s*\/EmbeddedFile\b/.test(stream.dict);
  // Page contents are named by /Contents in page dictionaries, in the file or in object streams.
  const contents = new Set<number>();
  for (const stream of streams) {
    if (isImage(stream)) continue;
    const data = decode(stream, budget);
    decoded.set(stream, data);
    if (/\/Type\s*\/ObjStm\b/.test(stream.dict))
      collectContents(Buffer.from(data.buffer, data.byteOffset, data.length).toString('latin1'), contents);
  }
  collectContents(file.toString('latin1'), contents);
  for (const stream of streams) {
    const named = stream.number !== null && contents.has(stream.number);
    if (!named && !isContentLike(stream.dict)) continue;
    // A stream that poses as an image but is a page's content: decoded (and counted) after all.
    const data = decoded.get(stream) ?? decode(stream, budget);
    const counted = countContent(data, { operators: limits.maxOperators - cost.operators, work: limits.maxContentWork - cost.work });
    cost.operators += counted.operators;
    cost.work += counted.work;
    if (cost.operators > limits.maxOperators || cost.work > limits.maxContentWork) throw fileTooComplex('pdf-operators');
  }
  cost.inflatedBytes = limits.maxInflatedBytes - budget.left;
  return cost;
}

/** Each `stream … endstream` with its dictionary and object number; skips over the data. */
function findStreams(file: Buffer, max: number): Stream[] {
  const streams: Stream[] = [];
  let at = 0;
  for (;;) {
    const keyword = file.indexOf('stream', at, 'latin1');
    if (keyword === -1) break;
    at = keyword + 6;
    if (keyword >= 3 && file.toString('latin1', keyword - 3, keyword) === 'end') continue;
    // The keyword is followed by an end of line, then the data.
    let start = at;
    if (file[start] === 0x0d) start++;
    if (file[start] === 0x0a) start++;
    if (start === at) continue;
    // The dictionary: back to this object's "N G obj", in a bounded window (a missing one must not
    // make every stream scan back to the start of the file).
    const window = file.subarray(Math.max(0, keyword - 16_384), keyword);
    const header = window.lastIndexOf('obj', undefined, 'latin1');
    const dict = header === -1 ? '' : window.toString('latin1', header + 3);
    const number = header === -1 ? null : objectNumber(window.toString('latin1', Math.max(0, header - 24), header));
    const end = file.indexOf('endstream', start, 'latin1');
    const stop = end === -1 ? file.length : end;
    streams.push({ number, dict, data: file.subarray(start, stop) });
    if (streams.length > max) throw fileTooComplex('pdf-streams');
    if (end === -1) break;
    at = end + 9;
  }
  return streams;
}

function objectNumber(beforeObj: string): number | null {
  const match = /(\d{1,10})\s+\d{1,5}\s+$/.exec(beforeObj);
  return match ? Number(match[1]) : null;
}

// `/Contents 12 0 R` or `/Contents [12 0 R 13 0 R]`. The array holds references only: a scan for its
// end stops at any other character, so many unclosed arrays cost no more than the text they are in.
const CONTENTS = /\/Contents\s*(?:(\d{1,10})\s+\d{1,5}\s+R|\[([\d\sR]{0,100000})\])/g;
const REFERENCE = /(\d{1,10})\s+\d{1,5}\s+R/g;

function collectContents(text: string, into: Set<number>) {
  for (const match of text.matchAll(CONTENTS)) {
    if (match[1]) into.add(Number(match[1]));
    else for (const reference of match[2].matchAll(REFERENCE)) into.add(Number(reference[1]));
  }
}

/** Content streams and forms; not fonts, images, colour profiles, functions, xref or object streams. */
function isContentLike(dict: string) {
  if (/\/Subtype\s*\/Form\b|\/PatternType\s*1\b/.test(dict)) return true;
  return !/\/(?:Type|Subtype|Length1|Length2|Length3|N|FunctionType|ShadingType|W|First|BitsPerSample)\b/.test(dict);
}

const FILTER_NAMES: Record<string, string> = {
  Fl: 'FlateDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
};

function filtersOf(dict: string): string[] {
  const match = /\/Filter\s*(\/[A-Za-z0-9]+|\[[^\]]{0,200}\])/.exec(dict);
  if (!match) return [];
  return [...match[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((name) => FILTER_NAMES[name[1]] ?? name[1]);
}

/**
 * The stream's bytes as pdfjs would read them, each decoded byte taken from the budget. Filters
 * this pass cannot decode (image codecs, Crypt, an indirect /Filter) leave the bytes as they are.
 */
function decode(stream: Stream, budget: { left: number; take(size: number): void }): Uint8Array {
  let data = stream.data;
  let filters = filtersOf(stream.dict);
  // An indirect or unreadable /Filter over zlib data: inflate it anyway, it is what pdfjs would do.
  if (!filters.length && /\/Filter\b/.test(stream.dict) && data[0] === 0x78) filters = ['FlateDecode'];
  for (const filter of filters) {
    const limit = Math.max(budget.left, 0) + 1;
    let out: Uint8Array | null;
    if (filter === 'FlateDecode') out = inflate(data, limit);
    else if (filter === 'LZWDecode') out = lzw(data, limit);
    else if (filter === 'RunLengthDecode') out = runLength(data, limit);
    else if (filter === 'ASCIIHexDecode') out = asciiHex(data);
    else if (filter === 'ASCII85Decode') out = ascii85(data);
    else break;
    if (!out) break;
    budget.take(out.length);
    data = out;
  }
  return data;
}

/**
 * Inflated as pdfjs inflates: the zlib header checked, the checksum not, a truncated stream read as
 * far as it goes, a corrupt one up to the damage. Past `limit` bytes the file is refused.
 */
function inflate(data: Uint8Array, limit: number): Uint8Array | null {
  if (data.length < 2 || (data[0] & 0x0f) !== 8 || ((data[0] << 8) | data[1]) % 31 !== 0 || data[1] & 0x20) return null;
  const raw = data.subarray(2);
  const run = (bytes: Uint8Array) =>
    inflateRawSync(bytes, { maxOutputLength: Math.min(limit, MAX_OUTPUT), finishFlush: constants.Z_SYNC_FLUSH });
  try {
    return run(raw);
  } catch (error) {
    if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw fileTooComplex('pdf-inflate');
  }
  // Damaged further on: pdfjs keeps what it inflated before the damage, and so do we. The longest
  // prefix that still inflates, by bisection (a few inflations, each within the limit).
  let good = new Uint8Array(0);
  let low = 0;
  let high = raw.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      good = run(raw.subarray(0, middle));
      low = middle;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw fileTooComplex('pdf-inflate');
      high = middle - 1;
    }
  }
  return good;
}
const MAX_OUTPUT = 2 ** 30;

/** Bytes written up to a limit; past it the file is refused. */
class ByteSink {
  private buffer = new Uint8Array(4096);
  length = 0;
  constructor(private readonly limit: number) {}
  push(byte: number) {
    if (this.length === this.buffer.length) this.grow();
    this.buffer[this.length++] = byte;
  }
  private grow() {
    if (this.length >= this.limit) throw fileTooComplex('pdf-inflate');
    const bigger = new Uint8Array(Math.min(this.buffer.length * 2, this.limit + 1));
    bigger.set(this.buffer);
    this.buffer = bigger;
  }
  bytes() {
    return this.buffer.subarray(0, this.length);
  }
}

/** PDF's LZW (EarlyChange 1): 9- to 12-bit codes, 256 clears the table, 257 ends the data. */
function lzw(data: Uint8Array, limit: number): Uint8Array {
  const out = new ByteSink(limit);
  const prefix = new Int16Array(4096);
  const suffix = new Uint8Array(4096);
  const first = new Uint8Array(4096);
  const length = new Uint16Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    suffix[i] = i;
    first[i] = i;
    length[i] = 1;
  }
  const word = new Uint8Array(4096);
  let next = 258;
  let width = 9;
  let previous = -1;
  let held = 0;
  let bits = 0;
  for (const byte of data) {
    held = ((held << 8) | byte) & 0xffffff;
    bits += 8;
    while (bits >= width) {
      const code = (held >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      if (code === 257 || code > next || (previous < 0 && code > 255)) return out.bytes();
      if (previous >= 0 && next < 4096) {
        prefix[next] = previous;
        suffix[next] = code < next ? first[code] : first[previous];
        first[next] = first[previous];
        length[next] = length[previous] + 1;
        next++;
      }
      let k = length[code];
      for (let at = code; at >= 0; at = prefix[at]) word[--k] = suffix[at];
      for (let j = 0; j < length[code]; j++) out.push(word[j]);
      previous = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  return out.bytes();
}

function runLength(data: Uint8Array, limit: number): Uint8Array {
  const out = new ByteSink(limit);
  for (let i = 0; i < data.length;) {
    const count = data[i++];
    if (count === 128) break;
    if (count < 128) for (let k = 0; k <= count && i < data.length; k++) out.push(data[i++]);
    else for (let k = 0, byte = data[i++]; k < 257 - count; k++) out.push(byte);
  }
  return out.bytes();
}

function asciiHex(data: Uint8Array): Uint8Array {
  const digits = Buffer.from(data)
    .toString('latin1')
    .replace(/>[\s\S]*$/, '')
    .replace(/[^0-9A-Fa-f]/g, '');
  return Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex');
}

function ascii85(data: Uint8Array): Uint8Array {
  const out = new ByteSink(data.length * 4 + 4);
  let group = 0;
  let count = 0;
  for (const byte of data) {
    if (byte === 0x7e) break; // ~>
    if (byte === 0x7a && count === 0) {
      for (let k = 0; k < 4; k++) out.push(0);
      continue;
    }
    if (byte < 0x21 || byte > 0x75) continue;
    group = group * 85 + (byte - 0x21);
    if (++count === 5) {
      for (let k = 0; k < 4; k++) out.push((group >>> (24 - 8 * k)) & 255);
      group = 0;
      count = 0;
    }
  }
  if (count > 1) {
    for (let k = count; k < 5; k++) group = group * 85 + 84;
    for (let k = 0; k < count - 1; k++) out.push((group >>> (24 - 8 * k)) & 255);
  }
  return out.bytes();
}

// PDF syntax: white space, delimiters, and the regular characters tokens are made of.
const WHITE = new Uint8Array(256);
for (const code of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]) WHITE[code] = 1;
const REGULAR = new Uint8Array(256).fill(1);
for (const code of [0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20, 0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]) REGULAR[code] = 0;

/**
 * What interpreting a content stream costs: its operators, and its work (every token, operand or
 * operator, plus every byte of a string: pdfjs handles each glyph). Stops counting past the limits.
 */
export function countContent(data: Uint8Array, limits: { operators: number; work: number }) {
  let operators = 0;
  let work = 0;
  const n = data.length;
  let i = 0;
  while (i < n && operators <= limits.operators && work <= limits.work) {
    const c = data[i];
    if (WHITE[c]) {
      i++;
    } else if (c === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
    } else if (c === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      const start = i;
      let depth = 1;
      i++;
      while (i < n && depth > 0) {
        const d = data[i++];
        if (d === 0x5c) i++;
        else if (d === 0x28) depth++;
        else if (d === 0x29) depth--;
      }
      work += 1 + (i - start);
    } else if (c === 0x3c && data[i + 1] !== 0x3c) {
      const start = i;
      while (i < n && data[i] !== 0x3e) i++;
      i++;
      work += 1 + ((i - start) >> 1);
    } else if (c === 0x2f) {
      i++;
      while (i < n && REGULAR[data[i]]) i++;
      work++;
    } else if (!REGULAR[c]) {
      i++;
    } else {
      const start = i;
      while (i < n && REGULAR[data[i]]) i++;
      work++;
      if ((c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e) continue;
      operators++;
      // Inline image data (BI … ID <bytes> EI) is no operators.
      if (i - start === 2 && c === 0x49 && data[start + 1] === 0x44) i = endOfInlineImage(data, i);
    }
  }
  return { operators, work };
}

function endOfInlineImage(data: Uint8Array, from: number) {
  for (let i = from; i + 2 < data.length; i++) {
    if (WHITE[data[i]] && data[i + 1] === 0x45 && data[i + 2] === 0x49 && (i + 3 >= data.length || !REGULAR[data[i + 3]])) return i + 3;
  }
  return data.length;
}
