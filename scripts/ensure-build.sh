#!/usr/bin/env bash
# Builds the production bundle (and the images) when it is missing or older than the sources, and
# makes sure the build holds the embedded database template (server/db/template.ts; it is keyed by
# the PGlite version, so it can be missing from an otherwise current build).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
stamp=build/.built
if [ -f "$stamp" ] && [ -z "$(find app common content package-lock.json vite.config.ts react-router.config.ts -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  node --liftoff-only server/db/template.ts
  exit 0
fi
echo "Building the site..." >&2
npm run build --silent
touch "$stamp"
