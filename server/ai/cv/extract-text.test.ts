import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { UPLOAD_FILE_LIMIT_BYTES } from '../../../contracts/limits';
import { DomainError } from '../../errors';
import {
  compoundFile,
  cjkPdfWithoutEmbeddedFont,
  encryptedWordStream,
  pdfDeflateBomb,
  pdfWithContent,
  pdfWithOperators,
  zip,
  zipBomb,
} from '../../../tests/fixtures/cv/generate';
import { convertDoc } from './doc';
import { CV_FILE_MESSAGES } from './errors';
import { extractText, liveExtractionWorkers, readCv } from './extract-text';
import { PDF_LIMITS } from './pdf-scan';
import { withoutLibreOffice } from '../../../tests/fixtures/without-libreoffice';

const hasLibreOffice = () => (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, 'soffice')));
const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/cv', import.meta.url));
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

async function refusal(file: Buffer, options?: Parameters<typeof extractText>[1]): Promise<DomainError> {
  const error = await extractText(file, options).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

async function waitUntil(condition: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  return condition();
}

const linesOf = (text: string) => text.split('\n');

/** A Word 97 file neither reader can read: a FIB, then garbage. */
function brokenWordDocument() {
  const fib = Buffer.alloc(2048, 0x41);
  fib.writeUInt16LE(0xa5ec, 0); // wIdent
  fib.writeUInt16LE(0x00c1, 2); // nFib: Word 97
  fib.writeUInt16LE(0, 0x0a); // not encrypted
  return compoundFile({ WordDocument: fib, '1Table': Buffer.alloc(512, 0x42) });
}

describe('extractText: formats, decided by content', () => {
  it('reads a single-column English PDF line by line, table cells apart by a tab', async () => {
    const { text, format, pages } = await extractText(fixture('en-msc-finance.pdf'));
    expect(format).toBe('pdf');
    expect(pages).toBe(1);
    const lines = linesOf(text);
    expect(lines[0]).toBe('EMILY (YUTING) CHEN');
    expect(lines).toContain('EDUCATION');
    expect(lines).toContain('The University of Edinburgh, Edinburgh, UK\tSep 2023 – Nov 2024');
    expect(lines).toContain('GMAT: 720 (Q49, V40, IR 7, AWA 5.5)');
  });

  it('reads a two-column Chinese PDF column by column, never interleaving the columns', async () => {
    const { text, format } = await extractText(fixture('zh-two-column.pdf'));
    expect(format).toBe('pdf');
    const lines = linesOf(text);
    const at = (line: string) => lines.indexOf(line);
    // The sidebar comes whole, then the main column, each in its own order.
    const order = [
      '王思远',
      '联系方式',
      '手机：+86 139 0000 1234',
      '语言成绩',
      '听力 7.5 阅读 8.0 写作 6.0 口语 6.5',
      '荣誉奖项',
      '二等奖',
      '教育背景',
      '2020.09 - 2024.06',
      '南京大学 数学系',
      '实习经历',
      '项目经历',
      '校园活动',
    ];
    for (const line of order) expect(at(line), line).toBeGreaterThanOrEqual(0);
    expect(order.map(at)).toEqual([...order.map(at)].sort((a, b) => a - b));
    expect(lines).toContain('2023.07 - 2023.09 中信证券 金融工程部 量化研究实习生');
  });

  it('reads Chinese from a PDF whose font is not embedded, with the CMaps pdfjs ships', async () => {
    const { text } = await extractText(cjkPdfWithoutEmbeddedFont(['张伟 个人简历', '教育背景：清华大学 电子工程 本科 2019.09-2023.06']));
    expect(linesOf(text)).toEqual(['张伟 个人简历', '教育背景：清华大学 电子工程 本科 2019.09-2023.06']);
  });

  it('reads a DOCX one paragraph a line (mammoth)', async () => {
    const { text, format, pages } = await extractText(fixture('zh-undergrad-cs.docx'));
    expect(format).toBe('docx');
    expect(pages).toBeUndefined();
    const lines = linesOf(text);
    expect(lines.slice(0, 4)).toEqual([
      '李明轩',
      '电话：138-1234-5678 | 邮箱：mingxuan.li@zju.edu.cn | 微信：lmx_2002',
      '申请方向：计算机科学 硕士（2025 Fall）',
      '教育背景',
    ]);
    // Runs of spaces between fields become one tab.
    expect(lines).toContain('2021.09 - 2025.06\t浙江大学\t计算机科学与技术\t工学学士');
  });

  it('reads a legacy Word 97 .doc in process (word-extractor), without LibreOffice', async () => {
    const { text, format } = await withoutLibreOffice(() => extractText(fixture('zh-master-accounting.doc')));
    expect(format).toBe('doc');
    const lines = linesOf(text);
    expect(lines[0]).toBe('个人简历');
    expect(lines).toContain('姓名：赵雨桐\t性别：女\t出生年月：2000年5月');
    expect(lines).toContain('TOEFL 105 (R 28 / L 27 / S 23 / W 27)');
    expect(lines).toContain('2022.09-2025.06\t上海财经大学\t会计学院\t会计学\t硕士研究生');
  });

  it('a .doc neither reader can read: a clear Chinese refusal, with LibreOffice or without it', async () => {
    const without = await withoutLibreOffice(() => refusal(brokenWordDocument()));
    expect([without.code, without.message, without.data]).toEqual([
      'FILE_INVALID',
      CV_FILE_MESSAGES.docUnreadable,
      { reason: 'doc-unreadable' },
    ]);
    // LibreOffice makes nothing of it either: no text, or not a document.
    const withIt = await refusal(brokenWordDocument());
    expect(['CV_NO_TEXT', 'FILE_INVALID']).toContain(withIt.code);
  });

  it.skipIf(!hasLibreOffice())('LibreOffice, the fallback, reads the same .doc', async () => {
    const text = await convertDoc(fixture('zh-master-accounting.doc'), { timeoutMs: 15_000 });
    expect(text).toContain('TOEFL 105 (R 28 / L 27 / S 23 / W 27)');
  });

  it('reads a GBK text file', async () => {
    const { text, format } = await extractText(fixture('zh-highschool.gbk.txt'));
    expect(format).toBe('txt');
    expect(linesOf(text)[0]).toBe('刘子涵 个人简历');
    expect(text).toContain('SAT：1530（阅读与写作 750，数学 780）');
  });

  it('reads a UTF-16 LE text file with a BOM and Windows line ends', async () => {
    const { text, format } = await extractText(fixture('en-stats.utf16.txt'));
    expect(format).toBe('txt');
    expect(text).not.toMatch(/[\r\ufeff]/);
    expect(linesOf(text).slice(0, 2)).toEqual([
      'Michael Zhang',
      'Phone: (+1) 415-555-0132 | Email: michael.zhang@berkeley.edu | Berkeley, CA',
    ]);
  });

  it('reads UTF-8 with and without a BOM, UTF-16 BE and GB18030-only characters the same', async () => {
    const source = readFileSync(path.join(FIXTURES, 'src/zh-highschool.txt'), 'utf8') + '\n生僻字：𠮷\n';
    const expected = (await extractText(Buffer.from(source, 'utf8'))).text;
    expect(expected).toContain('生僻字：𠮷');
    // Node encodes UTF-16 but not GB18030: the GBK fixture (made from the same source with `iconv -t GBK`)
    // plus the added line written out in GB18030, 𠮷 being a four-byte sequence GBK lacks.
    const addedLineGb18030 = [0x0a, 0xc9, 0xfa, 0xc6, 0xa7, 0xd7, 0xd6, 0xa3, 0xba, 0x95, 0x34, 0xb2, 0x35, 0x0a];
    const variants = {
      'utf-8 with BOM': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(source, 'utf8')]),
      'utf-16 be': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(source, 'utf16le').swap16()]),
      'utf-16 le': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(source, 'utf16le')]),
      gb18030: Buffer.concat([fixture('zh-highschool.gbk.txt'), Buffer.from(addedLineGb18030)]),
    };
    for (const [name, bytes] of Object.entries(variants)) expect((await extractText(bytes)).text, name).toBe(expected);
  });

  it('normalises whitespace but keeps the lines', async () => {
    const { text } = await extractText(
      Buffer.from(
        '  张三\u3000简历 \r\n\r\n\r\n\r\n教育背景\u00a0\u00a0\u00a0北京大学\t\t本科\u200b\n\n\n技能：Python、SQL、Excel 以及 Word 与 PowerPoint 的熟练使用\n',
      ),
    );
    expect(text).toBe('张三 简历\n\n教育背景\t北京大学\t本科\n\n技能：Python、SQL、Excel 以及 Word 与 PowerPoint 的熟练使用');
  });
});

