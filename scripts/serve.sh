#!/usr/bin/env bash
# Starts a built server process: `scripts/serve.sh` for the site, `scripts/serve.sh server/api/main.ts`
# for the API alone. The Node flags live here, in one place (figures: 2-core machine, Node 24):
#   --liftoff-only            compile the embedded database's WebAssembly with the baseline compiler
#                             only: the optimising compiler needs about 500 MB at its peak for
#                             PostgreSQL's largest functions, and its code sits next to the baseline
#                             code; cold API answers take about a tenth more CPU, and the site
#                             answers most requests from its caches;
#   --max-semi-space-size=4   a small young generation: a quarter less memory at rest and under
#                             load, with no loss of throughput for this server's short-lived garbage;
#   --max-old-space-size=384  a heap limit this small also makes V8 grow the heap in small steps
#                             (factor ~1.7 instead of 4 between full collections): under a load of
#                             uncached page renders the heap stays near 70 MB instead of ~190 MB,
#                             about 100 MB less resident memory, for about a fifth more CPU per
#                             uncached render (cached answers cost the same). The live heap is about
#                             40 MB, far below the limit. NODE_OPTIONS=--max-old-space-size=N
#                             chooses another limit.
# and two settings of glibc's allocator:
#   MALLOC_MMAP_THRESHOLD_=131072  blocks of 128 KB and more (a compression stream's windows and
#                             tables, several MB each) are mapped and unmapped on their own, so they
#                             go back to the system when freed; by default the threshold climbs to
#                             their size and they are carved from the heap, which then only grows:
#                             under mixed page and API load with compression, resident memory rose
#                             from 320 to 420 MB in four minutes, and stays at ~245 MB with this;
#   MALLOC_ARENA_MAX=2        one arena per thread otherwise (libuv's threads), about 30 MB more.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
# React's production build: React reads NODE_ENV when it loads (server/index.ts sets the same default).
export NODE_ENV="${NODE_ENV:-production}"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
old_space=(--max-old-space-size=384)
case " ${NODE_OPTIONS:-} " in *--max-old-space-size*) old_space=() ;; esac
exec node --disable-warning=ExperimentalWarning --liftoff-only --max-semi-space-size=4 "${old_space[@]}" "${1:-server/index.ts}"
