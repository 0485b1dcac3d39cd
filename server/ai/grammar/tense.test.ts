import { grammarOf, reasonOf } from './check';
import { closeGrammarEngine } from './engine';
import { pastOf, tenseErrors } from './tense';

afterAll(() => closeGrammarEngine());

const flagged = (text: string) => tenseErrors(text).map((l) => `${text.slice(l.start, l.end)}→${l.suggestions[0]!.text}`);

describe('tense errors after a past frame that Harper misses (ADR 0041)', () => {
  it.each([
    ['It was there I realise the value of teamwork.', ['realise→realised']],
    ['It was there that I realize the value of teamwork.', ['realize→realized']],
    ['It was in 2021 that she decide to apply.', ['decide→decided']],
    ['It was at that moment that he tells me the truth.', ['tells→told']],
    ['It was only then that I understand.', ['understand→understood']],
    ['It was not until 2020 that we discover it.', ['discover→discovered']],
    ['It was at the age of twelve that he begin to paint.', ['begin→began']],
    ['It was two years ago that they start the club.', ['start→started']],
    ['When I was ten, I realise that books matter.', ['realise→realised']],
    ['While we were waiting, we also play chess.', ['play→played']],
    ['Last year I realise I need help.', ['realise→realised']],
    ['Last year, we win the final.', ['win→won']],
    ['Yesterday I go to the library.', ['go→went']],
    ['A few months ago she studies abroad.', ['studies→studied']],
    ['I like it. It was there I realise it, and it was then we stop.', ['realise→realised', 'stop→stopped']],
  ])('%s', (text, expected) => expect(flagged(text)).toEqual(expected));

  it.each([
    'It was there that I realised the value of teamwork.',
    'I realise now that it was a mistake.',
    'Last year I realise now was a turning point.',
    'Last year, I realise, was a turning point.',
    'I realise in hindsight that it was too much.',
    'I learned that water boils at 100 degrees.',
    'It was there I learned that water boils at 100 degrees.',
    'It is there that I realise how much I have grown.',
    'I moved to Beijing in 2019. I go to the gym every day.',
    'He said, "It was there I realise it."',
    '“Last year I win, this year you win,” my brother joked.',
    'It was in a city that I love.',
    'It was clear that I need more practice.',
    'It was there, I think, that my interest began.',
    'When I was ten, I think I was happiest.',
    'When I was little, I remember my grandmother cooking.',
    'When I was ten, my brother goes to school.',
    'When I need help, I ask my teachers.',
    'Last time I checked, the library opens at eight.',
    'In 2027 I graduate from Zhejiang University.',
    'Every summer I visit my grandparents.',
    'Years later, I realise how lucky I was.',
    'Last year I Realise the plan.',
    'It was there I read the letter.',
  ])('leaves alone: %s', (text) => expect(flagged(text)).toEqual([]));

  it('spells the past: regular, doubled, irregular, en-GB and en-US', () => {
    expect(['realise', 'realize', 'study', 'play', 'stop', 'submit', 'go', 'teach', 'learn'].map((v) => pastOf(v))).toEqual([
      'realised',
      'realized',
      'studied',
      'played',
      'stopped',
      'submitted',
      'went',
      'taught',
      'learned',
    ]);
    expect(pastOf('travel', 'I travel to see the colour of autumn.')).toBe('travelled');
    expect(pastOf('travel', 'I travel to see the color of fall.')).toBe('traveled');
  });

  it('is linear on hostile input (a hang guard: ten times what it takes on a busy machine)', () => {
    const start = performance.now();
    tenseErrors('It was in that '.repeat(20_000) + 'When I was, '.repeat(20_000) + 'ago ago '.repeat(20_000));
    expect(performance.now() - start).toBeLessThan(5000);
  });

  it('joins the engine with a Chinese reason naming the frame, and wins over an agreement fix on the same verb', async () => {
    const [cleft, frame] = (await grammarOf(['It was there I realise the value of teamwork.', 'When I was ten, she go to school.']))!;
    expect(cleft!.map((l) => [l.kind, l.problem, l.suggestions[0]!.text, reasonOf(l)])).toEqual([
      ['Tense', 'realise', 'realised', expect.stringMatching(/^时态不一致：「It was there」是过去时的强调句/)],
    ]);
    // Another subject after the when-clause: not certain, so only Harper's own finding.
    expect(frame!.map((l) => l.kind)).toEqual(['Agreement']);
    const [sheGo] = (await grammarOf(['When she was ten, she go to school.']))!;
    expect(sheGo!.map((l) => [l.kind, l.suggestions[0]!.text, reasonOf(l)])).toEqual([
      ['Tense', 'went', '时态不一致：「When she was ten」说的是过去的事，同一主语的动词要用过去式'],
    ]);
  }, 60_000); // the worker's first setup (ADR 0041 allows it 30 s) on a busy machine
});
