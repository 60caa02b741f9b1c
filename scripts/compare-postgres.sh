#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue postgres) with pgbench running the
# runner's own statements on the same private PostgreSQL server, one sender and one receiver each:
#
# - pgbench measures transactions of a script, not a queue: it cannot check delivery or time a
#   message end to end. What can be compared is the rate at which the same statements move rows
#   through the same table on the same server.
# - the same work per row: pgbench's send scripts are the runner's insert, INSERT ... SELECT
#   unnest($1::bytea[]) with a batch of 1..10 bodies of SIZE bytes shipped as one array parameter
#   (one statement, its own transaction, synchronous_commit=on); its receive script is the runner's
#   claim of up to 10 rows (FOR UPDATE SKIP LOCKED under a lease, the ids and bodies returned to the
#   client, synchronous_commit=off), their delete, and a 10 ms sleep when nothing was there (the
#   runner's postgres.pollInterval).
# - the same table: the runner's own DDL, made afresh before each run of either side.
# - one measure, counted by the same event on both sides: rows inserted, read from the table's
#   identity sequence (the server's own count, exact at the moment it is read) at WARMUP and at
#   WARMUP + SECONDS after the side's process started. Both sides send throughout that window.
# - the same server and settings (fsync=on); rounds alternate which tool goes first; per-round
#   ratios and their median.
#
#   scripts/compare-postgres.sh [--warmup 5] [--seconds 20] [--repeat 3] [--size 100] [--keep DIR]
#                               [--plan]
#
# --plan prints the terms, both sides' command lines and pgbench's scripts, and runs nothing.
# Starts a private server of the installed postgresql package on a free loopback port (as the
# postgres user when run as root) and removes it and its data at the end. Environment: RUNNER_JAR.
# Raw outputs (each round's runner results and output, pgbench's outputs and scripts, the server's
# log) are kept for examining a round afterwards: in --keep DIR (a new or empty folder), else in a
# fresh folder under $TMPDIR; the last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh
WARMUP=5 SECONDS_MEASURED=20 REPEAT=3 SIZE=100 KEEP= PLAN=
while [ $# -gt 0 ]; do
  case "$1" in
    --warmup) WARMUP="$2"; shift 2 ;;
    --seconds) SECONDS_MEASURED="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --keep) KEEP="$2"; shift 2 ;;
    --plan) PLAN=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
TOTAL=$((WARMUP + SECONDS_MEASURED))
TABLE=mqbench
BATCH=10
POLL_MS=10
LEASE_MS=30000
JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"

# The runner's DDL (PostgresMq) and statements (PostgresSender, PostgresReceiver), with pgbench's
# variables where the runner binds parameters.
DDL="CREATE TABLE $TABLE (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  visible_at timestamptz NOT NULL DEFAULT '-infinity', lease_owner bigint, body bytea NOT NULL)
  WITH (fillfactor = 80);
ALTER TABLE $TABLE ALTER COLUMN body SET STORAGE EXTERNAL;"
send_script() { # send_script N: a batch of N bodies, the array bound as one parameter
  echo "INSERT INTO $TABLE (body) SELECT unnest(:b$1::bytea[]);"
}
receive_script() {
  cat <<SQL
WITH c AS (UPDATE $TABLE SET visible_at = now() + $LEASE_MS * interval '1 millisecond', lease_owner = 1
  WHERE id = ANY(ARRAY(SELECT id FROM $TABLE WHERE visible_at <= now() ORDER BY id LIMIT $BATCH
                       FOR UPDATE SKIP LOCKED)) RETURNING id, body)
SELECT count(*) AS n, coalesce(array_agg(id), '{}') AS ids, array_agg(body) AS bodies FROM c
\\gset
\\if :n > 0
DELETE FROM $TABLE WHERE id = ANY(:ids::bigint[]);
\\else
\\sleep $POLL_MS ms
\\endif
SQL
}
# A batch of N bodies as an array literal: SIZE bytes each (bytea's escape format, plain letters).
bodies() { python3 -c 'import sys; n, s = int(sys.argv[1]), int(sys.argv[2]); print("{" + ",".join(["m" * s] * n) + "}")' "$1" "$SIZE"; }

# Each fills CMD with one command line.
pgbench_send_command() { # pgbench_send_command DIR
  local n
  CMD=(pgbench -n -M extended -c 1 -j 1 -T "$TOTAL")
  for n in $(seq 1 "$BATCH"); do CMD+=(-f "$1/send-$n.sql@1"); done
  for n in $(seq 1 "$BATCH"); do CMD+=(-D "b$n=<$n bodies>"); done
}
pgbench_receive_command() { # pgbench_receive_command DIR
  CMD=(env PGOPTIONS='-c synchronous_commit=off' pgbench -n -M extended -c 1 -j 1 -T "$TOTAL"
    -f "$1/receive.sql")
}
runner_command() { # runner_command URL OUT JAR
  CMD=(java -jar "$3" run --queue postgres -p "postgres.url=$1" -p postgres.table="$TABLE"
    -p postgres.synchronousCommit=on -p postgres.receiverSynchronousCommit=off
    -p postgres.sendConnections=1 -p postgres.pollInterval="${POLL_MS}ms"
    -p postgres.visibilityTimeout="${LEASE_MS}ms" --senders 1 --receivers 1 --batch "$BATCH"
    --size "$SIZE" --warmup 0s --duration "${TOTAL}s" --max-backlog off --limit-probe 0s
    --progress never --no-store --out "$2")
}

