#!/usr/bin/env bash
# Kafka's own ProducerPerformance then ConsumerPerformance (kafka-tools, the version of the parent
# pom) against the mqbench runner (runner/target/mqbench.jar, --phases send-then-drain: the native
# tools' phase structure) on one local KRaft broker (or a local 3-broker cluster), on equal terms,
# each stated at the top of the output:
#
# - the same warm-up: before each measured run, an unmeasured run of the same tool(s) with
#   --warmup-messages on a fresh topic of its own (deleted after), so that each side meets a warm
#   broker; no in-JVM warm-up on either side (ConsumerPerformance has none, so the runner runs with
#   --warmup 0s and ProducerPerformance without --warmup-records);
# - the same measured work: the same number of messages on both sides, each measured phase lasting
#   at least --min-seconds (20): unless --messages is given, the count is calibrated from the first
#   warm-ups (--min-seconds x 1.5 at the fastest warm-up rate) and, when a round still has a phase
#   under the minimum, sized again from that round's rates and the rounds start over (at most
#   twice); every phase's seconds are printed and a phase shorter than the minimum is marked SHORT;
# - rates measured from the same events: send, from the first send to the last acknowledgement
#   (ProducerPerformance's records/sec; the runner's sent msgs/s); drain, from the consumer's start
#   before it joins its group to its last message (ConsumerPerformance's nMsg.sec; the runner's
#   drained messages over its drain wait plus drain time). ConsumerPerformance's fetch.nMsg.sec
#   (from its partition assignment) and the runner's rate from its first message are printed beside;
# - the same client settings, the same property strings given to both: the producer properties
#   below (Kafka's client defaults, given explicitly; the runner's own defaults differ, e.g.
#   batch.size 64 KiB) and ConsumerPerformance's consumer settings (its socket buffer and fetch
#   size, check.crcs=false, the client's max.poll.records), the same heap;
# - one producer and one consumer per side; every topic created the same way (partitions,
#   replication) and deleted after its run; rounds alternate which side goes first.
#
#   scripts/compare-kafka.sh [--messages N] [--warmup-messages 1000000] [--min-seconds 20]
#       [--partitions 8] [--size 100] [--repeat 3] [--nodes 1] [--heap-mb 512] [--batch 1000]
#       [--producer-property KEY=VALUE]... [--keep DIR] [--plan]
#
# --batch is the runner's largest send batch (random 1..batch records per send; the Kafka producer
# batches them by batch.size and linger.ms as it does ProducerPerformance's records).
# --producer-property sets one producer property on both sides (e.g. batch.size=65536 to compare
# at the runner's own default). --plan prints the fairness header and the command lines and runs
# nothing. RUNNER_JAR picks another runner jar, RUNNER_FLAGS adds runner options. The runner's
# verdict of every run is recorded; a verdict other than ok never stops the script.
# Raw outputs (each run's results folder, the tools' own outputs and logs) are kept for examining a
# round afterwards: in --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the
# last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

MESSAGES="${MESSAGES:-}" WARMUP_MESSAGES=1000000 MIN_SECONDS=20 PARTITIONS="${PARTITIONS:-8}"
SIZE="${SIZE:-100}" REPEAT="${ROUNDS:-3}" NODES="${NODES:-1}" HEAP_MB="${HEAP_MB:-512}"
BATCH="${BATCH:-1000}" PLAN= KEEP=
# Kafka's producer defaults (kafka-clients 4.x), given to both sides.
PRODUCER_PROPS=(acks=all enable.idempotence=true batch.size=16384 linger.ms=5
  buffer.memory=33554432 max.request.size=1048576 compression.type=none
  max.in.flight.requests.per.connection=5)
