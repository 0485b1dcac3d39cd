# The app as one image (issue 27, ADR 0057): built with the dev dependencies, run with the
# production ones only, as the unprivileged `node` user. One container is one instance; compose.yaml
# runs several behind nginx. Checked in CI by scripts/lint-dockerfile.mjs (no Docker there).
#
# No LibreOffice: Word 97–2003 (.doc) CVs are read in process by word-extractor (ADR 0032, server/ai/cv/doc.ts);
# LibreOffice is only the fallback for the rare file word-extractor cannot read, and without it
# such a file is refused with a clear message. Add `libreoffice-writer-nogui` to the apt line to keep it.

FROM node:20.20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The web app (build/index.js, public/build) and the server's plain-JavaScript bundle (build/server).
RUN npm run build

FROM node:20.20-bookworm-slim AS runtime
# PDF exports embed Debian's Noto CJK fonts (ADR 0029); nothing else is needed from apt.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-noto-cjk \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --chown=node:node package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --chown=node:node --from=build /app/build ./build
COPY --chown=node:node --from=build /app/public ./public
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# The cheap liveness check (the database reads and writes); the balancer uses the same path.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM drains (server/lifecycle.ts): pages and streams in flight finish, then the process exits.
STOPSIGNAL SIGTERM
# The built bundle directly: `npm start` would check the sources, which the image does not hold.
CMD ["node", "--enable-source-maps", "build/server/index.mjs"]
