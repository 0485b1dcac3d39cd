import { agreementErrors, thirdPersonOf } from './agreement';

const flagged = (text: string) => agreementErrors(text).map((l) => `${text.slice(l.start, l.end)}→${l.suggestions[0]!.text}`);

describe('agreement errors Harper misses (ADR 0041)', () => {
  it.each([
    ['The policy actually use more money than it saves.', ['use→uses']],
    ['Each student have a mentor.', ['have→has']],
    ['It make the results hard to compare.', ['make→makes']],
    ['I was tired, but she still go to the lab every night.', ['go→goes']],
    ['This method often fail on small data sets.', ['fail→fails']],
  ])('%s', (text, expected) => expect(flagged(text)).toEqual(expected));

  it.each([
    'The police actually use force too often.',
    'The new use of the data was approved.',
    'Let it make its own way.',
    'Every day make time for reading.',
    'The students actually use the lab at night.',
    'The Chinese often have tea after dinner.',
    'She goes to the lab every night.',
    'It was there I realised the problem.',
    'The policy actually uses more money.',
    'They help me; we help them.',
  ])('leaves alone: %s', (text) => expect(flagged(text)).toEqual([]));

  it('spells the third person', () => {
    expect(['have', 'do', 'go', 'try', 'focus', 'reach', 'use', 'play'].map(thirdPersonOf)).toEqual([
      'has',
      'does',
      'goes',
      'tries',
      'focuses',
      'reaches',
      'uses',
      'plays',
    ]);
  });

  it('is linear on hostile input', () => {
    const start = performance.now();
    agreementErrors('the a '.repeat(20_000) + "it's ".repeat(10_000) + ', , '.repeat(20_000));
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
