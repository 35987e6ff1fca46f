#!/usr/bin/env bash
# `npm test`: types, lint, unit + route tests (PGlite; and PostgreSQL when DATABASE_URL is set),
# then the browser suite in Debian's Chromium when /usr/bin/chromium exists.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npx biome check .
echo "== unit and route tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run

if [ -x /usr/bin/chromium ]; then
  echo "== browser tests (Chromium)"
  npm run --silent build -w apps/web
  npm run --silent build:laos -w apps/web
  npm run --silent test -w e2e
else
  echo "== browser tests skipped: /usr/bin/chromium not found (apt-get install -y chromium fonts-thai-tlwg fonts-lao)"
fi
