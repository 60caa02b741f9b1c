#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue rabbitmq) with RabbitMQ's own
# PerfTest on the same broker, with the same settings: quorum queue, persistent messages, publisher
# confirms, N senders and receivers running together (PerfTest's phase structure), message size,
# consumer prefetch = 2 x batch (the backend's default), and PerfTest's confirm window = the
# runner's in-flight window x batch.
#
#   scripts/compare-rabbitmq.sh [--uri amqp://guest:guest@127.0.0.1:5672] [--senders 2]
#       [--receivers 2] [--messages 200000] [--batch 10] [--in-flight 8] [--size 100]
#       [--seconds 30] [--repeat 5] [--perftest-confirm N (default: in-flight x batch)]
#
# PerfTest runs for --seconds (its usual mode) and reports its average rates; the runner sends
# --messages per sender in batches of random size 1..batch (the mqperf method), up to --in-flight
# batches unconfirmed per sender, and reports sent and received msgs/s. RUNNER_JAR=path picks
# another runner jar. Runs alternate PerfTest/runner (the order flips each round); the medians,
# their ratio and the per-round ratios are printed. PerfTest is resolved by Maven into a temporary
# directory and runs as its own JVM. Every run uses a fresh queue, deleted afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

URI="${RABBITMQ_URI:-amqp://guest:guest@127.0.0.1:5672}"
SENDERS=2 RECEIVERS=2 MESSAGES=200000 BATCH=10 IN_FLIGHT=8 SIZE=100 SECONDS_PT=30 REPEAT=5 PT_CONFIRM=
while [ $# -gt 0 ]; do
  case "$1" in
    --uri) URI="$2"; shift 2 ;;
    --senders) SENDERS="$2"; shift 2 ;;
    --receivers) RECEIVERS="$2"; shift 2 ;;
    --messages) MESSAGES="$2"; shift 2 ;;
    --batch) BATCH="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --seconds) SECONDS_PT="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --in-flight) IN_FLIGHT="$2"; shift 2 ;;
    --perftest-confirm) PT_CONFIRM="$2"; shift 2 ;;
    -h|--help) sed -n '2,19p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
PREFETCH=$((2 * BATCH))
PT_CONFIRM="${PT_CONFIRM:-$((IN_FLIGHT * BATCH))}"
MVN="${MVN:-mvn}"

WORK="$(mktemp -d -t mqbench-compare-rabbitmq.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT

# PerfTest's version lives in the parent pom's dependencyManagement, like every other version.
PT_VERSION="$(sed -n '/<artifactId>perf-test<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p}' pom.xml)"
[ -n "$PT_VERSION" ] || { echo "perf-test version not found in pom.xml" >&2; exit 1; }
cat > "$WORK/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.mqbench</groupId><artifactId>perftest-classpath</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.rabbitmq</groupId><artifactId>perf-test</artifactId><version>$PT_VERSION</version></dependency>
  </dependencies>
</project>
EOF
echo "resolving PerfTest $PT_VERSION into $WORK ..." >&2
"$MVN" -B -q -f "$WORK/pom.xml" dependency:build-classpath -Dmdep.outputFile="$WORK/perftest.cp" >&2
PT_CP="$(cat "$WORK/perftest.cp")"

echo "compiling mq-rabbit's test classes (queue clean-up) ..." >&2
"$MVN" -B -q -pl mq-rabbit test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$WORK/mqrabbit.cp" >&2
RMQ_CP="mq-rabbit/target/test-classes:mq-rabbit/target/classes:$(cat "$WORK/mqrabbit.cp")"
RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q install -DskipTests" >&2; exit 1; }
# A copy, so that a rebuild during the comparison cannot replace the jar being measured.
cp "$RUNNER_JAR" "$WORK/mqbench.jar"
RUNNER_JAR="$WORK/mqbench.jar"

delete_queue() { java -cp "$RMQ_CP" io.mqbench.rabbitmq.DeleteQueue "$URI" "$1" >&2 || true; }

