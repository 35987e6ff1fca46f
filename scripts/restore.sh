#!/usr/bin/env bash
# Restores a dump of scripts/backup.sh into an empty database, then runs the ledger invariants on
# it: `DATABASE_URL=<empty database> scripts/restore.sh <file>`. Refuses a database that already
# holds tables (never restore over the live one). Exits non-zero when the restore or a check fails.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the empty database to restore into}"
file="${1:?usage: scripts/restore.sh <dump file>}"
[ -r "$file" ] || { echo "restore: cannot read $file" >&2; exit 2; }
cd "$(dirname "$0")/.."

tables=$(psql "$DATABASE_URL" -Atqc \
  "select count(*) from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ]; then
  echo "restore: the target database already holds $tables tables; restore into a new, empty one" >&2
  exit 2
fi

# One transaction: a failed restore leaves the database empty, never half-filled.
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$file"
echo "restored $file"
npm run --silent ledger:check
