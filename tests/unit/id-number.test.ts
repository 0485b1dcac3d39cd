import {
  ID_MESSAGES,
  idCheckDigit,
  idNumberProblem,
  maskIdNumber,
  maskRealName,
  normalizeIdNumber,
  normalizeRealName,
  realNameProblem,
} from '../../contracts/id-number';
import { idVerificationSchema } from '../../contracts/user';

/**
 * Valid numbers, check digits worked out by hand (weights 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, sum
 * mod 11 into "10X98765432"). 11010519491231002X is the example printed in GB 11643 itself.
 */
const VALID = [
  '11010519491231002X', // Beijing, ends in X
  '320106200002291230', // Nanjing, born on 29 February of a leap year
  '650102199912310010', // Urumqi
  '810000198506150020', // a Hong Kong resident's residence permit
  // No zero digit before the check digit: every weight matters.
  '371528198706152714',
  '433124197811235673',
];

/** A fixed "now": 1 January 2024, 00:00 in China (still 31 December in UTC). */
const NEW_YEAR_2024_CHINA = new Date('2023-12-31T16:00:00Z');

describe('identity card numbers (GB 11643)', () => {
  it('accepts valid numbers', () => {
    for (const n of VALID) expect(idNumberProblem(n), n).toBeNull();
  });

  it('computes the check digit as the standard does', () => {
    expect(idCheckDigit('11010519491231002')).toBe('X');
    expect(idCheckDigit('44052418800101001')).toBe('4'); // the standard's other example, 440524188001010014
    expect(idCheckDigit('32010620000229123')).toBe('0');
    expect(idCheckDigit('37152819870615271')).toBe('4');
  });

  it('refuses a wrong check digit', () => {
    expect(idNumberProblem('320106200002291231')).toBe(ID_MESSAGES.checkDigit);
    expect(idNumberProblem('110105194912310021')).toBe(ID_MESSAGES.checkDigit);
  });

  it('refuses an impossible or out-of-range birth date (the check digit being right)', () => {
    expect(idNumberProblem('110101199902301231')).toBe(ID_MESSAGES.birthDate); // 30 February 1999
    expect(idNumberProblem('110101190002290011')).toBe(ID_MESSAGES.birthDate); // 1900 was not a leap year
    expect(idNumberProblem('440524188001010014')).toBe(ID_MESSAGES.birthDate); // before 1900
    expect(idNumberProblem('110101209901010017')).toBe(ID_MESSAGES.birthDate); // in the future
  });

  it('takes "today" in China time', () => {
    expect(idNumberProblem('330102202401010016', NEW_YEAR_2024_CHINA)).toBeNull();
    expect(idNumberProblem('330102202401020011', NEW_YEAR_2024_CHINA)).toBe(ID_MESSAGES.birthDate);
  });

  it('refuses an unknown region code', () => {
    expect(idNumberProblem('990101199003078033')).toBe(ID_MESSAGES.region);
    expect(idNumberProblem('100101199003078038')).toBe(ID_MESSAGES.region);
  });

  it('wants 18 characters, digits and a final X', () => {
    expect(idNumberProblem('32010620000229123')).toBe(ID_MESSAGES.numberLength); // 17
    expect(idNumberProblem('3201062000022912300')).toBe(ID_MESSAGES.numberLength); // 19
    expect(idNumberProblem('110101900307803')).toBe(ID_MESSAGES.numberLength); // an old 15-digit card
    expect(idNumberProblem('1101051949123100X2')).toBe(ID_MESSAGES.numberFormat);
    expect(idNumberProblem('')).toBe(ID_MESSAGES.numberRequired);
  });

  it('accepts a lower-case x and spaces, and stores an upper-case X', () => {
    expect(normalizeIdNumber(' 110105 19491231 002x ')).toBe('11010519491231002X');
    const parsed = idVerificationSchema.safeParse({ realName: '张三', idNumber: '11010519491231002x' });
    expect(parsed.success && parsed.data.idNumber).toBe('11010519491231002X');
  });

  it('masks all but the first and last characters', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1****************X');
    expect(maskIdNumber('320106200002291230')).toBe('3****************0');
  });
});

describe('real names', () => {
  it('accepts 2–30 Chinese characters, with middle dots between parts', () => {
    for (const name of ['张三', '欧阳娜娜', '买买提·艾力', '阿依古丽·买买提·吐尔逊', '张'.repeat(30)])
      expect(realNameProblem(name), name).toBeNull();
  });

  it('refuses other characters, a stray dot, and lengths out of range', () => {
    expect(realNameProblem('Zhang San')).toBe(ID_MESSAGES.nameCharacters);
    expect(realNameProblem('张三1')).toBe(ID_MESSAGES.nameCharacters);
    expect(realNameProblem('·艾力')).toBe(ID_MESSAGES.nameCharacters);
    expect(realNameProblem('艾力·')).toBe(ID_MESSAGES.nameCharacters);
    expect(realNameProblem('买买提··艾力')).toBe(ID_MESSAGES.nameCharacters);
    expect(realNameProblem('张')).toBe(ID_MESSAGES.nameLength);
    expect(realNameProblem('张'.repeat(31))).toBe(ID_MESSAGES.nameLength);
    expect(realNameProblem('')).toBe(ID_MESSAGES.nameRequired);
  });

  it('drops spaces and makes look-alike dots the middle dot', () => {
    expect(normalizeRealName(' 张 三 ')).toBe('张三');
    expect(normalizeRealName('买买提・艾力')).toBe('买买提·艾力');
    expect(normalizeRealName('买买提•艾力')).toBe('买买提·艾力');
  });

  it('keeps only the surname', () => {
    expect(maskRealName('张三')).toBe('张*');
    expect(maskRealName('李小龙')).toBe('李**');
    expect(maskRealName('欧阳娜娜')).toBe('欧阳**');
    expect(maskRealName('司马光')).toBe('司马*');
    expect(maskRealName('买买提·艾力')).toBe('买*****');
  });

  it('reaches users as Chinese field messages through the contract', () => {
    const parsed = idVerificationSchema.safeParse({ realName: 'Li', idNumber: '32010620000229123' });
    expect(parsed.success).toBe(false);
    const issues = parsed.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['realName', ID_MESSAGES.nameCharacters],
      ['idNumber', ID_MESSAGES.numberLength],
    ]);
  });
});
