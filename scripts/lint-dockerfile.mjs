// `node scripts/lint-dockerfile.mjs [Dockerfile]`: the Dockerfile rules that matter here (ADR 0057),
// checked without Docker or hadolint (neither is on the CI machine). Prints each finding with its
// line and exits 1 when there is one. `lintDockerfile(text)` is the check itself (unit-tested).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Names of settings whose value must never be baked into an image. */
const SECRET_NAME = /(SECRET|PASSWORD|PASSWD|TOKEN|API_KEY|PRIVATE_KEY|ACCESS_KEY|APIV3_KEY|CREDENTIAL)/i;

/** The instructions, continuation lines joined, with the line each starts on. Comments are dropped. */
export function parseDockerfile(text) {
  const instructions = [];
  let current = null;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) return;
    if (current && line.startsWith('#')) return;
    const continued = line.endsWith('\\');
    const body = continued ? line.slice(0, -1).trim() : line;
    if (current) current.args = `${current.args} ${body}`.trim();
    else {
      const match = /^(\S+)\s*(.*)$/.exec(body);
      current = { line: index + 1, instruction: match[1].toUpperCase(), args: match[2] };
    }
    if (!continued) {
      instructions.push(current);
      current = null;
    }
  });
  if (current) instructions.push(current);
  return instructions;
}

/** `--flag=value` options at the start of an instruction's arguments, and the rest. */
function flagsOf(args) {
  const flags = {};
  let rest = args;
  for (let match; (match = /^--([a-z-]+)(?:=(\S+))?\s*/.exec(rest)); rest = rest.slice(match[0].length)) flags[match[1]] = match[2] ?? true;
  return { flags, rest };
}

/** KEY=value pairs of ENV and ARG (the legacy `ENV KEY value` form too). */
function assignments(args) {
  if (!args.includes('=')) {
    const [key, ...value] = args.split(/\s+/);
    return [{ key, value: value.join(' ') }];
  }
  return [...args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|'[^']*'|\S*)/g)].map((m) => ({
    key: m[1],
    value: m[2].replace(/^["']|["']$/g, ''),
  }));
}

/**
 * The findings, each `{ line, rule, message }`: base images pinned to a version (never `latest`),
 * the final stage run as a non-root USER set before CMD/ENTRYPOINT, `npm ci` rather than
 * `npm install`, a HEALTHCHECK in the final stage, every COPY/ADD of the final stage naming its
 * owner (--chown), no secret-looking ENV/ARG with a value, and apt-get installs with
 * --no-install-recommends that remove /var/lib/apt/lists in the same RUN.
 */
export function lintDockerfile(text) {
  const instructions = parseDockerfile(text);
  const findings = [];
  const add = (line, rule, message) => findings.push({ line, rule, message });
  const stages = new Set();
  const froms = instructions.filter((i) => i.instruction === 'FROM');
  if (froms.length === 0) add(1, 'from', 'no FROM instruction');
  const lastFrom = froms.at(-1);
  let inFinal = false;
  let user = null;
  let userLine = 0;
  let sawHealthcheck = false;
  let sawCmd = false;

  for (const item of instructions) {
    const { instruction, args, line } = item;
    if (instruction === 'FROM') {
      inFinal = item === lastFrom;
      const { rest } = flagsOf(args);
      const [image, as, alias] = rest.split(/\s+/);
      if (as?.toUpperCase() === 'AS' && alias) stages.add(alias.toLowerCase());
      if (stages.has(image.toLowerCase()) && image.toLowerCase() !== alias?.toLowerCase()) continue;
      if (image.includes('@sha256:')) continue;
      const tag = /:([^/:]+)$/.exec(image)?.[1];
      if (!tag) add(line, 'pinned-base', `base image ${image} has no tag: pin a version (e.g. node:20.20-bookworm-slim)`);
      else if (tag === 'latest') add(line, 'no-latest', `base image ${image} uses latest: pin a version`);
      else if (!/\d/.test(tag)) add(line, 'pinned-base', `base image ${image} names no version: pin one`);
      continue;
    }
    if (instruction === 'RUN') {
      if (/\bnpm\s+(install|i|add)\b/.test(args)) add(line, 'npm-ci', 'use `npm ci` (the lockfile exactly), not `npm install`');
      if (/\bapt-get\s+(-\S+\s+)*install\b/.test(args)) {
        if (!args.includes('--no-install-recommends')) add(line, 'apt-recommends', 'apt-get install without --no-install-recommends');
        if (!/rm\s+-r?f?r?\s+\/var\/lib\/apt\/lists/.test(args))
          add(line, 'apt-lists', 'apt-get install must remove /var/lib/apt/lists/* in the same RUN');
      }
    }
    if (instruction === 'ENV' || instruction === 'ARG') {
      for (const { key, value } of assignments(args)) {
        if (SECRET_NAME.test(key) && value !== '')
          add(line, 'no-secrets', `${instruction} ${key} bakes a secret into the image: pass it at run time`);
      }
    }
    if (!inFinal) continue;
    if (instruction === 'USER') {
      user = args.trim().split(':')[0];
      userLine = line;
    }
    if ((instruction === 'COPY' || instruction === 'ADD') && !flagsOf(args).flags.chown)
      add(line, 'copy-chown', `${instruction} in the final stage without --chown: name the owner of what it copies`);
    if (instruction === 'HEALTHCHECK' && !/^NONE\b/i.test(args.trim())) sawHealthcheck = true;
    if (instruction === 'CMD' || instruction === 'ENTRYPOINT') {
      sawCmd = true;
      if (!user || user === 'root' || user === '0')
        add(
          line,
          'non-root',
          `${instruction} runs as root: set a non-root USER before it${userLine ? ` (USER on line ${userLine} is root)` : ''}`,
        );
    }
  }
  if (lastFrom && !sawHealthcheck) add(lastFrom.line, 'healthcheck', 'the final stage has no HEALTHCHECK');
  if (lastFrom && !sawCmd) add(lastFrom.line, 'non-root', 'the final stage has no CMD or ENTRYPOINT');
  return findings.sort((a, b) => a.line - b.line);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const file = process.argv[2] ?? 'Dockerfile';
  const findings = lintDockerfile(readFileSync(file, 'utf8'));
  for (const f of findings) console.log(`${file}:${f.line}  ${f.rule}  ${f.message}`);
  if (findings.length) process.exit(1);
  console.log(`${file}: no findings`);
}
