import type { PROFILE_SORTS } from '../../contracts/archives';

/** Student archive routes and list settings, for pages and their loaders alike. */
export const ARCHIVES_ROUTE = '/dash/client-archives';
export const ARCHIVE_DETAIL_ROUTE = '/dash/client-archive-detail';
export const archiveDetailHref = (id: string) => `${ARCHIVE_DETAIL_ROUTE}?id=${encodeURIComponent(id)}`;
export const ARCHIVES_PAGE_SIZE = 20;
export type ProfileSort = (typeof PROFILE_SORTS)[number];
