#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue rabbitmq) with RabbitMQ's own
# PerfTest on the same broker, on equal terms, each stated at the top of the output:
#
# - the same warm-up: both run warm-up + measured seconds in one JVM against one queue, and the
#   first --warmup seconds of each are left out of the rates (neither tool's own warm-up is used:
#   PerfTest has none, and the runner's would drain its backlog before measuring);
# - the same measured duration (--seconds, at least 20 s for a fair comparison);
# - rates measured the same way: the means of each tool's per-second counts over the measured
#   seconds, sent = confirmed by the broker, received = delivered to a consumer (the runner's own
#   totals, which time receivers to their last delivery, are not used);
# - the same client settings: quorum queue, persistent messages, publisher confirms with the same
#   window of unconfirmed messages per sender (PerfTest --confirm N; the runner sends batches of one
#   message, --batch 1 --in-flight N), the same consumer prefetch (--qos / rabbitmq.prefetch),
#   acknowledgements in groups of half the prefetch (PerfTest --multi-ack-every; the runner's
#   backend acknowledges once half its prefetch is held), the same heap;
# - no backlog bound on either side: the runner runs with --max-backlog off (PerfTest's senders
#   never wait for its consumers either) and without its unmeasured --limit-probe;
# - each run a fresh queue, deleted afterwards (also when a run fails or the script is stopped);
#   rounds alternate which tool goes first.
#
#   scripts/compare-rabbitmq.sh [--uri amqp://guest:guest@127.0.0.1:5672] [--senders 2]
#       [--receivers 2] [--size 100] [--warmup 5] [--seconds 20] [--repeat 3]
#       [--confirm-window 128] [--prefetch 256] [--keep DIR] [--plan]
#
# --plan prints the fairness header and both command lines and runs nothing. Environment:
# RABBITMQ_URI (the broker, like --uri), RUNNER_JAR (another runner jar), RUNNER_FLAGS (more runner
# options), MVN (Maven command resolving PerfTest; default ./mvnw).
# The runner's verdict of every run is recorded; a verdict other than ok never stops the script.
# Raw outputs (each run's results folder, the tools' own outputs and logs) are kept for examining a
# round afterwards: in --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the
# last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

URI="${RABBITMQ_URI:-amqp://guest:guest@127.0.0.1:5672}"
SENDERS=2 RECEIVERS=2 SIZE=100 WARMUP=5 SECONDS_MEASURED=20 REPEAT=3 CONFIRM=128 PREFETCH=256 PLAN= KEEP=
while [ $# -gt 0 ]; do
  case "$1" in
    --uri) URI="$2"; shift 2 ;;
    --senders) SENDERS="$2"; shift 2 ;;
    --receivers) RECEIVERS="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --seconds) SECONDS_MEASURED="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --confirm-window) CONFIRM="$2"; shift 2 ;;
    --prefetch) PREFETCH="$2"; shift 2 ;;
    --plan) PLAN=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"
TOTAL=$((WARMUP + SECONDS_MEASURED))
MULTI_ACK=$(( PREFETCH / 2 > 0 ? PREFETCH / 2 : 1 ))
RUNNER_FLAGS="${RUNNER_FLAGS:-}"
HEAP=-Xmx512m
PT_VERSION="$(sed -n '/<artifactId>perf-test<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p}' pom.xml)"
[ -n "$PT_VERSION" ] || { echo "perf-test version not found in pom.xml" >&2; exit 1; }

