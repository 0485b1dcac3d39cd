/**
 * Word choice for the local rewriter (issue 14): words and phrases typical of model prose, each with
 * plainer words that mean the same in the contexts they are used in. The rewriter picks, per
 * occurrence, the alternative the detector weighs least AI-like (guide.ts) and only if it weighs
 * less than the original. Entries marked `!` are the most model-typical: the only ones `light` uses.
 *
 * English line format: `kind word|alt,alt` where kind is
 *   v  a verb (regular forms generated: -s, -ed, -ing; alternatives inflected the same way),
 *   n  a countable noun (plural generated),
 *   a  anything else, matched as written (adjectives, adverbs, fixed phrases).
 * Only alternatives whose past tense and past participle are the same are used for verbs, so
 * "has utilized" and "utilized" both stay grammatical.
 */

const EN_RAW = `
!a additionally|also
!a furthermore|also
!a moreover|also
!a in addition,|also,
!a utilize|use
!v utilize|use
!v leverage|use,draw on
!v foster|build,encourage
!v facilitate|help
!v delve into|dig into,look into
!v embark on|start,begin
!v underscore|show,stress
!v showcase|show
!v bolster|support,strengthen
!v enhance|improve
!v navigate|handle,deal with
!v cultivate|build,develop
!v harness|use
!v streamline|simplify
!v elevate|raise
!v empower|help
!v encompass|cover,include
!v exemplify|show
!v spearhead|lead
!v optimize|improve
!v garner|win
!v strive|try
!v commence|start,begin
!v ascertain|find out,check
!v demonstrate|show
!v illustrate|show
!v emphasize|stress
!v necessitate|need,call for
!v augment|add to,increase
!v mitigate|reduce,ease
!v alleviate|ease,reduce
!v exacerbate|worsen
!v amplify|increase
!v resonate with|speak to,appeal to
!a crucial|vital,very important
!a pivotal|central
!a invaluable|very useful,priceless
!a multifaceted|complex,many-sided
!a comprehensive|full,broad,thorough
!a intricate|complex,detailed
!a nuanced|subtle,careful
!a profound|deep,strong
!a vibrant|lively
!a seamless|smooth
!a seamlessly|smoothly
!a robust|strong,solid
!a meticulous|careful
!a meticulously|carefully
!a unwavering|steady,firm
!a holistic|rounded
!a transformative|life-changing
!a innovative|new,inventive
!a cutting-edge|latest,new
!a groundbreaking|new,original
!a commendable|good,worthy
!a myriad of|many,lots of
!a a myriad of|many,lots of
!a a plethora of|many,lots of
!a plethora of|many
!a a wide range of|many,all kinds of
!a a wide array of|many,all kinds of
!a a diverse range of|many,all kinds of
!a a variety of|many,all kinds of
!a numerous|many
!a various|many,different
!a individuals|people
!a in today's world|today,now
!a in today's society|today,now
!a ever-evolving|changing
!a ensure that|make sure that
!a ensures that|makes sure that
!a ensured that|made sure that
!a ensuring that|making sure that
!a ever-changing|changing
!a rapidly evolving|fast-changing
!a in order to|to
!a due to the fact that|because
!a owing to the fact that|because
!a in light of the fact that|because
!a despite the fact that|although,even though
!a the fact that|that
!a a testament to|proof of
!a plays a crucial role in|matters a lot in,is key to
!a plays a vital role in|matters a lot in,is key to
!a plays a pivotal role in|matters a lot in,is key to
!a plays a significant role in|matters a lot in,is key to
!a play a crucial role in|matter a lot in,are key to
!a play a vital role in|matter a lot in,are key to
!a play a significant role in|matter a lot in,are key to
!a it is important to note that|
!a it is worth noting that|
!a it is worth mentioning that|
!a it is essential to note that|
!a ultimately|in the end
!a consequently|so,as a result
!a subsequently|later,then
!a nevertheless|still,even so
!a nonetheless|still,even so
!a notably|in particular
!a essentially|basically
!a undoubtedly|surely,clearly
!a indispensable|essential,needed
!a insights|ideas,lessons
!a invaluable insights|useful lessons
!a valuable insights|useful lessons
!a realm|field,area
!a the realm of|the field of,the world of
!a tapestry|mix,blend
!a endeavors|efforts,work
!a endeavor|effort,attempt
!a paradigm|model,pattern
!a synergy|teamwork
!a trajectory|path,course
!a interplay|mix,link
!a proficiency|skill
!a proficient in|good at,skilled in
!a adept at|good at,skilled at
!a eager to|keen to
!a passionate about|keen on,devoted to
!a deeply passionate about|keen on,devoted to
!a aspire to|hope to,want to
!a aspirations|hopes,goals
!a firsthand|first-hand
a significant|major
a significantly|greatly
a substantial|large,big
a substantially|greatly
a essential|vital
a important|vital
a potentially|possibly,perhaps
a effectively|well
a efficiently|well,quickly
a ultimately|finally
a particularly|especially
a specifically|in particular
a increasingly|more and more
a additionally|also
a therefore|thus
a thereby|so,thus
a hence|so,thus
a furthermore|also
a whilst|while
a amidst|amid,among
a amongst|among
a upon|on
a regarding|about
a pertaining to|about
a with regard to|about
a in regard to|about
a with respect to|about
a prior to|before
a subsequent to|after
a in the event that|if
a in the realm of|in
a on a daily basis|daily,every day
a at this point in time|now
a at the present time|now
a a large number of|many,lots of
a a significant number of|many
a a great deal of|much,a lot of
a in conclusion,|in the end,
a to sum up,|in short,
a in summary,|in short,
a as a result,|so,
a as such,|so,
a in essence,|basically,
a genuinely|really,truly
a incredibly|very,really
a extremely|very
a exceptionally|very,unusually
a remarkable|striking,unusual
a remarkably|strikingly,very
a immense|huge,great
a vast|huge,wide
a diverse|varied
a optimal|best
a fundamental|basic,core
a fundamentally|basically,deeply
a imperative|vital,urgent
a viable|workable,practical
a feasible|doable,practical
a prevalent|common,widespread
a predominantly|mostly,mainly
a primarily|mainly,mostly
a furthermore|and
a enhancing|improving
a enhancement|improvement
a implementation|use,rollout
a implementations|uses
a utilization|use
a methodology|method
a methodologies|methods
a framework|structure,system
a frameworks|structures,systems
a capabilities|abilities,skills
a capability|ability,skill
a opportunities|chances
a opportunity|chance
a commitment|dedication,devotion
a challenging|hard,difficult
a numerous|many
a obtain|get
a acquire|gain,get
a acquired|gained
a acquiring|gaining,getting
a assist|help
a assisted|helped
a assisting|helping
a assistance|help
a sufficient|enough
a sufficiently|enough
a approximately|about,around
a additional|more,extra
a advancements|advances
a advancement|advance
a comprehend|understand,grasp
a comprehension|understanding,grasp
a contemporary|modern,current
a individuals'|people's
a individual's|person's
a encompassing|covering,including
a encompasses|covers,includes
a numerous opportunities|many chances
a educational|learning
a academic|school
a pursue|follow
a pursuing|following
a pursuit|search,quest
a possess|have
a possesses|has
a possessing|having
a exhibit|show
a exhibits|shows
a demonstrates|shows
a demonstrating|showing
a commence|begin
a crucially|above all
a perspectives|views,outlooks
a perspective|view,outlook
a emphasizes|stresses
a profoundly|deeply
a deeply|truly
a truly|really
a fostering|building
a foster|build
a honed|sharpened
a hone|sharpen
a honing|sharpening
a refine|improve,polish
a insightful|sharp,thoughtful
a rewarding|satisfying,worthwhile
a thrive|do well,flourish
a delve|dig
a realm|area
a vast array of|many
a boasts|has
a boast|have
a may|could
a often|frequently
a positive|good
a due to|because of
a valuable|useful
a abilities|skills
a guidance|advice
a currently|now
a avenues|ways
a concerns|worries
a necessary|needed
a specific|particular
a alongside|along with
a seeking|looking for
a highlighting|showing
a convenient|handy
v reduce|cut,lower
a despite|in spite of
a regardless of|no matter
a significantly|greatly
a unique|special
v enable|allow
a in regards to|about
a opinions|views
a reliable|dependable
a understanding of|grasp of
a powerful|strong
a learners|students
a learner|student
a pupils|students
a pupil|student
a educators|teachers
a educator|teacher
a with regards to|about
a incredibly|very
a truly|really
`;