describe('extractText: refusals, with the Chinese message the user reads', () => {
  it.each([
    ['an executable renamed to .pdf', 'bad/elf-renamed.pdf', 'FILE_TYPE_UNSUPPORTED', CV_FILE_MESSAGES.unsupported, { detected: 'elf' }],
    ['a zip that is not a Word document', 'bad/plain-zip.docx', 'FILE_TYPE_UNSUPPORTED', CV_FILE_MESSAGES.unsupported, { detected: 'zip' }],
    ['a PDF with a user password', 'bad/encrypted.pdf', 'FILE_ENCRYPTED', CV_FILE_MESSAGES.encrypted, undefined],
    ['a truncated PDF', 'bad/corrupt.pdf', 'FILE_INVALID', CV_FILE_MESSAGES.invalid, { reason: 'corrupt' }],
    ['an empty file', 'bad/empty.docx', 'FILE_INVALID', CV_FILE_MESSAGES.invalid, { reason: 'empty' }],
    ['a scanned PDF without a text layer', 'bad/scanned.pdf', 'CV_NO_TEXT', CV_FILE_MESSAGES.noText, undefined],
  ])('%s', async (_name, file, code, message, data) => {
    const error = await refusal(fixture(file));
    expect(error.code).toBe(code);
    expect(error.message).toBe(message);
    expect(error.data).toEqual(data);
  });

  it('the messages are the spec’s own words', () => {
    expect(CV_FILE_MESSAGES.unsupported).toBe('仅支持pdf, doc, docx和txt格式的文件');
    expect(CV_FILE_MESSAGES.tooLarge).toBe('文件必须小于 5MB!');
    expect(CV_FILE_MESSAGES.invalid).toBe('文件无效，请重新上传');
  });

  it('a file over 5 MB, before any parsing', async () => {
    const error = await refusal(Buffer.alloc(UPLOAD_FILE_LIMIT_BYTES + 1, 'a'));
    expect([error.code, error.message]).toEqual(['PAYLOAD_TOO_LARGE', '文件必须小于 5MB!']);
  });

  it('a zip bomb dressed as .docx (inflates past 100 MB), by its declared sizes', async () => {
    const bomb = zipBomb(120 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(200 * 1024);
    const error = await refusal(bomb);
    expect([error.code, error.message, error.data]).toEqual(['FILE_INVALID', CV_FILE_MESSAGES.invalid, { reason: 'zip-bomb' }]);
  });

  it('a zip bomb whose headers lie about its size, while inflating', async () => {
    const error = await refusal(zipBomb(120 * 1024 * 1024, { lie: true }));
    expect([error.code, error.data]).toEqual(['FILE_INVALID', { reason: 'zip-bomb' }]);
  });

  it('a truncated .docx and a .docx with broken XML', async () => {
    const docx = fixture('zh-undergrad-cs.docx');
    expect((await refusal(docx.subarray(0, docx.length / 2))).data).toEqual({ reason: 'corrupt' });
    const broken = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document><w:body><w:p>') }]);
    expect((await refusal(broken)).code).toBe('FILE_INVALID');
  });

  it('an encrypted .docx (an OLE container with EncryptedPackage) and a password-protected .doc', async () => {
    expect((await refusal(compoundFile({ EncryptionInfo: Buffer.alloc(64), EncryptedPackage: Buffer.alloc(4096, 7) }))).code).toBe(
      'FILE_ENCRYPTED',
    );
    const error = await refusal(compoundFile({ WordDocument: encryptedWordStream(), '1Table': Buffer.alloc(512) }));
    expect([error.code, error.message]).toEqual(['FILE_ENCRYPTED', '文件已加密，请上传未加密的文件']);
  });

  it('an OLE file that is not a Word document (an Excel 97 workbook)', async () => {
    const error = await refusal(compoundFile({ Workbook: Buffer.alloc(4096, 1) }));
    expect([error.code, error.data]).toEqual(['FILE_TYPE_UNSUPPORTED', { detected: 'ole' }]);
  });

  it('binary data, images and text in an unknown encoding are not text files', async () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect((await refusal(random)).code).toBe('FILE_TYPE_UNSUPPORTED');
    expect((await refusal(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]))).data).toEqual(
      { detected: 'png' },
    );
    expect((await refusal(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]))).data).toEqual({ detected: 'exe' });
    // Latin-1 bytes are neither UTF-8 nor Chinese GB18030.
    expect((await refusal(Buffer.from('Curriculum vitae de José Müller, né à Zürich', 'latin1'))).code).toBe('FILE_TYPE_UNSUPPORTED');
  });

  it('a text file with too little text', async () => {
    const error = await refusal(Buffer.from('\n\n  简历  \n\n'));
    expect([error.code, error.message]).toEqual(['CV_NO_TEXT', CV_FILE_MESSAGES.noText]);
  });
});

