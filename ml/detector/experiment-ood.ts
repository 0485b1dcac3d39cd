// Fifth round (ADR 0028 addendum): out-of-domain guards for `reliability`.
// A guard is useful if, under leave-one-source-out, the human texts the model
// wrongly calls AI are flagged by it much more often than the AI texts it
// rightly calls AI (a guard that flags everything alike only costs recall).
//   FAST=1 semantics always (no inner shift guard): thresholds are the fold's
//   in-domain ones, so there are more out-of-source false positives to study
//   than at the shipped thresholds.
//   npx tsx ml/detector/experiment-ood.ts
//
// Guards, each fitted on the fold's training texts only:
// * atypical: the shipped one, RMS stylometric z-score above its 99th percentile;
// * nearest-source style: RMS distance of the stylometric z-vector to the
//   nearest training source's mean z-vector, above its 99th / 95th percentile;
// * n-gram profile: the hashed n-grams folded to 1,024 dimensions, L2-normed;
//   cosine similarity to the nearest training source's mean profile, below
//   its 1st / 5th percentile;
// * vocabulary coverage: share of the text's n-gram mass in buckets used by at
//   least 20 training texts, below its 1st / 5th percentile.

import { standardize, verdictOf } from '../../server/ai/detector/model';
import type { Lang } from '../../server/ai/detector/text';
import { atypicalityOf } from '../../server/ai/detector/reliability';
import { SHIPPED_SPEC } from './config';
import { DEFAULT_SPLIT, loadCorpus } from '../../server/ai/detector/corpus';
import { shortSource } from './data';
import type { TrainingLangModel, TrainingVector } from './experimental-features';
import type { Item } from './pipeline';
import { buildModel, featurize, probOf, yOf } from './pipeline';

const DIM = 1024;

function zVec(m: TrainingLangModel, v: TrainingVector): Float64Array {
  return Float64Array.from(m.dense, (_, j) => standardize(m, v.dense, j));
}

function profile(v: TrainingVector): Float64Array {
  const p = new Float64Array(DIM);
  for (let k = 0; k < v.idx.length; k++) {
    const b = (v.idx[k] as number) % DIM;
    p[b] = (p[b] as number) + (v.val[k] as number);
  }
  let n = 0;
  for (const x of p) n += x * x;
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < DIM; i++) p[i] = (p[i] as number) / n;
  return p;
}

function mean(vs: Float64Array[], dim: number): Float64Array {
  const c = new Float64Array(dim);
  for (const v of vs) for (let i = 0; i < dim; i++) c[i] = (c[i] as number) + (v[i] as number) / vs.length;
  return c;
}

const rmsDist = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += ((a[i] as number) - (b[i] as number)) ** 2;
  return Math.sqrt(s / Math.max(1, a.length));
};

const cosine = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    s += (a[i] as number) * (b[i] as number);
    nb += (b[i] as number) ** 2;
  }
  return s / (Math.sqrt(nb) || 1);
};

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * s.length)))] as number;
};

interface Guard {
  name: string;
  /** Fitted on the fold's judged training texts of one language; returns the flag for a text. */
  fit: (m: TrainingLangModel, train: Item[]) => (v: TrainingVector) => boolean;
}

function nearestStyle(q: number): Guard['fit'] {
  return (m, train) => {
    const bySrc = new Map<string, Float64Array[]>();
    for (const it of train) {
      const arr = bySrc.get(it.row.source) ?? [];
      arr.push(zVec(m, it.vec));
      bySrc.set(it.row.source, arr);
    }
    const cents = [...bySrc.values()].map((vs) => mean(vs, m.dense.length));
    const d = (v: TrainingVector) => {
      const z = zVec(m, v);
      return Math.min(...cents.map((c) => rmsDist(z, c)));
    };
    const limit = quantile(
      train.map((it) => d(it.vec)),
      q,
    );
    return (v) => d(v) > limit;
  };
}

function ngramProfile(q: number): Guard['fit'] {
  return (_m, train) => {
    const bySrc = new Map<string, Float64Array[]>();
    const profs = train.map((it) => profile(it.vec));
    train.forEach((it, i) => {
      const arr = bySrc.get(it.row.source) ?? [];
      arr.push(profs[i] as Float64Array);
      bySrc.set(it.row.source, arr);
    });
    const cents = [...bySrc.values()].map((vs) => mean(vs, DIM));
    const sim = (p: Float64Array) => Math.max(...cents.map((c) => cosine(p, c)));
    const limit = quantile(profs.map(sim), q);
    return (v) => sim(profile(v)) < limit;
  };
}