export interface EnEntry {
  /** The forms matched (lowercase). */
  from: string[];
  /** For each form, the alternatives in the same form. */
  alts: string[][];
  light: boolean;
}

const IRREGULAR: Record<string, [string, string]> = {
  // base: [3sg, past=participle]
  build: ['builds', 'built'],
  make: ['makes', 'made'],
  lead: ['leads', 'led'],
  deal: ['deals', 'dealt'],
  win: ['wins', 'won'],
  get: ['gets', 'got'],
  dig: ['digs', 'dug'],
  put: ['puts', 'put'],
  find: ['finds', 'found'],
  speak: ['speaks', 'spoke'],
  have: ['has', 'had'],
  teach: ['teaches', 'taught'],
};
const NO_PARTICIPLE_SAFE = new Set(['begin', 'speak', 'draw', 'show']);

function ing(v: string): string {
  // One syllable ending consonant-vowel-consonant doubles the consonant: cut → cutting.
  if (/^[^aeiou]*[aeiou][bdgmnprt]$/.test(v) || v === 'begin') return v + v.slice(-1) + 'ing';
  if (/ie$/.test(v)) return v.slice(0, -2) + 'ying';
  if (/[^aeiou]e$/.test(v) && v !== 'be') return v.slice(0, -1) + 'ing';
  return v + 'ing';
}
function third(v: string): string {
  if (IRREGULAR[v]) return IRREGULAR[v][0];
  if (/(s|sh|ch|x|z|o)$/.test(v)) return v + 'es';
  if (/[^aeiou]y$/.test(v)) return v.slice(0, -1) + 'ies';
  return v + 's';
}
function past(v: string): string {
  if (IRREGULAR[v]) return IRREGULAR[v][1];
  if (/e$/.test(v)) return v + 'd';
  if (/[^aeiou]y$/.test(v)) return v.slice(0, -1) + 'ied';
  if (v === 'stop' || v === 'plan') return v + v.slice(-1) + 'ed';
  return v + 'ed';
}
/** A verb phrase's forms: its first word inflected. */
function verbForms(phrase: string): string[] {
  const [head, ...rest] = phrase.split(' ');
  const tail = rest.length ? ' ' + rest.join(' ') : '';
  return [head!, third(head!), past(head!), ing(head!)].map((f) => f + tail);
}

