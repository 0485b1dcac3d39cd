import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import yauzl from 'yauzl';

/** One entry of a zip (a DOCX part) as text. */
function zipEntry(bytes: Buffer, name: string): Promise<string> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      zip.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return zip.readEntry();
        zip.openReadStream(entry, (error, stream) => {
          if (error || !stream) return reject(error);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        });
      });
      zip.on('end', () => reject(new Error(`${name} is not in the file`)));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A downloaded DOCX's paragraphs as the reader sees them (word/document.xml), one string each. */
export async function docxParagraphs(download: Download): Promise<string[]> {
  const bytes = await readFile((await download.path())!);
  const xml = await zipEntry(bytes, 'word/document.xml');
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    unescape([...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')),
  );
}