/** Share of the text's n-gram mass in buckets used by at least `minDocs` training texts, below its q-quantile. */
function coverage(q: number, minDocs: number): Guard['fit'] {
  return (m, train) => {
    const df = new Uint32Array(m.sparse.length);
    for (const it of train) for (const g of it.vec.idx) df[g] = (df[g] as number) + 1;
    const cov = (v: TrainingVector) => {
      let inV = 0;
      let all = 0;
      for (let k = 0; k < v.idx.length; k++) {
        const x = Math.abs(v.val[k] as number);
        all += x;
        if ((df[v.idx[k] as number] as number) >= minDocs) inV += x;
      }
      return all > 0 ? inV / all : 1;
    };
    const limit = quantile(
      train.map((it) => cov(it.vec)),
      q,
    );
    return (v) => cov(v) < limit;
  };
}

const GUARDS: Guard[] = [
  {
    name: 'atypical (shipped: stylometric RMS z > 99th pct)',
    fit: (m) => (v) => m.atypical !== undefined && atypicalityOf(m, v.dense) > m.atypical,
  },
  { name: 'nearest-source style distance > 99th pct', fit: nearestStyle(0.99) },
  { name: 'nearest-source style distance > 95th pct', fit: nearestStyle(0.95) },
  { name: 'n-gram profile similarity to nearest source < 1st pct', fit: ngramProfile(0.01) },
  { name: 'n-gram profile similarity to nearest source < 5th pct', fit: ngramProfile(0.05) },
  { name: 'vocabulary coverage (n-grams in ≥ 20 training texts) < 1st pct', fit: coverage(0.01, 20) },
  { name: 'vocabulary coverage (n-grams in ≥ 20 training texts) < 5th pct', fit: coverage(0.05, 20) },
];

type Cat = 'human→ai' | 'human→mixed' | 'human→human' | 'AI→ai' | 'AI→mixed/human';

function main(): void {
  const rows = loadCorpus();
  const items = featurize(rows, SHIPPED_SPEC.cfg, DEFAULT_SPLIT);
  const spec = { ...SHIPPED_SPEC, shiftGuard: false };
  // counts[guard][lang][cat] = [flagged, total]
  const counts = GUARDS.map(() => ({ en: new Map<Cat, [number, number]>(), zh: new Map<Cat, [number, number]>() }));
  const sources = [...new Set(items.map((it) => it.row.source))].sort();
  for (const src of sources) {
    const t0 = Date.now();
    const rest = items.filter((it) => it.row.source !== src);
    const model = buildModel(rest, spec);
    for (const lang of ['en', 'zh'] as const) {
      const held = items.filter((it) => it.row.source === src && it.row.lang === lang && it.vec.units >= spec.minLength[lang]);
      const train = rest.filter((it) => it.split === 'train' && it.row.lang === lang && it.vec.units >= spec.minLength[lang]);
      if (held.length === 0 || train.length === 0) continue;
      const m = model.langs[lang];
      const flags = GUARDS.map((g) => g.fit(m, train));
      for (const it of held) {
        const v = verdictOf(probOf(model, lang, it.vec), m.thresholds);
        const cat: Cat =
          yOf(it.row) === 0
            ? v === 'ai'
              ? 'human→ai'
              : v === 'mixed'
                ? 'human→mixed'
                : 'human→human'
            : v === 'ai'
              ? 'AI→ai'
              : 'AI→mixed/human';
        flags.forEach((f, gi) => {
          const mp = (counts[gi] as Record<Lang, Map<Cat, [number, number]>>)[lang];
          const c = mp.get(cat) ?? [0, 0];
          c[0] += f(it.vec) ? 1 : 0;
          c[1] += 1;
          mp.set(cat, c);
        });
      }
    }
    process.stderr.write(`  without ${shortSource(src)}: ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  }
  const cats: Cat[] = ['human→ai', 'human→mixed', 'human→human', 'AI→ai', 'AI→mixed/human'];
  console.log(`| guard | lang | ${cats.map((c) => `${c}: flagged`).join(' | ')} |`);
  console.log(`|---|---|${cats.map(() => '---:|').join('')}`);
  GUARDS.forEach((g, gi) => {
    for (const lang of ['en', 'zh'] as const) {
      const mp = (counts[gi] as Record<Lang, Map<Cat, [number, number]>>)[lang];
      const cell = (c: Cat) => {
        const x = mp.get(c);
        return x && x[1] > 0 ? `${((100 * x[0]) / x[1]).toFixed(1)}% of ${x[1]}` : '–';
      };
      console.log(`| ${g.name} | ${lang} | ${cats.map(cell).join(' | ')} |`);
    }
  });
}

main();
