// Writes the weight files the runtime reads (../model.ts describes the
// format): `detector.json` and `weights.bin.gz`, deterministically. A model
// with the experimental LM features (cfg.enLm) also gets its count tables,
// stored after that language's n-gram weights; only readTrainedModel() here
// reads those back, the runtime refuses such a model.

import { gunzipSync, gzipSync } from 'node:zlib';
import type { LangJson, ModelMeta } from '../../server/ai/detector/model';
import { readLang } from '../../server/ai/detector/model';
import type { Lang } from '../../server/ai/detector/text';
import type { TrainedModel, TrainingLangModel } from './experimental-features';
import type { LmTables } from './lm';
import { LM_BI_BITS, LM_UNI_BITS } from './lm';

function quantize(w: Float32Array): { scale: number; q: Int16Array } {
  let max = 0;
  for (const x of w) max = Math.max(max, Math.abs(x));
  const scale = max > 0 ? max / 32767 : 1;
  const q = new Int16Array(w.length);
  for (let i = 0; i < w.length; i++) q[i] = Math.round((w[i] as number) / scale);
  return { scale, q };
}

/** Rounds weights to what the file can hold, so training evaluates the shipped model. */
export function roundTripSparse(w: Float32Array): Float32Array {
  const { scale, q } = quantize(w);
  return Float32Array.from(q, (x) => x * scale);
}

// Ten significant digits keep the JSON short and stable across platforms.
const tidy = (x: number) => Number(x.toPrecision(10));

export function serialize(model: TrainedModel): { json: string; bin: Buffer } {
  const langsJson: Record<string, unknown> = {};
  const chunks: Buffer[] = [];
  for (const lang of ['en', 'zh'] as const) {
    const m = model.langs[lang];
    const { scale, q } = quantize(m.sparse);
    chunks.push(Buffer.from(q.buffer, q.byteOffset, q.byteLength));
    let lmJson: { totals: number[] } | undefined;
    if (m.lm) {
      // Counts are whole numbers: stored exactly as uint32.
      for (const c of m.lm.cls) {
        for (const t of [c.uni, c.bi]) {
          const u = Uint32Array.from(t);
          chunks.push(Buffer.from(u.buffer, u.byteOffset, u.byteLength));
        }
      }
      lmJson = { totals: m.lm.cls.map((c) => c.total) };
    }
    langsJson[lang] = {
      ...(lmJson ? { lm: lmJson } : {}),
      sparseLength: m.sparse.length,
      sparseScale: scale,
      bias: tidy(m.bias),
      sparseMean: tidy(m.sparseMean),
      dense: Array.from(m.dense, tidy),
      denseMean: Array.from(m.denseMean, tidy),
      denseStd: Array.from(m.denseStd, tidy),
      platt: { a: tidy(m.platt.a), b: tidy(m.platt.b), ...(m.platt.c !== undefined ? { c: tidy(m.platt.c), ref: m.platt.ref } : {}) },
      thresholds: { mixed: tidy(m.thresholds.mixed), ai: tidy(m.thresholds.ai) },
      ...(m.atypical !== undefined ? { atypical: tidy(m.atypical) } : {}),
    };
  }
  const json = `${JSON.stringify({ meta: model.meta, langs: langsJson }, null, 1)}\n`;
  // Fixed level and no timestamps: gzip output is a pure function of the input.
  const bin = gzipSync(Buffer.concat(chunks), { level: 9 });
  return { json, bin };
}

/**
 * Reads weight files written by serialize(), including the LM tables of an
 * experimental model (the runtime's deserialize() accepts the shipped
 * feature set only).
 */
export function readTrainedModel(json: string, bin: Buffer): TrainedModel {
  const parsed = JSON.parse(json) as { meta: ModelMeta; langs: Record<Lang, LangJson & { lm?: { totals: number[] } }> };
  const raw = gunzipSync(bin);
  let offset = 0;
  const langs = {} as Record<Lang, TrainingLangModel>;
  for (const lang of ['en', 'zh'] as const) {
    const lj = parsed.langs[lang];
    const { model, next } = readLang(lj, raw, offset);
    offset = next;
    let lm: LmTables | undefined;
    if (lj.lm) {
      const take = (n: number) => {
        const u = new Uint32Array(new Uint8Array(raw.subarray(offset, offset + 4 * n)).buffer);
        offset += 4 * n;
        return Float64Array.from(u);
      };
      const cls = lj.lm.totals.map((total) => {
        const uni = take(1 << LM_UNI_BITS);
        const bi = take(1 << LM_BI_BITS);
        return { uni, bi, total };
      });
      lm = { cls: [cls[0]!, cls[1]!] };
    }
    langs[lang] = lm ? { ...model, lm } : model;
  }
  if (offset !== raw.length) throw new Error('detector weights: size mismatch between detector.json and weights.bin.gz');
  return { meta: parsed.meta, langs };
}
