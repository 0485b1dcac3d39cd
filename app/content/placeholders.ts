/**
 * The content texts name deployment settings as `{{operatorName}}` and `{{supportEmail}}`.
 * `{{#supportEmail}}…{{/supportEmail}}` keeps its inside only when the value is set, so a sentence
 * can drop its e-mail clause cleanly on deployments without a support address;
 * `{{^supportEmail}}…{{/supportEmail}}` keeps its inside only when the value is empty (what to do
 * instead, so a reader is never left without a way to reach the operator).
 * operatorName may be the neutral default '本平台运营方', so write `与{{operatorName}}（以下简称“我们”）`,
 * never `本平台运营方{{operatorName}}` or `由{{operatorName}}运营`.
 */
export type PlaceholderValues = { operatorName: string; supportEmail: string | null; accountDeletionGraceDays: string };

const KEYS: readonly string[] = ['operatorName', 'supportEmail', 'accountDeletionGraceDays'] satisfies (keyof PlaceholderValues)[];
const SECTION = /\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g;
const INVERTED = /\{\{\^(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g;
const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function lookup(values: PlaceholderValues, key: string): string | null {
  // Only the listed keys: PublicConfig is passed whole and its other fields are not text.
  if (!KEYS.includes(key)) throw new Error(`unknown placeholder {{${key}}}`);
  return values[key as keyof PlaceholderValues] || null;
}

/** Throws on a typo or a bare optional value rather than render `{{…}}` or a broken sentence. */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  const filled = text
    .replace(SECTION, (_, key: string, inner: string) => (lookup(values, key) ? inner : ''))
    .replace(INVERTED, (_, key: string, inner: string) => (lookup(values, key) ? '' : inner))
    .replace(PLACEHOLDER, (_, key: string) => {
      const value = lookup(values, key);
      if (!value) throw new Error(`{{${key}}} may be empty: wrap it in {{#${key}}}…{{/${key}}}`);
      return value;
    });
  if (filled.includes('{{')) throw new Error(`malformed placeholder in: ${text}`);
  return filled;
}

/** Fills every string inside a content object (document, FAQ groups, home page copy). */
export function fillContent<T>(content: T, values: PlaceholderValues): T {
  if (typeof content === 'string') return fillPlaceholders(content, values) as T;
  if (Array.isArray(content)) return content.map((item) => fillContent(item, values)) as T;
  if (content && typeof content === 'object') {
    return Object.fromEntries(Object.entries(content).map(([k, v]) => [k, fillContent(v, values)])) as T;
  }
  return content;
}
