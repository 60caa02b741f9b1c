#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue rabbitmq-stream) with RabbitMQ's
# own Stream PerfTest on the same RabbitMQ node, on equal terms, each stated at the top of the
# output:
#
# - the same server: one private RabbitMQ node with the stream plugin, started for the comparison
#   (the node the runner starts when given no address: the installed rabbitmq-server, its own node
#   name, epmd, free ports on 127.0.0.1 and data directory, stopped and deleted at the end), or the
#   node of --uri; both sides use it;
# - the same warm-up: both run warm-up + measured seconds in one JVM against one stream, and the
#   first --warmup seconds of each are left out of the rates (the runner runs with --warmup 0s;
#   Stream PerfTest has no warm-up of its own);
# - the same measured duration (--seconds, at least 20 s for a fair comparison);
# - rates measured the same way: the means of each tool's per-second counts over the measured
#   seconds, sent = confirmed by the broker, received = delivered to the consumer;
# - the same client settings: 1 producer + 1 consumer together, messages of the same size, the same
#   number of unconfirmed messages (Stream PerfTest --confirms N, the client's maxUnconfirmedMessages;
#   the runner sends batches of one message, --batch 1 --in-flight N, and its producer has the
#   client's default of N = 10,000 too), the client's own batching on both (dynamic batches of at most
#   100 messages, the stream client's default, given to Stream PerfTest explicitly), the same chunks
#   of credit (--initial-credits C = rabbitmq-stream.credits=C), reading from the stream's first
#   offset, streams without a length limit, the same heap;
# - no backlog bound on either side: the runner runs with --max-backlog off (Stream PerfTest's
#   producer never waits for its consumer either) and without its unmeasured --limit-probe;
# - each run a fresh stream, deleted afterwards; rounds alternate which tool goes first.
#
#   scripts/compare-rabbitmq-stream.sh --perf-test-jar PATH [--uri rabbitmq-stream://...]
#       [--amqp-port 5672] [--size 100] [--confirms 10000] [--credits 10] [--warmup 5]
#       [--seconds 20] [--repeat 3] [--keep DIR] [--plan]
#
# Stream PerfTest is not on Maven Central: build its jar from its release source, e.g.
#   git clone --branch v1.8.0 https://github.com/rabbitmq/rabbitmq-stream-perf-test SRC
#   scripts/lib/build-stream-perf-test.sh SRC      (prints SRC/target/stream-perf-test.jar)
# and give its path (--perf-test-jar, or STREAM_PERF_TEST_JAR).
#
# --plan prints the fairness header and both command lines and runs nothing (it needs neither the
# jar nor a broker). --uri uses that broker's stream port instead of a private node (the runner's
# reader lock and the script's clean-up use its AMQP port, --amqp-port). Needs the runner's jar
# (./mvnw -q -B package -DskipTests) and, for the private node, the installed rabbitmq-server.
# RUNNER_JAR=path picks another runner jar, RUNNER_FLAGS adds runner options. The runner's verdict
# of every run is recorded; a verdict other than ok never stops the script.
# Raw outputs (each run's results folder, the tools' own outputs and logs) are kept for examining a
# round afterwards: in --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the
# last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

URI="${RABBITMQ_STREAM_URI:-}" AMQP_PORT=5672 PT_JAR="${STREAM_PERF_TEST_JAR:-}"
SIZE=100 CONFIRMS=10000 CREDITS=10 WARMUP=5 SECONDS_MEASURED=20 REPEAT=3 PLAN= KEEP=
while [ $# -gt 0 ]; do
  case "$1" in
    --perf-test-jar) PT_JAR="$2"; shift 2 ;;
    --uri) URI="$2"; shift 2 ;;
    --amqp-port) AMQP_PORT="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --confirms) CONFIRMS="$2"; shift 2 ;;
    --credits) CREDITS="$2"; shift 2 ;;
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
TOTAL=$((WARMUP + SECONDS_MEASURED))
RUNNER_FLAGS="${RUNNER_FLAGS:-}"
HEAP=-Xmx512m
# The stream client's producer defaults, which the runner's producer keeps: Stream PerfTest is
# given them explicitly.
BATCH_SIZE=100 SUB_ENTRY=1
CLIENT_VERSION="$(sed -n '/<artifactId>stream-client<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p}' pom.xml)"
# What the jar says of itself (its version, the stream client it bundles), when it is there.
PT_LABEL="Stream PerfTest" PT_CLIENT="its jar's"
if [ -n "$PT_JAR" ] && [ -f "$PT_JAR" ]; then
  v="$(unzip -p "$PT_JAR" META-INF/maven/com.rabbitmq/stream-perf-test/pom.properties 2>/dev/null | sed -n 's/^version=//p' | tr -d '\r')"
  [ -z "$v" ] || PT_LABEL="$PT_LABEL $v"
  v="$(unzip -l "$PT_JAR" 2>/dev/null | sed -n 's#.*/stream-client-\([0-9][^/]*\)\.jar$#\1#p' | head -1)"
  [ -z "$v" ] || PT_CLIENT="$v"
