import type { OutputLanguage } from '../../../contracts/ai-operations';
import { excerpt, lengthOf, paragraphsOf, sentencesOf, wordsOf } from './text';

/**
 * The basic checks offline mode can honestly make without a language model: long sentences and
 * paragraphs, overused and doubled words, repeated sentence openings, spacing and punctuation.
 */
export type Finding = {
  kind: 'long_sentence' | 'long_paragraph' | 'repeated_word' | 'doubled_word' | 'repeated_opening' | 'spacing' | 'punctuation';
  message: string;
};

const LONG_SENTENCE = { en: 35, zh: 80 } as const;
const LONG_PARAGRAPH = { en: 220, zh: 450 } as const;

const EN_STOPWORDS = new Set(
  'the a an and or but of to in on for with at by from as is are was were be been being it its this that these those i me my we our you your he she they them their his her not no so than then there here which who whom what when where why how also very into about over after before during through while can could will would should may might must do does did have has had'.split(
    ' ',
  ),
);
const ZH_STOPWORDS = new Set([
  '我们',
  '一个',
  '以及',
  '因为',
  '所以',
  '但是',
  '并且',
  '这个',
  '那个',
  '自己',
  '他们',
  '我的',
  '已经',
  '可以',
  '进行',
  '通过',
  '对于',
  '其中',
  '没有',
  '如果',
]);

export function checkText(text: string, lang: OutputLanguage): Finding[] {
  const findings: Finding[] = [];
  const paragraphs = paragraphsOf(text);
  const unit = lang === 'zh' ? '字' : '词';

  paragraphs.forEach((paragraph, p) => {
    const len = lengthOf(paragraph, lang);
    if (len > LONG_PARAGRAPH[lang]) {
      findings.push({ kind: 'long_paragraph', message: `第${p + 1}段较长（约${len}${unit}），可考虑拆分或删减。` });
    }
    const sentences = sentencesOf(paragraph);
    sentences.forEach((sentence, s) => {
      const n = lengthOf(sentence, lang);
      if (n > LONG_SENTENCE[lang]) {
        findings.push({
          kind: 'long_sentence',
          message: `第${p + 1}段第${s + 1}句过长（约${n}${unit}）：${excerpt(sentence)}，建议拆分。`,
        });
      }
    });
    // Three sentences in a row opening alike read as a list ("I… I… I…", "我… 我… 我…").
    const openings = sentences.map((s) => (wordsOf(s, lang)[0] ?? '').toLowerCase());
    for (let i = 2; i < openings.length; i++) {
      if (
        openings[i] &&
        openings[i] === openings[i - 1] &&
        openings[i] === openings[i - 2] &&
        (i === 2 || openings[i - 3] !== openings[i])
      ) {
        findings.push({ kind: 'repeated_opening', message: `第${p + 1}段连续多句以“${openings[i]}”开头，可变换句式。` });
      }
    }
    if (lang === 'en') {
      for (const m of paragraph.matchAll(/\b(\w+)\s+\1\b/gi)) {
        findings.push({ kind: 'doubled_word', message: `第${p + 1}段词语重复：${excerpt(m[0])}。` });
      }
      if (/ {2,}/.test(paragraph)) findings.push({ kind: 'spacing', message: `第${p + 1}段有连续空格。` });
      if (/\s[,.;:!?]/.test(paragraph)) findings.push({ kind: 'spacing', message: `第${p + 1}段标点前有多余空格。` });
    } else {
      // Half-width commas and stops between Chinese characters, a common IME slip.
      if (/[\u3400-\u9fff][,;:?!]|[\u3400-\u9fff]\.(?!\d)/.test(paragraph)) {
        findings.push({ kind: 'punctuation', message: `第${p + 1}段中文句子里夹有半角标点，建议改为全角（，。；：？！）。` });
      }
    }
  });

  // Overused words: content words repeated often relative to the text's length.
  const words = wordsOf(text, lang)
    .map((w) => w.toLowerCase())
    .filter((w) => (lang === 'en' ? w.length >= 4 && !EN_STOPWORDS.has(w) && !/^\d+$/.test(w) : w.length >= 2 && !ZH_STOPWORDS.has(w)));
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  const threshold = Math.max(4, Math.ceil(words.length / 60));
  const overused = [...counts.entries()].filter(([, n]) => n >= threshold).sort((a, b) => b[1] - a[1]);
  for (const [word, n] of overused.slice(0, 8)) {
    findings.push({ kind: 'repeated_word', message: `“${word}”出现${n}次，可考虑换用同义表达或删去部分。` });
  }
  return findings;
}

/** Safe fixes that change no wording: doubled spaces, spaces before punctuation, spaces at line ends. */
export function tidyWhitespace(text: string): { text: string; changed: boolean } {
  const tidy = text
    .replace(/[ \t]+$/gm, '')
    .replace(/([^\s]) {2,}(?=\S)/g, '$1 ')
    .replace(/(\w) +([,.;:!?])(?=\s|$)/g, '$1$2');
  return { text: tidy, changed: tidy !== text };
}
