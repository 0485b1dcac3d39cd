/** Fact check (issues 13, 24): the kinds of fact it looks for, with labels; zod-free for the pages. */
export const FACT_KINDS = [
  'number',
  'score',
  'school',
  'organisation',
  'date',
  'title',
  'award',
  'competition',
  'publication',
  'conference',
  'person',
] as const;
export type FactKind = (typeof FACT_KINDS)[number];
export const FACT_KIND_LABELS: Record<FactKind, string> = {
  number: '数字',
  score: '成绩',
  school: '学校',
  organisation: '机构',
  date: '日期',
  title: '标题',
  award: '奖项',
  competition: '竞赛',
  publication: '论文发表',
  conference: '会议',
  person: '人名',
};
export type UnsupportedFact = { text: string; kind: FactKind };
