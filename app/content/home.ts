export const homePage: {
  hero: { title: string; subtitle: string; primaryCta: string; secondaryCta: string };
  /** `to`: the tool's page, linked from its card. */
  features: { id: string; title: string; description: string; to?: string }[];
  audiences: { title: string; points: string[] }[];
  steps: { title: string; description: string }[];
  trust: string[];
} = {
  hero: {
    title: '从真实经历出发，写好每一份留学文书',
    subtitle:
      '个人陈述、简历、推荐信的AI写作，文书修改与润色，查AI率与降AI率，选校与学生档案管理，都在一个平台完成。为留学顾问和申请学生设计。',
    primaryCta: '手机号登录，开始使用',
    secondaryCta: '了解全部工具',
  },
  features: [
    {
      id: 'ps-writing',
      title: 'PS/SOP写作',
      description: '从学生档案中提取经历与动机，围绕申请专业组织主线，生成个人陈述或目的陈述初稿。',
    },
    {
      id: 'cv-writing',
      title: 'CV写作',
      description: '把教育背景、科研、实习和活动经历整理成结构清晰、重点突出的学术简历。',
    },
    {
      id: 'recommended-writing',
      title: '推荐信写作',
      description: '从推荐人的视角和具体事例出发起草推荐信，供推荐人审阅、修改并最终确认。',
    },
    {
      id: 'free-writing',
      title: '自由写作',
      description: '自定义题目、字数和要求，适用于补充文书、短问答、Why School等各类写作。',
    },
    {
      id: 'essay-revision',
      title: '文书修改',
      description: '针对已有文书的结构、逻辑和素材取舍给出修改意见，并生成修改后的版本。',
    },
    {
      id: 'essay-polish',
      title: '文书润色',
      description: '保留原意和个人语气，修正语法，优化用词和句子衔接，让行文更流畅。',
    },
    {
      id: 'reduce-ai',
      title: '查AI率与降AI率',
      description: '本地模型估计AI率并给出不确定区间；降AI率改写模板化表达，默认“平衡”模式。',
    },
    {
      id: 'school-match',
      title: '选校',
      description:
        '结合学生的学业背景、标化成绩和申请意向，给出冲刺、匹配、保底三档项目；每个项目列出依据，有本机构案例或公开录取率时给出录取概率区间。院校要求以官网为准。',
      to: '/dash/school-match',
    },
    {
      id: 'client-archives',
      title: '学生档案',
      description: '集中管理学生资料，可手动建档，也可上传简历（pdf、doc、docx、txt）自动识别。',
    },
  ],
  audiences: [
    {
      title: '留学顾问',
      points: [
        '一个账号管理多名学生的档案，写作时直接调用，不必反复整理资料。',
        '快速产出初稿，把精力放在素材挖掘和与学生的沟通上。',
        '每篇文书保留版本历史，修改过程清晰可查。',
        '查AI率结果附带不确定区间，便于与学生理性沟通，而不是只看一个数字。',
      ],
    },
    {
      title: '申请学生',
      points: [
        '先整理自己的经历，再让AI帮忙搭结构、找表达，文书仍是自己的故事。',
        '修改与润色分开进行，先改内容，再打磨语言。',
        '提交前可以查AI率，了解文本的整体风格倾向。',
        '按次消耗积分，操作失败自动退还，用多少花多少。',
      ],
    },
  ],
  steps: [
    {
      title: '手机号登录',
      description: '输入手机号和短信验证码即可登录，首次登录自动创建账号。',
    },
    {
      title: '建立学生档案',
      description: '手动填写或上传简历，整理教育背景、经历和申请意向，并核对识别结果。',
    },
    {
      title: '选择工具写作或检测',
      description: '选择文书类型和对应的学生档案生成初稿，再进行修改、润色或查AI率。',
    },
    {
      title: '保存作品与版本',
      description: '把满意的结果保存到“我的作品”，每次保存都会留下一个可回看的版本。',
    },
  ],
  trust: [
    '查AI率使用在我们自有服务器上运行的本地模型，检测文本不发送给第三方。',
    'AI生成的内容明确标注，离线引擎生成的草稿标注“离线模式”。',
    'AI操作失败时，本次扣除的积分自动退还。',
    '检测结果是概率性估计，附带不确定区间，不应作为评判任何人的唯一依据。',
  ],
};
