#!/usr/bin/env bash
# A throwaway PostgreSQL 15 cluster for the tests, on a private port and socket folder.
#
#   eval "$(Scripts/postgres.sh start [DIR])"   # exports KEEPSAKE_POSTGRES_URL and KEEPSAKE_POSTGRES_DIR
#   Scripts/postgres.sh stop [DIR]
#
# The cluster runs as an unprivileged user (PostgreSQL refuses root): the `postgres` user when the
# script runs as root, else the caller. Authentication is `trust` on the socket and on loopback,
# but for the role keepsake_pw, which signs in with the password right-password (on loopback).
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
      # One role signs in with a password (for the tests of a wrong one); everyone else is trusted.
      as_owner "printf '%s\\n' 'local all all trust' 'host all keepsake_pw 127.0.0.1/32 scram-sha-256' 'host all all 127.0.0.1/32 trust' > '$dir/data/pg_hba.conf'"
    fi
    as_owner "'$bin/pg_ctl' -D '$dir/data' -l '$dir/server.log' -w -t 30 -o \"-k '$dir' -p $port -c listen_addresses=127.0.0.1 -c fsync=off\" start >/dev/null" \
      || { cat "$dir/server.log" >&2; exit 1; }
    as_owner "'$bin/psql' -h '$dir' -p $port -U keepsake -d postgres -tAc \"SELECT 1 FROM pg_database WHERE datname = 'keepsake'\" | grep -q 1 \
      || '$bin/createdb' -h '$dir' -p $port -U keepsake keepsake"
    as_owner "'$bin/psql' -q -h '$dir' -p $port -U keepsake -d keepsake -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'keepsake_pw'\" | grep -q 1 \
      || '$bin/psql' -q -h '$dir' -p $port -U keepsake -d keepsake -c \"CREATE ROLE keepsake_pw LOGIN PASSWORD 'right-password'; GRANT CREATE ON DATABASE keepsake TO keepsake_pw\""
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
