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

/**
 * How a rate is coloured: by the label the detector gave it (its calibrated thresholds, carried in
 * each result), never by numbers of the page's own.
 */
export const LABEL_TONE: Record<DetectionLabel, 'low' | 'medium' | 'high'> = { human: 'low', mixed: 'medium', ai: 'high' };

/** The label a rate would get by a result's thresholds (for the gauge's zones; sentences carry their own). */
export function labelOfRate(rate: number, thresholds: { mixed: number; ai: number }): DetectionLabel {
  return rate >= thresholds.ai ? 'ai' : rate >= thresholds.mixed ? 'mixed' : 'human';
}

/** "3 分钟前", "2 小时前": how old a check is, for the last-check note. */
export function checkedAgo(timestamp: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - timestamp) / 60_000));
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes} 分钟前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} 小时前`;
  return `${Math.floor(hours / 24)} 天前`;
}

/** What the method can and cannot tell, shown with every result. */
export const DETECTION_LIMITS = [
  '检测结果是基于写作特征的统计判断，不是证据，不能单独用来认定文本由 AI 写成。',
  '非母语写作、模板化的文书、篇幅较短或经过大量修改的文本，误差会更大；区间越宽，结果越不确定。',
  '模型没见过的文体（如简历、推荐信）上，AI 率数值可能偏高也可能偏低，请以结论为准，不要只看数字。',
  '本检测在本地运行，文本不会发送给第三方；服务器只记录检测结果，不保存文本（本机浏览器保留 24 小时以便回看，退出登录时清除）。',
];
