import { readFileSync } from 'node:fs';
import { envSchema } from '../../server/config';

/**
 * The README's configuration table cannot drift from the config schema (server/config.ts): it names
 * every variable the schema reads and no other, and each default it gives, read by the schema,
 * is what the schema gives when the variable is unset.
 */

/** Read by the CV extraction (server/ai/cv/doc.ts) where it runs, in a worker thread: not in the schema. */
const OUTSIDE_THE_SCHEMA = ['SOFFICE_PATH'];

type Row = { variable: string; default: string };

/** The table under "## Configuration": one row per variable (a row naming `A` / `B` gives two). */
function readmeRows(): Row[] {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('\n## Configuration\n'));
  const table = section.slice(0, section.indexOf('\n## ', 1)).split('\n');
  const rows: Row[] = [];
  for (const line of table.filter((l) => l.startsWith('| `'))) {
    const [names, defaults] = line.split(' | ');
    const variables = [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]);
    // `10` / `30` gives one default per variable; a single value or prose is every variable's.
    const parts = defaults.split(' / ');
    variables.forEach((variable, i) => rows.push({ variable, default: (parts.length === variables.length ? parts[i] : defaults).trim() }));
  }
  return rows;
}

const rows = readmeRows();
const fields = envSchema.shape as Record<string, (typeof envSchema.shape)[keyof typeof envSchema.shape]>;

it('names every variable of the schema, once, and nothing the process does not read', () => {
  expect(rows.length).toBeGreaterThan(50);
  const named = rows.map((r) => r.variable);
  expect(new Set(named).size).toBe(named.length);
  expect([...named].sort()).toEqual([...Object.keys(fields), ...OUTSIDE_THE_SCHEMA].sort());
  for (const variable of OUTSIDE_THE_SCHEMA) expect(readFileSync('server/ai/cv/doc.ts', 'utf8')).toContain(`process.env.${variable}`);
});

it.each(rows.filter((r) => r.variable in fields))('gives the default of $variable as the schema has it', ({ variable, default: cell }) => {
  const field = fields[variable];
  const unset = field.parse(undefined);
  const literal = /^`([^`]*)`$/.exec(cell)?.[1];
  if (unset === undefined) {
    // No default in the schema: the README says so (—) or says in words what happens instead.
    expect(literal === undefined || literal.includes('$'), `${variable}: the README gives \`${literal}\`, the schema no default`).toBe(
      true,
    );
  } else {
    expect(literal, `${variable}: the schema's default is ${JSON.stringify(unset)}, the README says ${cell}`).toBeDefined();
    expect(field.parse(literal)).toEqual(unset);
  }
});
