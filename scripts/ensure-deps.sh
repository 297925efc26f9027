#!/usr/bin/env bash
# Installs npm dependencies when node_modules is missing or older than package-lock.json.
# Expects Node >= 22.22 on PATH (source scripts/node-env.sh first).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  echo "Installing dependencies (npm ci)..." >&2
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
# Fixes to dependencies (npm's postinstall runs it too; a second run changes nothing).
node scripts/patch-deps.mjs
