/**
 * npm run bench:grammar (ADR 0041): the grammar engine over learner sentences with one known error
 * each, and over correct sentences. Prints, per category, how many errors it found (a finding on the
 * erroneous words), how many of those the offline polish fixed exactly as expected, and how many
 * correct sentences it flagged anyway. The sentences are ours, written for this bench.
 */
import { grammarOf, polishSentences, reportable } from './check';
import { closeGrammarEngine } from './engine';

/** A sentence, the wrong words in it, and the sentence corrected. */
type Case = { category: string; text: string; wrong: string; fixed: string };

const ERRORS: Case[] = [
  // Subject-verb agreement
  { category: 'agreement', text: 'She go to school every day.', wrong: 'go', fixed: 'She goes to school every day.' },
  { category: 'agreement', text: 'I has a younger brother.', wrong: 'has', fixed: 'I have a younger brother.' },
  {
    category: 'agreement',
    text: 'He have studied physics for three years.',
    wrong: 'have',
    fixed: 'He has studied physics for three years.',
  },
  { category: 'agreement', text: 'My mother work in a hospital.', wrong: 'work', fixed: 'My mother works in a hospital.' },
  { category: 'agreement', text: 'The policy actually use more money.', wrong: 'use', fixed: 'The policy actually uses more money.' },
  { category: 'agreement', text: 'They was very kind to me.', wrong: 'was', fixed: 'They were very kind to me.' },
  { category: 'agreement', text: 'It make me think about my future.', wrong: 'make', fixed: 'It makes me think about my future.' },
  { category: 'agreement', text: 'Each student have a laptop.', wrong: 'have', fixed: 'Each student has a laptop.' },
  { category: 'agreement', text: 'This experience teach me patience.', wrong: 'teach', fixed: 'This experience taught me patience.' },
  // there / their / they're
  { category: 'there/their', text: 'Their was a problem with the data.', wrong: 'Their', fixed: 'There was a problem with the data.' },
  {
    category: 'there/their',
    text: 'The students finished there project early.',
    wrong: 'there',
    fixed: 'The students finished their project early.',
  },
  {
    category: 'there/their',
    text: 'I visited my grandparents and stayed at there house.',
    wrong: 'there',
    fixed: 'I visited my grandparents and stayed at their house.',
  },
  {
    category: 'there/their',
    text: 'Their are many reasons to study abroad.',
    wrong: 'Their',
    fixed: 'There are many reasons to study abroad.',
  },
  {
    category: 'there/their',
    text: 'My classmates said their going to apply too.',
    wrong: 'their',
    fixed: 'My classmates said they’re going to apply too.',
  },
  {
    category: 'there/their',
    text: 'I want to study their because the program is strong.',
    wrong: 'their',
    fixed: 'I want to study there because the program is strong.',
  },
  // Articles
  { category: 'articles', text: 'I want to be a engineer.', wrong: 'a', fixed: 'I want to be an engineer.' },
  { category: 'articles', text: 'This is an university in Shanghai.', wrong: 'an', fixed: 'This is a university in Shanghai.' },
  { category: 'articles', text: 'It took me a hour to finish.', wrong: 'a', fixed: 'It took me an hour to finish.' },
  { category: 'articles', text: 'She gave me a useful advice.', wrong: 'a', fixed: 'She gave me useful advice.' },
  { category: 'articles', text: 'I read an book about economics.', wrong: 'an', fixed: 'I read a book about economics.' },
  { category: 'articles', text: 'He is a honest person.', wrong: 'a', fixed: 'He is an honest person.' },
  { category: 'articles', text: 'Sun rises in the east.', wrong: 'Sun', fixed: 'The sun rises in the east.' },
  { category: 'articles', text: 'I joined an union of student volunteers.', wrong: 'an', fixed: 'I joined a union of student volunteers.' },
  // Tense and verb forms
  { category: 'tense', text: 'I have went to Beijing twice.', wrong: 'went', fixed: 'I have gone to Beijing twice.' },
  {
    category: 'tense',
    text: 'It was there I realise the value of teamwork.',
    wrong: 'realise',
    fixed: 'It was there I realised the value of teamwork.',
  },
  { category: 'tense', text: 'Yesterday I go to the library.', wrong: 'go', fixed: 'Yesterday I went to the library.' },
  { category: 'tense', text: 'Last year we win the competition.', wrong: 'win', fixed: 'Last year we won the competition.' },
  { category: 'tense', text: 'She has wrote three papers.', wrong: 'wrote', fixed: 'She has written three papers.' },
  { category: 'tense', text: 'I did not knew the answer.', wrong: 'knew', fixed: 'I did not know the answer.' },
  { category: 'tense', text: 'He can speaks three languages.', wrong: 'speaks', fixed: 'He can speak three languages.' },
  { category: 'tense', text: 'I have been study here since 2020.', wrong: 'study', fixed: 'I have been studying here since 2020.' },
  // Tense after a past frame (tense.ts): a past cleft, a past time opening the sentence, a past when-clause
  {
    category: 'past frame',
    text: 'It was in 2021 that she decide to study abroad.',
    wrong: 'decide',
    fixed: 'It was in 2021 that she decided to study abroad.',
  },
  {
    category: 'past frame',
    text: 'When I was ten, I realise that books could change lives.',
    wrong: 'realise',
    fixed: 'When I was ten, I realised that books could change lives.',
  },
  {
    category: 'past frame',
    text: 'Last summer I join a research group at Fudan.',
    wrong: 'join',
    fixed: 'Last summer I joined a research group at Fudan.',
  },
  {
    category: 'past frame',
    text: 'It was at that moment that I understand what teamwork means.',
    wrong: 'understand',
    fixed: 'It was at that moment that I understood what teamwork means.',
  },
  {
    category: 'past frame',
    text: 'Two years ago we travel to Yunnan for a field study.',
    wrong: 'travel',
    fixed: 'Two years ago we traveled to Yunnan for a field study.',
  },
  { category: 'past frame', text: 'Last week he tells me the news.', wrong: 'tells', fixed: 'Last week he told me the news.' },
  {
    category: 'past frame',
    text: 'When she was in high school, she teaches herself Python.',
    wrong: 'teaches',
    fixed: 'When she was in high school, she taught herself Python.',
  },
  {
    category: 'past frame',
    text: 'It was then I decide to become a doctor.',
    wrong: 'decide',
    fixed: 'It was then I decided to become a doctor.',
  },
  {
    category: 'past frame',
    text: 'Yesterday they announce the results.',
    wrong: 'announce',
    fixed: 'Yesterday they announced the results.',
  },
  {
    category: 'past frame',
    text: 'It was during that summer that I learn to code.',
    wrong: 'learn',
    fixed: 'It was during that summer that I learned to code.',
  },
  {
    category: 'past frame',
    text: 'While I was working at the bank, I meet many clients.',
    wrong: 'meet',
    fixed: 'While I was working at the bank, I met many clients.',
  },
  {
    category: 'past frame',
    text: 'It was there that we build our first robot.',
    wrong: 'build',
    fixed: 'It was there that we built our first robot.',
  },
  {
    category: 'past frame',
    text: 'A few months ago I start a reading club.',
    wrong: 'start',
    fixed: 'A few months ago I started a reading club.',
  },
  { category: 'past frame', text: 'Last semester I fail my first exam.', wrong: 'fail', fixed: 'Last semester I failed my first exam.' },
  {
    category: 'past frame',
    text: 'It was at the age of twelve that he begin to paint.',
    wrong: 'begin',
    fixed: 'It was at the age of twelve that he began to paint.',
  },
  {
    category: 'past frame',
    text: 'When we were children, we play in the fields.',
    wrong: 'play',
    fixed: 'When we were children, we played in the fields.',
  },
  {
    category: 'past frame',
    text: 'It was in May 2022 that I finally receive the offer.',
    wrong: 'receive',
    fixed: 'It was in May 2022 that I finally received the offer.',
  },
  {
    category: 'past frame',
    text: 'Last year, I volunteer at a local hospital.',
    wrong: 'volunteer',
    fixed: 'Last year, I volunteered at a local hospital.',
  },
  {
    category: 'past frame',
    text: 'It was not until 2020 that I discover my interest in law.',
    wrong: 'discover',
    fixed: 'It was not until 2020 that I discovered my interest in law.',
  },
  // Spelling
  {
    category: 'spelling',
    text: 'I recieve the letter yesterday morning.',
    wrong: 'recieve',
    fixed: 'I receive the letter yesterday morning.',
  },
  {
    category: 'spelling',
    text: 'This was a great oppurtunity for me.',
    wrong: 'oppurtunity',
    fixed: 'This was a great opportunity for me.',
  },
  { category: 'spelling', text: 'I definately want to continue.', wrong: 'definately', fixed: 'I definitely want to continue.' },
  { category: 'spelling', text: 'My enviroment shaped who I am.', wrong: 'enviroment', fixed: 'My environment shaped who I am.' },
  { category: 'spelling', text: 'He studyed hard for the exam.', wrong: 'studyed', fixed: 'He studied hard for the exam.' },
  { category: 'spelling', text: 'The reserch took two years.', wrong: 'reserch', fixed: 'The research took two years.' },
  { category: 'spelling', text: 'I dont agree with that view.', wrong: 'dont', fixed: 'I don’t agree with that view.' },
  { category: 'spelling', text: 'We worked untill midnight.', wrong: 'untill', fixed: 'We worked until midnight.' },
  { category: 'spelling', text: 'It was a begining of a new chapter.', wrong: 'begining', fixed: 'It was a beginning of a new chapter.' },
  // Doubled words
  {
    category: 'doubled word',
    text: 'Data work is the the core of my plans.',
    wrong: 'the the',
    fixed: 'Data work is the core of my plans.',
  },
  { category: 'doubled word', text: 'I want to to learn more.', wrong: 'to to', fixed: 'I want to learn more.' },
];