function parseEn(): EnEntry[] {
  const out: EnEntry[] = [];
  for (const line of EN_RAW.split('\n')) {
    const m = /^(!?)([vna]) ([^|]+)\|(.*)$/.exec(line.trim());
    if (!m) continue;
    const light = m[1] === '!';
    const kind = m[2];
    const word = m[3]!.trim();
    const alts = m[4]!.split(',').map((a) => a.trim());
    if (kind === 'v') {
      const safe = alts.filter((a) => !NO_PARTICIPLE_SAFE.has(a.split(' ')[0]!));
      const forms = verbForms(word);
      const altForms = alts.map(verbForms);
      const safeForms = safe.map(verbForms);
      forms.forEach((form, k) => {
        // Past forms (k = 2) may be participles: only alternatives whose past is their participle.
        const pool = k === 2 ? safeForms : altForms;
        if (pool.length) out.push({ from: [form], alts: [pool.map((f) => f[k]!)], light });
      });
    } else if (kind === 'n') {
      out.push({ from: [word], alts: [alts], light });
      const plural = (w: string) => (/(s|sh|ch|x)$/.test(w) ? w + 'es' : /[^aeiou]y$/.test(w) ? w.slice(0, -1) + 'ies' : w + 's');
      out.push({ from: [plural(word)], alts: [alts.map(plural)], light });
    } else {
      out.push({ from: [word], alts: [alts], light });
    }
  }
  return out;
}

