import mammoth from 'mammoth';
import yauzl from 'yauzl';
import { fileEncrypted, fileInvalid, fileUnsupported } from './errors';

/**
 * Zip-bomb limits. A CV's .docx inflates to a few megabytes (XML compresses about 10:1, images not
 * at all); anything that would inflate past these is refused before a byte of it is inflated.
 */
export const ZIP_LIMITS = {
  /** All entries together, inflated. */
  maxUnzippedBytes: 50 * 1024 * 1024,
  /** Entries in the archive (a document has a few dozen, a few hundred with many images). */
  maxEntries: 2000,
  /** Inflated / compressed for any entry over 1 MB inflated. Repetitive XML stays well under it. */
  maxRatio: 100,
} as const;

/** The text of a Word 2007+ document, one paragraph a line. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  await checkArchive(buffer);
  const { value } = await mammoth.extractRawText({ buffer }).catch(() => {
    throw fileInvalid('corrupt');
  });
  // mammoth ends every paragraph (table cells included) with a blank line.
  return value.replace(/\n\n/g, '\n');
}

/**
 * Reads the central directory (yauzl) and refuses an archive that is not a Word document, is
 * encrypted, or declares more than the limits. Then inflates every entry once, counting: yauzl
 * stops an entry that inflates past its declared size, so a lying header cannot get past either,
 * and mammoth only ever inflates what was counted here.
 */
async function checkArchive(buffer: Buffer) {
  const zip = await yauzl
    .fromBufferPromise(buffer, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false })
    .catch(() => {
      throw fileInvalid('corrupt');
    });
  try {
    if (zip.entryCount > ZIP_LIMITS.maxEntries) throw fileInvalid('zip-bomb');
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) entries.push(entry);
    } catch {
      throw fileInvalid('corrupt');
    }
    for (const entry of entries) {
      declared += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (declared > ZIP_LIMITS.maxUnzippedBytes || (entry.uncompressedSize > 1024 * 1024 && ratio > ZIP_LIMITS.maxRatio)) {
        throw fileInvalid('zip-bomb');
      }
    }
    if (!entries.some((entry) => entry.fileName === 'word/document.xml')) throw fileUnsupported('zip');
    if (entries.some((entry) => entry.isEncrypted())) throw fileEncrypted();
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zip.openReadStreamPromise(entry).catch(() => {
        throw fileInvalid('corrupt');
      });
      try {
        for await (const _chunk of stream);
      } catch (error) {
        // yauzl: "too many bytes in the stream" (a lying header) or a broken deflate stream.
        throw fileInvalid(/too many bytes/i.test(String(error)) ? 'zip-bomb' : 'corrupt');
      }
    }
  } finally {
    zip.close();
  }
}
