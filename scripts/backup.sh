#!/usr/bin/env bash
# A consistent snapshot of the database (pg_dump reads it in one transaction while the apps run),
# in PostgreSQL's custom format: `DATABASE_URL=… scripts/backup.sh [file]`. Prints the file written.
# Restore it with scripts/restore.sh; docs/deploy.md gives the schedule and the steps.
set -euo pipefail
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
out="${1:-krapao-$(date -u +%Y%m%dT%H%M%SZ).dump}"
# Written aside and renamed at the end: a file with the final name is always a whole dump.
pg_dump --format=custom --no-owner --no-privileges --file="$out.partial" "$DATABASE_URL"
mv "$out.partial" "$out"
echo "$out"
