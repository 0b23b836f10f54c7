# Shared helpers for scripts/*: install what a fresh Debian 12 machine lacks.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

apt_updated=0
need_apt() {
  local missing=()
  for package in "$@"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing Debian packages: ${missing[*]}" >&2
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    if [ $apt_updated -eq 0 ]; then $sudo apt-get update -qq; apt_updated=1; fi
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

need_selenium() {
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
  fi
  if ! "$VENV/bin/python" -c "import selenium" 2>/dev/null; then
    echo "installing selenium into .venv" >&2
    "$VENV/bin/pip" install -q "selenium>=4.15,<5"
  fi
}

need_psycopg() {  # PostgreSQL from Python (scripts/bench-data.py, scripts/app-load on a postgres:// store)
  if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
  fi
  if ! "$VENV/bin/python" -c "import psycopg" 2>/dev/null; then
    echo "installing psycopg into .venv" >&2
    "$VENV/bin/pip" install -q "psycopg[binary]>=3.1,<4"
  fi
}
