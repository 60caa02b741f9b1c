#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue artemis) with Artemis' own
# `artemis perf client` on the same local broker (the one the runner starts when no address is
# given: its own JVM, one core acceptor on 127.0.0.1, NIO journal with datasync on, so every
# confirmed persistent message was fsynced), on equal terms, each stated at the top of the output:
#
# - the same warm-up: both run warm-up + measured seconds in one JVM against one queue, and the
#   first --warmup seconds are left out of the rates (perf client --warmup W --duration W+D marks
#   them; the runner runs W+D seconds with --warmup 0s and the script leaves its first W out);
# - the same measured duration (--seconds, at least 20 s for a fair comparison);
# - rates measured the same way: the means of each tool's per-second reports over the measured
#   seconds, sent = completed (confirmed by the broker), received = delivered to the consumer;
# - the same client settings: persistent messages of the same size, 1 producer + 1 consumer
#   together, the same number of messages in flight (perf client --max-pending N = runner --batch 1
#   --in-flight N: each message sent with a JMS 2.0 completion listener by both), the same
#   connection windows on both URLs (confirmationWindowSize, consumerWindowSize,
#   producerWindowSize), the same heap;
# - no backlog bound on either side: the runner runs with --max-backlog off (perf client's producer
#   never waits for its consumer either) and without its unmeasured --limit-probe;
# - each run a fresh queue, deleted afterwards; rounds alternate which tool goes first.
#
#   scripts/compare-artemis.sh [--size 100] [--in-flight 500] [--warmup 5] [--seconds 20]
#       [--repeat 3] [--keep DIR] [--plan]
#
# --plan prints the fairness header and both command lines and runs nothing. Needs the runner's jar
# (./mvnw -q -B package -DskipTests); resolves org.apache.artemis:apache-artemis:tar.gz:bin (the
# version of the parent pom) into a temporary directory. RUNNER_JAR=path picks another runner jar,
# RUNNER_FLAGS adds runner options. The runner's verdict of every run is recorded; a verdict other
# than ok never stops the script.
# Raw outputs (each run's results folder, the tools' own outputs and logs) are kept for examining a
# round afterwards: in --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the
# last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

SIZE=100 IN_FLIGHT=500 SECONDS_MEASURED=20 WARMUP=5 REPEAT=3 PLAN= KEEP=
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --in-flight) IN_FLIGHT="$2"; shift 2 ;;
    --seconds) SECONDS_MEASURED="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
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
# Artemis' client defaults, given explicitly on both sides (perf client needs confirmationWindowSize
# on its URL to report at all).
CONFIRMATION_WINDOW=1048576 CONSUMER_WINDOW=1048576 PRODUCER_WINDOW=65536
VERSION="$(sed -n 's:.*<artemis-broker.version>\(.*\)</artemis-broker.version>.*:\1:p' pom.xml)"
URL='<broker-url>'

