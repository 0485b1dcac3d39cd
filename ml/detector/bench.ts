// npm run bench:detector
//
// Prints the evaluation tables of the committed weights (random held-out
// split through Detector.detect, leave-one-source-out retrained with the
// shipped recipe, minimum-length study) and the speed, load time and memory.

import { performance } from 'node:perf_hooks';
import { loadDetectorFrom, MODEL_DIR } from '../../server/ai/detector/index';
import { ESSAY_1000_WORDS, ZH_ESSAY } from '../../server/ai/detector/samples';
import { SHIPPED_SPEC } from './config';
import { corpusAvailable, corpusPath, loadCorpus } from '../../server/ai/detector/corpus';
import { computeFigures, renderFigures } from './figures';
import { featurize } from './pipeline';

function timeIt(fn: () => void, runs: number): { median: number; p95: number } {
  for (let i = 0; i < 5; i++) fn(); // warm-up (JIT)
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    ts.push(performance.now() - t);
  }
  ts.sort((a, b) => a - b);
  return { median: ts[Math.floor(runs / 2)] as number, p95: ts[Math.floor(runs * 0.95)] as number };
}

function main(): void {
  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MiB`;
  globalThis.gc?.();
  const before = process.memoryUsage();
  const t0 = performance.now();
  const detector = loadDetectorFrom(MODEL_DIR);
  const loadMs = performance.now() - t0;
  const after = process.memoryUsage();

  const enWords = ESSAY_1000_WORDS.split(/\s+/).length;
  const en = timeIt(() => detector.detect(ESSAY_1000_WORDS), 50);
  const zh = timeIt(() => detector.detect(ZH_ESSAY), 50);
  const speed = [
    '### Speed (one core, after load)',
    '',
    '| what | value |',
    '|---|---:|',
    `| load weights (cold, in-process) | ${loadMs.toFixed(0)} ms |`,
    `| memory added by load (RSS / heap) | ${mb(after.rss - before.rss)} / ${mb(after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers)} |`,
    `| English essay, ${enWords} words: median / p95 | ${en.median.toFixed(2)} ms / ${en.p95.toFixed(2)} ms |`,
    `| Chinese essay, ${ZH_ESSAY.length} chars: median / p95 | ${zh.median.toFixed(2)} ms / ${zh.p95.toFixed(2)} ms |`,
  ].join('\n');
  console.log(speed);

  if (!corpusAvailable()) {
    console.log(`\n(corpus not found at ${corpusPath()}; set AIGC_CORPUS to print the evaluation tables)`);
    return;
  }
  const log = (s: string) => process.stderr.write(`${s}\n`);
  const rows = loadCorpus();
  const items = featurize(rows, SHIPPED_SPEC.cfg, SHIPPED_SPEC.split);
  const figures = computeFigures(items, detector, SHIPPED_SPEC, log);
  console.log(`\n${renderFigures(figures, detector.model)}`);
}

main();
