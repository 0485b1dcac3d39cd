/** Draft page types of spec §3 with the names users see in the clear-drafts modal. */
export const DRAFT_TYPES = {
  ps: 'PS / SOP',
  cv: '简历 CV',
  recommendation: '推荐信',
  free: '自由写作',
  revision: '文书修改',
  polish: '文书润色',
  school_match: '选校',
} as const;
export type DraftType = keyof typeof DRAFT_TYPES;
