#!/usr/bin/env bash
# The embedded default with the demo data under load (docs/benchmarks.md, "The Tracker's answers stored"): starts
# the server of a checkout on a fresh DATA_DIR in production with the demo, the limits lifted, then
# embedded-load.mjs. Usage: bash bench/usage/embedded.sh [checkout, default .] [port, default 3811]
set -eu
repo=$(cd "${1:-.}" && pwd); port=${2:-3811}
here=$(cd "$(dirname "$0")" && pwd)
data=$(mktemp -d)
cd "$repo"
env NODE_ENV=production DEMO_SEED=true DATA_DIR="$data" PORT="$port" HOST=127.0.0.1 LOG_LEVEL=warn \
  ACCOUNT_LOOKUP_FAILURES=1000000 ACCOUNT_LOOKUP_CONCURRENCY=1000 \
  USAGE_WEEKS_PER_ACCOUNT_PER_MINUTE=1000000 USAGE_WEEKS_PER_ADDRESS_PER_MINUTE=1000000 \
  node --import tsx apps/server/src/main.ts > "$data/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$data"' EXIT
for _ in $(seq 1 180); do curl -sf "http://127.0.0.1:$port/api/health" > /dev/null && break; sleep 1; done
node "$here/embedded-load.mjs" "http://127.0.0.1:$port"
