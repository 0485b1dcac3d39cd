export type ToolGroup = 'writing' | 'ai-rate' | 'school' | 'archives';

export const toolEntries: {
  id: string;
  route: string;
  title: string;
  description: string;
  group: ToolGroup;
}[] = [
  {
    id: 'ps-writing',
    route: '/dash/ps-writing',
    title: 'PS/SOP写作',
    description: '基于学生经历生成个人陈述或目的陈述初稿。',
    group: 'writing',
  },
  {
    id: 'cv-writing',
    route: '/dash/cv-writing',
    title: 'CV写作',
    description: '把各类经历整理成结构清晰的学术简历。',
    group: 'writing',
  },
  {
    id: 'recommended-writing',
    route: '/dash/recommended-writing',
    title: '推荐信写作',
    description: '从推荐人视角起草推荐信，供推荐人审阅确认。',
    group: 'writing',
  },
  {
    id: 'free-writing',
    route: '/dash/free-writing',
    title: '自由写作',
    description: '自定义题目和要求，适合补充文书与短问答。',
    group: 'writing',
  },
  {
    id: 'essay-revision',
    route: '/dash/essay-revision',
    title: '文书修改',
    description: '调整已有文书的结构、逻辑和素材取舍。',
    group: 'writing',
  },
  {
    id: 'essay-polish',
    route: '/dash/essay-polish',
    title: '文书润色',
    description: '保留原意，优化语法、用词和行文流畅度。',
    group: 'writing',
  },
  {
    id: 'reduce-ai',
    route: '/dash/reduce-ai',
    title: '查AI率与降AI率',
    description: '本地模型估计AI率，改写模板化表达。',
    group: 'ai-rate',
  },
  {
    id: 'school-match',
    route: '/dash/school-match',
    title: '选校',
    description: '结合学生背景与申请意向给出选校建议。',
    group: 'school',
  },
  {
    id: 'client-archives',
    route: '/dash/client-archives',
    title: '学生档案',
    description: '手动建档或上传简历，集中管理学生资料。',
    group: 'archives',
  },
  {
    id: 'my-works',
    route: '/dash/my-works',
    title: '我的作品',
    description: '保存文书并保留版本历史，随时回看修改。',
    group: 'archives',
  },
];
