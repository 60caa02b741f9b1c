#!/usr/bin/env bash
# Kafka's own ShareConsumerPerformance (kafka-tools, the version of the parent pom) against the
# mqbench runner's --queue kafka-share (runner/target/mqbench.jar) draining the same backlog
# through a share group, on one local KRaft broker (or a local 3-broker cluster), on equal terms,
# each stated at the top of the output:
#
# - the same backlog: before each drain, a fresh topic (the same partitions and replication,
#   created the same way) is filled with the same number of messages by the same tool, the runner
#   sending only (--receivers 0), which also configures the share group the drain reads
#   (share.auto.offset.reset=earliest, share.record.lock.duration.ms as the runner's lease), so
#   both sides drain identical logs through identically configured groups; the fill is not
#   measured (its send rate is printed);
# - the same warm-up: before each measured drain, an unmeasured fill and drain of the same tool
#   with --warmup-messages on a fresh topic of its own (deleted after), so that each side meets a
#   warm broker; no in-JVM warm-up on either side (ShareConsumerPerformance has none, so the
#   runner drains with --warmup 0s);
# - the same measured work: the same number of messages on both sides, each measured drain lasting
#   at least --min-seconds (20): unless --messages is given, the count is calibrated from the first
#   warm-ups (--min-seconds x 1.5 at the fastest warm-up drain) and, when a round still has a drain
#   under the minimum, sized again from that round's rates and the rounds start over (at most
#   twice); every drain's seconds are printed and one shorter than the minimum is marked SHORT;
# - rates measured from the same events: messages drained over the time from the consumer's start
#   (before it joins its group) to its last message (ShareConsumerPerformance's nMsg.sec; the
#   runner's received msgs/s of a receive-only run, from its receiver's start to its last delivery);
# - the same client settings, the same property strings given to both: ShareConsumerPerformance's
#   consumer (its socket buffer and fetch size, check.crcs=false) and the client's max.poll.records
#   and share.acquire.mode, so the same records are in flight per poll; one consumer per side, the
#   same heap; rounds alternate which side goes first.
#
# - the same client library: the runner's kafka-clients jar first on the tool's class path.
#
# What differs is named: the runner acknowledges every record explicitly (its contract:
# acknowledge(record, ACCEPT), sent at once by a poll(0) or a commitAsync), ShareConsumerPerformance implicitly
# (each poll accepts the previous poll's records). --ack-modes measures that cost alone instead of
# comparing: each round fills one backlog as above and drains it three times, each through a share
# group of its own, with one KafkaShareConsumer polling as ShareConsumerPerformance does
# (scripts/lib/ShareAckModes.java, the same client settings): implicit, explicit with a commitAsync
# per poll (the runner's way), and explicit with the acknowledgements left to the next poll; the
# modes' order rotates; per-round ratios to implicit and their medians at the end.
#
#   scripts/compare-kafka-share.sh [--messages N] [--warmup-messages 1000000] [--min-seconds 20]
#       [--partitions 8] [--size 100] [--repeat 3] [--nodes 1] [--heap-mb 512] [--batch 1000]
#       [--max-poll 500] [--ack-modes] [--keep DIR] [--plan]
#
# --batch is the runner's largest send batch when filling and its largest receive when draining.
# --plan prints the fairness header and the command lines and runs nothing. RUNNER_JAR picks
# another runner jar, RUNNER_FLAGS adds options to the runner's drain. The runner's verdict of
# every run is recorded; a verdict other than ok never stops the script. Raw outputs (each run's
# results folder, the tool's own outputs and logs) are kept for examining a round afterwards: in
# --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the last line says
# where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh

MESSAGES="${MESSAGES:-}" WARMUP_MESSAGES=1000000 MIN_SECONDS=20 PARTITIONS="${PARTITIONS:-8}"
SIZE="${SIZE:-100}" REPEAT="${ROUNDS:-3}" NODES="${NODES:-1}" HEAP_MB="${HEAP_MB:-512}"
BATCH="${BATCH:-1000}" MAX_POLL=500 PLAN= KEEP= ACK_MODES=
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
    --max-poll) MAX_POLL="$2"; shift 2 ;;
    --ack-modes) ACK_MODES=1; shift ;;
    --plan) PLAN=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"
