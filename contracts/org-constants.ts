/** Roles in an organisation (issue 30, ADR 0067). */
export const ORG_ROLES = ['owner', 'consultant', 'reviewer', 'student'] as const;
export type OrgRole = (typeof ORG_ROLES)[number];
export const ORG_ROLE_LABELS: Record<OrgRole, string> = {
  owner: '所有者',
  consultant: '顾问',
  reviewer: '审阅',
  student: '学生',
};

export const ORG_MESSAGES = {
  notFound: '机构不存在',
  ownersOnly: '只有机构所有者可以管理成员',
  alreadyMember: '该手机号已是机构成员',
  invitationNotFound: '邀请不存在或已失效',
  lastOwner: '机构至少需要一位所有者',
  readOnlyRole: '审阅只能查看和批注，不能修改',
  studentRole: '学生成员只能查看交付给自己的文书',
} as const;
