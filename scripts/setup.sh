#!/usr/bin/env bash
# One setup step for a fresh Debian machine: the Debian packages the tests use (as root, or through
# sudo), then the npm workspaces (`npm ci`). `.ci/run` calls it; the README's quick start starts here.
set -euo pipefail
cd "$(dirname "$0")/.."

# pocketsphinx + model: local speech-to-text; flite, espeak-ng, sox: fixture generation and audio
# tests; postgresql: the store and route tests run on a real server as well as on SQLite; apertium
# and its pairs: local translation (APERTIUM_PACKAGES in server/src/engines/translate/apertium.backend.ts
# says why these pairs); chromium: the browser tests (playwright-core drives /usr/bin/chromium);
# haproxy: the scale-out test and bench put two server processes behind it; kakasi: kana readings of
# kanji for the Japanese TTS voice.
PACKAGES=(
  pocketsphinx pocketsphinx-en-us libpocketsphinx-dev flite espeak-ng sox postgresql
  apertium apertium-eng-spa apertium-spa-cat apertium-en-gl apertium-fr-es apertium-es-pt
  apertium-spa-ita apertium-es-ro apertium-eu-en apertium-mkd-eng apertium-hbs-eng apertium-isl-eng
  apertium-fra-cat apertium-por-cat apertium-cat-ita apertium-es-gl apertium-pt-gl
  chromium haproxy kakasi
)

missing=()
for package in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo=()
  if [ "$(id -u)" -ne 0 ]; then sudo=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

npm ci --no-audit --no-fund
