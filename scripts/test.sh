#!/usr/bin/env bash
# `npm test`: types, lint, unit + route tests (PGlite; and PostgreSQL when DATABASE_URL is set),
# then the browser suite in Debian's Chromium when /usr/bin/chromium exists.
set -euo pipefail
cd "$(dirname "$0")/.."
# The wall time of a completed run is recorded for the bench (scripts/record-test-time.mjs).
started=$(date +%s)
browser=0

echo "== typecheck"
npm run --silent typecheck
echo "== lint"
npx biome check .
echo "== module boundaries"
npm run --silent lint:deps
echo "== unit and route tests${DATABASE_URL:+ (PGlite and PostgreSQL)}"
npx vitest run

if [ -x /usr/bin/chromium ]; then
  browser=1
  echo "== browser tests (Chromium)"
  npm run --silent build -w apps/web
  npm run --silent build -w apps/ops
  echo "== SPA size budget (initial JavaScript per route)"
  node scripts/size-budget.mjs apps/web/dist
  npm run --silent build:laos -w apps/web
  npm run --silent test -w e2e
  if [ -n "${DATABASE_URL:-}" ]; then
    echo "== ledger invariants after the browser suite"
    # Each server's database (e2e/playwright.config.ts: the Thai builds on 3101 and 3103, Laos on 3102).
    for port in 3101 3103 3102; do DATABASE_URL="${DATABASE_URL%/*}/krapao_e2e_${port}" npm run --silent ledger:check; done
  fi
else
  echo "== browser tests skipped: /usr/bin/chromium not found (apt-get install -y chromium fonts-thai-tlwg fonts-lao)"
fi
node scripts/record-test-time.mjs "$started" "$browser"
