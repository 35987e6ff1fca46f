#!/usr/bin/env bash
# Starts one product server for the browser suite on a fresh database: a new PostgreSQL database
# when DATABASE_URL is set (named after the port), otherwise an embedded PGlite in a temp dir. It runs
# the compiled server, which `npm test -w e2e` builds before Playwright starts.
set -euo pipefail
cd "$(dirname "$0")/.."
port="$1"; shift
if [ -n "${DATABASE_URL:-}" ]; then
  base="${DATABASE_URL%/*}"
  db="krapao_e2e_${port}"
  psql "$base/postgres" -qc "drop database if exists $db with (force)" -c "create database $db" >/dev/null
  export DATABASE_URL="$base/$db"
else
  export DATA_DIR="$(mktemp -d -t krapao-e2e-XXXXXX)"
fi
export INIT_CWD="$PWD"
export PORT="$port" NODE_ENV=test LOG_LEVEL="${LOG_LEVEL:-warn}" RATE_LIMIT_PER_MINUTE=100000 \
  LOGIN_IP_MAX_ATTEMPTS=100000 OTP_IP_MAX_PER_HOUR=100000 OTP_VERIFY_IP_MAX_PER_HOUR=100000 \
  REGISTER_IP_MAX_PER_HOUR=100000 REGISTER_VALIDATE_IP_MAX_PER_HOUR=100000 \
  SANDBOX_RANDOM_SEED=krapao-e2e
# The console's enrolment links point at the address the browser uses.
export PUBLIC_ORIGIN="http://127.0.0.1:$port"
unset REDIS_URL
exec env "$@" node apps/server/dist/main.js
