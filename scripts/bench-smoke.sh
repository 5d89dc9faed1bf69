#!/usr/bin/env bash
# Every bench in bench/ started once with its smallest settings, so none rots (.ci/run; docs/performance.md).
# Needs DATABASE_URL (a scratch database: the benches write programs into it) and a production
# build (issuer-reads, http-overhead, fiat-quotes, first-load-js and lighthouse serve or read it).
# The chaos run (bench/chaos.ts) and bench/replica-reads.ts (it needs the replica) have their own
# stages in .ci/run. Prints each bench's seconds;
# fails on the first bench that fails, naming it.
set -euo pipefail
cd "$(dirname "$0")/.."
: "${DATABASE_URL:?bench-smoke needs DATABASE_URL (a scratch Postgres database)}"
export LOG_LEVEL=${LOG_LEVEL:-warn}
log=$(mktemp -d)
total=0
run() {
  local name=$1
  shift
  local t0=$SECONDS
  if ! "$@" >"$log/$name.log" 2>&1; then
    tail -40 "$log/$name.log"
    echo "== bench $name FAILED: $*"
    exit 1
  fi
  echo "   bench $name: $((SECONDS - t0)) s"
  total=$((total + SECONDS - t0))
}
run auth-cost npx tsx bench/auth-cost.ts --iterations 200
run customer-activity npx tsx bench/customer-activity.ts --smoke
run customer-search npx tsx bench/customer-search.ts --smoke
run webhook-delivery npx tsx bench/webhook-delivery.ts --backlog 200 --rate 50 --seconds 2
run authorization-controls npx tsx bench/authorization-controls.ts --cards 10 --seconds 1 --rate 25
run authorization-endpoint npx tsx bench/authorization-endpoint.ts --cards 5 --seconds 1 --rate 20 --hang-rate 5
run issuer-reads npx tsx bench/issuer-reads.ts --customers 200 --transactions 2000 --requests 20 --seconds 1 \
  --connections 2 --only "card-transactions, page 1"
run explain-issuer-reads npx tsx bench/explain-issuer-reads.ts
run fiat-quotes npx tsx bench/fiat-quotes.ts --requests 20 --seconds 1 --connections 2
run http-overhead npx tsx bench/http-overhead.ts --seconds 1 --connections 2
run first-load-js npx tsx bench/first-load-js.ts
run lighthouse npx tsx bench/lighthouse.ts --runs 1 --pages /overview
run cluster-connections npx tsx bench/cluster-connections.ts --smoke
echo "   benches: ${total} s"