RUNNER_FLAGS="${RUNNER_FLAGS:-}"
HEAP=-Xmx512m
# ShareConsumerPerformance's consumer (its --socket-buffer-size and --fetch-size defaults, which it
# sets as receive.buffer.bytes and fetch.max.bytes, its fixed check.crcs=false) and the client's
# max.poll.records and share.acquire.mode, given to both sides.
SOCKET_BUFFER=2097152 FETCH_SIZE=1048576
CONSUMER_PROPS=(max.poll.records="$MAX_POLL" share.acquire.mode=batch_optimized
  receive.buffer.bytes="$SOCKET_BUFFER" fetch.max.bytes="$FETCH_SIZE" check.crcs=false)
# The share group's configuration the fill sets (KafkaShareSettings.groupConfigs): the lease is
# the runner's default, given explicitly.
LEASE=30s
TOOLS_VERSION="$(sed -n 's:.*<kafka-broker.version>\(.*\)</kafka-broker.version>.*:\1:p' pom.xml)"
BOOTSTRAP='<bootstrap>' TOOLS_CP='<kafka-clients-jar>:<broker-classpath>:<kafka-tools-jar>'
PROBE_CP='<kafka-clients-jar>:<broker-classpath>'
MODES=(implicit explicit-commit explicit-piggyback)

