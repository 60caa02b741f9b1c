#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue redis) with redis-benchmark on one
# private redis-server, on equal terms, each stated at the top of the output:
#
# - the same server: one redis-server started for the comparison on a free loopback port, its own
#   data folder, appendonly yes and appendfsync always (every XADD fsynced before its reply, the
#   runner's default durability), stopped at the end;
# - the same work: one connection adding 100-byte entries of one field to a stream with
#   XADD STREAM * b BODY, --depth commands written together and all their replies awaited before
#   the next (redis-benchmark -c 1 -P DEPTH; the runner one batch of exactly DEPTH messages at a
#   time: --batch DEPTH --fixed-batch --in-flight 1), and nothing read back (the runner with
#   --receivers 0, a send-only run);
# - one measure, counted by the server for both: the XADD calls it served (INFO commandstats)
#   between WARMUP and WARMUP + SECONDS after the side's process started; both sides send
#   throughout that window;
# - each run a fresh stream, deleted afterwards; rounds alternate which side goes first.
#
# --window keeps DEPTH commands outstanding on the runner's side another way: batches of one
# message, DEPTH of them in flight (--batch 1 --in-flight DEPTH), the next command sent as each
# reply frees a slot; redis-benchmark has no such mode, so that is the runner's own way against
# the tool's, not equal work.
#
#   scripts/compare-redis.sh [--depth 1] [--window] [--size 100] [--warmup 5] [--seconds 20]
#       [--repeat 3] [--keep DIR] [--plan]
#
# --plan prints the terms and both command lines and runs nothing. Environment: RUNNER_JAR (another
# runner jar), RUNNER_FLAGS (more runner options). Needs redis-server, redis-cli and
# redis-benchmark (Debian: redis-server and redis-tools). The runner's verdict of every run is
# recorded; a verdict other than ok never stops the script. Raw outputs (each run's results folder,
# the tools' outputs, the server's log) are kept for examining a round afterwards: in --keep DIR (a
# new or empty folder), else in a fresh folder under $TMPDIR; the last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

DEPTH=1 WINDOW= SIZE=100 WARMUP=5 SECONDS_MEASURED=20 REPEAT=3 PLAN= KEEP=
while [ $# -gt 0 ]; do
  case "$1" in
    --depth) DEPTH="$2"; shift 2 ;;
    --window) WINDOW=1; shift ;;
    --size) SIZE="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --seconds) SECONDS_MEASURED="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --plan) PLAN=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"
for n in "$DEPTH" "$SIZE" "$WARMUP" "$SECONDS_MEASURED" "$REPEAT"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "not a positive whole number: $n" >&2; exit 2; }
done
TOTAL=$((WARMUP + SECONDS_MEASURED))
RUNNER_FLAGS="${RUNNER_FLAGS:-}"
HEAP=-Xmx512m
PORT="${REDIS_COMPARE_PORT:-<port>}"
# More commands than either side can send in TOTAL seconds: the side is stopped after its window.
COMMANDS=100000000

