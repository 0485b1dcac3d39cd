import type { DetectionLabel } from '../../contracts/detection-constants';

/** 查AI率 on the page: labels and bands in words a student reads without a statistics course. */

export const REDUCE_AI_ROUTE = '/dash/reduce-ai';
/** The page's key in the AI rate cache and in GET /api/ai-rate/{pageIdentifier}. */
export const REDUCE_AI_PAGE_ID = 'reduce-ai';

export const DETECTION_LABEL_TEXT: Record<DetectionLabel, { title: string; palette: string; advice: string }> = {
  human: {
    title: '大概率为人工写作',
    palette: 'green',
    advice: '文本的写作特征更接近人工写作。',
  },
  mixed: {
    title: '无法确定',
    palette: 'orange',
    advice: '文本同时带有人工写作和 AI 生成的特征，或者特征不够明显。这不代表文本由 AI 生成。',
  },
  ai: {
    title: '大概率含有 AI 生成内容',
    palette: 'red',
    advice: '文本的写作特征与 AI 生成的文本高度相似。可针对高亮的句子修改，或使用降AI率。',
  },
};

/** A sentence's colour on the page, by its own rate. */
export function sentenceTone(rate: number): 'low' | 'medium' | 'high' {
  return rate >= 70 ? 'high' : rate >= 40 ? 'medium' : 'low';
}

/** What the method can and cannot tell, shown with every result. */
export const DETECTION_LIMITS = [
  '检测结果是基于写作特征的统计判断，不是证据，不能单独用来认定文本由 AI 写成。',
  '非母语写作、模板化的文书、篇幅较短或经过大量修改的文本，误差会更大；区间越宽，结果越不确定。',
  '本检测在本地运行，文本不会发送给第三方，也不会被保存。',
];
