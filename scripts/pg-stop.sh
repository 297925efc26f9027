#!/usr/bin/env bash
# Stops the throwaway PostgreSQL server started by scripts/pg-start.sh.
set -euo pipefail
dir="${1:-/tmp/safari-pg}"
bin="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)"
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
[ -f "$dir/PG_VERSION" ] && as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null 2>&1 || true
