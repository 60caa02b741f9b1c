#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue postgres) with pgbench running the
# same SQL on the same private PostgreSQL server, one sender and one receiver each:
#
# - pgbench measures transactions of a script, not a queue: it cannot check delivery or time a
#   message end to end. What can be compared is the rate at which the same statements move rows
#   through the same table on the same server: pgbench's send script is the runner's insert of a
#   batch of 1..10 rows (one statement, its own transaction, synchronous_commit=on), its receive
#   script the runner's claim of up to 10 rows (FOR UPDATE SKIP LOCKED, a lease) and their delete
#   (synchronous_commit=off, as the runner's receivers). pgbench makes the 100-byte bodies on the
#   server (decode(repeat(...))), the runner sends them: that is the one difference in the work.
# - the same warm-up and duration: both run --warmup + --seconds, and only the last --seconds count
#   (pgbench: rows inserted, read from pg_stat_user_tables at both ends; the runner: its own "sent"
#   figure after its warm-up);
# - the same server, table layout and settings (fsync=on); rounds alternate which tool goes first.
#
#   scripts/compare-postgres.sh [--warmup 5] [--seconds 20] [--repeat 3] [--keep DIR]
#
# Starts a private server of the installed postgresql package on a free loopback port (as the
# postgres user when run as root) and removes it and its data at the end. Environment: RUNNER_JAR.
# Raw outputs (each round's runner results and output, pgbench's outputs, the server's log) are
# kept for examining a round afterwards: in --keep DIR (a new or empty folder), else in a fresh
# folder under $TMPDIR; the last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh
WARMUP=5 SECONDS_MEASURED=20 REPEAT=3 KEEP=
while [ $# -gt 0 ]; do
  case "$1" in
    --warmup) WARMUP="$2"; shift 2 ;;
    --seconds) SECONDS_MEASURED="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"
JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$JAR" ] || { echo "no $JAR: ./mvnw -q -pl runner -am package -DskipTests" >&2; exit 1; }
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$BIN/postgres" ] || { echo "no PostgreSQL: apt-get install postgresql" >&2; exit 1; }
AS=()
[ "$(id -u)" = 0 ] && AS=(setpriv --reuid=postgres --regid=postgres --init-groups --)

# The server's data and socket in a private folder, removed at the end; what is kept in WORK.
DIR="$(mktemp -d /tmp/mqbench-compare-postgres-XXXXXX)"
[ "$(id -u)" = 0 ] && chown postgres: "$DIR"
cmp_work postgres "$KEEP"
PORT="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
SERVER=
cleanup() {
  [ -n "$SERVER" ] && kill -INT "$SERVER" 2>/dev/null && wait "$SERVER" 2>/dev/null || true
  rm -rf "$DIR"
  cmp_keep
}
trap cleanup EXIT
"${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U mqbench --auth=trust -E UTF8 --locale=C --no-sync \
  --no-instructions >"$WORK/initdb.log" 2>&1
"${AS[@]}" "$BIN/postgres" -D "$DIR/data" -p "$PORT" -k "$DIR" -c listen_addresses=127.0.0.1 \
  -c fsync=on >"$WORK/server.log" 2>&1 &
SERVER=$!
export PGHOST=127.0.0.1 PGPORT="$PORT" PGUSER=mqbench PGDATABASE=postgres
until pg_isready -q; do sleep 0.2; done

psql -qX <<'SQL'
CREATE TABLE pgb (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  visible_at timestamptz NOT NULL DEFAULT '-infinity', lease_owner bigint, body bytea NOT NULL)
  WITH (fillfactor = 80);
ALTER TABLE pgb ALTER COLUMN body SET STORAGE EXTERNAL;
SQL
cat >"$WORK/send.sql" <<'SQL'
\set n random(1, 10)
INSERT INTO pgb (body) SELECT decode(repeat('ab', 100), 'hex') FROM generate_series(1, :n);
SQL
cat >"$WORK/receive.sql" <<'SQL'
WITH c AS (UPDATE pgb SET visible_at = now() + interval '30 s', lease_owner = 1
  WHERE id = ANY(ARRAY(SELECT id FROM pgb WHERE visible_at <= now() ORDER BY id LIMIT 10
                       FOR UPDATE SKIP LOCKED)) RETURNING id)
SELECT coalesce(array_agg(id), '{}') AS ids FROM c
\gset
DELETE FROM pgb WHERE id = ANY(:ids::bigint[]);
SQL
inserted() { psql -qXtAc "SELECT n_tup_ins FROM pg_stat_user_tables WHERE relname = 'pgb'"; }

run_pgbench() { # run_pgbench ROUND
  local total=$((WARMUP + SECONDS_MEASURED)) a b
  PGOPTIONS='-c synchronous_commit=off' pgbench -n -M extended -c 1 -j 1 -T "$total" \
    -f "$WORK/receive.sql" >"$WORK/pgbench-$1-receive.out" 2>&1 &
  local receiver=$!
  pgbench -n -M extended -c 1 -j 1 -T "$total" -f "$WORK/send.sql" >"$WORK/pgbench-$1-send.out" 2>&1 &
  local sender=$!
  sleep "$WARMUP"; a="$(inserted)"
  sleep "$SECONDS_MEASURED"; b="$(inserted)"
  wait "$sender" "$receiver"
  left="$(psql -qXtAc 'SELECT count(*) FROM pgb')"
  echo "pgbench  sent $(( (b - a) / SECONDS_MEASURED )) msgs/s ($((b - a)) rows in the last ${SECONDS_MEASURED} s; $left left unreceived)  load $(cut -d' ' -f1 /proc/loadavg)"
  psql -qXc 'TRUNCATE pgb'
}
run_runner() { # run_runner ROUND
  local log="$WORK/runner-$1.out"
  java -jar "$JAR" run --queue postgres -p "postgres.url=jdbc:postgresql://127.0.0.1:$PORT/postgres" \
    --warmup "${WARMUP}s" --duration "${SECONDS_MEASURED}s" --progress never --out "$WORK/runner-$1" \
    >"$log" 2>&1 || true
  echo "runner   $(grep -E '^sent ' "$log" | sed 's/  */ /g'); $(grep -E '^delivery' "$log" | sed 's/  */ /g')  load $(cut -d' ' -f1 /proc/loadavg)"
}

echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT (fsync=on); one sender (synchronous_commit=on) and one receiver (off); batches of 1..10 rows of 100 bytes; ${WARMUP} s warm-up, ${SECONDS_MEASURED} s measured"
for i in $(seq 1 "$REPEAT"); do
  if [ $((i % 2)) = 1 ]; then run_runner "$i"; run_pgbench "$i"; else run_pgbench "$i"; run_runner "$i"; fi
done
