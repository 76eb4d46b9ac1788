#!/usr/bin/env bash
# Install the sushi table companion as a service on Raspberry Pi OS Bookworm (64-bit), Pi 4 or 5.
#
#   sudo hardware/deploy/install.sh [--hostname companion] [--port 80]
#
# From a checkout of this repository. It:
#   1. installs Raspberry Pi OS packages: python3-venv, python3-picamera2 (camera), python3-lgpio
#      and python3-gpiozero (GPIO), avahi-daemon (mDNS), network-manager (hotspot);
#   2. creates the system user `companion` (groups dialout, gpio, video; no login, no home);
#   3. creates a virtual environment in /opt/sushi-companion/venv WITH the system site packages,
#      so Picamera2, lgpio and gpiozero come from Raspberry Pi OS, and installs this project into
#      it, pinned to the system's NumPy (Picamera2 and its helpers are built against it: a NumPy
#      2 wheel from PyPI would break `import picamera2`), with OpenCV below 4.12 (whose wheels
#      need NumPy 2);
#   4. creates the data directory /var/lib/sushi-companion (owned by `companion`, mode 0750);
#   5. installs /etc/sushi-companion/companion.env (never overwritten), the systemd unit, the
#      udev rule for the dice tower (/dev/sushi-tower) and the avahi service file;
#   6. reloads udev and systemd, enables the service (it comes back by itself after a power cut)
#      and starts it; with --hostname also renames the Pi (then it is NAME.local on the network).
#
# Options:
#   --root DIR     install into DIR instead of / (also DESTDIR=DIR): files are written under DIR,
#                  and the commands that change the machine (apt-get, useradd, usermod, chown,
#                  hostnamectl, udevadm, systemctl, pip) are printed as "would run: ..." instead;
#                  the virtual environment is created without pip. For tests and packaging.
#   --source DIR   the checkout to install (default: the repository this script is in)
#   --hostname N   rename the Pi to N (mDNS name N.local)
#   --port P       the port in a new companion.env (default 80)
#   --no-apt       do not install Raspberry Pi OS packages
#   --no-start     enable the service but do not start it now
# Undo: hardware/deploy/uninstall.sh (keeps the data unless --purge).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="${DESTDIR:-/}"
SOURCE="$(cd "$HERE/../.." && pwd)"
HOSTNAME_NEW=""
PORT="80"
APT=1
START=1

APP_DIR=/opt/sushi-companion
VENV="$APP_DIR/venv"
DATA_DIR=/var/lib/sushi-companion
CONF_DIR=/etc/sushi-companion
UNIT=/etc/systemd/system/sushi-companion.service
UDEV_RULE=/etc/udev/rules.d/99-sushi-tower.rules
AVAHI_SERVICE=/etc/avahi/services/sushi-companion.service
USER_NAME=companion
GROUPS_WANTED=(dialout gpio video)
APT_PACKAGES=(python3-venv python3-pip python3-picamera2 python3-lgpio python3-gpiozero
              python3-numpy avahi-daemon network-manager)

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }

while [ $# -gt 0 ]; do
  case "$1" in
    --root) ROOT="$2"; shift 2 ;;
    --root=*) ROOT="${1#*=}"; shift ;;
    --source) SOURCE="$(cd "$2" && pwd)"; shift 2 ;;
    --hostname) HOSTNAME_NEW="$2"; shift 2 ;;
    --port) PORT="$2"; shift 2 ;;
    --no-apt) APT=0; shift ;;
    --no-start) START=0; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done

ROOT="${ROOT%/}"          # "/" becomes "", so "$ROOT$path" is the real path
LIVE=0
[ -z "$ROOT" ] && LIVE=1
if [ "$LIVE" = 1 ] && [ "$(id -u)" != 0 ]; then
  echo "install: run as root (sudo), or use --root DIR to install into a folder" >&2
  exit 1
fi
if [ -n "$ROOT" ]; then
  mkdir -p "$ROOT"
  ROOT="$(cd "$ROOT" && pwd)"
fi
case "$PORT" in ''|*[!0-9]*) echo "install: --port must be a number" >&2; exit 2 ;; esac
if [ ! -f "$SOURCE/pyproject.toml" ]; then
  echo "install: $SOURCE is not a checkout of the companion (no pyproject.toml)" >&2
  exit 2
fi

say() { echo "install: $*"; }
# A command that changes the machine: run it for real, or print it under --root.
system() {
  if [ "$LIVE" = 1 ]; then "$@"; else printf 'would run:'; printf ' %q' "$@"; echo; fi
}
# Copy a file from this folder to its place under the root, with a mode.
put() {
  local from="$1" to="$ROOT$2" mode="$3"
  mkdir -p "$(dirname "$to")"
  install -m "$mode" "$from" "$to"
  say "wrote $2"
}

check_os() {
  local release="$ROOT/etc/os-release"
  [ -f "$release" ] || release=/etc/os-release
  if ! grep -q '^VERSION_CODENAME=bookworm' "$release" 2>/dev/null; then
    say "warning: not Debian/Raspberry Pi OS bookworm; continuing, but only bookworm is supported"
  fi
  if [ "$LIVE" = 1 ] && [ "$(uname -m)" != aarch64 ]; then
    say "warning: $(uname -m) is not 64-bit ARM; 64-bit Raspberry Pi OS is the supported target"
  fi
}

