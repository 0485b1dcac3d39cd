import { readFileSync } from 'node:fs';
import { lintDockerfile } from '../../scripts/lint-dockerfile.mjs';

/** A Dockerfile that passes every rule; each test breaks one. */
const GOOD = `# comment
FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build

FROM node:20.20-bookworm-slim
RUN apt-get update \\
  && apt-get install -y --no-install-recommends fonts-noto-cjk \\
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production APP_ENV=production
COPY --chown=node:node --from=build /app/build ./build
USER node
HEALTHCHECK CMD ["node", "-e", "fetch('http://127.0.0.1:3000/healthz')"]
CMD ["node", "build/server/index.mjs"]
`;
const rules = (text: string) => lintDockerfile(text).map((f: { rule: string }) => f.rule);

describe('Dockerfile lint (scripts/lint-dockerfile.mjs)', () => {
  it('passes the shipped Dockerfile and a good one', () => {
    expect(lintDockerfile(readFileSync('Dockerfile', 'utf8'))).toEqual([]);
    expect(lintDockerfile(GOOD)).toEqual([]);
  });

  it('finds each broken rule, on its line', () => {
    expect(lintDockerfile(GOOD.replace('FROM node:20.20-bookworm-slim\n', 'FROM node:latest\n'))).toEqual([
      { line: 9, rule: 'no-latest', message: expect.stringContaining('latest') },
    ]);
    expect(rules(GOOD.replace('FROM node:20.20-bookworm-slim AS build', 'FROM node AS build'))).toEqual(['pinned-base']);
    expect(rules(GOOD.replace('FROM node:20.20-bookworm-slim AS build', 'FROM node:lts-slim AS build'))).toEqual(['pinned-base']);
    expect(rules(GOOD.replace('USER node\n', ''))).toEqual(['non-root']);
    expect(rules(GOOD.replace('USER node\n', 'USER root\n'))).toEqual(['non-root']);
    // USER after CMD does not count: the command was already declared to run as root.
    expect(rules(GOOD.replace('USER node\n', '') + 'USER node\n')).toEqual(['non-root']);
    expect(rules(GOOD.replace('RUN npm ci\n', 'RUN npm install\n'))).toEqual(['npm-ci']);
    expect(rules(GOOD.replace(/HEALTHCHECK.*\n/, ''))).toEqual(['healthcheck']);
    expect(rules(GOOD.replace('COPY --chown=node:node --from=build', 'COPY --from=build'))).toEqual(['copy-chown']);
    expect(rules(GOOD.replace('ENV NODE_ENV=production', 'ENV JWT_SECRET=abc NODE_ENV=production'))).toEqual(['no-secrets']);
    expect(rules(GOOD.replace('ENV NODE_ENV=production', 'ARG AI_API_KEY=sk-1\nENV NODE_ENV=production'))).toEqual(['no-secrets']);
    expect(rules(GOOD.replace('  && rm -rf /var/lib/apt/lists/*', '  && true'))).toEqual(['apt-lists']);
    expect(rules(GOOD.replace(' --no-install-recommends', ''))).toEqual(['apt-recommends']);
  });

  it('lets a later stage start from an earlier one and a digest stand for a tag', () => {
    const staged = GOOD.replace('FROM node:20.20-bookworm-slim\n', 'FROM build AS runtime\n');
    expect(lintDockerfile(staged)).toEqual([]);
    expect(lintDockerfile(GOOD.replace('FROM node:20.20-bookworm-slim AS build', `FROM node@sha256:${'a'.repeat(64)} AS build`))).toEqual(
      [],
    );
    // A secret-named setting left empty, to be filled at run time, is not a secret.
    expect(lintDockerfile(GOOD.replace('ENV NODE_ENV=production', 'ENV JWT_SECRET= NODE_ENV=production'))).toEqual([]);
  });
});
