#!/usr/bin/env bash
# Generates the next SQL migration from server/db/schema.ts. The lock keeps two generators in one checkout
# from numbering their migrations alike; stdin is closed so an ambiguous rename fails instead of waiting.
set -euo pipefail
cd "$(dirname "$0")/.."
exec flock /tmp/prairie-db-generate.lock npx drizzle-kit generate "$@" </dev/null
