#!/usr/bin/env bash
# Starts a built server process: `scripts/serve.sh` for the site, `scripts/serve.sh server/api/main.ts`
# for the API alone. The Node flags live here, in one place:
#   --liftoff-only            compile the embedded database's WebAssembly with the baseline compiler
#                             only: the optimising compiler needs about 500 MB at its peak for
#                             PostgreSQL's largest functions (measured on Node 24), and its code
#                             sits next to the baseline code; queries run somewhat slower, and the
#                             site answers most requests from its caches;
#   --max-semi-space-size=4   a small young generation: a quarter less memory at rest and under
#                             load, with no loss of throughput for this server's short-lived garbage.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
# React's production build: React reads NODE_ENV when it loads (server/index.ts sets the same default).
export NODE_ENV="${NODE_ENV:-production}"
exec node --disable-warning=ExperimentalWarning --liftoff-only --max-semi-space-size=4 "${1:-server/index.ts}"
