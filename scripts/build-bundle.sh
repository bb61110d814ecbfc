#!/usr/bin/env bash
# The production bundle: apps/server (the API and the web's pages) with only its production
# dependencies, in folder $1, run there as `node --enable-source-maps dist/main.js`.
# The builds come first (`pnpm turbo run build --filter=@poetry/server...`): the Dockerfile runs
# this after them, and packages/deploy-tests after turbo's (it proves the bundle as the image runs it).
set -euo pipefail
target=${1:?usage: scripts/build-bundle.sh <empty folder outside the workspace>}
cd "$(dirname "$0")/.."

for build in apps/api/dist/run-service.js apps/web/build/server/index.js apps/server/dist/main.js; do
  [[ -f $build ]] || { echo "$build is missing: pnpm turbo run build --filter=@poetry/server... first" >&2; exit 1; }
done

# --legacy: the workspace links its packages rather than injecting them; each workspace package
# brings only the files its package.json lists (dist/, build/).
pnpm --filter @poetry/server deploy --prod --legacy "$target"
