import { AI_OPERATIONS, type AiOperation, type AiOperationInputs, operationInputSchemas } from '../../../contracts/ai-operations';
import { profileDataSchema } from '../../../contracts/archives';
import type { StudentProfile } from './fact-sheet';

/** A realistic archive: a Chinese CS undergraduate with education, tests, research, an internship and awards. */
export const STUDENT: StudentProfile = {
  name: '王思远',
  data: profileDataSchema.parse({
    contact: { email: 'siyuan.wang@example.com', phone: '13800001234' },
    currentSchool: '浙江大学',
    major: '计算机科学与技术',
    degree: '本科',
    gpa: { value: 3.72, scale: 4, rank: '8/156' },
    tests: [
      { type: 'TOEFL', total: 106, sub: { R: 29, L: 28, S: 23, W: 26 }, date: '2025-07' },
      { type: 'GRE', total: 325, sub: { V: 155, Q: 170, AW: 4 }, date: '2025-08' },
    ],
    education: [
      { school: '浙江大学', degree: '本科', major: '计算机科学与技术', start: '2022-09', end: '2026-06', gpa: { value: 3.72, scale: 4 } },
    ],
    research: [
      {
        title: '基于图神经网络的交通流量预测',
        organization: '浙江大学智能交通实验室',
        role: '研究助理',
        start: '2024-03',
        end: '2025-01',
        description: '负责数据清洗与基线模型复现；在 PeMS 数据集上将预测误差降低 6.3%',
      },
    ],
    internships: [
      {
        title: '新闻推荐召回优化',
        organization: '网易',
        role: '算法实习生',
        start: '2025-07',
        end: '2025-09',
        description: '参与新闻推荐召回模块的特征工程；编写离线评估脚本',
      },
    ],
    awards: [
      { title: '国家奖学金', date: '2024-10' },
      { title: '全国大学生数学建模竞赛浙江赛区一等奖', date: '2023-11' },
    ],
    skills: ['Python', 'PyTorch', 'SQL'],
    targets: { countries: ['美国', '英国'], degree: '硕士', majors: ['计算机科学'], intake: '2026 秋' },
  }),
};

export const STUDENT_WITHOUT_RESEARCH: StudentProfile = { ...STUDENT, data: { ...STUDENT.data, research: [] } };

const ESSAY =
  'I have always been fascinated by how cities move. In my third year at Zhejiang University, I joined a traffic forecasting project. ' +
  'I cleaned the data and reproduced the baseline models, and I learnt that careful data work matters more than clever models.\n\n' +
  'During my internship at NetEase, I worked on the recall stage of a news recommender and wrote offline evaluation scripts.';

/** A valid form for each operation, before parsing (as the page sends it). */
export const RAW_INPUTS: { [K in AiOperation]: unknown } = {
  ps: {
    documentType: 'SOP',
    targetSchool: '卡内基梅隆大学',
    targetProgram: '计算机科学硕士',
    wordLimit: 900,
    focus: ['基于图神经网络的交通流量预测'],
    tone: 'academic',
    language: 'en',
    extraRequirements: '突出数据能力',
  },
  cv: {
    style: 'academic',
    length: 'one_page',
    language: 'en',
    sections: ['education', 'research', 'internships', 'awards', 'skills'],
    targetProgram: '计算机科学硕士',
  },
  recommendation: {
    recommenderName: '李建国',
    recommenderTitle: '副教授',
    organization: '浙江大学智能交通实验室',
    relationship: 'research_supervisor',
    relationshipDetail: '科研项目指导老师',
    knownDuration: '两年',
    courses: ['数据结构'],
    qualities: [{ quality: '严谨', example: '他主动复查了全部数据清洗脚本，找出了两处时间戳错误。' }, { quality: '好奇心' }],
    voice: 'warm',
    targetProgram: '计算机科学硕士',
    language: 'zh',
    wordLimit: 700,
  },
  free: { topic: '一次失败带给我的成长', prompt: '结合科研经历谈谈如何面对失败', wordLimit: 600, language: 'zh' },
  write_by_requirement: {
    requirement: '1. 请描述一段你参与过的研究经历。\n2. 你为什么选择申请数据科学方向？',
    wordLimit: 500,
    language: 'zh',
  },
  revision: { essay: ESSAY, requirements: '语言更简洁', language: 'zh' },
  polish: { essay: ESSAY, level: 'deep' },
  expand: { selectedText: 'I cleaned the data and reproduced the baseline models.', context: ESSAY, instruction: '突出细节' },
  rephrase: { selectedText: 'I learnt that careful data work matters more than clever models.' },
  rewrite: { selectedText: 'I joined a traffic forecasting project.', instruction: '更有说服力' },
  style: { selectedText: "I can't say I wasn't nervous.", style: 'formal' },
  shorten: { selectedText: 'In order to improve the model, I basically spent a large number of hours cleaning data.' },
  translate: { selectedText: '我在网易实习期间编写了离线评估脚本。', targetLanguage: 'en' },
};

export function parsedInput<K extends AiOperation>(operation: K): AiOperationInputs[K] {
  return operationInputSchemas[operation].parse(RAW_INPUTS[operation]) as AiOperationInputs[K];
}

export const OPERATIONS = AI_OPERATIONS;