benchmark_command() { # benchmark_command STREAM
  CMD=(redis-benchmark -h 127.0.0.1 -p "$PORT" -c 1 -P "$DEPTH" -n "$COMMANDS" -d "$SIZE" -q
    XADD "$1" '*' b "$(printf "%${SIZE}s" '' | tr ' ' x)")
}
runner_command() { # runner_command STREAM OUT JAR
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  local load=(--batch "$DEPTH" --fixed-batch --in-flight 1)
  if [ -n "$WINDOW" ]; then load=(--batch 1 --in-flight "$DEPTH"); fi
  CMD=(java "$HEAP" -jar "$3" run --queue redis --senders 1 --receivers 0 "${load[@]}"
    --size "$SIZE" --duration "${TOTAL}s" --warmup 0s --progress never --out "$2"
    -p redis.uri="redis://127.0.0.1:$PORT" -p redis.stream="$1" -p redis.fsync=always
    --max-backlog off --limit-probe 0s $RUNNER_FLAGS)
}
print_commands() {
  benchmark_command '<stream>'
  # The body is SIZE letters: print it as such.
  cmp_command redis-benchmark "${CMD[@]:0:${#CMD[@]}-1}" "<$SIZE bytes>"
  runner_command '<stream>' '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}
header() {
  echo "== fair comparison: redis-benchmark $(redis-benchmark --version 2>/dev/null | awk '{print $2}') against the mqbench runner =="
  cmp_check_seconds "$SECONDS_MEASURED" 20
  cmp_fair "server" "both: one private redis-server on 127.0.0.1, appendonly yes, appendfsync always (each XADD fsynced before its reply)"
  cmp_fair "warm-up" "both: the first ${WARMUP}s after the side's process started, same process and server, left out of the rates"
  cmp_fair "measured" "both: ${SECONDS_MEASURED}s, seconds ${WARMUP}-${TOTAL} of a ${TOTAL}s run"
  cmp_fair "rates" "both: XADD calls the server served over the measured seconds (INFO commandstats: the server's own count, the same event on both sides)"
  if [ "$DEPTH" = 1 ]; then
    cmp_fair "client settings" "both: one connection, XADD STREAM * b BODY with a ${SIZE}-byte body, one command per round trip (no pipelining), nothing read back, heap $HEAP (runner)"
  elif [ -z "$WINDOW" ]; then
    cmp_fair "client settings" "both: one connection, XADD STREAM * b BODY with a ${SIZE}-byte body, $DEPTH commands written together and all their replies awaited before the next $DEPTH (redis-benchmark -P $DEPTH; the runner --batch $DEPTH --fixed-batch --in-flight 1), nothing read back, heap $HEAP (runner)"
  else
    cmp_fair "client settings" "both: one connection, XADD STREAM * b BODY with a ${SIZE}-byte body, nothing read back, heap $HEAP (runner)"
    echo "note: differs: at most $DEPTH commands awaiting replies, kept differently: redis-benchmark -P $DEPTH writes $DEPTH at a time, then awaits all their replies; the runner --batch 1 --in-flight $DEPTH (--window) sends the next as each reply comes"
  fi
  cmp_fair "streams" "each run a fresh stream, deleted afterwards"
  cmp_fair "order" "rounds alternate which side goes first; $REPEAT rounds"
}

if [ -n "$PLAN" ]; then
  header
  print_commands
  exit 0
fi

for tool in redis-server redis-cli redis-benchmark; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (Debian: apt-get install redis-server redis-tools)" >&2; exit 1; }
done
RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q package -DskipTests" >&2; exit 1; }
cmp_work redis "$KEEP"
SERVER=
cleanup() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; fi
  cmp_keep mqbench.jar server
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
# A copy, so that a rebuild during the comparison cannot replace the jar being measured.
cp "$RUNNER_JAR" "$WORK/mqbench.jar"

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
mkdir -p "$WORK/server"
redis-server --bind 127.0.0.1 --port "$PORT" --dir "$WORK/server" --appendonly yes \
  --appendfsync always --save '' >"$WORK/server.log" 2>&1 &
SERVER=$!
until redis-cli -p "$PORT" ping >/dev/null 2>&1; do sleep 0.1; done
header | tee "$WORK/terms"
print_commands

rcli() { redis-cli -h 127.0.0.1 -p "$PORT" "$@"; }
xadds() { rcli INFO commandstats | sed -n 's/^cmdstat_xadd:calls=\([0-9]*\),.*/\1/p' | grep . || echo 0; }
measure() { cmp_server_count "$1" "$2" "$3" xadds; } # measure R SIDE STARTED: sets RATE
load() { cut -d' ' -f1 /proc/loadavg; }

run_benchmark() { # run_benchmark ROUND
  local s="mqbench-compare-benchmark-$1" started pid
  benchmark_command "$s"
  started=$(date +%s%N)
  "${CMD[@]}" >"$WORK/redis-benchmark-$1.out" 2>&1 &
  pid=$!
  measure "$1" native "$started"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  echo "round $1 redis-benchmark: $(cmp_int "$RATE") XADD/s; stream of $(rcli XLEN "$s") entries deleted: $(rcli DEL "$s"); load $(load)"
}
run_runner() { # run_runner ROUND
  local s="mqbench-compare-runner-$1" started pid code=0
  runner_command "$s" "$WORK/runner-$1" "$WORK/mqbench.jar"
  started=$(date +%s%N)
  "${CMD[@]}" >"$WORK/runner-$1.log" 2>&1 &
  pid=$!
  measure "$1" runner "$started"
  wait "$pid" || code=$?
  echo "$1 verdict $(cmp_verdict "$code")" >>"$WORK/results"
  echo "round $1 runner: $(cmp_int "$RATE") XADD/s; verdict $(cmp_verdict "$code"); stream of $(rcli XLEN "$s") entries deleted: $(rcli DEL "$s"); load $(load)"
}

: >"$WORK/results"
for i in $(seq 1 "$REPEAT"); do
  if [ $((i % 2)) = 1 ]; then run_benchmark "$i"; run_runner "$i"; else run_runner "$i"; run_benchmark "$i"; fi
done
cmp_rates summary "$WORK/results" redis-benchmark sent
