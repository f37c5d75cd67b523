#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests, on a private port and socket folder.
#
#   eval "$(Scripts/postgres.sh start [DIR])"   # exports KEEPSAKE_POSTGRES_URL and KEEPSAKE_POSTGRES_DIR
#   Scripts/postgres.sh stop [DIR]
#
# The cluster runs as an unprivileged user (PostgreSQL refuses root): the `postgres` user when the
# script runs as root, else the caller. Authentication is `trust` on the socket and on loopback.
set -euo pipefail
command=${1:-start}
dir=${2:-${KEEPSAKE_POSTGRES_DIR:-/tmp/keepsake-postgres}}
port=${KEEPSAKE_POSTGRES_PORT:-54329}
bin=$(ls -d /usr/lib/postgresql/15/bin 2>/dev/null || dirname "$(command -v initdb)")

as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

case "$command" in
  start)
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      mkdir -p "$dir"
      [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_owner "'$bin/initdb' -D '$dir/data' -U keepsake --auth=trust --no-sync -E UTF8 --locale=C.UTF-8 >'$dir/initdb.log' 2>&1" \
        || { cat "$dir/initdb.log" >&2; exit 1; }
    fi
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 30 -o \"-k '$dir' -p $port -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null" \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "'$bin/psql' -h '$dir' -p $port -U keepsake -d postgres -tAc \"SELECT 1 FROM pg_database WHERE datname = 'keepsake'\" | grep -q 1 \
      || '$bin/createdb' -h '$dir' -p $port -U keepsake keepsake"
    echo "export KEEPSAKE_POSTGRES_URL='postgres://keepsake@127.0.0.1:$port/keepsake'"
    echo "export KEEPSAKE_POSTGRES_DIR='$dir'"
    ;;
  stop)
    [ -f "$dir/data/postmaster.pid" ] && as_owner "'$bin/pg_ctl' -D '$dir/data' -m fast -w stop >/dev/null"
    ;;
  *)
    echo "usage: $0 start|stop [DIR]" >&2
    exit 2
    ;;
esac