# ConsumerPerformance's consumer (its --socket-buffer-size and --fetch-size defaults, its fixed
# check.crcs=false) and the client's max.poll.records, given to both sides.
SOCKET_BUFFER=2097152 FETCH_SIZE=1048576 MAX_POLL=500
while [ $# -gt 0 ]; do
  case "$1" in
    --messages) MESSAGES="$2"; shift 2 ;;
    --warmup-messages) WARMUP_MESSAGES="$2"; shift 2 ;;
    --min-seconds) MIN_SECONDS="$2"; shift 2 ;;
    --partitions) PARTITIONS="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --repeat|--rounds) REPEAT="$2"; shift 2 ;;
    --nodes) NODES="$2"; shift 2 ;;
    --heap-mb) HEAP_MB="$2"; shift 2 ;;
    --batch) BATCH="$2"; shift 2 ;;
    --producer-property)
      key="${2%%=*}"
      [ "$key" != "$2" ] || { echo "--producer-property wants KEY=VALUE, not $2" >&2; exit 2; }
      kept=()
      for p in "${PRODUCER_PROPS[@]}"; do [ "${p%%=*}" = "$key" ] || kept+=("$p"); done
      PRODUCER_PROPS=("${kept[@]}" "$2"); shift 2 ;;
    --plan) PLAN=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"
RUNNER_FLAGS="${RUNNER_FLAGS:-}"
HEAP=-Xmx512m
CONSUMER_PROPS=(max.poll.records="$MAX_POLL" receive.buffer.bytes="$SOCKET_BUFFER"
  max.partition.fetch.bytes="$FETCH_SIZE" check.crcs=false)
TOOLS_VERSION="$(sed -n 's:.*<kafka-broker.version>\(.*\)</kafka-broker.version>.*:\1:p' pom.xml)"
BOOTSTRAP='<bootstrap>' TOOLS_CP='<broker-classpath>:<kafka-tools-jar>'

