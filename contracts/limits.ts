/** Size limits both sides enforce (spec §5, §9). */

/** An uploaded file (CV, essay): pdf, doc, docx or txt under 5 MB. */
export const UPLOAD_FILE_LIMIT_BYTES = 5 * 1024 * 1024;
/** A web form post. Forms carry text fields only; documents are uploads. */
export const PAGE_BODY_LIMIT_BYTES = 1024 * 1024;
/** A call through the browser passthrough (/resources/api/*): an upload with its multipart framing. */
export const PASSTHROUGH_BODY_LIMIT_BYTES = 8 * 1024 * 1024;
