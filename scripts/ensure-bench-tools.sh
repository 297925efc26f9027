#!/usr/bin/env bash
# What the benchmarks compare against and load with: nginx-light (the same bytes served by nginx in
# the same run) and wrk (a load generator in its own process). Installed with apt when missing and
# running as root; otherwise a line says what is missing and the benchmarks do without (no nginx
# comparison; autocannon in-process instead of wrk). Never needed by the tests.
set -uo pipefail
need=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
command -v wrk >/dev/null 2>&1 || need+=(wrk)
[ ${#need[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing ${need[*]} for the benchmarks (apt)..." >&2
  if apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null; then
    # nginx-light's own service is not wanted: the benchmark starts nginx itself on another port.
    { command -v systemctl >/dev/null && systemctl stop nginx; } >/dev/null 2>&1 || true
    { [ -f /run/nginx.pid ] && kill "$(cat /run/nginx.pid)"; } >/dev/null 2>&1 || true
    exit 0
  fi
  echo "Could not install ${need[*]}; the benchmarks go on without." >&2
else
  echo "Missing for the benchmarks: ${need[*]} (apt-get install -y ${need[*]}); they go on without." >&2
fi
exit 0