# Each fills CMD with one command line.
perf_command() { # perf_command QUEUE JSON ARTEMIS
  CMD=(env JAVA_ARGS="$HEAP" "$3" perf client
    --url "$URL?confirmationWindowSize=$CONFIRMATION_WINDOW&consumerWindowSize=$CONSUMER_WINDOW&producerWindowSize=$PRODUCER_WINDOW"
    --user artemis --password artemis --persistent --message-size "$SIZE" --producers 1
    --consumers 1 --max-pending "$IN_FLIGHT" --warmup "$WARMUP" --duration "$TOTAL"
    --json "$2" "queue://$1")
}
runner_command() { # runner_command QUEUE OUT JAR
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  CMD=(java "$HEAP" -jar "$3" run --queue artemis --senders 1 --receivers 1 --batch 1
    --in-flight "$IN_FLIGHT" --size "$SIZE" --duration "${TOTAL}s" --warmup 0s --progress never
    --out "$2" -p artemis.url="$URL" -p artemis.user=artemis -p artemis.password=artemis
    -p artemis.queue="$1" -p artemis.confirmationWindowSize="$CONFIRMATION_WINDOW"
    -p artemis.consumerWindowSize="$CONSUMER_WINDOW" -p artemis.url.producerWindowSize="$PRODUCER_WINDOW"
    --max-backlog off --limit-probe 0s $RUNNER_FLAGS)
}
print_commands() {
  perf_command '<queue>' '<perf.json>' '<apache-artemis>/bin/artemis'
  cmp_command perf "${CMD[@]}"
  runner_command '<queue>' '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}

header() {
  echo "== fair comparison: artemis perf client $VERSION against the mqbench runner =="
  cmp_check_seconds "$SECONDS_MEASURED" 20
  cmp_fair "broker" "$URL (both): one local Artemis $VERSION, NIO journal, journal-datasync on"
  cmp_fair "warm-up" "both: the first ${WARMUP}s of each run, same JVM and queue, left out of the rates"
  cmp_fair "measured" "both: ${SECONDS_MEASURED}s, seconds ${WARMUP}-${TOTAL} of a ${TOTAL}s run"
  cmp_fair "rates" "both: mean of the per-second reports over the measured seconds; sent = completed (confirmed by the broker), received = delivered to the consumer, counted as they happen (the same event on both sides)"
  cmp_fair "client settings" "both: 1 producer + 1 consumer together, ${SIZE}-byte persistent messages, $IN_FLIGHT messages in flight (one per completion listener), confirmationWindowSize $CONFIRMATION_WINDOW, consumerWindowSize $CONSUMER_WINDOW, producerWindowSize $PRODUCER_WINDOW, heap $HEAP"
  cmp_fair "backlog" "both: unbounded, senders never wait for receivers (runner --max-backlog off; its unmeasured --limit-probe run after a run is off too)"
  cmp_fair "queues" "each run a fresh queue, deleted afterwards"
  cmp_fair "order" "rounds alternate which tool goes first; $REPEAT rounds"
  echo "note: differs: acknowledgement: perf client's listener acknowledges automatically (AUTO_ACKNOWLEDGE), the runner acknowledges exactly the messages it received, committed in groups of artemis.ackCommitMessages (its at-least-once contract)"
}

if [ -n "$PLAN" ]; then
  header
  print_commands
  exit 0
fi

cmp_work artemis "$KEEP"
BROKER_PID= BROKER_IN= PENDING_QUEUE= ARTEMIS=
delete_queue() {
  JAVA_ARGS="$HEAP" "$ARTEMIS" queue delete --name "$1" --url "$URL" --user artemis \
    --password artemis --removeConsumers --autoDeleteAddress --silent >>"$WORK/deleted.log" 2>&1
}
cleanup() {
  if [ -n "$PENDING_QUEUE" ]; then
    delete_queue "$PENDING_QUEUE" || echo "could not delete queue $PENDING_QUEUE" >&2
  fi
  # Close every write end of the broker's stdin (ours and the coproc's), so that it stops and
  # deletes its journal.
  if [ -n "${BROKER_PID:-}" ]; then
    exec 9>&-
    eval "exec ${BROKER_IN}>&-" 2>/dev/null || true
    wait "${BROKER_PID:-}" 2>/dev/null || true
  fi
  cmp_keep mqbench.jar "apache-artemis-$VERSION" "apache-artemis-$VERSION-bin.tar.gz"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }
cp "$RUNNER_JAR" "$WORK/mqbench.jar" # a rebuild meanwhile cannot change what is measured

MVN="${MVN:-./mvnw}"
echo "resolving apache-artemis $VERSION ..." >&2
$MVN -B -q dependency:copy -Dartifact="org.apache.artemis:apache-artemis:$VERSION:tar.gz:bin" \
  -DoutputDirectory="$WORK" >&2
tar xzf "$WORK/apache-artemis-$VERSION-bin.tar.gz" -C "$WORK"
ARTEMIS="$WORK/apache-artemis-$VERSION/bin/artemis"

echo "compiling mq-artemis' test classes (the local broker launcher) ..." >&2
$MVN -B -q -pl mq-artemis -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$WORK/cp" >&2
# The broker's distribution (its resources) is in mq-artemis-broker/target/classes; the reactor's
# class path gives that module's launcher-classes only.
CP="mq-artemis/target/test-classes:mq-artemis/target/classes:mq-artemis-broker/target/classes:$(cat "$WORK/cp")"

# The broker stops (and its journal is deleted) when fd 9, its stdin, closes.
coproc BROKER { java -cp "$CP" io.mqbench.artemis.perf.ServeLocalArtemis 1024 artemis artemis 2>"$WORK/broker.err"; }
BROKER_PID=$!
BROKER_IN=${BROKER[1]}
exec 9>&"$BROKER_IN"
read -r -t 90 URL <&"${BROKER[0]}" || { echo "the local broker did not start:" >&2; cat "$WORK/broker.err" >&2; exit 1; }

header
print_commands

run_tool() { # run_tool TOOL ROUND
  local tool="$1" r="$2" q="compare-$1-$2" code=0
  local side=native
  PENDING_QUEUE="$q" RATES= VERDICT=
  if [ "$tool" = perf ]; then
    perf_command "$q" "$WORK/perf-$r.json" "$ARTEMIS"
    "${CMD[@]}" >"$WORK/perf-$r.log" 2>&1 || code=$?
    RATES=$(cmp_rates artemis-window "$WORK/perf-$r.json" "$WARMUP" "$SECONDS_MEASURED" 2>/dev/null || echo "nan nan 0")
    [ "$code" -eq 0 ] || VERDICT="perf client exited $code"
  else
    side=runner
    cmp_runner_round "$q" "$r"
  fi
  cmp_finish_round "$tool" "$r" "$side" "$q"
}

FAILED=
: >"$WORK/results"
for r in $(seq 1 "$REPEAT"); do
  if [ $((r % 2)) -eq 1 ]; then order="perf runner"; else order="runner perf"; fi
  for tool in $order; do
    run_tool "$tool" "$r"
  done
done
cmp_rates summary "$WORK/results" "artemis perf" sent received
[ -z "$FAILED" ] || exit 1
