#!/usr/bin/env bash
# The Debian/Ubuntu libraries Qt 6 needs (and Xvfb for real-window screenshots). Used by the
# README's set-up command and by .ci/run. poppler-utils: pdftotext, with which the tests read the
# ruling report back; desktop-file-utils and appstream: the package's .desktop and metainfo checks.
# postgresql: the card room's server (issue 15); the tests start one of their own on 127.0.0.1
# (tests/support/pg_server.py: initdb and pg_ctl, as the postgres user when run as root).
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
  python3-venv libegl1 libgl1 libxkbcommon0 libxkbcommon-x11-0 libfontconfig1 libdbus-1-3 libglib2.0-0 \
  xvfb libxcb-icccm4 libxcb-keysyms1 libxcb-image0 libxcb-render-util0 libxcb-randr0 \
  libxcb-shape0 libxcb-xinerama0 libxcb-xkb1 libxcb-cursor0 poppler-utils \
  desktop-file-utils appstream postgresql >/dev/null