run_perftest() { # prints "sent received"
  local q="mqbench-compare-perftest-$1" out="$WORK/perftest-$1.log"
  java -cp "$PT_CP" com.rabbitmq.perf.PerfTest --uri "$URI" --queue "$q" --quorum-queue \
    --flag persistent --producers "$SENDERS" --consumers "$RECEIVERS" --size "$SIZE" \
    --confirm "$PT_CONFIRM" --qos "$PREFETCH" --multi-ack-every "$BATCH" --time "$SECONDS_PT" >"$out" 2>&1
  delete_queue "$q"
  local sent recv
  sent=$(sed -n 's/.*sending rate avg: \([0-9]*\) msg\/s.*/\1/p' "$out")
  recv=$(sed -n 's/.*receiving rate avg: \([0-9]*\) msg\/s.*/\1/p' "$out")
  [ -n "$sent" ] && [ -n "$recv" ] || { echo "PerfTest failed:" >&2; tail -20 "$out" >&2; exit 1; }
  echo "$sent $recv"
}

run_mqbench() { # prints "sent received"
  local q="mqbench-compare-mqbench-$1" out="$WORK/mqbench-$1"
  java -Xmx512m -jar "$RUNNER_JAR" run --queue rabbitmq --senders "$SENDERS" --receivers "$RECEIVERS" \
    --messages "$MESSAGES" --batch "$BATCH" --in-flight "$IN_FLIGHT" --size "$SIZE" --out "$out" \
    --progress never -p rabbitmq.uri="$URI" -p rabbitmq.queue="$q" -p rabbitmq.prefetch="$PREFETCH" >"$WORK/mqbench-$1.log" 2>&1 \
    || { tail -20 "$WORK/mqbench-$1.log" >&2; exit 1; }
  delete_queue "$q"
  local csv
  csv=$(find "$out" -name summary.csv | head -1)
  awk -F, 'NR==1 {for (i=1;i<=NF;i++) col[$i]=i; next}
           NR==2 {printf "%.0f %.0f\n", $col["sent_msgs_per_s"], $col["received_msgs_per_s"]}' "$csv"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : int((a[NR/2]+a[NR/2+1])/2)}'; }

echo "broker $URI; $SENDERS senders, $RECEIVERS receivers, ${SIZE}-byte persistent messages, quorum queue,"
echo "batch 1..$BATCH, runner in flight $IN_FLIGHT, PerfTest confirm window $PT_CONFIRM, prefetch $PREFETCH;"
echo "PerfTest ${SECONDS_PT}s per run; runner $MESSAGES msgs per sender"
: >"$WORK/pt" ; : >"$WORK/mb" ; : >"$WORK/ratio"
STAMP=$(date +%s)
for r in $(seq 1 "$REPEAT"); do
  if [ $((r % 2)) -eq 1 ]; then order="perftest mqbench"; else order="mqbench perftest"; fi
  for tool in $order; do
    res=$("run_$tool" "$STAMP-$r")
    echo "round $r $tool: sent $(echo "$res" | cut -d' ' -f1) msg/s, received $(echo "$res" | cut -d' ' -f2) msg/s"
    if [ "$tool" = perftest ]; then echo "$res" >>"$WORK/pt"; else echo "$res" >>"$WORK/mb"; fi
  done
  # Per-round ratio: the two runs of a round are back to back, so they share the machine's load.
  paste -d' ' <(tail -1 "$WORK/mb") <(tail -1 "$WORK/pt") | awk '{printf "%.3f %.3f\n", $1/$3, $2/$4}' >>"$WORK/ratio"
done
pt_s=$(cut -d' ' -f1 "$WORK/pt" | median); pt_r=$(cut -d' ' -f2 "$WORK/pt" | median)
mb_s=$(cut -d' ' -f1 "$WORK/mb" | median); mb_r=$(cut -d' ' -f2 "$WORK/mb" | median)
echo "median PerfTest: sent $pt_s msg/s, received $pt_r msg/s"
echo "median runner:   sent $mb_s msg/s, received $mb_r msg/s"
awk -v a="$mb_s" -v b="$pt_s" -v c="$mb_r" -v d="$pt_r" \
  'BEGIN {printf "ratio of medians runner/PerfTest: sent %.2f, received %.2f\n", a/b, c/d}'
ratio_median() { sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
echo "per-round sent ratios: $(cut -d' ' -f1 "$WORK/ratio" | tr '\n' ' ')(median $(cut -d' ' -f1 "$WORK/ratio" | ratio_median))"
echo "per-round received ratios: $(cut -d' ' -f2 "$WORK/ratio" | tr '\n' ' ')(median $(cut -d' ' -f2 "$WORK/ratio" | ratio_median))"
