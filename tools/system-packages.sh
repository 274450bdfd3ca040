#!/bin/sh
# The Debian packages the tests start services from: a PostgreSQL server for the web
# table's database tests and Chromium for its browser tests (driven by Playwright; no
# browser is ever downloaded), and a C compiler for the compiled engine (tools/compile.py).
# Installed only where missing, and only where this user may (root with apt-get);
# elsewhere the tests that need them are reported as NOT RUN (without a compiler the
# engine runs interpreted, and says so).
set -e
have_postgres() { ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; }
missing=""
have_postgres || missing="$missing postgresql"
command -v chromium >/dev/null 2>&1 || missing="$missing chromium"
command -v cc >/dev/null 2>&1 || missing="$missing gcc libc6-dev"
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian packages:$missing"
    if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -qq --no-install-recommends $missing >/dev/null; }; then
        echo "Could not install$missing: the tests that need it will say NOT RUN."
    fi
else
    echo "Not installing$missing (needs root and apt-get): the tests that need it will say NOT RUN."
fi
