#!/usr/bin/env bash
# Compares the mqbench runner (runner/target/mqbench.jar, --queue artemis) with Artemis' own
# `artemis perf client` on the same local broker (the one the runner starts when no address is
# given: its own JVM, one core acceptor on 127.0.0.1, NIO journal with datasync on, so every
# confirmed persistent message was fsynced), with the same settings: persistent messages of the
# same size, 1 producer and 1 consumer running together, and the same number of messages in flight
# (perf client --max-pending = runner --in-flight x --batch, with --batch 1 so that the two are the
# same: each runner batch is one message sent with a JMS 2.0 completion listener, as perf client
# sends).
#
#   scripts/compare-artemis.sh [--size 100] [--in-flight 500] [--seconds 20] [--warmup 5]
#       [--repeat 3]
#
# Rounds alternate which tool goes first; each uses a fresh queue. Prints both tools' sent and
# received msgs/s per round, the medians, the ratio of medians (runner / perf) and the per-round
# ratios. perf client's figures are the means of its per-second "completed" (confirmed sends) and
# "received" reports after its warm-up (Artemis prints results only with confirmationWindowSize on
# the URL, given here). Needs the runner's jar
# (./mvnw -q -B package -DskipTests); resolves org.apache.artemis:apache-artemis:tar.gz:bin (the
# version of the parent pom) into a temporary directory. RUNNER_JAR=path picks another runner jar.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=100 IN_FLIGHT=500 SECONDS_RUN=20 WARMUP=5 REPEAT=3
while [ $# -gt 0 ]; do
  case "$1" in
    --size) SIZE="$2"; shift 2 ;;
    --in-flight) IN_FLIGHT="$2"; shift 2 ;;
    --seconds) SECONDS_RUN="$2"; shift 2 ;;
    --warmup) WARMUP="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
