import { CASE_CSV_COLUMNS, CASE_CSV_REQUIRED } from '../../../contracts/school-match';
import { DomainError } from '../errors';
import { decodeCsv, normaliseName, readCsvRows, type CsvRow } from './csv';
import { inferGpaScale, readCaseRow } from './cases';
import { gbk } from '../../../tests/fixtures/gbk';

const rowsOf = async (text: string) => {
  const rows: CsvRow[] = [];
  await readCsvRows(text, { known: CASE_CSV_COLUMNS, required: CASE_CSV_REQUIRED }, (r) => void rows.push(r));
  return rows;
};

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).message;
  }
  throw new Error('not refused');
};

describe('decodeCsv', () => {
  it('reads UTF-8 with and without a BOM', () => {
    const plain = new TextEncoder().encode('school,notes\n测试大学,双非\n');
    expect(decodeCsv(plain)).toEqual({ text: 'school,notes\n测试大学,双非\n', encoding: 'utf-8' });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeCsv(bom).text).toBe('school,notes\n测试大学,双非\n');
  });

  it('falls back to GBK when the bytes are not UTF-8', () => {
    const bytes = gbk('school,notes\n测试大学,双非海本\n');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    expect(decodeCsv(bytes)).toEqual({ text: 'school,notes\n测试大学,双非海本\n', encoding: 'gbk' });
  });

  it('refuses binary files with a message saying what they are', () => {
    expect(refusal(() => decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])))).toContain('Excel');
    expect(refusal(() => decodeCsv(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])))).toContain('PDF');
    expect(refusal(() => decodeCsv(new Uint8Array([0x61, 0x00, 0x62])))).toContain('二进制');
    expect(refusal(() => decodeCsv(new Uint8Array([0x61, 0x07, 0x62])))).toContain('控制字符');
    expect(refusal(() => decodeCsv(new Uint8Array([0xff, 0xfe, 0x61, 0x00])))).toContain('UTF-16');
    expect(refusal(() => decodeCsv(new Uint8Array([0x80, 0xff, 0x80, 0xff])))).toContain('编码');
    expect(refusal(() => decodeCsv(new Uint8Array()))).toContain('为空');
  });
});

describe('readCsvRows', () => {
  it('maps columns by header name, ignores unknown columns and blank rows, numbers rows as a spreadsheet does', async () => {
    const rows = await rowsOf(
      'School, Program ,degree,result,advisor\nA Univ,"MSc, Data",master,admitted,Zhang\n\nB Univ,MA,master,rejected,Li\n',
    );
    expect(rows).toEqual([
      { row: 2, values: { school: 'A Univ', program: 'MSc, Data', degree: 'master', result: 'admitted' } },
      { row: 4, values: { school: 'B Univ', program: 'MA', degree: 'master', result: 'rejected' } },
    ]);
  });

  it('refuses a file without a required column, naming it', async () => {
    await expect(rowsOf('school,program,degree\nA,B,master\n')).rejects.toThrow('缺少必填列：result');
  });

  it('refuses an unclosed quote with a CSV error', async () => {
    await expect(rowsOf('school,program,degree,result\n"A,B,master,admitted\n')).rejects.toThrow(/CSV 格式错误/);
  });
});

describe('readCaseRow', () => {
  const base = { school: 'Fictional Univ', program: 'MSc Test', degree: 'master', result: 'admitted' };
  it('reads the optional fields and infers a missing GPA scale', () => {
    const read = readCaseRow({ ...base, gpa: '3.6', ielts: '7', international: 'yes', school_tier: '双非', term: '2025 Fall' });
    expect(read).toMatchObject({
      ok: true,
      values: { gpa: 3.6, gpaScale: 4, ielts: 7, international: true, schoolTier: '双非', term: '2025 Fall' },
    });
    expect(inferGpaScale(85)).toBe(100);
    expect(inferGpaScale(4.2)).toBe(4.3);
  });

  it('lists every problem of a row', () => {
    const read = readCaseRow({ ...base, degree: 'mba', result: 'maybe', ielts: '6.3', toefl: '130', international: 'perhaps' });
    expect(read.ok).toBe(false);
    const problems = (read as { problems: string[] }).problems.join('；');
    for (const word of ['degree', 'result', 'ielts', 'toefl', 'international']) expect(problems).toContain(word);
  });
});

it('normaliseName ignores case, width and punctuation', () => {
  expect(normaliseName('  Fictional   Univ. of  TEST ')).toBe(normaliseName('fictional univ of test'));
  expect(normaliseName('ＡＢＣ－大学')).toBe('abc 大学');
});
