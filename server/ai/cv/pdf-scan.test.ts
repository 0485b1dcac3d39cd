import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { DomainError } from '../../errors';
import { pdfDeflateBomb, pdfWithContent, pdfWithOperators } from '../../../tests/fixtures/cv/generate';
import { countContent, PDF_LIMITS, scanPdf } from './pdf-scan';

const FIXTURES = fileURLToPath(new URL('../../../tests/fixtures/cv/', import.meta.url));
const scan = (file: Buffer) => scanPdf(new Uint8Array(file));
const refusal = (file: Buffer) => {
  try {
    scan(file);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).data?.reason;
  }
  return null;
};

describe('scanPdf: what a PDF costs before pdfjs reads it', () => {
  it('real CVs cost a fraction of the limits', () => {
    for (const name of ['en-msc-finance.pdf', 'zh-two-column.pdf', 'bad/scanned.pdf']) {
      const cost = scan(readFileSync(FIXTURES + name));
      expect(cost.inflatedBytes, name).toBeLessThan(PDF_LIMITS.maxInflatedBytes / 100);
      expect(cost.operators, name).toBeLessThan(PDF_LIMITS.maxOperators / 100);
      expect(cost.operators, name).toBeGreaterThan(0);
    }
  });

  it('counts operators, not operands, strings, names, comments or inline image data', () => {
    const content = Buffer.from(
      '% a comment Tj\nBT /F1 12 Tf 72 720 Td (a (nested) Tj \\) string) Tj [(a) -20 (b)] TJ <4142> Tj ET\nBI /W 2 /H 2 ID \x00Tj Tj\x01 EI\nq 1 0 0 1 0 0 cm Q',
    );
    expect(countContent(content, { operators: 1e6, work: 1e9 }).operators).toBe(12);
  });

  it('refuses a stream bomb, a damaged one and one without a valid checksum up to where each stops', () => {
    expect(refusal(pdfDeflateBomb(200 * 1024 * 1024))).toBe('pdf-inflate');
    // pdfjs ignores the Adler-32 checksum and reads a damaged stream up to the damage: so do we.
    const bomb = pdfDeflateBomb(40 * 1024 * 1024);
    const end = bomb.indexOf('\nendstream');
    const badChecksum = Buffer.from(bomb);
    badChecksum.writeUInt32BE(0x12345678, end - 4);
    expect(refusal(badChecksum)).toBe('pdf-inflate');
    const damaged = Buffer.concat([bomb.subarray(0, end - 4), Buffer.from([0xff, 0xff, 0xff, 0xff]), bomb.subarray(end)]);
    expect(refusal(damaged)).toBe('pdf-inflate');
  });

  it('refuses a run-length bomb', () => {
    const runs = Buffer.alloc(2 * 200_000);
    for (let i = 0; i < runs.length; i += 2) [runs[i], runs[i + 1]] = [129, 0x20]; // 128 spaces each
    expect(refusal(pdfWithContent(runs, { filter: 'RunLengthDecode' }))).toBe('pdf-inflate');
  });

  it('refuses too many operators, in one stream or in a page posing as an image', () => {
    expect(refusal(pdfWithOperators(PDF_LIMITS.maxOperators + 1))).toBe('pdf-operators');
    expect(refusal(pdfWithOperators(PDF_LIMITS.maxOperators - 1_000))).toBeNull();
    const content = deflateSync(Buffer.from('(a)Tj\n'.repeat(PDF_LIMITS.maxOperators + 1)));
    const disguised = pdfWithContent(content, { filter: 'FlateDecode' })
      .toString('latin1')
      .replace(
        `<< /Length ${content.length} /Filter /FlateDecode >>`,
        `<< /Length ${content.length} /Filter /FlateDecode /Subtype /Image >>`,
      );
    expect(refusal(Buffer.from(disguised, 'latin1'))).toBe('pdf-operators');
  });

  it('takes well under a second for a file at the limits', () => {
    const started = performance.now();
    refusal(pdfWithOperators(3_000_000));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