MVN="${MVN:-./mvnw}"
WORK="$(mktemp -d -t mqbench-compare-artemis.XXXXXX)"
BROKER_PID= BROKER_IN=
cleanup() {
  # Close every write end of the broker's stdin (ours and the coproc's), so that it stops.
  if [ -n "$BROKER_PID" ]; then
    exec 9>&-
    eval "exec ${BROKER_IN}>&-" 2>/dev/null || true
    wait "$BROKER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }
cp "$RUNNER_JAR" "$WORK/mqbench.jar" # a rebuild meanwhile cannot change what is measured

VERSION="$(sed -n 's:.*<artemis-broker.version>\(.*\)</artemis-broker.version>.*:\1:p' pom.xml)"
echo "resolving apache-artemis $VERSION ..." >&2
"$MVN" -B -q dependency:copy -Dartifact="org.apache.artemis:apache-artemis:$VERSION:tar.gz:bin" \
  -DoutputDirectory="$WORK" >&2
tar xzf "$WORK/apache-artemis-$VERSION-bin.tar.gz" -C "$WORK"
ARTEMIS="$WORK/apache-artemis-$VERSION/bin/artemis"

echo "compiling mq-artemis' test classes (the local broker launcher) ..." >&2
"$MVN" -B -q -pl mq-artemis -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile="$WORK/cp" >&2
CP="mq-artemis/target/test-classes:mq-artemis/target/classes:$(cat "$WORK/cp")"

# The broker stops (and its journal is deleted) when fd 9, its stdin, closes.
coproc BROKER { java -cp "$CP" io.mqbench.artemis.perf.ServeLocalArtemis 1024 artemis artemis 2>"$WORK/broker.err"; }
BROKER_PID=$!
BROKER_IN=${BROKER[1]}
exec 9>&"$BROKER_IN"
read -r -t 90 URL <&"${BROKER[0]}" || { echo "the local broker did not start:" >&2; cat "$WORK/broker.err" >&2; exit 1; }
echo "broker $URL: Artemis $VERSION, NIO journal, journal-datasync on, persistent ${SIZE}-byte messages,"
echo "1 producer + 1 consumer together, $IN_FLIGHT messages in flight, ${WARMUP}s warm-up + ${SECONDS_RUN}s measured"

run_perf() { # prints "sent received"
  local q="compare-perf-$1" out="$WORK/perf-$1.log"
  "$ARTEMIS" perf client --url "$URL?confirmationWindowSize=1048576" --user artemis \
    --password artemis --persistent --message-size "$SIZE" --producers 1 --consumers 1 \
    --max-pending "$IN_FLIGHT" --duration "$SECONDS_RUN" --warmup "$WARMUP" "queue://$q" >"$out" 2>&1 \
    || { tail -20 "$out" >&2; exit 1; }
  # Means of its per-second reports after the warm-up: "completed" (confirmed by the broker, what
  # the runner counts as sent) and "received".
  awk '/--- warmup false/ {m=1; next} /--- warmup true/ || /SUMMARY/ {m=0}
       m && /--- completed:/ {c+=$3; n++} m && /--- received:/ {r+=$3}
       END {if (n == 0) exit 1; printf "%.0f %.0f\n", c/n, r/n}' "$out" \
    || { echo "no results from artemis perf:" >&2; tail -20 "$out" >&2; exit 1; }
}

run_mqbench() { # prints "sent received"
  local q="compare-mqbench-$1" out="$WORK/mqbench-$1"
  java -Xmx512m -jar "$WORK/mqbench.jar" run --queue artemis --senders 1 --receivers 1 \
    --batch 1 --in-flight "$IN_FLIGHT" --size "$SIZE" --duration "${SECONDS_RUN}s" \
    --warmup "${WARMUP}s" --out "$out" --progress never -p artemis.url="$URL" \
    -p artemis.queue="$q" >"$WORK/mqbench-$1.log" 2>&1 || { tail -20 "$WORK/mqbench-$1.log" >&2; exit 1; }
  local csv
  csv=$(find "$out" -name summary.csv | head -1)
  awk -F, 'NR==1 {for (i=1;i<=NF;i++) col[$i]=i; next}
           NR==2 {printf "%.0f %.0f\n", $col["sent_msgs_per_s"], $col["received_msgs_per_s"]}' "$csv"
}

median() { sort -g | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }
: >"$WORK/perf"; : >"$WORK/mb"; : >"$WORK/ratio"
for r in $(seq 1 "$REPEAT"); do
  if [ $((r % 2)) -eq 1 ]; then order="perf mqbench"; else order="mqbench perf"; fi
  for tool in $order; do
    res=$("run_$tool" "$r")
    echo "round $r $tool: sent $(echo "$res" | cut -d' ' -f1) msg/s, received $(echo "$res" | cut -d' ' -f2) msg/s"
    echo "$res" >>"$WORK/$([ "$tool" = perf ] && echo perf || echo mb)"
  done
  paste -d' ' <(tail -1 "$WORK/mb") <(tail -1 "$WORK/perf") | awk '{printf "%.3f %.3f\n", $1/$3, $2/$4}' >>"$WORK/ratio"
done
p_s=$(cut -d' ' -f1 "$WORK/perf" | median); p_r=$(cut -d' ' -f2 "$WORK/perf" | median)
m_s=$(cut -d' ' -f1 "$WORK/mb" | median); m_r=$(cut -d' ' -f2 "$WORK/mb" | median)
echo "median artemis perf: sent $p_s msg/s, received $p_r msg/s"
echo "median runner:       sent $m_s msg/s, received $m_r msg/s"
awk -v a="$m_s" -v b="$p_s" -v c="$m_r" -v d="$p_r" \
  'BEGIN {printf "ratio of medians runner/perf: sent %.2f, received %.2f\n", a/b, c/d}'
echo "per-round sent ratios: $(cut -d' ' -f1 "$WORK/ratio" | tr '\n' ' ')(median $(cut -d' ' -f1 "$WORK/ratio" | median))"
echo "per-round received ratios: $(cut -d' ' -f2 "$WORK/ratio" | tr '\n' ' ')(median $(cut -d' ' -f2 "$WORK/ratio" | median))"