const CORRECT: string[] = [
  'She goes to school every day.',
  'I am a person who often reads books about history.',
  'It was there that I realised the value of teamwork.',
  'My colour palette and behaviour were organised.',
  'My color palette and behavior were organized.',
  'There are many reasons to study abroad.',
  'I studied at Tsinghua University with Professor Zhang Wei.',
  'Each student has a laptop.',
  'I have gone to Beijing twice.',
  'They were very kind to me.',
  'In 2023, I led a team of four students at Zhejiang University.',
  'An honest answer is better than a clever one.',
  'The research took two years, and the results surprised us.',
  'My GPA is 3.72, and I ranked 8th out of 156 students.',
  'I want to study data science because it connects theory and practice.',
  'Although the project failed, I learned how to plan my time.',
  'The policy actually uses more money than it saves.',
  'We worked until midnight to finish the prototype.',
  'Their project won first prize in the provincial contest.',
  'I hope to join a lab that studies urban traffic.',
  // Tricky tense that is right: present comments, present truths, present frames, quotes, another sentence
  'I realise now that it was a mistake.',
  'I learned that water boils at 100 degrees.',
  'It is there that I realise how much I have grown.',
  'I moved to Beijing in 2019. I go to the gym every day.',
  '“Last year I win, this year you win,” my brother joked.',
  'Last year, I realise, was a turning point.',
  'It was in a city that I love.',
  'When I was ten, I think I was happiest.',
  'When I was little, I remember my grandmother cooking every night.',
  'Looking back, I understand why my parents worried.',
  'Every summer I visit my grandparents in Hunan.',
  'When I need help, I ask my teachers.',
  'Last time I checked, the library opens at eight.',
  'In 2027 I graduate from Zhejiang University.',
  'Two years ago I decided to study economics, and now I know why.',
  'It was then that I understood what research means.',
  'Yesterday I went to the library, and today I go again.',
  'When I was in high school, I learned that practice matters.',
  'It was at that moment that I realised I wanted to teach.',
  'Last year I was president of the debate club.',
  'It was there, I think, that my interest began.',
  'While I was waiting, I read three books.',
  'Next year I plan to apply for a master’s degree.',
  'When she was young, she could already speak English.',
  'It was in 2021 that she decided to study abroad.',
  'Last year we won the competition, and this year we defend the title.',
  'When I was ten, I travelled to London with my father.',
  'Years later, I realise how lucky I was.',
  'It was there I first met my mentor, who still works at the lab.',
  'I realise in hindsight that the plan was too ambitious.',
];