fi
# PRIVATE: the comparison starts a node of its own (no --uri).
[ -n "$URI" ] && PRIVATE= || PRIVATE=1
[ -n "$URI" ] && NODE="$URI" || NODE='<private-node-stream-uri>'
[ -n "$URI" ] && LOCK_PORT="$AMQP_PORT" || LOCK_PORT='<private-node-amqp-port>'

# Each fills CMD with one command line (an array: the URI may hold characters a shell would expand).
perftest_command() { # perftest_command STREAM JAR
  CMD=(java "$HEAP" -jar "$2" --uris "$NODE" --streams "$1" --delete-streams --offset first
    --max-length-bytes 0 --producers 1 --consumers 1 --size "$SIZE" --confirms "$CONFIRMS"
    --batch-size "$BATCH_SIZE" --dynamic-batch-size true --sub-entry-size "$SUB_ENTRY"
    --initial-credits "$CREDITS" --time "$TOTAL")
}
runner_command() { # runner_command STREAM OUT JAR
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  CMD=(java "$HEAP" -jar "$3" run --queue rabbitmq-stream --senders 1 --receivers 1 --batch 1
    --in-flight "$CONFIRMS" --size "$SIZE" --duration "${TOTAL}s" --warmup 0s --progress never
    --out "$2" -p rabbitmq-stream.uri="$NODE" -p rabbitmq-stream.amqpPort="$LOCK_PORT"
    -p rabbitmq-stream.stream="$1" -p rabbitmq-stream.credits="$CREDITS"
    --max-backlog off --limit-probe 0s $RUNNER_FLAGS)
}
print_commands() {
  perftest_command '<stream>' '<stream-perf-test.jar>'
  cmp_command streamperftest "${CMD[@]}"
  runner_command '<stream>' '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}

header() {
  echo "== fair comparison: RabbitMQ $PT_LABEL against the mqbench runner =="
  cmp_check_seconds "$SECONDS_MEASURED" 20
  local at
  at="$(echo "$URI" | sed "s#\\(://[^:/@]*\\):[^@/]*@#\\1:****@#")"
  if [ -z "$PRIVATE" ]; then
    cmp_fair "broker" "$at (both)"
  else
    cmp_fair "broker" "one private RabbitMQ node with the stream plugin, started for this comparison on free ports with its own data directory${at:+, $at} (both)"
  fi
  cmp_fair "warm-up" "both: the first ${WARMUP}s of each run, same JVM and stream, left out of the rates"
  cmp_fair "measured" "both: ${SECONDS_MEASURED}s, seconds ${WARMUP}-${TOTAL} of a ${TOTAL}s run"
  cmp_fair "rates" "both: mean of the per-second counts over the measured seconds; sent = confirmed by the broker (each message's confirm callback in the stream client), received = delivered to the consumer (Stream PerfTest: its message handler; the runner: handed by its reader to its receiver), counted as they happen (the same events on both sides; the broker's own counts are not read: each rabbitmqctl query starts an Erlang VM, which would take CPU from both)"
  cmp_fair "client settings" "both: 1 producer + 1 consumer together, ${SIZE}-byte messages, at most $CONFIRMS unconfirmed messages (runner: batches of 1, $CONFIRMS in flight), the stream client's own batching (dynamic batches of at most $BATCH_SIZE messages, sub-entry size $SUB_ENTRY), $CREDITS chunks of credit, reading from the first offset, heap $HEAP"
  if [ -z "$PRIVATE" ]; then
    cmp_fair "durability" "both: a stream with the broker's default members and no length limit, confirmed once a majority of them wrote a message (streams never fsync)"
  else
    cmp_fair "durability" "both: a stream with one member (one node, not replicated) and no length limit, confirmed once written to its log (streams never fsync)"
  fi
  cmp_fair "backlog" "both: unbounded, senders never wait for receivers (runner --max-backlog off; its unmeasured --limit-probe run after a run is off too)"
  cmp_fair "streams" "each run a fresh stream, deleted afterwards"
  cmp_fair "order" "rounds alternate which tool goes first; $REPEAT rounds"
  echo "note: differs: credit: Stream PerfTest grants a chunk of credit as each chunk arrives; the runner's reader, once half of a chunk's messages were handed to its receivers (its receivers lease messages and acknowledge exactly them)"
  echo "note: differs: offsets: the runner's reader stores the acknowledged offset under a consumer name every 200 ms; Stream PerfTest stores none"
  echo "note: differs: stream client: the runner's $CLIENT_VERSION, Stream PerfTest's own ($PT_CLIENT)"
}

if [ -n "$PLAN" ]; then
  header
  print_commands
  exit 0
fi

[ -n "$PT_JAR" ] && [ -f "$PT_JAR" ] || {
  echo "no Stream PerfTest jar (--perf-test-jar PATH or STREAM_PERF_TEST_JAR): see --help to build one" >&2
  exit 1
}
RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }

cmp_work rabbitmq-stream "$KEEP"
NODE_PID= NODE_IN= PENDING_QUEUE= AMQP_URI=
delete_queue() {
  java -Xmx64m -cp "$WORK/mqbench.jar" scripts/lib/DeleteRabbitQueues.java "$AMQP_URI" "$1" >>"$WORK/deleted.log" 2>&1
}
cleanup() {
  if [ -n "$PENDING_QUEUE" ]; then
    delete_queue "$PENDING_QUEUE" || echo "could not delete stream $PENDING_QUEUE" >&2
  fi
  # Closing every write end of the helper's stdin stops the private node and deletes its data.
  if [ -n "${NODE_PID:-}" ]; then
    exec 9>&-
    eval "exec ${NODE_IN}>&-" 2>/dev/null || true
    wait "${NODE_PID:-}" 2>/dev/null || true
  fi
  cmp_keep mqbench.jar
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cp "$RUNNER_JAR" "$WORK/mqbench.jar" # a rebuild meanwhile cannot change what is measured

if [ -n "$PRIVATE" ]; then
  echo "starting a private RabbitMQ node with the stream plugin ..." >&2
  coproc NODE_HELPER { java -Xmx64m -cp "$WORK/mqbench.jar" scripts/lib/ServeRabbitStreamNode.java 2>"$WORK/node.err"; }
  NODE_PID=$!
  NODE_IN=${NODE_HELPER[1]}
  exec 9>&"$NODE_IN"
  read -r -t 120 URI AMQP_URI <&"${NODE_HELPER[0]}" || {
    echo "the private node did not start:" >&2
    cat "$WORK/node.err" >&2
    exit 1
  }
  NODE="$URI"
  LOCK_PORT="${AMQP_URI##*:}"
else
  # The same host, user and vhost on the AMQP port.
  AMQP_URI="$(echo "$URI" | sed "s#^rabbitmq-stream://\\([^/]*@\\)\\{0,1\\}\\([^:/]*\\)\\(:[0-9]*\\)\\{0,1\\}#amqp://\\1\\2:$AMQP_PORT#")"
fi

header
print_commands

run_tool() { # run_tool TOOL ROUND
  local tool="$1" r="$2" q="mqbench-compare-stream-$1-$STAMP-$2" code=0
  local side=native
  PENDING_QUEUE="$q" RATES= VERDICT=
  if [ "$tool" = streamperftest ]; then
    perftest_command "$q" "$PT_JAR"
    "${CMD[@]}" >"$WORK/$tool-$r.log" 2>&1 || code=$?
    RATES=$(cmp_rates stream-perftest-window "$WORK/$tool-$r.log" "$WARMUP" "$SECONDS_MEASURED" 2>/dev/null || echo "nan nan 0")
    [ "$code" -eq 0 ] || VERDICT="Stream PerfTest exited $code"
  else
    side=runner
    cmp_runner_round "$q" "$r"
  fi
  cmp_finish_round "$tool" "$r" "$side" "$q"
}

STAMP=$(date +%s)
FAILED=
: >"$WORK/results"
for r in $(seq 1 "$REPEAT"); do
  if [ $((r % 2)) -eq 1 ]; then order="streamperftest runner"; else order="runner streamperftest"; fi
  for tool in $order; do
    run_tool "$tool" "$r"
  done
done
cmp_rates summary "$WORK/results" "Stream PerfTest" sent received
[ -z "$FAILED" ] || exit 1
