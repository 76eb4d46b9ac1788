#!/usr/bin/env bash
# Remove the sushi table companion service installed by install.sh.
#
#   sudo hardware/deploy/uninstall.sh [--purge]
#
# Stops and disables the service and removes the unit, the udev rule, the avahi service file
# and /opt/sushi-companion (the virtual environment). The games in /var/lib/sushi-companion
# and the settings in /etc/sushi-companion stay, unless --purge, which also removes them and
# the `companion` user. Export the games first: companion export --all -o games.json
#
# Options: --root DIR (or DESTDIR=DIR) works on a folder as install.sh does (commands that
# change the machine are printed as "would run: ..."); --purge as above.
set -euo pipefail

ROOT="${DESTDIR:-/}"
PURGE=0
while [ $# -gt 0 ]; do
  case "$1" in
    --root) ROOT="$2"; shift 2 ;;
    --root=*) ROOT="${1#*=}"; shift ;;
    --purge) PURGE=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "uninstall: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
ROOT="${ROOT%/}"
LIVE=0
[ -z "$ROOT" ] && LIVE=1
if [ "$LIVE" = 1 ] && [ "$(id -u)" != 0 ]; then
  echo "uninstall: run as root (sudo), or use --root DIR" >&2
  exit 1
fi

say() { echo "uninstall: $*"; }
system() {
  if [ "$LIVE" = 1 ]; then "$@"; else printf 'would run:'; printf ' %q' "$@"; echo; fi
}
remove() {
  local path="$ROOT$1"
  if [ -e "$path" ] || [ -L "$path" ]; then
    rm -rf -- "$path"
    say "removed $1"
  fi
}

if [ "$LIVE" = 0 ] || systemctl list-unit-files sushi-companion.service >/dev/null 2>&1; then
  system systemctl disable --now sushi-companion.service || true
fi
remove /etc/systemd/system/sushi-companion.service
remove /etc/udev/rules.d/99-sushi-tower.rules
remove /etc/avahi/services/sushi-companion.service
remove /opt/sushi-companion
system systemctl daemon-reload
system udevadm control --reload-rules
if [ "$PURGE" = 1 ]; then
  remove /var/lib/sushi-companion
  remove /etc/sushi-companion
  if [ "$LIVE" = 0 ] || id companion >/dev/null 2>&1; then
    system userdel companion
  fi
else
  say "kept the games in /var/lib/sushi-companion and the settings in /etc/sushi-companion"
  say "(uninstall.sh --purge removes them and the companion user)"
fi
say "done"
