# syntax=docker/dockerfile:1
# The service as deployed: apps/server (the API and the web's pages) on Node 24 LTS, as the
# bundle scripts/build-bundle.sh makes. packages/deploy-tests builds the same bundle and runs it
# with this file's CMD and HEALTHCHECK, on this base's Node major. Needs DATABASE_URL (no
# embedded PostgreSQL here) and the production settings of docs/configuration.md.
#
# The base is pinned by digest, so that a build next month starts from the same bytes; raise it on
# purpose (docs/operations.md, "The image and its bundle").

FROM node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6 AS build
ENV TURBO_TELEMETRY_DISABLED=1 CI=true
RUN npm install --global pnpm@10.34.9 && pnpm config set store-dir /pnpm-store --global
WORKDIR /workspace
# The packages by the lockfile alone, into a store cached between builds: a source edit leaves
# this step as it was, and a lockfile change fetches only what is new.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN --mount=type=cache,id=poetry-pnpm-store,target=/pnpm-store pnpm fetch --frozen-lockfile
COPY . .
RUN --mount=type=cache,id=poetry-pnpm-store,target=/pnpm-store pnpm install --offline --frozen-lockfile
RUN pnpm turbo run build --filter=@poetry/server...
RUN --mount=type=cache,id=poetry-pnpm-store,target=/pnpm-store scripts/build-bundle.sh /bundle

FROM node:24.21.0-bookworm-slim@sha256:0e0ff40c39bc087845bfb27465a0df4ea419520094bc35842ff83dd8cbe6f9b6
ENV NODE_ENV=production PORT=3000 DATA_DIR=/var/lib/poetry
# Local media and the outbox folder (without S3 and SMTP_URL) are the only files it writes.
RUN install --directory --owner=node --group=node /var/lib/poetry
VOLUME /var/lib/poetry
WORKDIR /app
COPY --from=build /bundle /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself; it drains the requests in flight, then exits.
CMD ["node", "--enable-source-maps", "dist/main.js"]
