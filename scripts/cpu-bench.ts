/**
 * `npx tsx scripts/cpu-bench.ts [filter]`: the longest synchronous block (the event loop held) and the
 * total time of the detector, the reducer, the fact check and the exports on the largest inputs the
 * API allows, in ordinary and adversarial shapes (issue 22, ADR 0034). A 1 ms interval probes the
 * event loop; the longest gap between its ticks is the longest block. Run one family at a time on a
 * shared machine (the filter matches case names: `detect`, `reduce:strong`, `fact`, `pdf`…).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { EditorBlock } from '../contracts/works';
import { detectAsync } from '../server/ai/detector';
import { ESSAY_1000_WORDS, ZH_ESSAY } from '../server/ai/detector/samples';
import { fill, TEXTS } from '../tests/fixtures/large-inputs';
import { reduceAiRate } from '../server/ai/reducer/reduce';
import { findUnsupportedAsync } from '../server/domain/ai/fact-check';
import { exportFontPaths } from '../server/domain/works/export/fonts';
import { renderDocument } from '../server/domain/works/export/render';

type Probe = { stop: () => { maxGapMs: number; maxCpuMs: number; elMaxMs: number } };
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/**
 * A 1 ms interval: the longest wall-clock gap between its ticks is the longest block, as other
 * requests feel it; the process CPU time spent in that gap tells a real block from the machine
 * being busy with other work (a shared machine preempts us: wall gaps then overstate).
 */
function probe(): Probe {
  let last = performance.now();
  let lastCpu = cpuMs();
  let maxGap = 0;
  let maxCpu = 0;
  const tick = () => {
    const now = performance.now();
    const cpu = cpuMs();
    maxGap = Math.max(maxGap, now - last);
    maxCpu = Math.max(maxCpu, cpu - lastCpu);
    last = now;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 1);
  const h = monitorEventLoopDelay({ resolution: 1 });
  h.enable();
  return {
    stop: () => {
      clearInterval(timer);
      tick();
      h.disable();
      return { maxGapMs: maxGap, maxCpuMs: maxCpu, elMaxMs: h.max / 1e6 };
    },
  };
}

/** A case: what it measures, after an unmeasured setup (building the input). */
type Case = () => { run: () => Promise<string> };

async function measure(name: string, prepare: Case) {
  const { run } = prepare();
  await new Promise((r) => setTimeout(r, 5));
  const p = probe();
  const t0 = performance.now();
  let note: string;
  try {
    note = await run();
  } catch (e) {
    note = `threw ${(e as Error).message.slice(0, 60)}`;
  }
  const total = performance.now() - t0;
  const { maxGapMs, maxCpuMs, elMaxMs } = p.stop();
  console.log(
    `${name.padEnd(30)} total ${total.toFixed(0).padStart(6)} ms  longest block ${maxGapMs.toFixed(0).padStart(6)} ms (cpu ${maxCpuMs.toFixed(0).padStart(5)}, eld ${elMaxMs.toFixed(0).padStart(5)})  ${note}`,
  );
}

const doc = (blocks: EditorBlock[]) => ({ blocks });
const block = (i: number, runs: Array<{ text: string; bold?: boolean }>): EditorBlock => ({
  id: `b${i}`,
  type: 'paragraph',
  props: { textColor: 'default', backgroundColor: 'default', textAlignment: 'left' },
  content: runs.map((r) => ({ type: 'text' as const, text: r.text, styles: r.bold ? { bold: true } : ({} as Record<string, boolean>) })),
  children: [],
});
const ALL_HAN = Array.from({ length: 0x9fa5 - 0x4e00 }, (_, i) => String.fromCharCode(0x4e00 + i)).join('');
/** Documents at the editor's limits (2,000 blocks, 200,000 characters, 500 runs a block). */
const DOCS: Record<string, () => ReturnType<typeof doc>> = {
  'zh-2000-blocks': () => doc(Array.from({ length: 2000 }, (_, i) => block(i, [{ text: ZH_ESSAY.slice(0, 100) }]))),
  'en-2000-blocks': () => doc(Array.from({ length: 2000 }, (_, i) => block(i, [{ text: ESSAY_1000_WORDS.slice(0, 100) }]))),
  'one-block-200k-zh': () => doc([block(0, [{ text: ZH_ESSAY.repeat(200).slice(0, 200_000) }])]),
  'one-block-200k-nospace': () => doc([block(0, [{ text: 'a'.repeat(200_000) }])]),
  'runs-290x500': () =>
    doc(
      Array.from({ length: 290 }, (_, i) =>
        block(
          i,
          Array.from({ length: 500 }, (_, k) => ({ text: '我', bold: k % 2 === 0 })),
        ),
      ),
    ),
  'all-han-glyphs': () =>
    doc(Array.from({ length: 2000 }, (_, i) => block(i, [{ text: ALL_HAN.repeat(10).slice(i * 100, i * 100 + 100) }]))),
};

const CASES: Record<string, Case> = {};
for (const [k, t] of Object.entries(TEXTS)) {
  CASES[`detect:${k}`] = () => ({
    run: async () => {
      const r = await detectAsync(t);
      return r.ok ? `${r.sentences.length} sentences, ${r.aiRate}%` : r.code;
    },
  });
}
for (const mode of ['light', 'balanced', 'strong'] as const) {
  for (const [k, t] of Object.entries(TEXTS)) {
    CASES[`reduce:${mode}:${k}`] = () => ({
      run: async () => {
        const r = await reduceAiRate(t, { mode, target: 5 });
        return `${r.before.aiRate}% → ${r.after.aiRate}%, ${r.changedSentences} changed`;
      },
    });
  }
}
const KNOWN = Array.from({ length: 50 }, (_, i) => `${ESSAY_1000_WORDS}${ZH_ESSAY}`.slice(i * 10, i * 10 + 2000));
for (const [k, t] of Object.entries({
  ...TEXTS,
  'award-caps': fill('Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa '),
  'run-A': fill('A'),
  numbers: fill('12 34 56 78 '),
  'school-chain': `University of${' Aa'.repeat(6660)}`,
})) {
  CASES[`fact:${k}`] = () => ({ run: async () => `${(await findUnsupportedAsync(t, KNOWN.join('\n'))).length} facts` });
}
for (const format of ['pdf', 'docx'] as const) {
  for (const [k, d] of Object.entries(DOCS)) {
    CASES[`${format}:${k}`] = () => {
      // As stored: the export reads the work's JSON text and hands it to an export thread.
      const json = JSON.stringify(d());
      return {
        run: async () => {
          const fonts = format === 'pdf' ? exportFontPaths({}) : undefined;
          const body = await renderDocument({ format, title: '测试', layout: 'essay', label: null, document: { json }, fonts });
          return `${(body.length / 1024).toFixed(0)} KB (document ${(json.length / 1e6).toFixed(1)} MB)`;
        },
      };
    };
  }
}

const filter = process.argv[2] ?? '';
// Warm: the weights and the fonts load once per process, not per request.
await detectAsync(ESSAY_1000_WORDS);
for (const [name, run] of Object.entries(CASES)) if (name.includes(filter)) await measure(name, run);
process.exit(0);
