/**
 * The works' constants without zod (issue 11): pages import these, and contracts/works.ts (with
 * zod) stays out of browser chunks (the archive pages learnt this with TEST_TYPES).
 */
/**
 * `reduce` (降AI率): a 降AI率 result saved as a new work. The spec's draft types have no reduce type
 * (降AI率 keeps no draft), but a work needs one so it is listed and reopened as what it is (ADR 0061).
 */
export const WORK_TYPES = ['ps', 'cv', 'rl', 'free', 'revision', 'polish', 'reduce'] as const;
export type WorkType = (typeof WORK_TYPES)[number];

/** How a version came to be: the first content, an explicit save, an AI generation, a restore. */
export const VERSION_SOURCES = ['create', 'save', 'generation', 'restore'] as const;
export type VersionSource = (typeof VERSION_SOURCES)[number];

/** Bounds of one document: a long essay or CV is a few hundred blocks and well under 50k characters. */
export const EDITOR_LIMITS = { blocks: 2000, textChars: 200_000, depth: 8, inlineItems: 500 } as const;

/**
 * Versions kept per work: the oldest beyond this are pruned when a new one is written (about
 * 200 saves of a 20k-character essay is a few MB). Restoring never prunes more than one.
 */
export const MAX_VERSIONS_PER_WORK = 200;

/** GET /api/v1/works/{id}/export?format=: Word and PDF (issue 13). */
export const EXPORT_FORMATS = ['docx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
