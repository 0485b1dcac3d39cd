// Contract tests of the shipped detector: output shape, determinism,
// sentence coverage, short-text refusal, language detection and speed.

import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import type { DetectionResult } from './index';
import { detectAsync, loadDetector, loadDetectorFrom, MODEL_DIR } from './index';
import { ESSAY_1000_WORDS, ZH_ESSAY } from './samples';
import { longestBlock, timeLimit } from '../../../tests/fixtures/event-loop';
import { TEXTS as LARGE } from '../../../tests/fixtures/large-inputs';

const detector = loadDetector();

function ok(r: DetectionResult): Extract<DetectionResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected a verdict, got ${r.code}`);
  return r;
}

const MIXED =
  'My name is Li Wei and I grew up in Chengdu, where my parents run a small noodle shop near the university. ' +
  'Every evening after school I helped them count the money and talk to the students who came to eat. ' +
  'Those conversations are the reason I want to study economics abroad, because I saw how small businesses survive on very thin margins. ' +
  'I also learned that a good bowl of noodles can make a homesick student smile, which is a kind of value no spreadsheet captures.\n\n' +
  '我在成都长大，父母在大学附近经营一家小面馆。每天放学后，我都会帮他们算账，也常常和来吃面的大学生聊天。' +
  '这些对话让我对经济学产生了浓厚的兴趣，因为我亲眼看到小店如何在微薄的利润中生存下来。' +
  '我也明白了，一碗好面能让想家的学生露出笑容，这种价值是任何报表都无法衡量的。';

describe('detector contract', () => {
  it('returns a well-formed verdict for an English essay', () => {
    const r = ok(detector.detect(ESSAY_1000_WORDS));
    expect(r.language).toBe('en');
    expect(r.aiRate).toBeGreaterThanOrEqual(0);
    expect(r.aiRate).toBeLessThanOrEqual(100);
    expect(Math.round(r.aiRate * 10)).toBe(r.aiRate * 10); // at most one decimal
    expect(['human', 'mixed', 'ai']).toContain(r.label);
    expect(r.band.low).toBeLessThanOrEqual(r.aiRate);
    expect(r.band.high).toBeGreaterThanOrEqual(r.aiRate);
    expect(r.band.low).toBeGreaterThanOrEqual(0);
    expect(r.band.high).toBeLessThanOrEqual(100);
    expect(r.wordCount).toBeGreaterThan(900);
    expect(r.modelVersion).toBe(detector.modelVersion);
    expect(r.reasons.length).toBeGreaterThan(0);
    for (const reason of r.reasons) expect(reason).toMatch(/[\u4e00-\u9fff]/);
    expect(r.paragraphs).toHaveLength(4);
    for (const p of r.paragraphs) expect(['human', 'mixed', 'ai']).toContain(p.label);
  });

  it('is deterministic, including across loads', () => {
    const a = detector.detect(ESSAY_1000_WORDS);
    const b = detector.detect(ESSAY_1000_WORDS);
    const c = loadDetectorFrom(MODEL_DIR).detect(ESSAY_1000_WORDS);
    expect(b).toEqual(a);
    expect(c).toEqual(a);
    expect(loadDetector()).toBe(detector); // cached
  });

  it.each([
    ['English', ESSAY_1000_WORDS],
    ['Chinese', ZH_ESSAY],
    ['mixed', MIXED],
    [
      'messy whitespace and abbreviations',
      `  Dr. Smith met Mr. J. K. Rowling at 3.5 p.m. in the U.S.   Really?! "Yes."\r\n\r\n\tShe said: no… ${ESSAY_1000_WORDS.slice(0, 800)}   `,
    ],
  ])('sentence spans cover every non-whitespace character in order (%s)', (_name, text) => {
    const r = ok(detector.detect(text));
    let prevEnd = 0;
    const covered = new Uint8Array(text.length);
    for (const s of r.sentences) {
      expect(s.start).toBeGreaterThanOrEqual(prevEnd);
      expect(s.end).toBeGreaterThan(s.start);
      expect(text.slice(s.start, s.end)).toBe(s.text);
      expect(s.aiRate).toBeGreaterThanOrEqual(0);
      expect(s.aiRate).toBeLessThanOrEqual(100);
      covered.fill(1, s.start, s.end);
      prevEnd = s.end;
    }
    for (let i = 0; i < text.length; i++) if (!/\s/.test(text[i] as string)) expect(covered[i], `char ${i} "${text[i]}"`).toBe(1);
    // Paragraphs are ordered, disjoint and made of whole sentences.
    let pEnd = 0;
    for (const p of r.paragraphs) {
      expect(p.start).toBeGreaterThanOrEqual(pEnd);
      expect(r.sentences.some((s) => s.start === p.start)).toBe(true);
      expect(r.sentences.some((s) => s.end === p.end)).toBe(true);
      pEnd = p.end;
    }
  });

  it('refuses texts too short to judge, by language', () => {
    const en = detector.detect('I really want to study computer science because I love building things.');
    expect(en).toMatchObject({ ok: false, code: 'TEXT_TOO_SHORT', message: '文本过短，无法可靠判断', language: 'en' });
    const zh = detector.detect('我想去国外学习计算机科学，因为我喜欢动手做东西。');
    expect(zh).toMatchObject({ ok: false, code: 'TEXT_TOO_SHORT', message: '文本过短，无法可靠判断', language: 'zh' });
    const { minLength } = detector.model.meta;
    if (en.ok || zh.ok) throw new Error('unreachable');
    expect(en.minLength).toBe(minLength.en);
    expect(zh.minLength).toBe(minLength.zh);
    expect(detector.detect('   \n ')).toMatchObject({ ok: false, language: 'unknown', wordCount: 0 });
    expect(detector.detect('12345 67 89')).toMatchObject({ ok: false, language: 'unknown' });
    // Exactly at the minimum it answers; one word less it refuses.
    const words = ESSAY_1000_WORDS.split(/\s+/);
    expect(detector.detect(words.slice(0, minLength.en).join(' ')).ok).toBe(true);
    expect(detector.detect(words.slice(0, minLength.en - 1).join(' ')).ok).toBe(false);
  });

  it('says how reliable the verdict is, with plain-Chinese caveats', () => {
    const full = ok(detector.detect(ESSAY_1000_WORDS));
    expect(['high', 'medium', 'low']).toContain(full.reliability);
    expect(full.caveats.some((c) => c.includes('文本较短'))).toBe(false);
    // Just above the minimum length: judged, but flagged as short, with a wider band.
    const words = ESSAY_1000_WORDS.split(/\s+/);
    const { minLength } = detector.model.meta;
    const short = ok(detector.detect(words.slice(0, minLength.en + 5).join(' ')));
    expect(short.reliability).not.toBe('high');
    expect(short.caveats.some((c) => c.includes('文本较短'))).toBe(true);
    for (const c of short.caveats) expect(c).toMatch(/[\u4e00-\u9fff]/);
    // A mixed-language text says so.
    const mixed = ok(detector.detect(MIXED));
    expect(mixed.caveats.some((c) => c.includes('中英文混合'))).toBe(true);
    expect(mixed.reliability).not.toBe('high');
  });

  it('never labels a low-reliability text as ai', () => {
    // Short, mixed-language and AI-styled: every condition that lowers reliability.
    const aiEn =
      'In conclusion, technology plays a crucial role in modern education. Furthermore, it provides students with valuable opportunities to enhance their learning experience. ' +
      'Additionally, online platforms offer a wide range of resources that foster collaboration and critical thinking. Moreover, teachers can leverage digital tools to create engaging and interactive lessons.';
    const aiZh =
      '总之，科技在现代教育中发挥着至关重要的作用。此外，它为学生提供了宝贵的机会，以提升他们的学习体验。同时，在线平台提供了丰富的资源，促进了协作与批判性思维的发展。';
    const r = ok(detector.detect(`${aiEn}\n\n${aiZh}`));
    expect(r.reliability).toBe('low');
    expect(r.label).not.toBe('ai');
    for (const p of r.paragraphs) expect(p.label).not.toBe('ai');
  });

  it('detects the language', () => {
    expect(detector.detect(ESSAY_1000_WORDS).language).toBe('en');
    expect(detector.detect(ZH_ESSAY).language).toBe('zh');
    expect(detector.detect(MIXED).language).toBe('mixed');
    // A Chinese text quoting English terms is still Chinese.
    const zhWithTerms = ZH_ESSAY.replace('计算机', 'MIT 的 EECS 项目和计算机').replace('机器人社团', 'FIRST Robotics 机器人社团');
    expect(detector.detect(zhWithTerms).language).toBe('zh');
    // An English text with a Chinese place name is still English.
    expect(detector.detect(ESSAY_1000_WORDS.replace('our town', '我们镇 (our town)')).language).toBe('en');
  });

  it('gives reasons drawn from the document, not a fixed string', () => {
    const aiLike =
      'In conclusion, technology plays a crucial role in modern education. Furthermore, it provides students with valuable opportunities to enhance their learning experience. ' +
      'Additionally, online platforms offer a wide range of resources that foster collaboration and critical thinking. Moreover, teachers can leverage digital tools to create engaging and interactive lessons. ' +
      'Overall, it is important to note that technology has the potential to transform education in significant ways. However, it is essential to address the challenges associated with its implementation. ' +
      'By doing so, schools can ensure that all students benefit from these innovative tools and develop the skills necessary for success in the twenty-first century.';
    const a = ok(detector.detect(aiLike));
    const b = ok(detector.detect(ESSAY_1000_WORDS));
    expect(a.reasons).not.toEqual(b.reasons);
    expect(a.aiRate).toBeGreaterThan(b.aiRate);
  });

  it('scores a 1,000-word essay within 20 ms after load', () => {
    for (let i = 0; i < 3; i++) detector.detect(ESSAY_1000_WORDS); // warm-up
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const t = performance.now();
      detector.detect(ESSAY_1000_WORDS);
      times.push(performance.now() - t);
    }
    times.sort((x, y) => x - y);
    expect(times[Math.floor(times.length / 2)]).toBeLessThan(timeLimit(20));
  });

  it("labels each sentence by the model's own thresholds, carried in the result (no second set of numbers)", () => {
    const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/detection/${name}`, import.meta.url), 'utf8');
    const thr = detector.model.langs.en.thresholds;
    for (const name of ['ai-essay-en.txt', 'human-essay-en.txt', 'ai-draft-edited-en.txt']) {
      const r = ok(detector.detect(fixture(name)));
      expect(r.thresholds).toEqual({ mixed: Math.round(thr.mixed * 1000) / 10, ai: Math.round(thr.ai * 1000) / 10 });
      for (const s of r.sentences) {
        // The colour follows the sentence's label: at or above the model's thresholds, not at fixed 70/40.
        const expected = s.aiRate >= r.thresholds.ai ? 'ai' : s.aiRate >= r.thresholds.mixed ? 'mixed' : 'human';
        if (Math.abs(s.aiRate - r.thresholds.ai) > 0.1 && Math.abs(s.aiRate - r.thresholds.mixed) > 0.1) expect(s.label).toBe(expected);
      }
    }
  });

  it('explains each suspicious sentence in plain Chinese, quoting its AI-typical phrasing', () => {
    const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/detection/${name}`, import.meta.url), 'utf8');
    const ai = ok(detector.detect(fixture('ai-essay-en.txt')));
    const flagged = ai.sentences.filter((s) => s.label !== 'human');
    expect(flagged.length).toBeGreaterThan(5);
    for (const s of flagged) {
      expect(s.reasons!.length).toBeGreaterThan(0);
      for (const reason of s.reasons!) expect(reason).toMatch(/[\u4e00-\u9fff]/);
    }
    const quoting = flagged.filter((s) => s.reasons!.some((r) => /典型措辞：“[^”]+”/.test(r)));
    expect(quoting.length).toBeGreaterThan(flagged.length / 2);
    // A quoted phrase is the sentence's own, and a content word (not “the”).
    for (const s of quoting) {
      const phrases = [...s.reasons!.join('').matchAll(/“([^”]+)”/g)].map((m) => m[1]!);
      for (const p of phrases) {
        expect(s.text.toLowerCase()).toContain(p);
        expect(['the', 'this', 'my', 'and', 'been']).not.toContain(p);
      }
    }
    // Human sentences carry no reasons; the old document-level reasons stay.
    const human = ok(detector.detect(fixture('human-essay-en.txt')));
    expect(human.sentences.every((s) => s.label === 'human' && s.reasons === undefined)).toBe(true);
    expect(human.reasons.length).toBeGreaterThan(0);
  });
});

describe("detectAsync: the server's detection never holds the event loop (issue 22)", () => {
  // The largest texts the API takes: 2,000 sentences (the cap), one 20,000-character sentence,
  // mixed scripts and a run of one character.
  const largest = ['cap-zh', 'cap-en-ai', 'cap-lines', 'mixed', 'giant-zh', 'run-zh', 'zh-ai'] as const;

  it('gives the same result as detect', async () => {
    for (const text of [ESSAY_1000_WORDS, ZH_ESSAY, MIXED, LARGE['cap-zh']!, 'Too short.']) {
      expect(await detectAsync(text)).toEqual(detector.detect(text));
    }
  });

  it('holds the event loop under 100 ms at a time on the largest inputs', async () => {
    await detectAsync(ESSAY_1000_WORDS);
    for (const name of largest) {
      const { result, blockMs } = await longestBlock(() => detectAsync(LARGE[name]!));
      expect(result.ok, name).toBe(true);
      expect(blockMs, name).toBeLessThan(timeLimit(100));
    }
  });

  it('stops when its signal is aborted', async () => {
    const controller = new AbortController();
    const run = detectAsync(LARGE['cap-zh']!, { signal: controller.signal });
    setImmediate(() => controller.abort(new Error('gone')));
    await expect(run).rejects.toThrow('gone');
  });
});

describe('honest evidence (issue 24)', () => {
  const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/detection/${name}`, import.meta.url), 'utf8');

  it('never shows a certainty the model does not have: rates within 0.1–99.9, a band that never collapses to a point', () => {
    for (const name of ['ai-essay-en.txt', 'human-essay-en.txt', 'ai-draft-edited-en.txt']) {
      const r = ok(detector.detect(fixture(name)));
      for (const rate of [r.aiRate, r.band.low, r.band.high, ...r.sentences.map((s) => s.aiRate), ...r.paragraphs.map((p) => p.aiRate)]) {
        expect(rate, name).toBeGreaterThanOrEqual(0.1);
        expect(rate, name).toBeLessThanOrEqual(99.9);
      }
      expect(r.band.low, name).toBeLessThanOrEqual(r.aiRate);
      expect(r.band.high, name).toBeGreaterThanOrEqual(r.aiRate);
      expect(r.band.high - r.band.low, `${name}: ${r.band.low}–${r.band.high}`).toBeGreaterThanOrEqual(0.1);
    }
    // The 100%-looking essay: its band reaches below the rate, since the rate itself is capped.
    const ai = ok(detector.detect(fixture('ai-essay-en.txt')));
    expect(ai.aiRate).toBe(99.9);
    expect(ai.band.low).toBeLessThan(99.9);
  });

  it('gives a sentence only reasons that are true of that sentence', () => {
    const words = (t: string) => t.toLowerCase().match(/[a-z]+(?:'[a-z]+)*/g) ?? [];
    const STARTERS =
      /^(?:additionally|furthermore|moreover|however|therefore|thus|overall|consequently|nevertheless|nonetheless|hence|ultimately|firstly|secondly|thirdly|finally|lastly|meanwhile|similarly|likewise|conversely|instead|indeed|accordingly|subsequently|notably|importantly|specifically|alternatively|although|whereas|while|in conclusion|in addition|as a|for example|for instance|on the|in summary|to conclude|in contrast|as such|in particular|in fact|as well|due to|to summarize)\b/;
    let checked = 0;
    for (const name of ['ai-essay-en.txt', 'ai-draft-edited-en.txt']) {
      const r = ok(detector.detect(fixture(name)));
      r.sentences.forEach((s, i) => {
        const own = words(s.text);
        for (const reason of s.reasons ?? []) {
          const at = `${name} #${i} “${s.text.slice(0, 40)}…”: ${reason}`;
          checked++;
          if (/句首.*连接词/.test(reason)) expect(own.join(' '), at).toMatch(STARTERS);
          else if (/连接词/.test(reason))
            expect(
              own.some((w) => STARTERS.test(w) || /^(?:in|as|for|on|to|due)$/.test(w)),
              at,
            ).toBe(true);
          if (/第一人称/.test(reason))
            expect(
              own.some((w) => ['i', 'me', 'my', 'mine', 'myself'].includes(w)),
              at,
            ).toBe(false);
          if (/偏长|长句/.test(reason) && !/用词/.test(reason)) expect(own.length, at).toBeGreaterThanOrEqual(20);
          if (/用词偏长|长词/.test(reason)) expect(own.join('').length / own.length, at).toBeGreaterThan(4.7);
          if (/节奏均匀/.test(reason)) {
            // Uniform rhythm is about the sentence and its neighbours: each within a quarter of its length.
            const near = [r.sentences[i - 1], r.sentences[i + 1]].filter((n) => n !== undefined);
            expect(near.length, at).toBe(2);
            for (const n of near)
              expect(Math.abs(words(n!.text).length - own.length), at).toBeLessThanOrEqual(
                0.25 * Math.max(own.length, words(n!.text).length),
              );
          }
        }
      });
    }
    expect(checked).toBeGreaterThan(20);
    // The sentences the outside evaluation caught: no connective at their start, so no such reason.
    const ai = ok(detector.detect(fixture('ai-essay-en.txt')));
    for (const start of ['By collaborating', 'I am confident', 'With my strong', 'These invaluable']) {
      const s = ai.sentences.find((x) => x.text.startsWith(start))!;
      expect(s.reasons!.join(' '), start).not.toMatch(/句首.*连接词/);
    }
    expect(ai.sentences.find((x) => x.text.startsWith('Moreover'))!.reasons!.join(' ')).toMatch(/句首.*连接词/);
  });

  it('quotes as evidence only whole content words the model weighs: no function words, no fragments across words', () => {
    const ZH_AI =
      '在当今快速发展的社会中，人工智能技术正在深刻地改变着我们的生活方式。首先，人工智能在医疗领域发挥着越来越重要的作用，它能够帮助医生更加准确地诊断疾病，提高治疗效果。' +
      '其次，在教育领域，人工智能为学生提供了个性化的学习体验，使得教育资源得到更加合理的分配。此外，人工智能还在交通、金融等多个领域展现出巨大的潜力。' +
      '然而，我们也需要注意到人工智能带来的挑战，例如数据隐私和就业问题。总之，我们应该以积极的态度拥抱人工智能，同时也要重视其可能带来的风险，从而实现科技与社会的和谐发展。' +
      '通过不断的努力，我发现自己对这一领域产生了浓厚的兴趣。';
    const FUNCTION = [
      'the',
      'a',
      'an',
      'is',
      'was',
      'were',
      'are',
      'be',
      'been',
      'what',
      'then',
      'that',
      'this',
      'my',
      'i',
      'and',
      'making',
      'make',
      'have',
      'has',
      'do',
      'we',
      'our',
      'it',
      'they',
      'there',
    ];
    const ZH_FUNCTION = ['我们', '自己', '他们', '这个', '那个', '什么', '就是', '一个', '可以', '没有'];
    const segmenter = new Intl.Segmenter('zh', { granularity: 'word' });
    const zhWords = (t: string) => new Set([...segmenter.segment(t)].filter((x) => x.isWordLike).map((x) => x.segment));
    const quoted = (reasons: readonly string[]) =>
      [...reasons.join(' ').matchAll(/[“"]([^”"]+)[”"]/g)].map((m) => m[1]!).filter((q) => !/连接词/.test(q));
    let seen = 0;
    for (const text of [
      fixture('ai-essay-en.txt'),
      fixture('human-essay-en.txt'),
      fixture('ai-draft-edited-en.txt'),
      ESSAY_1000_WORDS,
      ZH_ESSAY,
      ZH_AI,
    ]) {
      const r = ok(detector.detect(text));
      const spans = [
        { text, reasons: r.reasons.filter((x) => /措辞/.test(x)) },
        ...r.sentences.map((s) => ({ text: s.text, reasons: (s.reasons ?? []).filter((x) => /措辞/.test(x)) })),
      ];
      for (const span of spans) {
        for (const q of quoted(span.reasons)) {
          seen++;
          if (/^[a-z' ]+$/.test(q)) {
            expect(FUNCTION, q).not.toContain(q);
            expect(span.text.toLowerCase(), q).toMatch(new RegExp(`(?<![a-z'])${q}(?![a-z'])`));
          } else {
            expect(q.length, q).toBeGreaterThanOrEqual(2);
            expect(ZH_FUNCTION, q).not.toContain(q);
            expect(zhWords(span.text).has(q), `“${q}” is not a whole word of “${span.text.slice(0, 30)}…”`).toBe(true);
          }
        }
      }
    }
    expect(seen).toBeGreaterThan(30);
  });
});
