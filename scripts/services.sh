#!/usr/bin/env bash
# PostgreSQL and Redis on loopback for the multi-process server tests.
#
#   bash scripts/services.sh start   # install if missing, start if not running; print the URLs
#   bash scripts/services.sh stop    # stop both
#   bash scripts/services.sh status
#
# Ports and folders: PGPORT (5433), PGDATA (/tmp/ci-pg), REDIS_PORT (6390).
# `start` is idempotent (a running server is reused) and prints
#   TAPETE_CLUSTER_PG=postgresql://postgres@127.0.0.1:5433/postgres
#   TAPETE_CLUSTER_REDIS=redis://127.0.0.1:6390/0
# The commands are the ones verified in ../shared/notes/stack.md.
set -euo pipefail

PGPORT=${PGPORT:-5433}
PGDATA=${PGDATA:-/tmp/ci-pg}
REDIS_PORT=${REDIS_PORT:-6390}
HERE=$(cd "$(dirname "$0")" && pwd)

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }

# Run a PostgreSQL tool as the postgres user (as root), or as ourselves.
as_pg() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -c "$*"; else bash -c "$*"; fi
}

start_pg() {
  [ -n "$(pg_bin)" ] || bash "$HERE/need-debian.sh" postgresql
  local bin; bin=$(pg_bin)
  [ -n "$bin" ] || { echo "services: PostgreSQL is not installed and cannot be" >&2; return 1; }
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    if [ "$(id -u)" -eq 0 ]; then install -d -o postgres -g postgres -m 700 "$PGDATA"; else install -d -m 700 "$PGDATA"; fi
    as_pg "$bin/initdb -D $PGDATA -U postgres -A trust --no-sync -E UTF8" >/dev/null
  fi
  if ! as_pg "$bin/pg_ctl -D $PGDATA status" >/dev/null 2>&1; then
    as_pg "$bin/pg_ctl -D $PGDATA -l $PGDATA/server.log -w -t 30 start \
      -o '-p $PGPORT -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200'" >/dev/null
  fi
}

start_redis() {
  command -v redis-server >/dev/null || bash "$HERE/need-debian.sh" redis-server
  command -v redis-server >/dev/null || { echo "services: redis-server is not installed and cannot be" >&2; return 1; }
  if ! redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1; then
    redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" --save '' --appendonly no \
      --dir /tmp --pidfile "/tmp/ci-redis-$REDIS_PORT.pid" --logfile "/tmp/ci-redis-$REDIS_PORT.log" >/dev/null
    for _ in $(seq 50); do redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  fi
}

case "${1:-start}" in
  start)
    start_pg
    start_redis
    echo "TAPETE_CLUSTER_PG=postgresql://postgres@127.0.0.1:$PGPORT/postgres"
    echo "TAPETE_CLUSTER_REDIS=redis://127.0.0.1:$REDIS_PORT/0"
    ;;
  stop)
    bin=$(pg_bin)
    [ -n "$bin" ] && as_pg "$bin/pg_ctl -D $PGDATA -m fast -w stop" >/dev/null 2>&1 || true
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" shutdown nosave >/dev/null 2>&1 || true
    ;;
  status)
    bin=$(pg_bin)
    [ -n "$bin" ] && as_pg "$bin/pg_ctl -D $PGDATA status" || echo "PostgreSQL: not running"
    redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null || echo "Redis: not running"
    ;;
  *)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