describe('extractText: off the request thread, with a time limit', () => {
  it('kills the worker at the deadline and says so clearly', async () => {
    const started = Date.now();
    const error = await refusal(fixture('zh-two-column.pdf'), { timeoutMs: 100 });
    expect([error.code, error.message]).toEqual(['EXTRACTION_TIMEOUT', '文件解析超时，请检查文件后重新上传']);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await waitUntil(() => liveExtractionWorkers() === 0)).toBe(true);
  });

  it('kills LibreOffice at the deadline and leaves nothing behind', async () => {
    // LibreOffice alone, so that the deadline surely falls within its start-up (a second or two),
    // in a temporary directory of this test's own (other test files convert documents meanwhile).
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'cv-timeout-test-'));
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const started = Date.now();
      const error = await convertDoc(fixture('zh-master-accounting.doc'), { timeoutMs: 300 }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe('EXTRACTION_TIMEOUT');
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      // Assigning undefined would store the string 'undefined' (and later temp files land in ./undefined).
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
    // No process still has our directory on its command line, and nothing is left in it.
    const running = () =>
      readdirSync('/proc')
        .filter((entry) => /^\d+$/.test(entry))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(tmp);
          } catch {
            return false;
          }
        });
    expect(await waitUntil(() => running().length === 0)).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true });
  });

  it('stops when the caller aborts (the user cancelled the upload)', async () => {
    const controller = new AbortController();
    const pending = extractText(fixture('en-msc-finance.pdf'), { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled')), 50);
    await expect(pending).rejects.toThrow('cancelled');
    expect(await waitUntil(() => liveExtractionWorkers() === 0)).toBe(true);
    await expect(extractText(fixture('en-msc-finance.pdf'), { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  it('keeps the event loop responsive while several files are parsed', async () => {
    const files = ['zh-two-column.pdf', 'en-msc-finance.pdf', 'zh-undergrad-cs.docx', 'en-stats.utf16.txt'].map(fixture);
    const bomb = zipBomb(60 * 1024 * 1024, { lie: true });
    let last = performance.now();
    let longest = 0;
    let ticks = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      ticks++;
    }, 5);
    try {
      const results = await Promise.all([...files, bomb].map((file) => extractText(file).catch((error: unknown) => error)));
      expect(results.slice(0, 4).map((result) => (result as { format: string }).format)).toEqual(['pdf', 'pdf', 'docx', 'txt']);
      expect((results[4] as DomainError).code).toBe('FILE_INVALID');
    } finally {
      clearInterval(timer);
    }
    // Parsing a PDF takes over a second of CPU; on this thread it would freeze the timer for as
    // long. Here the longest gap is some 10–30 ms; the bound leaves room for a loaded machine.
    expect(ticks).toBeGreaterThan(20);
    expect(longest).toBeLessThan(400);
  });
});

describe('extractText: PDF limits, checked before pdfjs reads the file (issue 22)', () => {
  it('a stream bomb (208 KB inflating to 200 MB): refused fast', async () => {
    const bomb = pdfDeflateBomb(200 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(220 * 1024);
    const started = Date.now();
    const error = await refusal(bomb);
    expect([error.code, error.message, error.data]).toEqual(['FILE_INVALID', '文件内容过于复杂，无法读取', { reason: 'pdf-inflate' }]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('3 million text operators (27 KB): refused fast', async () => {
    const started = Date.now();
    const error = await refusal(pdfWithOperators(3_000_000));
    expect([error.code, error.message, error.data]).toEqual(['FILE_INVALID', CV_FILE_MESSAGES.tooComplex, { reason: 'pdf-operators' }]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('one text operator with 2 million glyphs: refused', async () => {
    const content = Buffer.from(`BT /F1 12 Tf 72 720 Td [${'(a)1'.repeat(2_000_000)}] TJ ET`);
    const error = await refusal(pdfWithContent(deflateSync(content), { filter: 'FlateDecode' }));
    expect(error.data).toEqual({ reason: 'pdf-operators' });
  });

  it('more pages than a CV or an essay has', async () => {
    const content = Buffer.from('BT /F1 12 Tf 72 720 Td (A page of a very long document) Tj ET');
    const error = await refusal(pdfWithContent(content, { pages: PDF_LIMITS.maxPages + 1 }));
    expect([error.message, error.data]).toEqual([CV_FILE_MESSAGES.tooComplex, { reason: 'pdf-pages' }]);
  });

  it('a PDF under the limits is read', async () => {
    const { text } = await extractText(pdfWithOperators(1_000));
    expect(text).toMatch(/^a+$/);
  });
});

describe('extractText: the slots are shared fairly between users (issue 22)', () => {
  it('one owner holds one slot: another user’s file is read meanwhile; a third file of theirs is refused (429)', async () => {
    // A heavy file just under the limits (operators and work) holds a slot for a few seconds.
    const heavy = pdfWithOperators(PDF_LIMITS.maxOperators - 10_000, 'abcdef');
    const light = fixture('en-stats.utf16.txt');
    const started = Date.now();
    const done: Record<string, number> = {};
    const timed = (name: string, run: Promise<unknown>) =>
      run.then(
        () => (done[name] = Date.now() - started),
        (error: unknown) => {
          done[name] = Date.now() - started;
          throw error;
        },
      );
    const first = timed('a1', extractText(heavy, { owner: 'user-a' }));
    const second = timed('a2', extractText(heavy, { owner: 'user-a' }));
    const third = await refusal(heavy, { owner: 'user-a' });
    expect([third.code, third.message]).toEqual(['RATE_LIMITED', '你有文件正在读取，请稍后再试']);
    const other = timed('b', extractText(light, { owner: 'user-b' }));
    await Promise.all([first, second, other]);
    // user-b did not wait for user-a's files; user-a's second waited for its first.
    expect(done.b).toBeLessThan(done.a1);
    expect(done.a2).toBeGreaterThan(done.a1);
    // Both slots free again: user-a may read again.
    await expect(extractText(light, { owner: 'user-a' })).resolves.toMatchObject({ format: 'txt' });
  });

  it('a waiting file that is cancelled leaves the line', async () => {
    const heavy = pdfWithOperators(200_000);
    const first = extractText(heavy, { owner: 'user-c' });
    const controller = new AbortController();
    const second = extractText(heavy, { owner: 'user-c', signal: controller.signal });
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    // The owner has no file waiting now: another may wait.
    const third = extractText(heavy, { owner: 'user-c' });
    await expect(Promise.all([first, third])).resolves.toHaveLength(2);
  });
});

describe('readCv: the text and the rule-based reader’s result, both from the worker', () => {
  it('parses in the worker', async () => {
    const { text, format, parsed } = await readCv(fixture('en-stats.utf16.txt'));
    expect(format).toBe('txt');
    expect(text).toContain('Michael Zhang');
    expect(parsed.name?.value).toBe('Michael Zhang');
    expect(parsed.currentSchool?.value).toBe('University of California, Berkeley');
  });

  it('a .doc read by word-extractor, parsed without LibreOffice', async () => {
    const { parsed } = await withoutLibreOffice(() => readCv(fixture('zh-master-accounting.doc')));
    expect(parsed.name?.value).toBe('赵雨桐');
    expect(parsed.currentSchool?.value).toBe('上海财经大学');
  });

  it('a 100,000-character line: parsed well within the time limit', async () => {
    const started = Date.now();
    const { parsed } = await readCv(Buffer.from(`GPA 3.8/4.0 ${'a'.repeat(100_000)}`), { timeoutMs: 5_000 });
    expect(parsed.gpa).toMatchObject({ value: 3.8, scale: 4 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