header() {
  echo "== fair comparison: pgbench $(pgbench --version 2>/dev/null | awk '{print $3}') against the mqbench runner =="
  cmp_check_seconds "$SECONDS_MEASURED" 20
  cmp_fair "server" "a private PostgreSQL server on loopback, fsync=on (both)"
  cmp_fair "warm-up" "both: the first ${WARMUP}s of each run, same process and table, left out of the rates"
  cmp_fair "measured" "both: ${SECONDS_MEASURED}s, seconds ${WARMUP}-${TOTAL} of a ${TOTAL}s run"
  cmp_fair "rates" "both: rows inserted over the measured seconds, read from the identity sequence of table $TABLE (the server's own count, the same event on both sides)"
  cmp_fair "client settings" "both: 1 sender (one connection, one batch at a time, synchronous_commit=on) + 1 receiver (synchronous_commit=off) together; batches of 1..$BATCH bodies of $SIZE bytes, uniformly"
  cmp_fair "statements" "both: the runner's: INSERT INTO $TABLE (body) SELECT unnest(\$1::bytea[]) with the batch as one array parameter; a claim of up to $BATCH rows FOR UPDATE SKIP LOCKED under a ${LEASE_MS} ms lease returning id and body; DELETE ... WHERE id = ANY(\$1); a ${POLL_MS} ms sleep after an empty claim"
  cmp_fair "backlog" "both: unbounded, the sender never waits for the receiver (runner --max-backlog off, no limit probe)"
  cmp_fair "table" "both: the runner's DDL, table $TABLE made afresh before each run and dropped after it"
  cmp_fair "order" "rounds alternate which tool goes first; $REPEAT rounds"
}
print_plan() {
  header
  runner_command '<url>' '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
  pgbench_send_command '<dir>'
  cmp_command pgbench-send "${CMD[@]}"
  pgbench_receive_command '<dir>'
  cmp_command pgbench-receive "${CMD[@]}"
  echo "script send-N.sql (N = 1..$BATCH, :bN = an array literal of N bodies): $(send_script N)"
  echo "script receive.sql:"
  receive_script | sed 's/^/  /'
}

if [ -n "$PLAN" ]; then
  print_plan
  exit 0
fi

cmp_check_keep "$KEEP"
[ -f "$JAR" ] || { echo "no $JAR: ./mvnw -q -pl runner -am package -DskipTests" >&2; exit 1; }
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$BIN/postgres" ] || { echo "no PostgreSQL: apt-get install postgresql" >&2; exit 1; }
command -v pgbench >/dev/null || { echo "no pgbench: apt-get install postgresql-client" >&2; exit 1; }
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
URL="jdbc:postgresql://127.0.0.1:$PORT/postgres"

for n in $(seq 1 "$BATCH"); do send_script "$n" >"$WORK/send-$n.sql"; done
receive_script >"$WORK/receive.sql"
header | tee "$WORK/terms"

fresh_table() { psql -qX -c "SET client_min_messages = warning" -c "DROP TABLE IF EXISTS $TABLE" -c "$DDL" >/dev/null; }
inserted() { psql -qXtAc "SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM ${TABLE}_id_seq"; }
measure() { cmp_server_count "$1" "$2" "$3" inserted; } # measure R SIDE STARTED: sets RATE
left() { psql -qXtAc "SELECT count(*) FROM $TABLE"; }

run_pgbench() { # run_pgbench ROUND
  local started receiver sender args=() n
  fresh_table
  for n in $(seq 1 "$BATCH"); do args+=(-D "b$n=$(bodies "$n")"); done
  started=$(date +%s%N)
  pgbench_receive_command "$WORK"
  "${CMD[@]}" >"$WORK/pgbench-$1-receive.out" 2>&1 &
  receiver=$!
  pgbench_send_command "$WORK"
  CMD=("${CMD[@]:0:$((${#CMD[@]} - 2 * BATCH))}" "${args[@]}")
  "${CMD[@]}" >"$WORK/pgbench-$1-send.out" 2>&1 &
  sender=$!
  measure "$1" native "$started"
  wait "$sender" "$receiver" || echo "round $1 pgbench: a client ended with an error (see pgbench-$1-*.out)"
  echo "round $1 pgbench: $(cmp_int "$RATE") rows/s inserted; $(left) left unreceived; load $(cut -d' ' -f1 /proc/loadavg)"
}
run_runner() { # run_runner ROUND
  local started code=0 pid
  fresh_table
  runner_command "$URL" "$WORK/runner-$1" "$JAR"
  started=$(date +%s%N)
  "${CMD[@]}" >"$WORK/runner-$1.log" 2>&1 &
  pid=$!
  measure "$1" runner "$started"
  wait "$pid" || code=$?
  echo "$1 verdict $(cmp_verdict "$code")" >>"$WORK/results"
  echo "round $1 runner: $(cmp_int "$RATE") rows/s inserted; verdict $(cmp_verdict "$code"); load $(cut -d' ' -f1 /proc/loadavg)"
}

: >"$WORK/results"
for i in $(seq 1 "$REPEAT"); do
  if [ $((i % 2)) = 1 ]; then run_runner "$i"; run_pgbench "$i"; else run_pgbench "$i"; run_runner "$i"; fi
done
psql -qX -c "DROP TABLE IF EXISTS $TABLE" >/dev/null
cmp_rates summary "$WORK/results" pgbench sent