/** The finding lies on the wrong words (as whole words: the "a" of "a engineer", not of "want"). */
const overlaps = (text: string, wrong: string, lint: { start: number; end: number }) => {
  const at = new RegExp(`(?<![A-Za-z])${wrong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z])`).exec(text)?.index ?? -1;
  return at >= 0 && lint.start < at + wrong.length && lint.end > at;
};

async function main() {
  const started = performance.now();
  const found = await grammarOf([...ERRORS.map((c) => c.text), ...CORRECT]);
  if (!found) throw new Error('the grammar engine did not answer');
  const polished = await polishSentences(ERRORS.map((c) => c.text));
  if (!polished) throw new Error('the grammar engine did not answer');
  const normalise = (s: string) => s.replace(/’/g, "'");
  const rows = new Map<string, { total: number; caught: number; fixed: number }>();
  ERRORS.forEach((c, i) => {
    const row = rows.get(c.category) ?? { total: 0, caught: 0, fixed: 0 };
    row.total++;
    const lints = reportable(c.text, found[i]!);
    if (lints.some((l) => overlaps(c.text, c.wrong, l))) row.caught++;
    else console.log(`  missed (${c.category}): ${c.text}`);
    if (normalise(polished[i]!.text) === normalise(c.fixed)) row.fixed++;
    rows.set(c.category, row);
  });
  const flagged = CORRECT.map((text, i) => ({ text, lints: reportable(text, found[ERRORS.length + i]!) })).filter(
    (c) => c.lints.length > 0,
  );
  for (const f of flagged) console.log(`  false flag: ${f.text} — ${f.lints.map((l) => `${l.kind} 「${l.problem}」`).join(', ')}`);
  console.log('\ncategory        errors  found  recall  polish fixed');
  let total = 0;
  let caught = 0;
  let fixed = 0;
  for (const [category, row] of rows) {
    total += row.total;
    caught += row.caught;
    fixed += row.fixed;
    console.log(
      `${category.padEnd(15)} ${String(row.total).padStart(6)} ${String(row.caught).padStart(6)} ${`${Math.round((row.caught / row.total) * 100)}%`.padStart(7)} ${String(row.fixed).padStart(13)}`,
    );
  }
  console.log(
    `${'all'.padEnd(15)} ${String(total).padStart(6)} ${String(caught).padStart(6)} ${`${Math.round((caught / total) * 100)}%`.padStart(7)} ${String(fixed).padStart(13)}`,
  );
  console.log(`\ncorrect sentences flagged: ${flagged.length} / ${CORRECT.length}`);
  console.log(`time: ${Math.round(performance.now() - started)} ms (worker start included)`);
  closeGrammarEngine();
}

await main();
