#!/usr/bin/env bash
# Runs the conformance kit of the Parley checkout this script is in, with its flags taken from
# PARLEY_* variables (the GitHub Action's inputs, a GitLab job's CI/CD variables). The kit runs from
# that checkout's own package (npx --prefix: the sources through tsx; `npm ci` there first), in the
# current directory, so --out and --baseline are the caller's paths. Secrets go to the kit as
# arguments of one process and are never echoed; the kit redacts them in every report.
# Exit: the kit's own code (0 conforms, 1 does not, 2 could not judge).
set -uo pipefail

kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
args=()
# PARLEY_<NAME> → --<flag> <value>, when set and not empty.
flag() { if [ -n "${!1:-}" ]; then args+=("$2" "${!1}"); fi; }
flag PARLEY_BASE_URL --base-url
flag PARLEY_API_KEY --api-key
flag PARLEY_WS_URL --ws-url
flag PARLEY_SECOND_API_KEY --second-api-key
flag PARLEY_AUDIO_BASE_URL --audio-base-url
flag PARLEY_TRANSCRIPT_MEETING_ID --transcript-meeting-id
flag PARLEY_PARTNER_TOKEN --partner-token
flag PARLEY_OAUTH_CLIENT --oauth-client
flag PARLEY_OAUTH_USER --oauth-user
flag PARLEY_OAUTH_REDIRECT_URI --oauth-redirect-uri
flag PARLEY_OAUTH_SCOPE --oauth-scope
flag PARLEY_OAUTH_REVOKE_URL --oauth-revoke-url
flag PARLEY_INTEGRATION_URL --integration-url
flag PARLEY_CALLBACK_URL --callback-url
flag PARLEY_CALLBACK_LISTEN --callback-listen
flag PARLEY_WEBHOOK_SECRET --webhook-secret
flag PARLEY_WORKSPACE_USER --workspace-user
flag PARLEY_PROFILE --profile
flag PARLEY_BASELINE --baseline
flag PARLEY_ONLY --only
flag PARLEY_EXCLUDE --exclude
flag PARLEY_SEED --seed
flag PARLEY_TIMEOUT --timeout
flag PARLEY_RETRIES --retries
flag PARLEY_MIN_COVERAGE --min-coverage
flag PARLEY_PROTO_STREAM_MESSAGE --proto-stream-message
# One .proto file per line (or separated by spaces).
for file in ${PARLEY_PROTO:-}; do args+=(--proto "$file"); done
if [ "${PARLEY_PARLEY_CHOICES:-false}" = "true" ]; then args+=(--parley-choices); fi
args+=(--reporter "${PARLEY_REPORTERS:-console,junit,json,html}" --out "${PARLEY_OUT:-conformance-report}")

if [ ! -e "$kit/node_modules/.bin/parley-conformance" ]; then
  echo "installing the kit in $kit (npm ci)"
  (cd "$kit" && npm ci --no-audit --no-fund) || exit 2
fi
npx --no-install --prefix "$kit" parley-conformance "${args[@]}"
