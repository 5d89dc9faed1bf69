#!/usr/bin/env bash
# A streaming read replica of the local Postgres server (docs/operations.md, "Read replica"):
#
#   bash scripts/replica.sh up      # pg_basebackup -R into DIR, started on PORT, streaming
#   bash scripts/replica.sh stop    # stopped (immediate), data kept: `start` brings it back
#   bash scripts/replica.sh start
#   bash scripts/replica.sh down    # stopped and its data removed
#   bash scripts/replica.sh status  # "streaming" with the replay lag, or "stopped"
#
# Then DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:5433/<db> sends the app's read-only
# lists, searches, charts and exports there. Variables: PRIMARY_HOST (127.0.0.1), PRIMARY_PORT
# (5432), PG_USER (postgres, a superuser the primary trusts on 127.0.0.1), REPLICA_PORT (5433),
# REPLICA_DIR (/var/lib/postgresql/replica-$REPLICA_PORT). Run as root (the server runs as the
# postgres user through runuser) or as the postgres user itself.
set -euo pipefail

PRIMARY_HOST=${PRIMARY_HOST:-127.0.0.1}
PRIMARY_PORT=${PRIMARY_PORT:-5432}
PG_USER=${PG_USER:-postgres}
REPLICA_PORT=${REPLICA_PORT:-5433}
REPLICA_DIR=${REPLICA_DIR:-/var/lib/postgresql/replica-$REPLICA_PORT}
BIN=$(pg_config --bindir 2>/dev/null || dirname "$(readlink -f "$(command -v pg_ctl)")")

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
primary_sql() { psql -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$PG_USER" -d postgres -Atqc "$1"; }
replica_sql() { psql -h 127.0.0.1 -p "$REPLICA_PORT" -U "$PG_USER" -d postgres -Atqc "$1"; }

# Replication connections match only "replication" lines of pg_hba.conf, which Debian's default
# file lacks: one is added for 127.0.0.1 (trust, as the local server's other lines) when missing.
allow_replication() {
  local hba
  hba=$(primary_sql "show hba_file")
  if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]' "$hba"; then
    echo "adding a replication line for 127.0.0.1 to $hba"
    printf '\n# scripts/replica.sh: streaming replication from this machine\nhost replication all 127.0.0.1/32 trust\n' >>"$hba"
    primary_sql "select pg_reload_conf()" >/dev/null
  fi
}

start() {
  if pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q; then
    echo "replica already running on 127.0.0.1:$REPLICA_PORT"
    return
  fi
  as_postgres "$BIN/pg_ctl" -D "$REPLICA_DIR" -l "$REPLICA_DIR/server.log" -w -t 60 start >/dev/null
  echo "replica on 127.0.0.1:$REPLICA_PORT (data $REPLICA_DIR, log $REPLICA_DIR/server.log)"
}

stop() {
  if [ -f "$REPLICA_DIR/postmaster.pid" ]; then
    as_postgres "$BIN/pg_ctl" -D "$REPLICA_DIR" -m immediate -w stop >/dev/null || true
  fi
}

up() {
  if [ -f "$REPLICA_DIR/standby.signal" ]; then
    echo "a replica exists in $REPLICA_DIR; starting it"
    pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q || start
    return
  fi
  allow_replication
  # Settings a standby must have at least as high as its primary's, or it refuses to start.
  local settings
  settings=$(primary_sql "select string_agg(name || ' = ' || setting, E'\n') from pg_settings where name in
    ('max_connections','max_worker_processes','max_wal_senders','max_prepared_transactions','max_locks_per_transaction')")
  mkdir -p "$(dirname "$REPLICA_DIR")"
  rm -rf "$REPLICA_DIR"
  install -d -o postgres -g postgres -m 700 "$REPLICA_DIR"
  echo "pg_basebackup from $PRIMARY_HOST:$PRIMARY_PORT into $REPLICA_DIR"
  # -R writes standby.signal and primary_conninfo; -X stream copies the WAL written meanwhile.
  as_postgres "$BIN/pg_basebackup" -h "$PRIMARY_HOST" -p "$PRIMARY_PORT" -U "$PG_USER" -D "$REPLICA_DIR" \
    -R -X stream -c fast
  # Debian keeps postgresql.conf and pg_hba.conf outside the data folder: the replica gets its own.
  as_postgres tee "$REPLICA_DIR/postgresql.conf" >/dev/null <<EOF
port = $REPLICA_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
hot_standby = on
# Long list and export queries are not cancelled by vacuum on the primary.
hot_standby_feedback = on
max_standby_streaming_delay = 30s
$settings
EOF
  as_postgres tee "$REPLICA_DIR/pg_hba.conf" >/dev/null <<EOF
local all all trust
host all all 127.0.0.1/32 trust
EOF
  start
  for _ in $(seq 1 30); do
    [ "$(replica_sql "select status from pg_stat_wal_receiver" 2>/dev/null)" = streaming ] && break
    sleep 1
  done
  status
}

status() {
  if ! pg_isready -h 127.0.0.1 -p "$REPLICA_PORT" -q; then
    echo "stopped"
    return
  fi
  replica_sql "select coalesce((select status from pg_stat_wal_receiver), 'not receiving')
    || ', replay lag ' || coalesce(round(extract(epoch from now() - pg_last_xact_replay_timestamp())::numeric, 1)::text, '?') || ' s'
    || case when pg_is_wal_replay_paused() then ' (replay paused)' else '' end"
}

case "${1:-up}" in
  up) up ;;
  start) start ;;
  stop) stop ;;
  down) stop; rm -rf "$REPLICA_DIR"; echo "replica removed" ;;
  status) status ;;
  *) echo "usage: scripts/replica.sh up|start|stop|down|status" >&2; exit 2 ;;
esac
