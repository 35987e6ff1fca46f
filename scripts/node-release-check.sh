#!/usr/bin/env bash
# The compiled server on another Node release than the one installed (default 22): the release comes
# from the registry's `node` package. Checks that the native and WebAssembly packages load and work
# there (argon2, sharp, PGlite), then starts apps/server/dist/main.js on a fresh embedded database,
# signs the demo member in and stops the server with SIGTERM, which must end it cleanly.
#   bash scripts/node-release-check.sh [22|24|<version>]
set -euo pipefail
cd "$(dirname "$0")/.."
release="${1:-22}"
port="${NODE_CHECK_PORT:-3199}"
deadline_s=120

node_bin=$(npx -y "node@$release" -p process.execPath)
echo "node $("$node_bin" --version) ($node_bin)"

npm run --silent build -w apps/server

echo "native packages"
(cd apps/server && "$node_bin" --input-type=module -e "
  import { hash, verify } from '@node-rs/argon2';
  import sharp from 'sharp';
  import { PGlite } from '@electric-sql/pglite';
  const h = await hash('check');
  if (!(await verify(h, 'check'))) throw new Error('argon2: verify failed');
  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer();
  if ((await sharp(png).metadata()).width !== 2) throw new Error('sharp: wrong metadata');
  const db = new PGlite();
  const { rows } = await db.query('select 1 + 1 as two');
  if (rows[0].two !== 2) throw new Error('pglite: wrong answer');
  await db.close();
  console.log('  argon2, sharp, PGlite: ok');
")

data_dir=$(mktemp -d -t krapao-node-check-XXXXXX)
log="$data_dir/server.log"
server=""
cleanup() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then kill -KILL "$server" 2>/dev/null || true; fi
  rm -rf "$data_dir"
}
trap cleanup EXIT

echo "compiled server on PGlite, port $port"
started=$(date +%s)
env -u DATABASE_URL -u REDIS_URL NODE_ENV=test HOST=127.0.0.1 PORT="$port" DATA_DIR="$data_dir/db" \
  LOG_LEVEL=warn SEED_DEMO=true "$node_bin" apps/server/dist/main.js >"$log" 2>&1 &
server=$!
until curl -sf "http://127.0.0.1:$port/api/lookup/active" >/dev/null; do
  if ! kill -0 "$server" 2>/dev/null; then cat "$log"; echo "server exited before it was ready"; exit 1; fi
  if [ $(($(date +%s) - started)) -ge $deadline_s ]; then cat "$log"; echo "not ready in ${deadline_s} s"; exit 1; fi
  sleep 0.5
done
echo "  ready in $(($(date +%s) - started)) s"

login=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/api/login" \
  -H 'content-type: application/json' -d '{"username":"0800000001","password":"krapao123"}')
if [ "$login" != 200 ]; then cat "$log"; echo "demo login: HTTP $login"; exit 1; fi
echo "  demo login: HTTP 200"

kill -TERM "$server"
code=0
wait "$server" || code=$?
server=""
if [ "$code" != 0 ]; then cat "$log"; echo "exit code $code after SIGTERM"; exit 1; fi
echo "  stopped cleanly on SIGTERM"