# Each fills CMD with one command line (an array: the URI may hold characters a shell would expand).
perftest_command() { # perftest_command QUEUE CSV CLASSPATH
  CMD=(java "$HEAP" -cp "$3" com.rabbitmq.perf.PerfTest --uri "$URI" --queue "$1" --quorum-queue
    --auto-delete false --flag persistent --producers "$SENDERS" --consumers "$RECEIVERS"
    --size "$SIZE" --confirm "$CONFIRM" --qos "$PREFETCH" --multi-ack-every "$MULTI_ACK"
    --time "$TOTAL" --output-file "$2")
}
runner_command() { # runner_command QUEUE OUT JAR
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  CMD=(java "$HEAP" -jar "$3" run --queue rabbitmq --senders "$SENDERS" --receivers "$RECEIVERS"
    --batch 1 --in-flight "$CONFIRM" --size "$SIZE" --duration "${TOTAL}s" --warmup 0s
    --progress never --out "$2" -p rabbitmq.uri="$URI" -p rabbitmq.queue="$1"
    -p rabbitmq.queueType=quorum -p rabbitmq.persistent=true -p rabbitmq.prefetch="$PREFETCH"
    --max-backlog off --limit-probe 0s $RUNNER_FLAGS)
}
print_commands() {
  perftest_command '<queue>' '<perftest.csv>' '<perftest-classpath>'
  cmp_command perftest "${CMD[@]}"
  runner_command '<queue>' '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}

header() {
  echo "== fair comparison: RabbitMQ PerfTest $PT_VERSION against the mqbench runner =="
  cmp_check_seconds "$SECONDS_MEASURED" 20
  cmp_fair "broker" "$(echo "$URI" | sed "s#\\(://[^:/@]*\\):[^@/]*@#\\1:****@#") (both)"
  cmp_fair "warm-up" "both: the first ${WARMUP}s of each run, same JVM and queue, left out of the rates"
  cmp_fair "measured" "both: ${SECONDS_MEASURED}s, seconds ${WARMUP}-${TOTAL} of a ${TOTAL}s run"
  cmp_fair "rates" "both: mean of the per-second counts over the measured seconds; sent = confirmed by the broker, received = delivered to a consumer, counted as they happen (the same event on both sides)"
  cmp_fair "client settings" "both: $SENDERS senders + $RECEIVERS receivers together, ${SIZE}-byte persistent messages, quorum queue, publisher confirms with at most $CONFIRM unconfirmed messages per sender, prefetch $PREFETCH, acks in groups of $MULTI_ACK (multiple), heap $HEAP"
  cmp_fair "backlog" "both: unbounded, senders never wait for receivers (runner --max-backlog off; its unmeasured --limit-probe run after a run is off too)"
  cmp_fair "queues" "each run a fresh queue, deleted afterwards"
  cmp_fair "order" "rounds alternate which tool goes first; $REPEAT rounds"
}

if [ -n "$PLAN" ]; then
  header
  print_commands
  exit 0
fi

cmp_work rabbitmq "$KEEP"
PT_CP= PENDING_QUEUE=
delete_queue() { java -cp "$PT_CP" scripts/lib/DeleteRabbitQueues.java "$URI" "$1" >>"$WORK/deleted.log" 2>&1; }
cleanup() {
  # The queue of a run cut short (the script stopped, or the run failed before its clean-up).
  if [ -n "$PENDING_QUEUE" ]; then
    delete_queue "$PENDING_QUEUE" || echo "could not delete queue $PENDING_QUEUE" >&2
  fi
  cmp_keep mqbench.jar
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q package -DskipTests" >&2; exit 1; }
# A copy, so that a rebuild during the comparison cannot replace the jar being measured.
cp "$RUNNER_JAR" "$WORK/mqbench.jar"

# PerfTest's version lives in the parent pom's dependencyManagement, like every other version.
cat > "$WORK/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.mqbench</groupId><artifactId>perftest-classpath</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.rabbitmq</groupId><artifactId>perf-test</artifactId><version>$PT_VERSION</version></dependency>
  </dependencies>
</project>
EOF
echo "resolving PerfTest $PT_VERSION ..." >&2
${MVN:-./mvnw} -B -q -f "$WORK/pom.xml" dependency:build-classpath -Dmdep.outputFile="$WORK/perftest.cp" >&2
PT_CP="$(cat "$WORK/perftest.cp")"

header
print_commands

# Runs one tool; appends "ROUND native|runner sent|received RATE" (and the runner's verdict) to the
# results file and prints the round's line. A run that fails is recorded; it never stops the script.
run_tool() { # run_tool TOOL ROUND
  local tool="$1" r="$2" q="mqbench-compare-$1-$STAMP-$2" code=0
  local side=native
  PENDING_QUEUE="$q" RATES= VERDICT=
  if [ "$tool" = perftest ]; then
    perftest_command "$q" "$WORK/perftest-$r.csv" "$PT_CP"
    "${CMD[@]}" >"$WORK/perftest-$r.log" 2>&1 || code=$?
    RATES=$(cmp_rates perftest-window "$WORK/perftest-$r.csv" "$WARMUP" "$SECONDS_MEASURED" 2>/dev/null || echo "nan nan 0")
    [ "$code" -eq 0 ] || VERDICT="PerfTest exited $code"
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
  if [ $((r % 2)) -eq 1 ]; then order="perftest runner"; else order="runner perftest"; fi
  for tool in $order; do
    run_tool "$tool" "$r"
  done
done
cmp_rates summary "$WORK/results" PerfTest sent received
[ -z "$FAILED" ] || exit 1