/** One substitution: a form (English in lowercase) and its alternatives in that form. */
export interface Swap {
  from: string;
  alts: string[];
  light: boolean;
}

let enSwaps: Swap[] | null = null;
/** The English table, longest phrases first (so "a myriad of" is taken before "myriad"). */
export function englishSwaps(): Swap[] {
  if (!enSwaps) {
    const map = new Map<string, Swap>();
    for (const e of parseEn()) {
      e.from.forEach((from, k) => {
        const prev = map.get(from);
        const alts = [...new Set([...(prev?.alts ?? []), ...e.alts[k]!])].filter((a) => a !== from);
        map.set(from, { from, alts, light: (prev?.light ?? false) || e.light });
      });
    }
    enSwaps = [...map.values()].sort((a, b) => b.from.length - a.from.length || (a.from < b.from ? -1 : 1));
  }
  return enSwaps;
}

/**
 * Chinese: 四字格、套话 and bookish words, each with plainer wording of the same meaning. `!` as above.
 * Format: `word|alt,alt` (an empty alternative drops the word).
 */
const ZH_RAW = `
!至关重要|非常重要,很关键
!不可或缺|少不了,必不可少
!日新月异|飞速发展
!与日俱增|越来越多
!层出不穷|不断出现
!举足轻重|很重要
!息息相关|关系密切
!显而易见|很明显
!毋庸置疑|没有疑问
!不言而喻|不用说
!全方位|各方面
!多元化|多样
!综上所述|总之
!总而言之|总之
!总的来说|总体上看
!值得注意的是|要注意
!值得一提的是|还要说
!与此同时|同时
!由此可见|可见
!在当今社会|如今
!在当今时代|如今
!随着时代的发展|时代在变
!具有重要意义|很重要
!发挥着重要作用|很起作用
!发挥重要作用|很起作用
!起着至关重要的作用|很关键
!起到了重要作用|很起作用
!扮演着重要角色|很重要
!不断提升|不断提高
!持续提升|继续提高
!有效提升|切实提高
!深入探讨|仔细讨论
!深入研究|仔细研究
!积极参与|主动参加
!积极探索|主动摸索
!充分利用|用好
!切实可行|行得通
!坚实的基础|好的基础
!宝贵的经验|难得的经验
!宝贵经验|难得经验
!丰富的经验|不少经验
!深刻的理解|更深的理解
!深刻理解|真正理解
!深刻认识到|真正明白了
!深刻体会到|真切体会到
!赋能|帮助
!助力|帮助
!旨在|是为了
!致力于|一直在做
!通常|一般
!此外|另外
!然而|不过,但是
!例如|比如
!因此|所以
!进而|再
!并且|而且
!以及|和
!能够|能
!获得|得到
!感到|觉得
!许多|很多
!寻求|找
!拥有|有
!确保|保证
!立即|马上
!最终|最后
!提升|提高
!促进|推动
!显著|明显
!显著地|明显地
!有助于|能帮助
!意味着|就是说
!诸多|很多
!众多|很多
!极大地|大大
!极为|非常
!十分|很
!非常|很
!各种各样|各种
!形形色色|各种
!方方面面|各方面
!一系列|一些
!不断|一直
!进一步|再
!尤为|特别
!尤其是|特别是
!导致|造成
!可能会|也许会
!如果|要是
!是否|是不是
!其他|别的
!成为|变成
!关注|关心
`;

let zhSwaps: Swap[] | null = null;
/** The Chinese table, in the same shape as the English one. */
export function chineseSwaps(): Swap[] {
  if (!zhSwaps) {
    zhSwaps = ZH_RAW.split('\n')
      .map((l) => /^(!?)([^|]+)\|(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ from: m[2]!, alts: m[3]!.split(','), light: m[1] === '!' }))
      .sort((a, b) => b.from.length - a.from.length);
  }
  return zhSwaps;
}