# Each fills CMD with one command line.
producer_command() { # producer_command TOPIC COUNT
  CMD=(java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$TOOLS_CP"
    org.apache.kafka.tools.ProducerPerformance --bootstrap-server "$BOOTSTRAP" --topic "$1"
    --num-records "$2" --record-size "$SIZE" --throughput -1
    --command-property "${PRODUCER_PROPS[@]}")
}
consumer_command() { # consumer_command TOPIC COUNT GROUP
  CMD=(java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$TOOLS_CP"
    org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$BOOTSTRAP" --topic "$1"
    --num-records "$2" --group "$3" --timeout 60000 --socket-buffer-size "$SOCKET_BUFFER"
    --fetch-size "$FETCH_SIZE" --command-property max.poll.records="$MAX_POLL")
}
runner_command() { # runner_command TOPIC COUNT OUT JAR
  CMD=(java "$HEAP" -jar "$4" run --queue kafka --phases send-then-drain --senders 1 --receivers 1
    --messages "$2" --batch "$BATCH" --size "$SIZE" --warmup 0s --progress never --out "$3"
    -p kafka.bootstrapServers="$BOOTSTRAP" -p kafka.topic="$1" -p kafka.partitions="$PARTITIONS"
    -p kafka.acks=all)
  local p
  for p in "${PRODUCER_PROPS[@]}"; do CMD+=(-p "kafka.producer.$p"); done
  for p in "${CONSUMER_PROPS[@]}"; do CMD+=(-p "kafka.consumer.$p"); done
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  CMD+=($RUNNER_FLAGS)
}
print_commands() { # print_commands COUNT
  producer_command '<topic>' "$1"
  cmp_command producer "${CMD[@]}"
  consumer_command '<topic>' "$1" '<group>'
  cmp_command consumer "${CMD[@]}"
  runner_command '<topic>' "$1" '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}

header() {
  echo "== fair comparison: Kafka ProducerPerformance + ConsumerPerformance $TOOLS_VERSION against the mqbench runner =="
  cmp_fair "broker" "$BOOTSTRAP (both): $NODES local Kafka broker(s), KRaft, replication factor $NODES"
  cmp_fair "warm-up" "both: an unmeasured run of the same tool(s) with $WARMUP_MESSAGES messages on a fresh topic just before each measured run; no in-JVM warm-up on either side (runner --warmup 0s, no --warmup-records)"
  cmp_fair "measured" "both: ${MESSAGES:-the same calibrated number of} messages, each phase at least ${MIN_SECONDS}s (phases shorter are marked SHORT)"
  cmp_fair "rates" "both: send from the first send to the last acknowledgement; drain from the consumer's start, before it joins its group, to its last message (ConsumerPerformance nMsg.sec; runner drained / (drain wait + drain time))"
  cmp_fair "client settings" "both: producer ${PRODUCER_PROPS[*]}; consumer ${CONSUMER_PROPS[*]}; 1 producer, 1 consumer, ${SIZE}-byte messages, heap $HEAP"
  cmp_fair "topics" "each run a fresh topic, $PARTITIONS partitions, replication factor $NODES, created the same way and deleted afterwards"
  cmp_fair "order" "rounds alternate which side goes first; $REPEAT rounds"
  echo "note: differs: the runner's consumer commits only acknowledged offsets (every kafka.commitInterval) with the cooperative-sticky assignor; ConsumerPerformance auto-commits with the default assignors (the runner's at-least-once contract)"
}

if [ -n "$PLAN" ]; then
  header
  print_commands "${MESSAGES:-<calibrated>}"
  exit 0
fi

cmp_work kafka "$KEEP"
. scripts/lib/compare-kafka-broker.sh
cleanup() {
  kafka_cleanup
  cmp_keep mqbench.jar
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
start_local_kafka
TOOLS_CP="$BROKER_CP:$(ls "$PWD"/mq-kafka/target/kafka-tools/kafka-tools-*.jar)"

# One side's run; sets RESULT to "SEND_RATE SEND_S DRAIN_RATE DRAIN_S ALT_DRAIN_RATE CODE" (ALT:
# the fetch rate, or the rate from the first message; CODE: the runner's exit code, or the native
# tools' worst).
run_native() { # run_native TOPIC COUNT LOG
  local topic="$1" count="$2" log="$3" code=0 send drain
  create_topic "$topic" || { RESULT="nan 0 nan 0 nan 1"; return; }
  producer_command "$topic" "$count"
  "${CMD[@]}" >"$log.producer" 2>&1 || code=$?
  consumer_command "$topic" "$count" "group-$topic"
  "${CMD[@]}" >"$log.consumer" 2>&1 || code=$?
  delete_topic "$topic" || echo "could not delete topic $topic" >&2
  send=$(cmp_rates producer-performance "$log.producer" 2>/dev/null || echo "nan 0")
  drain=$(cmp_rates consumer-performance "$log.consumer" 2>/dev/null || echo "nan 0 nan")
  RESULT="$send $drain $code"
}
run_runner() { # run_runner TOPIC COUNT LOG
  local topic="$1" count="$2" log="$3" code=0 json
  create_topic "$topic" || { RESULT="nan 0 nan 0 nan 1"; return; }
  runner_command "$topic" "$count" "$log.out" "$WORK/mqbench.jar"
  "${CMD[@]}" >"$log" 2>&1 || code=$?
  delete_topic "$topic" || echo "could not delete topic $topic" >&2
  json=$(find "$log.out" -name run.json 2>/dev/null | head -1)
  RESULT="$(cmp_rates runner-kafka "$json" 2>/dev/null || echo "nan 0 nan 0 nan") $code"
}

header
STAMP=$(date +%s)
warm_up() { # warm_up SIDE ROUND: sets RESULT to the warm-up's rates
  "run_$1" "warm-up-$1-$STAMP-$2" "$WARMUP_MESSAGES" "$WORK/warm-up-$1-$2.log"
}
CALIBRATED=
if [ -z "$MESSAGES" ]; then
  CALIBRATED=1
  # The first warm-ups of both sides also size the measured runs.
  warm_up native 0
  read -r a _ b _ _ _ <<<"$RESULT"
  warm_up runner 0
  read -r c _ d _ _ _ <<<"$RESULT"
  MESSAGES=$(python3 -c 'import math, sys
rates = [float(x) for x in sys.argv[2:] if x not in ("nan", "")]
if not rates: sys.exit("no warm-up gave a rate: see the tools output")
print(max(1, math.ceil(1.5 * float(sys.argv[1]) * max(rates) / 100000)) * 100000)' \
    "$MIN_SECONDS" "$a" "$b" "$c" "$d")
  echo "calibration: warm-up rates msgs/s: ProducerPerformance $(cmp_int "$a"), ConsumerPerformance $(cmp_int "$b"), runner send $(cmp_int "$c"), drain $(cmp_int "$d"); measured runs: $MESSAGES messages (${MIN_SECONDS}s x 1.5 at the fastest)"
fi
print_commands "$MESSAGES"

SHORT=() FAILED= ROUND_SHORT= ROUND_FASTEST=0
: >"$WORK/results"
phase() { # phase VAR LABEL RATE SECONDS WHAT: VAR = "LABEL R msgs/s in Ss", SHORT when under the minimum
  local mark=""
  if python3 -c 'import sys; s = float(sys.argv[1]); sys.exit(0 if s == s and s < float(sys.argv[2]) else 1)' "$4" "$MIN_SECONDS"; then
    mark=" SHORT"
    SHORT+=("$5")
    ROUND_SHORT=1
  fi
  ROUND_FASTEST=$(python3 -c 'import sys; v = [float(x) for x in sys.argv[1:] if x != "nan"]; print(max(v))' "$ROUND_FASTEST" "$3")
  printf -v "$1" '%s %s msgs/s in %.1fs%s' "$2" "$(cmp_int "$3")" "$4" "$mark"
}
measure_round() { # measure_round ROUND TOPIC_TAG
  local r="$1" side
  ROUND_SHORT= ROUND_FASTEST=0
  if [ $((r % 2)) -eq 1 ]; then order="native runner"; else order="runner native"; fi
  for side in $order; do
    warm_up "$side" "$2"
    "run_$side" "$side-$STAMP-$2" "$MESSAGES" "$WORK/$side-$2.log"
    read -r send send_s drain drain_s alt code <<<"$RESULT"
    echo "$r $side send $send" >>"$WORK/results"
    echo "$r $side drain $drain" >>"$WORK/results"
    if [ "$side" = native ]; then
      extra="ConsumerPerformance fetch.nMsg.sec $(cmp_int "$alt")"
      if [ "$code" -eq 0 ]; then note=""; else note="; a native tool exited $code"; fi
      label="ProducerPerformance + ConsumerPerformance"
    else
      extra="runner from its first message $(cmp_int "$alt")"
      note="; verdict $(cmp_verdict "$code")"
      echo "$r verdict $(cmp_verdict "$code")" >>"$WORK/results"
      label="runner"
    fi
    phase send_text send "$send" "$send_s" "round $r $side send"
    phase drain_text drain "$drain" "$drain_s" "round $r $side drain"
    echo "round $r $side ($label): $send_text, $drain_text ($extra msgs/s)$note; topics deleted"
    if [ "$send" = nan ] || [ "$drain" = nan ]; then
      echo "round $r $side gave no rates; its output ends:" >&2
      tail -20 "$WORK/$side-$2.log"* >&2 || true
      FAILED=1
    fi
  done
}
# Short warm-ups underestimate the steady rates (here by 3 to 6 times): when a round of a calibrated
# count has a phase under the minimum, the count is sized again from that round's fastest rate and
# the rounds start over (what ran counts as warm-up), at most twice.
attempt=1 r=1
while [ "$r" -le "$REPEAT" ]; do
  measure_round "$r" "$attempt-$r"
  if [ -n "$CALIBRATED" ] && [ -n "$ROUND_SHORT" ] && [ "$attempt" -lt 3 ]; then
    MESSAGES=$(python3 -c 'import math, sys; print(math.ceil(1.5 * float(sys.argv[1]) * float(sys.argv[2]) / 1e6) * 1000000)' "$MIN_SECONDS" "$ROUND_FASTEST")
    echo "re-sizing: round $r had phases under ${MIN_SECONDS}s; the rounds start over with $MESSAGES messages (${MIN_SECONDS}s x 1.5 at that round's fastest rate, $(cmp_int "$ROUND_FASTEST") msgs/s); what ran so far counts as warm-up"
    print_commands "$MESSAGES"
    : >"$WORK/results"
    SHORT=() FAILED=
    attempt=$((attempt + 1)) r=1
    continue
  fi
  r=$((r + 1))
done
cmp_rates summary "$WORK/results" "Kafka's tools" send drain
[ ${#SHORT[@]} -eq 0 ] || echo "SHORT phases (under ${MIN_SECONDS}s, raise --messages): ${SHORT[*]}"
[ -z "$FAILED" ] || exit 1
