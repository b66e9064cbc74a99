#!/usr/bin/env bash
# Starts the gateway exactly as the README's first command does (embedded defaults, no
# DATABASE_URL or REDIS_URL), signs the printed demo chair in, reads /v1/Accounts, stops it
# with SIGTERM and expects a clean exit; then runs the admin CLI on the same data directory.
set -euo pipefail
cd "$(dirname "$0")/.."

work=$(mktemp -d)
# a port the system says is free now (a random one could be a client connection's: ports
# above 32767 are handed out to outgoing connections, and CI failed once on one)
port=$(node -e "const s = require('net').createServer().listen(0, '0.0.0.0', () => { console.log(s.address().port); s.close(); })")
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT

env -u DATABASE_URL -u REDIS_URL DATA_DIR="$work/data" PORT="$port" LOG_LEVEL=warn npm start >"$work/out.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$work/out.log"; echo "gateway exited early"; exit 1; }
  sleep 0.5
done
curl -sf "http://127.0.0.1:$port/healthz"
echo
username=$(sed -n 's/.*username \([^ ]*\) .*/\1/p' "$work/out.log" | head -n 1)
password=$(sed -n 's/.*password \([^ ]*\).*/\1/p' "$work/out.log" | head -n 1)
[ -n "$username" ] && [ -n "$password" ] || { cat "$work/out.log"; echo "no demo sign-in printed"; exit 1; }
token=$(curl -sf -X POST "http://127.0.0.1:$port/auth/token" -H 'content-type: application/json' \
  -d "{\"username\":\"$username\",\"password\":\"$password\"}" | node -pe 'JSON.parse(require("fs").readFileSync(0)).access_token')
accounts=$(curl -sf "http://127.0.0.1:$port/v1/Accounts" -H "authorization: Bearer $token")
echo "$accounts" | node -e 'const a=JSON.parse(require("fs").readFileSync(0)); if (!a.length) process.exit(1); console.log("demo accounts:", a.map((x) => x.name).join(", "))'

kill -TERM "$pid"
status=0
wait "$pid" || status=$?
[ "$status" -eq 0 ] || { cat "$work/out.log"; echo "gateway did not stop cleanly on SIGTERM (exit $status)"; exit 1; }
echo "stopped cleanly on SIGTERM"

created=$(env -u DATABASE_URL -u REDIS_URL DATA_DIR="$work/data" npm run admin --silent -- account:create --name 'Smoke Test Co' --json)
echo "$created" | node -e 'const o=JSON.parse(require("fs").readFileSync(0)); if (o.name !== "Smoke Test Co") process.exit(1); console.log("admin CLI:", JSON.stringify(o))'
echo "smoke passed"
