#!/usr/bin/env bash
# Runs a command with an X display for the headed end-to-end project. A private Xvfb
# (xvfb-run) is preferred even on a desktop, so test windows never open on the user's
# screen; without xvfb-run, the session's own DISPLAY is used.
set -euo pipefail
if command -v xvfb-run >/dev/null 2>&1; then
  exec xvfb-run --auto-servernum --server-args="-screen 0 1280x900x24 -nolisten tcp" "$@"
fi
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec "$@"
fi
echo "The headed end-to-end tests need a display: install Xvfb (Debian: apt-get install -y xvfb xauth) or run under a desktop session." >&2
exit 1
