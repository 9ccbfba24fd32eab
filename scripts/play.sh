#!/usr/bin/env bash
# Sets everything up, builds the engine for the browser and serves the game at
# http://localhost:${PORT:-8080}/ (Ctrl-C stops it).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/build-wasm.sh
port=${PORT:-8080}
echo "Gamão: open http://localhost:$port/"
exec python3 -m http.server "$port" --bind 127.0.0.1 --directory www
