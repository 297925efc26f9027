#!/usr/bin/env bash
# Builds the production bundle (and the images) when it is missing or older than the sources.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
stamp=build/.built
if [ -f "$stamp" ] && [ -z "$(find app common content package-lock.json vite.config.ts react-router.config.ts -newer "$stamp" -type f -print -quit 2>/dev/null)" ]; then
  exit 0
fi
echo "Building the site..." >&2
npm run build --silent
touch "$stamp"
