#!/usr/bin/env bash
# One command to install, build (when needed) and start the site on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
bash scripts/ensure-deps.sh
bash scripts/ensure-build.sh
# --no-liftoff: compile the embedded database's WebAssembly once with the optimising compiler
# (half the memory of the two-tier default, and faster queries from the first request).
exec node --disable-warning=ExperimentalWarning --no-liftoff server/index.ts
