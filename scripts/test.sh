#!/usr/bin/env bash
# Runs the whole test suite: the vitest projects unit, api (PGlite, and PostgreSQL when available)
# and browser (end-to-end tests against the production build); arguments go to vitest
# (`npm test -- --project api`).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
bash scripts/ensure-system.sh
bash scripts/ensure-deps.sh
bash scripts/ensure-build.sh

# The PostgreSQL leg: use TEST_DATABASE_URL when given, else start a throwaway server from the
# machine's PostgreSQL binaries when there are any.
started_pg=""
if [ -z "${TEST_DATABASE_URL:-}" ] && ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; then
  pgdir="$(mktemp -d /tmp/safari-pg-XXXXXX)"
  eval "$(bash scripts/pg-start.sh "$pgdir" "${TEST_PG_PORT:-54331}")"
  export TEST_DATABASE_URL
  started_pg="$pgdir"
fi
cleanup() { [ -n "$started_pg" ] && bash scripts/pg-stop.sh "$started_pg" && rm -rf "$started_pg"; return 0; }
trap cleanup EXIT
if [ -n "${TEST_DATABASE_URL:-}" ]; then echo "PostgreSQL leg: on" >&2; else echo "PostgreSQL leg: off (no PostgreSQL server binaries)" >&2; fi

mkdir -p test-results
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/vitest.json "$@" || status=$?
# The slowest 10 files (their whole time: imports, set-up and tests), then the counts.
node -e '
  const r = JSON.parse(require("fs").readFileSync("test-results/vitest.json", "utf8"));
  const files = r.testResults.map((f) => ({ name: require("path").relative(process.cwd(), f.name), ms: f.endTime - f.startTime }));
  files.sort((a, b) => b.ms - a.ms);
  console.log("Slowest 10 files:");
  for (const f of files.slice(0, 10)) console.log(`${(f.ms / 1000).toFixed(1).padStart(7)} s  ${f.name}`);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + (r.numTodoTests||0)} skipped`);
' || true
exit $status
