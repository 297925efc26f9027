#!/usr/bin/env bash
# One command to install, build (when needed) and start the site on http://localhost:${PORT:-3000}.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/node-env.sh
bash scripts/ensure-deps.sh
bash scripts/ensure-build.sh
exec bash scripts/serve.sh