# Each fills CMD with one command line.
fill_command() { # fill_command TOPIC GROUP COUNT OUT JAR
  CMD=(java "$HEAP" -jar "$5" run --queue kafka-share --senders 1 --receivers 0 --messages "$3"
    --batch "$BATCH" --size "$SIZE" --warmup 0s --progress never --out "$4"
    -p kafka-share.bootstrapServers="$BOOTSTRAP" -p kafka-share.topic="$1"
    -p kafka-share.partitions="$PARTITIONS" -p kafka-share.acks=all -p kafka-share.groupId="$2"
    -p kafka-share.leaseTimeout="$LEASE")
}
consumer_command() { # consumer_command TOPIC GROUP COUNT
  CMD=(java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$TOOLS_CP"
    org.apache.kafka.tools.ShareConsumerPerformance --bootstrap-server "$BOOTSTRAP" --topic "$1"
    --group "$2" --num-records "$3" --timeout 60000 --socket-buffer-size "$SOCKET_BUFFER"
    --fetch-size "$FETCH_SIZE" --command-property max.poll.records="$MAX_POLL"
    --command-property share.acquire.mode=batch_optimized)
}
runner_command() { # runner_command TOPIC GROUP OUT JAR
  CMD=(java "$HEAP" -jar "$4" run --queue kafka-share --senders 0 --receivers 1 --batch "$BATCH"
    --size "$SIZE" --warmup 0s --receiver-idle 5s --progress never --out "$3"
    -p kafka-share.bootstrapServers="$BOOTSTRAP" -p kafka-share.topic="$1"
    -p kafka-share.partitions="$PARTITIONS" -p kafka-share.groupId="$2"
    -p kafka-share.leaseTimeout="$LEASE")
  local p
  for p in "${CONSUMER_PROPS[@]}"; do CMD+=(-p "kafka-share.consumer.$p"); done
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  CMD+=($RUNNER_FLAGS)
}
probe_command() { # probe_command MODE TOPIC GROUP COUNT
  CMD=(java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$PROBE_CP" scripts/lib/ShareAckModes.java "$1" "$BOOTSTRAP" "$2" "$3" "$4"
    group.share.auto.offset.reset=earliest group.share.record.lock.duration.ms="${LEASE%s}000")
  local p
  for p in "${CONSUMER_PROPS[@]}"; do CMD+=("$p"); done
}
print_commands() { # print_commands COUNT
  fill_command '<topic>' '<group>' "$1" '<out>' '<runner-jar>'
  cmp_command fill "${CMD[@]}"
  if [ -n "$ACK_MODES" ]; then
    local m
    for m in "${MODES[@]}"; do
      probe_command "$m" '<topic>' "<group-$m>" "$1"
      cmp_command "probe-$m" "${CMD[@]}"
    done
    return
  fi
  consumer_command '<topic>' '<group>' "$1"
  cmp_command consumer "${CMD[@]}"
  runner_command '<topic>' '<group>' '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}

header() {
  if [ -n "$ACK_MODES" ]; then
    echo "== fair comparison: the cost of explicit acknowledgement, one KafkaShareConsumer polling as ShareConsumerPerformance does, in three modes =="
    cmp_fair "broker" "$BOOTSTRAP (all): $NODES local Kafka broker(s), KRaft, share.version=1, replication factor $NODES"
    cmp_fair "backlog" "all: one topic per round, $PARTITIONS partitions, filled by the runner (send only) with ${MESSAGES:-<N>} messages of ${SIZE} bytes, read by each mode through a share group of its own (share.auto.offset.reset=earliest); deleted after the round"
    cmp_fair "warm-up" "all: an unmeasured drain of $WARMUP_MESSAGES messages in every mode on a topic of its own before the rounds"
    cmp_fair "measured" "all: a drain of ${MESSAGES:-<N>} messages, at least ${MIN_SECONDS}s (drains shorter are marked SHORT)"
    cmp_fair "rates" "all: messages drained over the time from before the consumer subscribes to its last message, as ShareConsumerPerformance's nMsg.sec"
    cmp_fair "client settings" "all: share consumer ${CONSUMER_PROPS[*]}; poll(100 ms); 1 consumer, heap $HEAP"
    cmp_fair "order" "the modes' order rotates each round; $REPEAT rounds"
    return
  fi
  echo "== fair comparison: Kafka ShareConsumerPerformance $TOOLS_VERSION against the mqbench runner (kafka-share) =="
  cmp_fair "broker" "$BOOTSTRAP (both): $NODES local Kafka broker(s), KRaft, share.version=1, replication factor $NODES"
  cmp_fair "backlog" "both: a fresh topic, $PARTITIONS partitions, replication factor $NODES, created the same way, filled by the same command (the runner, send only) with the same messages of ${SIZE} bytes, which sets the same share group configuration (share.auto.offset.reset=earliest, share.record.lock.duration.ms $LEASE); deleted after its drain"
  cmp_fair "warm-up" "both: an unmeasured fill and drain of the same tool with $WARMUP_MESSAGES messages on a fresh topic just before each measured drain; no in-JVM warm-up on either side (runner --warmup 0s)"
  cmp_fair "measured" "both: a drain of ${MESSAGES:-the same calibrated number of} messages, each at least ${MIN_SECONDS}s (drains shorter are marked SHORT)"
  cmp_fair "rates" "both: messages drained over the time from the consumer's start, before it joins its group, to its last message (ShareConsumerPerformance nMsg.sec; runner received msgs/s of a receive-only run)"
  cmp_fair "client settings" "both: share consumer ${CONSUMER_PROPS[*]}; 1 consumer, heap $HEAP; kafka-clients of the runner"
  cmp_fair "order" "rounds alternate which side goes first; $REPEAT rounds"
  echo "note: differs: the runner acknowledges every record explicitly (share.acknowledgement.mode=explicit, acknowledge(record, ACCEPT), then sent by a poll(0) once a poll's records are all acknowledged, else by commitAsync: its at-least-once contract); ShareConsumerPerformance implicitly (each poll accepts the previous poll's records); --ack-modes measures that cost alone"
}

if [ -n "$PLAN" ]; then
  header
  print_commands "${MESSAGES:-<calibrated>}"
  exit 0
fi

cmp_work kafka-share "$KEEP"
. scripts/lib/compare-kafka-broker.sh
cleanup() {
  kafka_cleanup
  cmp_keep mqbench.jar
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
start_local_kafka
CLIENTS_JAR=$(tr ':' '\n' <"$WORK/cp" | grep '/kafka-clients-[0-9.]*\.jar$' | head -1)
TOOLS_CP="$CLIENTS_JAR:$BROKER_CP:$(ls "$PWD"/mq-kafka/target/kafka-tools/kafka-tools-*.jar)"
PROBE_CP="$CLIENTS_JAR:$BROKER_CP"

# Fills a fresh topic; sets FILLED to the fill's send rate.
fill() { # fill TOPIC GROUP COUNT LOG
  local code=0 json
  create_topic "$1" || { FILLED=nan; return 1; }
  fill_command "$1" "$2" "$3" "$4.fill" "$WORK/mqbench.jar"
  "${CMD[@]}" >"$4.fill.log" 2>&1 || code=$?
  json=$(find "$4.fill" -name run.json 2>/dev/null | head -1)
  read -r FILLED _ <<<"$(cmp_rates runner-share-send "$json" 2>/dev/null || echo "nan 0")"
  [ "$code" -eq 0 ] || echo "the fill of $1 ended with verdict $(cmp_verdict "$code")" >&2
}
# One side's drain of a fresh backlog; sets RESULT to "FILL_RATE DRAIN_RATE DRAIN_S CODE" (CODE:
# the runner's exit code, or the tool's).
run_native() { # run_native TOPIC COUNT LOG
  local topic="$1" count="$2" log="$3" code=0 drain
  fill "$topic" "group-$topic" "$count" "$log" || { RESULT="nan nan 0 1"; return; }
  consumer_command "$topic" "group-$topic" "$count"
  "${CMD[@]}" >"$log.consumer" 2>&1 || code=$?
  delete_topic "$topic" || echo "could not delete topic $topic" >&2
  drain=$(cmp_rates share-consumer-performance "$log.consumer" "$count" 2>/dev/null || echo "nan 0")
  RESULT="$FILLED $drain $code"
}
run_runner() { # run_runner TOPIC COUNT LOG
  local topic="$1" count="$2" log="$3" code=0 json drain
  fill "$topic" "group-$topic" "$count" "$log" || { RESULT="nan nan 0 1"; return; }
  runner_command "$topic" "group-$topic" "$log.out" "$WORK/mqbench.jar"
  "${CMD[@]}" >"$log" 2>&1 || code=$?
  delete_topic "$topic" || echo "could not delete topic $topic" >&2
  json=$(find "$log.out" -name run.json 2>/dev/null | head -1)
  drain=$(cmp_rates runner-share-drain "$json" "$count" 2>/dev/null || echo "nan 0")
  RESULT="$FILLED $drain $code"
}

header
STAMP=$(date +%s)
# --ack-modes: one backlog per round drained in every mode; sets PROBED to each mode's rate.
probe_round() { # probe_round TAG COUNT ORDER...
  local tag="$1" count="$2" topic="ack-$STAMP-$1" m out code
  shift 2
  PROBED=()
  fill "$topic" "group-$topic" "$count" "$WORK/$tag" || return 1
  for m in "$@"; do
    code=0
    probe_command "$m" "$topic" "group-$topic-$m" "$count"
    "${CMD[@]}" >"$WORK/$tag.$m.log" 2>&1 || code=$?
    read -r _ rate seconds _ <<<"$(grep "^$m " "$WORK/$tag.$m.log" | tail -1 || echo "$m nan 0 0")"
    PROBED+=("$m $rate $seconds $code")
  done
  delete_topic "$topic" || echo "could not delete topic $topic" >&2
}
if [ -n "$ACK_MODES" ]; then
  probe_round warm-up "$WARMUP_MESSAGES" "${MODES[@]}"
  for p in "${PROBED[@]}"; do
    read -r m rate seconds _ <<<"$p"
    echo "warm-up $m: $(cmp_int "$rate") msgs/s in ${seconds}s"
  done
  if [ -z "$MESSAGES" ]; then
    MESSAGES=$(python3 -c 'import math, sys
rates = [float(x.split()[1]) for x in sys.argv[2:] if x.split()[1] != "nan"]
if not rates: sys.exit("no warm-up gave a rate: see the probe output")
print(max(1, math.ceil(1.5 * float(sys.argv[1]) * max(rates) / 100000)) * 100000)' "$MIN_SECONDS" "${PROBED[@]}")
    echo "calibration: measured drains: $MESSAGES messages (${MIN_SECONDS}s x 1.5 at the fastest warm-up mode)"
  fi
  print_commands "$MESSAGES"
  : >"$WORK/ack-results"
  for r in $(seq 1 "$REPEAT"); do
    order=("${MODES[@]:$(((r - 1) % 3))}" "${MODES[@]:0:$(((r - 1) % 3))}")
    probe_round "round-$r" "$MESSAGES" "${order[@]}" || { echo "round $r: the fill failed" >&2; continue; }
    line="round $r:"
    for p in "${PROBED[@]}"; do
      read -r m rate seconds code <<<"$p"
      echo "$r $m $rate $seconds" >>"$WORK/ack-results"
      mark=""
      python3 -c 'import sys; s = float(sys.argv[1]); sys.exit(0 if s < float(sys.argv[2]) else 1)' "$seconds" "$MIN_SECONDS" && mark=" SHORT"
      [ "$code" -eq 0 ] || mark="$mark (exit $code)"
      line="$line $m $(cmp_int "$rate") msgs/s in ${seconds}s$mark;"
    done
    echo "${line%;}"
  done
  cmp_rates ack-summary "$WORK/ack-results" implicit "${MODES[@]:1}"
  exit 0
fi
warm_up() { # warm_up SIDE ROUND: sets RESULT to the warm-up's rates
  "run_$1" "warm-up-$1-$STAMP-$2" "$WARMUP_MESSAGES" "$WORK/warm-up-$1-$2.log"
}
CALIBRATED=
if [ -z "$MESSAGES" ]; then
  CALIBRATED=1
  # The first warm-ups of both sides also size the measured drains.
  warm_up native 0
  read -r _ a _ _ <<<"$RESULT"
  warm_up runner 0
  read -r _ b _ _ <<<"$RESULT"
  MESSAGES=$(python3 -c 'import math, sys
rates = [float(x) for x in sys.argv[2:] if x not in ("nan", "")]
if not rates: sys.exit("no warm-up gave a rate: see the tools output")
print(max(1, math.ceil(1.5 * float(sys.argv[1]) * max(rates) / 100000)) * 100000)' \
    "$MIN_SECONDS" "$a" "$b")
  echo "calibration: warm-up drain rates msgs/s: ShareConsumerPerformance $(cmp_int "$a"), runner $(cmp_int "$b"); measured drains: $MESSAGES messages (${MIN_SECONDS}s x 1.5 at the faster)"
fi
print_commands "$MESSAGES"

SHORT=() FAILED= ROUND_SHORT= ROUND_FASTEST=0
: >"$WORK/results"
measure_round() { # measure_round ROUND TOPIC_TAG
  local r="$1" side mark label note
  ROUND_SHORT= ROUND_FASTEST=0
  if [ $((r % 2)) -eq 1 ]; then order="native runner"; else order="runner native"; fi
  for side in $order; do
    warm_up "$side" "$2"
    "run_$side" "$side-$STAMP-$2" "$MESSAGES" "$WORK/$side-$2.log"
    read -r filled drain drain_s code <<<"$RESULT"
    echo "$r $side drain $drain" >>"$WORK/results"
    if [ "$side" = native ]; then
      label="ShareConsumerPerformance"
      if [ "$code" -eq 0 ]; then note=""; else note="; the tool exited $code"; fi
    else
      label="runner"
      note="; verdict $(cmp_verdict "$code")"
      echo "$r verdict $(cmp_verdict "$code")" >>"$WORK/results"
    fi
    mark=""
    if python3 -c 'import sys; s = float(sys.argv[1]); sys.exit(0 if s == s and s < float(sys.argv[2]) else 1)' "$drain_s" "$MIN_SECONDS"; then
      mark=" SHORT"
      SHORT+=("round $r $side drain")
      ROUND_SHORT=1
    fi
    ROUND_FASTEST=$(python3 -c 'import sys; v = [float(x) for x in sys.argv[1:] if x != "nan"]; print(max(v))' "$ROUND_FASTEST" "$drain")
    printf 'round %s %s (%s): drain %s msgs/s in %.1fs%s (fill %s msgs/s, unmeasured)%s; topics deleted\n' \
      "$r" "$side" "$label" "$(cmp_int "$drain")" "$drain_s" "$mark" "$(cmp_int "$filled")" "$note"
    if [ "$drain" = nan ]; then
      echo "round $r $side gave no rate; its output ends:" >&2
      tail -20 "$WORK/$side-$2.log"* >&2 || true
      FAILED=1
    fi
  done
}
# Short warm-ups underestimate the steady rates: when a round of a calibrated count has a drain
# under the minimum, the count is sized again from that round's fastest rate and the rounds start
# over (what ran counts as warm-up), at most twice.
attempt=1 r=1
while [ "$r" -le "$REPEAT" ]; do
  measure_round "$r" "$attempt-$r"
  if [ -n "$CALIBRATED" ] && [ -n "$ROUND_SHORT" ] && [ "$attempt" -lt 3 ]; then
    MESSAGES=$(python3 -c 'import math, sys; print(math.ceil(1.5 * float(sys.argv[1]) * float(sys.argv[2]) / 1e6) * 1000000)' "$MIN_SECONDS" "$ROUND_FASTEST")
    echo "re-sizing: round $r had drains under ${MIN_SECONDS}s; the rounds start over with $MESSAGES messages (${MIN_SECONDS}s x 1.5 at that round's fastest rate, $(cmp_int "$ROUND_FASTEST") msgs/s); what ran so far counts as warm-up"
    print_commands "$MESSAGES"
    : >"$WORK/results"
    SHORT=() FAILED=
    attempt=$((attempt + 1)) r=1
    continue
  fi
  r=$((r + 1))
done
cmp_rates summary "$WORK/results" "ShareConsumerPerformance" drain
[ ${#SHORT[@]} -eq 0 ] || echo "SHORT drains (under ${MIN_SECONDS}s, raise --messages): ${SHORT[*]}"
[ -z "$FAILED" ] || exit 1
