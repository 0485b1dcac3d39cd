import type { VersionSource, WorkType } from '../../contracts/work-constants';
import { isRouteAvailable } from './navigation';

/** Works routes, labels and list settings (issue 11), for pages and their loaders alike; no zod. */
export const WORKS_ROUTE = '/dash/my-works';
export const WORK_DETAIL_ROUTE = '/dash/my-works/my-works-detail';
/** The second address one source names for the same page (spec §2). */
export const WORK_DETAIL_ALIAS_ROUTE = '/dash/works/works-detail';
export const workDetailHref = (id: string) => `${WORK_DETAIL_ROUTE}?id=${encodeURIComponent(id)}`;
export const WORKS_PAGE_SIZE = 12;

export const WORK_TYPE_LABELS: Record<WorkType, string> = {
  ps: '个人陈述 / SOP',
  cv: '简历 CV',
  rl: '推荐信',
  free: '自由写作',
  revision: '文书修改',
  polish: '文书润色',
  reduce: '降AI率',
};

export const VERSION_SOURCE_LABELS: Record<VersionSource, string> = {
  create: '创建',
  save: '保存',
  generation: 'AI 生成',
  restore: '恢复',
};

/** The writing page each type of work opens in (its menu item says whether it has opened yet). */
const WRITING_PAGE_IDS: Record<WorkType, string> = {
  ps: 'ps-writing',
  cv: 'cv-writing',
  rl: 'recommended-writing',
  free: 'free-writing',
  revision: 'essay-revision',
  polish: 'essay-polish',
  // A 降AI率 result opens in 查AI率 / 降AI率 (/dash/reduce-ai?workId=), which loads the work by id.
  reduce: 'reduce-ai',
};

export function writingPageOf(type: WorkType): { to: string; available: boolean } {
  const to = `/dash/${WRITING_PAGE_IDS[type]}`;
  return { to, available: isRouteAvailable(to) };
}

/** The page to open a work in its writing page with (the page loads the work by id). */
export const openInWritingPageHref = (type: WorkType, id: string) => `${writingPageOf(type).to}?workId=${encodeURIComponent(id)}`;
