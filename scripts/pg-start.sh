#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server from the machine's binaries for the test suite's
# PostgreSQL leg, and prints the DATABASE_URL to use. Usage: eval "$(bash scripts/pg-start.sh DIR PORT)"
# Runs the server as the 'postgres' user when invoked as root (initdb refuses to run as root).
set -euo pipefail
dir="${1:-/tmp/safari-pg}"
port="${2:-54329}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
[ -x "$bin/initdb" ] || { echo "no PostgreSQL server binaries under /usr/lib/postgresql" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
if [ "$(id -u)" = 0 ]; then mkdir -p "$dir"; chown postgres "$dir"; fi
if [ ! -f "$dir/PG_VERSION" ]; then
  as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! as_pg "$bin/pg_ctl" -D "$dir" status >/dev/null 2>&1; then
  as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -w -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
fi
for db in safari_test safari_bench; do
  as_pg "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -tAc "select 1 from pg_database where datname='$db'" | grep -q 1 \
    || as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U postgres "$db"
done
echo "export TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/safari_test"
echo "export BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:$port/safari_bench"
