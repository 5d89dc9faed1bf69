#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and service tests on PGlite, the production build, e2e in
# Chromium; arranged for a 2-core machine (docs/performance.md, "CI", has each stage's time):
# eslint runs beside tsc, prettier and depcruise, and the e2e suite (mostly a browser and a server
# waiting on each other) beside the service tests on Postgres and then on PGlite when
# POSTGRES_TEST_URL names a database for them (.ci/run does), niced so the e2e suite runs as it
# would alone.
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
stage() { echo "== [test: $(($(date +%s) - started)) s] $*"; }
logs=$(mktemp -d)

stage "typecheck and lint: eslint beside tsc, prettier --check, depcruise, the OpenAPI client's drift and redocly lint"
(npm run typecheck && npx prettier --check . && npm run depcruise && npm run openapi:check) > "$logs/checks.log" 2>&1 &
checks=$!
eslint_ok=0
npx eslint . || eslint_ok=$?
checks_ok=0
wait "$checks" || checks_ok=$?
cat "$logs/checks.log"
if [ "$eslint_ok" != 0 ] || [ "$checks_ok" != 0 ]; then
  echo "== eslint exit $eslint_ok, typecheck/prettier/depcruise exit $checks_ok"
  exit 1
fi

# With POSTGRES_TEST_URL (CI), the service tests run beside the e2e suite, on Postgres and then on
# PGlite, one after the other and niced: the e2e suite is mostly a browser and a server waiting on each
# other, and the PGlite run alone took 5 of CI's 30 minutes before it. Without it, first and alone.
service_tests=""
if [ -z "${POSTGRES_TEST_URL:-}" ]; then
  stage "unit and service tests on PGlite"
  npm run test:unit
fi

stage "next build (its type check skipped: tsc checked the same files above)"
BUILD_SKIP_TYPECHECK=1 npm run build

if [ -n "${POSTGRES_TEST_URL:-}" ]; then
  stage "e2e in Chromium, beside the service tests on Postgres, then on PGlite"
  # Only the Postgres run sees DATABASE_URL: the e2e server and the PGlite run use embedded databases.
  (
    rc=0
    DATABASE_URL="$POSTGRES_TEST_URL" nice -n 10 npx vitest run > "$logs/postgres-tests.log" 2>&1 || rc=$?
    echo "$rc" > "$logs/postgres-tests.rc"
    rc=0
    nice -n 10 npm run test:unit > "$logs/pglite-tests.log" 2>&1 || rc=$?
    echo "$rc" > "$logs/pglite-tests.rc"
  ) &
  service_tests=$!
else
  stage "e2e in Chromium"
fi
e2e_ok=0
npm run test:e2e || e2e_ok=$?
postgres_ok=0
pglite_ok=0
if [ -n "$service_tests" ]; then
  stage "e2e done; waiting for the service tests on Postgres and PGlite"
  wait "$service_tests" || true
  echo "== service tests on Postgres"
  cat "$logs/postgres-tests.log"
  echo "== service tests on PGlite"
  cat "$logs/pglite-tests.log"
  postgres_ok=$(cat "$logs/postgres-tests.rc" 2>/dev/null || echo 1)
  pglite_ok=$(cat "$logs/pglite-tests.rc" 2>/dev/null || echo 1)
fi
if [ "$e2e_ok" != 0 ] || [ "$postgres_ok" != 0 ] || [ "$pglite_ok" != 0 ]; then
  echo "== e2e exit $e2e_ok, service tests on Postgres exit $postgres_ok, on PGlite exit $pglite_ok"
  exit 1
fi
stage "npm test passed"
