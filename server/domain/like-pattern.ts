/** A LIKE pattern matching `text` anywhere, its wildcards escaped: a search for "100%" means the characters, not a pattern. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The same, lower-cased: for columns stored lower-cased (search_text) or compared through lower(). */
export const likePattern = (query: string) => containsPattern(query.toLowerCase());
