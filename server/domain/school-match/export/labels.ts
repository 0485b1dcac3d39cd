import type { Degree, MatchApplicant, MatchItem, MatchMethodName } from '../../../../contracts/school-match';

/** The Chinese words both exports print for the run's enums and numbers. */

export const DEGREE_LABELS: Record<Degree, string> = { bachelor: '本科', master: '硕士', phd: '博士', other: '其他' };
export const METHOD_LABELS: Record<MatchMethodName, string> = {
  cases: '本机构案例',
  scorecard: 'College Scorecard 录取率与成绩区间',
  requirements: '仅比对要求',
};
export const NO_PROBABILITY = '无足够数据，仅比对要求';
export const CATALOGUE_NOTE =
  '说明：各项目的要求、费用、数据来源与核实日期均取自项目库（管理员导入或本机构录入）；录取概率为依据所列数据的估计，不代表录取承诺。请以学校官网最新信息为准。';

/** The catalogue's source of one program, as printed: source and verification date. */
export type ProgramSource = { text: string };

/** The date of an instant in China time, YYYY-MM-DD. */
export const chinaDay = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);

export const percent = (p: number) => `${Math.round(p * 100)}%`;

export const probabilityText = (p: MatchItem['probability']) =>
  p ? `${percent(p.low)}–${percent(p.high)}（中值 ${percent(p.mid)}）` : NO_PROBABILITY;

const join = (values: readonly (string | null | undefined | false)[]) => values.filter(Boolean).join('；');

/** The applicant as sent with the run, one line per topic; unknown fields are left out. */
export function applicantLines(a: MatchApplicant): string[] {
  const language = join([a.ielts != null && `雅思 ${a.ielts}`, a.toefl != null && `托福 ${a.toefl}`]);
  const tests = join([
    a.greV != null && `GRE 语文 ${a.greV}`,
    a.greQ != null && `GRE 数学 ${a.greQ}`,
    a.gmat != null && `GMAT ${a.gmat}`,
    a.sat != null && `SAT ${a.sat}`,
    a.act != null && `ACT ${a.act}`,
  ]);
  return [
    `GPA：${a.gpa} / ${a.gpaScale}`,
    a.schoolTier && `本科背景：${a.schoolTier}`,
    a.major && `专业：${a.major}`,
    language && `语言成绩：${language}`,
    tests && `标化成绩：${tests}`,
    a.international != null && `国际生：${a.international ? '是' : '否'}`,
    a.degree && `目标学位：${DEGREE_LABELS[a.degree]}`,
    a.countries?.length && `目标国家/地区：${a.countries.join('、')}`,
    a.fields?.length && `专业方向：${a.fields.join('、')}`,
    a.budgetUsd != null && `年度预算：${a.budgetUsd.toLocaleString('en-US')} 美元`,
    a.intake && `入学学期：${a.intake}`,
  ].filter((line): line is string => typeof line === 'string' && line.length > 0);
}