install_packages() {
  [ "$APT" = 1 ] || { say "skipping apt-get (--no-apt)"; return; }
  system apt-get update
  system env DEBIAN_FRONTEND=noninteractive apt-get install -y "${APT_PACKAGES[@]}"
}

create_user() {
  if [ "$LIVE" = 1 ] && id "$USER_NAME" >/dev/null 2>&1; then
    say "user $USER_NAME exists"
  else
    system useradd --system --user-group --home-dir "$DATA_DIR" --no-create-home \
      --shell /usr/sbin/nologin --comment "Sushi table companion" "$USER_NAME"
  fi
  local group
  for group in "${GROUPS_WANTED[@]}"; do
    if [ "$LIVE" = 0 ] || getent group "$group" >/dev/null; then
      system usermod --append --groups "$group" "$USER_NAME"
    else
      say "warning: no group $group on this machine (not Raspberry Pi OS?); skipped"
    fi
  done
}

# The system NumPy the venv must keep (Picamera2 and simplejpeg are built against it).
numpy_pin() {
  local version
  version="$(/usr/bin/python3 -c 'import numpy; print(numpy.__version__)' 2>/dev/null || true)"
  if [ -n "$version" ]; then echo "numpy==$version"; else echo "numpy<2"; fi
}

create_venv() {
  local venv="$ROOT$VENV"
  mkdir -p "$ROOT$APP_DIR"
  if [ "$LIVE" = 1 ]; then
    /usr/bin/python3 -m venv --system-site-packages "$venv"
  else
    python3 -m venv --system-site-packages --without-pip "$venv"
  fi
  say "virtual environment $VENV (with the system site packages)"
  {
    echo "# written by install.sh: keep Raspberry Pi OS's NumPy (python3-picamera2 is built"
    echo "# against it) and an OpenCV whose wheels accept NumPy 1.x"
    numpy_pin
    echo "opencv-python-headless<4.12"
  } > "$ROOT$APP_DIR/constraints.txt"
  say "wrote $APP_DIR/constraints.txt ($(numpy_pin))"
  cp "$SOURCE/README.md" "$ROOT$APP_DIR/README.md"
  if [ -f "$SOURCE/hardware/GUIDE.md" ]; then cp "$SOURCE/hardware/GUIDE.md" "$ROOT$APP_DIR/GUIDE.md"; fi
  system "$VENV/bin/python" -m pip install --upgrade pip
  system "$VENV/bin/python" -m pip install --constraint "$APP_DIR/constraints.txt" "$SOURCE"
}

create_data_dir() {
  mkdir -p "$ROOT$DATA_DIR" "$ROOT$CONF_DIR"
  chmod 0750 "$ROOT$DATA_DIR"
  system chown "$USER_NAME:$USER_NAME" "$DATA_DIR"
  say "data directory $DATA_DIR"
}

install_files() {
  if [ -f "$ROOT$CONF_DIR/companion.env" ]; then
    say "kept $CONF_DIR/companion.env"
  else
    mkdir -p "$ROOT$CONF_DIR"
    sed "s/^COMPANION_PORT=.*/COMPANION_PORT=$PORT/" "$HERE/companion.env" > "$ROOT$CONF_DIR/companion.env"
    chmod 0644 "$ROOT$CONF_DIR/companion.env"
    say "wrote $CONF_DIR/companion.env"
  fi
  put "$HERE/sushi-companion.service" "$UNIT" 0644
  put "$HERE/99-sushi-tower.rules" "$UDEV_RULE" 0644
  mkdir -p "$ROOT$(dirname "$AVAHI_SERVICE")"
  sed "s|<port>80</port>|<port>$PORT</port>|" "$HERE/sushi-companion.avahi.service" \
    > "$ROOT$AVAHI_SERVICE"
  chmod 0644 "$ROOT$AVAHI_SERVICE"
  say "wrote $AVAHI_SERVICE"
}

set_hostname() {
  [ -n "$HOSTNAME_NEW" ] || return 0
  system hostnamectl set-hostname "$HOSTNAME_NEW"
  system sed -i "s/^127\.0\.1\.1.*/127.0.1.1\t$HOSTNAME_NEW/" /etc/hosts
  say "the Pi will answer as $HOSTNAME_NEW.local"
}

enable_service() {
  system udevadm control --reload-rules
  system udevadm trigger --subsystem-match=tty
  system systemctl daemon-reload
  system systemctl enable sushi-companion.service
  system systemctl reload-or-restart avahi-daemon.service
  if [ "$START" = 1 ]; then
    system systemctl restart sushi-companion.service
  fi
}

check_os
install_packages
create_user
create_venv
create_data_dir
install_files
set_hostname
enable_service
say "done. Open http://${HOSTNAME_NEW:-$(hostname)}.local$([ "$PORT" = 80 ] || echo ":$PORT")/ on a phone;"
say "status: systemctl status sushi-companion; logs: journalctl -u sushi-companion -f"
