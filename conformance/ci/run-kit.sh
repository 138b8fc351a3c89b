#!/usr/bin/env bash
# Runs the conformance kit of the Parley checkout this script is in, configured by the PARLEY_*
# variables of its environment (the GitHub Action's inputs, a GitLab job's CI/CD variables), which
# the kit reads itself: each flag has its variable (conformance/COMMAND.md), so nothing, and no
# secret, is on the kit's command line, where every user of the machine could read it while the run
# lasts. The kit runs from that checkout's own package (npx --prefix: the sources through tsx;
# `npm ci` there first), in the current directory, so PARLEY_OUT and PARLEY_BASELINE are the
# caller's paths; it redacts the secrets in every report.
# Exit: the kit's own code (0 conforms, 1 does not, 2 could not judge).
set -uo pipefail

kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# The CI's defaults, where the kit's own differ (console only, in the current directory).
export PARLEY_REPORTERS="${PARLEY_REPORTERS:-console,junit,json,html}"
export PARLEY_OUT="${PARLEY_OUT:-conformance-report}"

if [ ! -e "$kit/node_modules/.bin/parley-conformance" ]; then
  echo "installing the kit in $kit (npm ci)"
  (cd "$kit" && npm ci --no-audit --no-fund) || exit 2
fi
exec npx --no-install --prefix "$kit" parley-conformance
