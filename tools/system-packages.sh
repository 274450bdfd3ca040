#!/bin/sh
# The Debian packages the tests start services from: a PostgreSQL server for the web
# table's database tests and Chromium's headless shell for its browser tests (the build
# of Chromium made for headless use, without the desktop browser; driven by Playwright;
# no browser is ever downloaded), and a C compiler with Python's headers for the compiled
# engine (tools/compile.py). Installed only where missing, and only where this user may
# (root with apt-get); elsewhere the tests that need them are reported as NOT RUN (and
# without a compiler the engine runs interpreted, and says so). Each package is
# installed on its own, so one that cannot be leaves the others.
#
#   sh tools/system-packages.sh [build|services]
# build: only the compiler and headers; services: only PostgreSQL and Chromium; no
# argument: all. `make test` installs the build tools first, then the services in the
# background while pip installs the project and the engine compiles.
set -e
what=${1:-all}
py=.venv/bin/python
[ -x "$py" ] || py=python3
have_postgres() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; }
have_headers() {
    inc=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["include"])' 2>/dev/null) || return 0
    [ -f "$inc/Python.h" ]
}
missing=""
if [ "$what" != build ]; then
    have_postgres || missing="$missing postgresql"
    command -v chromium-headless-shell >/dev/null 2>&1 || missing="$missing chromium-headless-shell"
fi
if [ "$what" != services ]; then
    command -v cc >/dev/null 2>&1 || missing="$missing gcc+libc6-dev"
    have_headers || missing="$missing python$("$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])')-dev"
fi
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian packages:$(echo "$missing" | tr '+' ' ')"
    apt-get update -qq || true
    for group in $missing; do
        if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
                $(echo "$group" | tr '+' ' ') >/dev/null 2>&1; then
            echo "Could not install $(echo "$group" | tr '+' ' '): the tests that need it will say NOT RUN."
        fi
    done
else
    echo "Not installing$(echo "$missing" | tr '+' ' ') (needs root and apt-get): the tests that need it will say NOT RUN."
fi
