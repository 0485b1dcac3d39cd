import { countScripts, countText, diffTokens, documentText, plainTextOf } from '../../contracts/work-text';
import { compareTexts } from '../../server/domain/works/works';

const block = (text: string, children: Parameters<typeof plainTextOf>[0] = []) => ({ content: [{ text }], children });

describe('work text', () => {
  it('plain text is one line per block, children after their parent', () => {
    const blocks = [block('标题'), { content: [{ text: 'Hello ' }, { text: 'world' }], children: [block('子段落')] }, block('')];
    expect(plainTextOf(blocks)).toBe('标题\nHello world\n子段落\n');
  });

  it('counts each CJK character as a word, latin words by whitespace and punctuation, characters without spaces', () => {
    expect(countText('')).toEqual({ wordCount: 0, charCount: 0 });
    expect(countText('我热爱金融。')).toEqual({ wordCount: 5, charCount: 6 });
    expect(countText("I don't like well-known  rules, 3.5 times!")).toEqual({ wordCount: 7, charCount: 35 });
    expect(countText('我在MIT学习Machine Learning')).toEqual({ wordCount: 7, charCount: 22 });
    expect(countText('こんにちは 한국어')).toEqual({ wordCount: 8, charCount: 8 });
    expect(countText('emoji 😀 ok')).toEqual({ wordCount: 2, charCount: 8 });
    expect(documentText([block('申请 PS'), block('第二段 second')])).toEqual({
      plainText: '申请 PS\n第二段 second',
      wordCount: 7,
      charCount: 13,
    });
  });

  it('splits the word count into English words and Chinese characters', () => {
    expect(countScripts('')).toEqual({ latinWords: 0, cjkChars: 0 });
    expect(countScripts('我在MIT学习Machine Learning，well-known 3.5!')).toEqual({ latinWords: 5, cjkChars: 4 });
    const text = '申请 PS：我热爱 finance.';
    const { latinWords, cjkChars } = countScripts(text);
    expect(latinWords + cjkChars).toBe(countText(text).wordCount);
  });

  it('tokenises CJK per character, latin per word, keeping every character', () => {
    const text = '我爱 deep learning，真的!';
    const tokens = diffTokens(text);
    expect(tokens).toEqual(['我', '爱', ' ', 'deep', ' ', 'learning', '，', '真', '的', '!']);
    expect(tokens.join('')).toBe(text);
  });

  it('compares word by word, CJK by character', () => {
    expect(compareTexts('我喜欢数学 and physics', '我热爱数学 and chemistry').parts).toEqual([
      { type: 'equal', text: '我' },
      { type: 'delete', text: '喜欢' },
      { type: 'insert', text: '热爱' },
      { type: 'equal', text: '数学 and ' },
      { type: 'delete', text: 'physics' },
      { type: 'insert', text: 'chemistry' },
    ]);
    expect(compareTexts('same', 'same')).toEqual({ parts: [{ type: 'equal', text: 'same' }], coarse: false });
  });

  it('falls back to lines when a word-level comparison runs out of time, and still rebuilds both texts', () => {
    const words = (seed: number) => Array.from({ length: 20_000 }, (_, i) => `w${(i * seed) % 997}`).join(' ');
    const from = `${words(7)}\n共同的一行\n`;
    const to = `${words(13)}\n共同的一行\n`;
    const result = compareTexts(from, to, 1);
    expect(result.coarse).toBe(true);
    const side = (skip: string) =>
      result.parts
        .filter((p) => p.type !== skip)
        .map((p) => p.text)
        .join('');
    expect(side('insert')).toBe(from);
    expect(side('delete')).toBe(to);
    expect(result.parts.at(-1)).toEqual({ type: 'equal', text: '共同的一行\n' });
  });
});
