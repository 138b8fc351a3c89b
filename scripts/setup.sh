#!/usr/bin/env bash
# The whole setup of a fresh Debian machine, every step run: the Debian packages of
# scripts/debian-packages.txt (as root, or through sudo), then `npm ci`. `npm run setup` and `.ci/run`
# call it; `npm start` and `npm test` run the same steps only when something is missing
# (scripts/preflight.mjs, which does the work for both).
set -euo pipefail
cd "$(dirname "$0")/.."
exec node scripts/preflight.mjs --setup
