#!/usr/bin/env bash
# Compares the CPU the mqbench runner (runner/target/mqbench.jar, --mode rate) spends with the CPU
# a broker's own benchmark tool spends moving the same messages at the same fixed rate: CPU-seconds
# per million messages sent, each side's whole JVM(s) from start to exit. The terms, each stated at
# the top of the output:
#
# - the same fixed rate in total msgs/s, from 1 sender with 1 receiver beside it: runner --mode
#   rate --rate R; PerfTest --rate R (its one producer); Kafka's ProducerPerformance --throughput R
#   with ConsumerPerformance in its own JVM at the same time (both JVMs' CPU added); artemis perf
#   client --rate R;
# - the same measured duration (--seconds of sending at that rate) and no warm-up on either side
#   (runner --warmup 0s; none of the native tools is given one): each JVM is measured cold;
# - CPU measured the same way: user + system seconds of each side's process from start to exit,
#   read with wait4 (all its threads, and any child it waited for), with its largest resident set;
#   the runner's includes its start-up and writing its results as the native tools' include their
#   own start-up and reports; divided by the messages that side sent (confirmed by the broker), as
#   each tool counts them;
# - the same client settings as scripts/compare-rabbitmq.sh, compare-kafka.sh and
#   compare-artemis.sh use: RabbitMQ quorum queue, persistent messages, publisher confirms with the
#   same window; Kafka acks=all and the same producer and consumer properties; Artemis persistent
#   messages with the same windows and messages in flight; the same message size;
# - the same heap, -Xmx512m given to java directly, which keeps the runner's load in that one JVM
#   (it starts a second JVM only when java gets no heap flag); every process of each side's tree
#   is listed and each round says how many JVMs ran;
# - the runner without anything the native tools do not do: --limit-probe 0s, --progress never,
#   --keep-queue (this script deletes each side's queue alike); a rate run never holds its senders
#   back, so --max-backlog, which the runner refuses in rate mode, is not given;
# - beside the whole process, the steady state: the CPU-seconds each side's processes used from 8 s
#   after its start to 6 s before its end (a /proc scan twice a second; STEADY_FROM and
#   STEADY_BEFORE change them), per message at the rate that side moved (the runner's achieved rate
#   when the broker held it back): the per-message path alone, without either side's start-up, JIT
#   warm-up, results or shut-down (needs --seconds 20 or more);
# - and the whole process without writing the results, which the runner does and the tools do not
#   (run.json with every histogram, .hgrm, CSV, XLSX, the chart, report.html): the runner's CPU less
#   what it says writing them took (its terminal's `results` and `report` lines, the process's CPU
#   before and after);
# - each run a fresh queue (topic), deleted afterwards; rounds alternate which side goes first.
#
#   scripts/compare-cpu.sh --tool perftest|kafka|artemis [--rate 5000] [--seconds 30]
#       [--repeat 3] [--series 1] [--size 100] [--keep DIR] [--plan]
#
# --series S runs S series of --repeat rounds, one after the other: on a shared host a series'
# median moves by more than a round's noise, so the summary also gives each series' median, the
# median of those and their spread, and the host's load average at each round's start.
#
# --plan prints the terms and the command lines and runs nothing. Environment: RABBITMQ_URI (the
# broker for perftest; default amqp://guest:guest@127.0.0.1:5672), RUNNER_JAR (another runner jar,
# copied before use), RUNNER_FLAGS (more runner options), MVN (Maven command; default ./mvnw).
# Kafka and Artemis run on a local broker started for the comparison and removed after, as in
# compare-kafka.sh and compare-artemis.sh. A side that fails is recorded and the script goes on; it
# exits 1 when a side of some round gave no figure.
# Raw outputs (each run's results folder, the tools' own outputs and logs) are kept for examining a
# round afterwards: in --keep DIR (a new or empty folder), else in a fresh folder under $TMPDIR; the
# last line says where.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib/compare-common.sh
. scripts/lib/compare-kafka-broker.sh

TOOL= RATE=5000 SECONDS_MEASURED=30 REPEAT=3 SERIES=1 SIZE=100 PLAN= KEEP=
while [ $# -gt 0 ]; do
  case "$1" in
    --tool) TOOL="$2"; shift 2 ;;
    --rate) RATE="$2"; shift 2 ;;
    --seconds) SECONDS_MEASURED="$2"; shift 2 ;;
    --repeat) REPEAT="$2"; shift 2 ;;
    --series) SERIES="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --plan) PLAN=1; shift ;;
    --keep) KEEP="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d'; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
cmp_check_keep "$KEEP"
case "$TOOL" in
  perftest | kafka | artemis) ;;
  *) echo "--tool perftest, kafka or artemis (see --help)" >&2; exit 2 ;;
esac
for n in "$RATE" "$SECONDS_MEASURED" "$REPEAT" "$SERIES" "$SIZE"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "not a positive whole number: $n" >&2; exit 2; }
done
RUNNER_FLAGS="${RUNNER_FLAGS:-}"
HEAP=-Xmx512m
MESSAGES=$((RATE * SECONDS_MEASURED)) # what each side sends at the rate over the duration
cpu() { python3 scripts/lib/cpu_seconds.py "$@"; }

# RabbitMQ: compare-rabbitmq.sh's settings.
URI="${RABBITMQ_URI:-amqp://guest:guest@127.0.0.1:5672}"
CONFIRM=128 PREFETCH=256
MULTI_ACK=$((PREFETCH / 2))
PT_VERSION="$(sed -n '/<artifactId>perf-test<\/artifactId>/{n;s/.*<version>\(.*\)<\/version>.*/\1/p}' pom.xml)"
# Kafka: compare-kafka.sh's settings (Kafka's producer defaults given explicitly to both sides,
# ConsumerPerformance's consumer settings given to the runner too).
PRODUCER_PROPS=(acks=all enable.idempotence=true batch.size=16384 linger.ms=5
  buffer.memory=33554432 max.request.size=1048576 compression.type=none
  max.in.flight.requests.per.connection=5)
SOCKET_BUFFER=2097152 FETCH_SIZE=1048576 MAX_POLL=500
CONSUMER_PROPS=(max.poll.records="$MAX_POLL" receive.buffer.bytes="$SOCKET_BUFFER"
  max.partition.fetch.bytes="$FETCH_SIZE" check.crcs=false)
PARTITIONS=8 NODES=1 BROKER_HEAP_MB=512
# ProducerPerformance bounds what it has in flight only by buffer.memory: the runner's window of
# single-message sends is made large enough not to hold it back at these rates.
KAFKA_IN_FLIGHT=1024
KAFKA_VERSION="$(sed -n 's:.*<kafka-broker.version>\(.*\)</kafka-broker.version>.*:\1:p' pom.xml)"
BOOTSTRAP='<bootstrap>' TOOLS_CP='<broker-classpath>:<kafka-tools-jar>'
# Artemis: compare-artemis.sh's settings.
ARTEMIS_IN_FLIGHT=500
CONFIRMATION_WINDOW=1048576 CONSUMER_WINDOW=1048576 PRODUCER_WINDOW=65536
ARTEMIS_VERSION="$(sed -n 's:.*<artemis-broker.version>\(.*\)</artemis-broker.version>.*:\1:p' pom.xml)"
URL='<broker-url>'

# Each fills CMD with one command line.
perftest_command() { # perftest_command QUEUE CSV CLASSPATH
  CMD=(java "$HEAP" -cp "$3" com.rabbitmq.perf.PerfTest --uri "$URI" --queue "$1" --quorum-queue
    --auto-delete false --flag persistent --producers 1 --consumers 1 --rate "$RATE"
    --size "$SIZE" --confirm "$CONFIRM" --qos "$PREFETCH" --multi-ack-every "$MULTI_ACK"
    --time "$SECONDS_MEASURED" --output-file "$2")
}
producer_command() { # producer_command TOPIC
  CMD=(java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$TOOLS_CP"
    org.apache.kafka.tools.ProducerPerformance --bootstrap-server "$BOOTSTRAP" --topic "$1"
    --num-records "$MESSAGES" --record-size "$SIZE" --throughput "$RATE"
    --command-property "${PRODUCER_PROPS[@]}")
}
consumer_command() { # consumer_command TOPIC GROUP
  CMD=(java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$TOOLS_CP"
    org.apache.kafka.tools.ConsumerPerformance --bootstrap-server "$BOOTSTRAP" --topic "$1"
    --num-records "$MESSAGES" --group "$2" --timeout 60000 --socket-buffer-size "$SOCKET_BUFFER"
    --fetch-size "$FETCH_SIZE" --command-property max.poll.records="$MAX_POLL")
}
artemis_command() { # artemis_command QUEUE JSON ARTEMIS
  CMD=(env JAVA_ARGS="$HEAP" "$3" perf client
    --url "$URL?confirmationWindowSize=$CONFIRMATION_WINDOW&consumerWindowSize=$CONSUMER_WINDOW&producerWindowSize=$PRODUCER_WINDOW"
    --user artemis --password artemis --persistent --message-size "$SIZE" --producers 1
    --consumers 1 --max-pending "$ARTEMIS_IN_FLIGHT" --rate "$RATE" --warmup 0
    --duration "$SECONDS_MEASURED" --json "$2" "queue://$1")
}
runner_command() { # runner_command QUEUE OUT JAR
  CMD=(java "$HEAP" -jar "$3" run --mode rate --rate "$RATE" --senders 1 --receivers 1 --batch 1)
  case "$TOOL" in
    perftest)
      CMD+=(--queue rabbitmq --in-flight "$CONFIRM" -p rabbitmq.uri="$URI" -p rabbitmq.queue="$1"
        -p rabbitmq.queueType=quorum -p rabbitmq.persistent=true -p rabbitmq.prefetch="$PREFETCH") ;;
    kafka)
      CMD+=(--queue kafka --in-flight "$KAFKA_IN_FLIGHT" -p kafka.bootstrapServers="$BOOTSTRAP"
        -p kafka.topic="$1" -p kafka.partitions="$PARTITIONS" -p kafka.acks=all)
      local p
      for p in "${PRODUCER_PROPS[@]}"; do CMD+=(-p "kafka.producer.$p"); done
      for p in "${CONSUMER_PROPS[@]}"; do CMD+=(-p "kafka.consumer.$p"); done ;;
    artemis)
      CMD+=(--queue artemis --in-flight "$ARTEMIS_IN_FLIGHT" -p artemis.url="$URL"
        -p artemis.user=artemis -p artemis.password=artemis -p artemis.queue="$1"
        -p artemis.confirmationWindowSize="$CONFIRMATION_WINDOW"
        -p artemis.consumerWindowSize="$CONSUMER_WINDOW"
        -p artemis.url.producerWindowSize="$PRODUCER_WINDOW") ;;
  esac
  # shellcheck disable=SC2206 # RUNNER_FLAGS is a list of options
  CMD+=(--size "$SIZE" --duration "${SECONDS_MEASURED}s" --warmup 0s --limit-probe 0s
    --progress never --keep-queue --out "$2" $RUNNER_FLAGS)
}
print_commands() {
  case "$TOOL" in
    perftest)
      perftest_command '<queue>' '<perftest.csv>' '<perftest-classpath>'
      cmp_command perftest "${CMD[@]}" ;;
    kafka)
      producer_command '<topic>'
      cmp_command kafka-producer "${CMD[@]}"
      consumer_command '<topic>' '<group>'
      cmp_command kafka-consumer "${CMD[@]}" ;;
    artemis)
      artemis_command '<queue>' '<perf.json>' '<apache-artemis>/bin/artemis'
      cmp_command artemis "${CMD[@]}" ;;
  esac
  if [ "$TOOL" = kafka ]; then q='<topic>'; else q='<queue>'; fi
  runner_command "$q" '<out>' '<runner-jar>'
  cmp_command runner "${CMD[@]}"
}

case "$TOOL" in
  perftest)
    NATIVE="PerfTest"
    TITLE="RabbitMQ PerfTest $PT_VERSION"
    BROKER_TEXT="$(echo "$URI" | sed "s#\\(://[^:/@]*\\):[^@/]*@#\\1:****@#") (both)"
    RATE_TEXT="PerfTest --rate $RATE (per producer; it has one)"
    DURATION_TEXT="PerfTest --time $SECONDS_MEASURED"
    WARMUP_TEXT="PerfTest has none"
    COUNT_TEXT="PerfTest: its --output-file, confirmed and received msgs/s times each interval's length (whole msgs/s per interval, so within a few messages)"
    SETTINGS_TEXT="quorum queue, persistent messages, publisher confirms with at most $CONFIRM unconfirmed messages (runner --batch 1 --in-flight $CONFIRM), prefetch $PREFETCH, acks in groups of $MULTI_ACK (multiple)"
    QUEUE_TEXT="each run a fresh quorum queue, deleted afterwards" ;;
  kafka)
    NATIVE="Kafka's tools"
    TITLE="Kafka ProducerPerformance + ConsumerPerformance $KAFKA_VERSION"
    BROKER_TEXT="$BOOTSTRAP (both): $NODES local Kafka broker, KRaft, replication factor $NODES, started for the comparison and removed after"
    RATE_TEXT="ProducerPerformance --throughput $RATE --num-records $MESSAGES, ConsumerPerformance --num-records $MESSAGES started at the same time in its own JVM (the CPU of both JVMs added)"
    DURATION_TEXT="ProducerPerformance $MESSAGES records at $RATE/s; ConsumerPerformance until it has them all"
    WARMUP_TEXT="no --warmup-records, ConsumerPerformance has none"
    COUNT_TEXT="ProducerPerformance's total records sent, ConsumerPerformance's data.consumed.in.nMsg"
    SETTINGS_TEXT="producer ${PRODUCER_PROPS[*]}; consumer ${CONSUMER_PROPS[*]}; the runner sends single records with up to $KAFKA_IN_FLIGHT unacknowledged (ProducerPerformance bounds them only by buffer.memory)"
    QUEUE_TEXT="each run a fresh topic, $PARTITIONS partitions, replication factor $NODES, created the same way and deleted afterwards" ;;
  artemis)
    NATIVE="artemis perf client"
    TITLE="artemis perf client $ARTEMIS_VERSION"
    BROKER_TEXT="$URL (both): one local Artemis $ARTEMIS_VERSION, NIO journal, journal-datasync on, started for the comparison and removed after"
    RATE_TEXT="artemis perf client --rate $RATE (its total)"
    DURATION_TEXT="perf client --warmup 0 --duration $SECONDS_MEASURED"
    WARMUP_TEXT="perf client --warmup 0"
    COUNT_TEXT="perf client's --json, its summary's totalCompleted and totalReceived"
    SETTINGS_TEXT="persistent messages, $ARTEMIS_IN_FLIGHT messages in flight (perf client --max-pending; runner --batch 1 --in-flight), confirmationWindowSize $CONFIRMATION_WINDOW, consumerWindowSize $CONSUMER_WINDOW, producerWindowSize $PRODUCER_WINDOW"
    QUEUE_TEXT="each run a fresh queue, deleted afterwards" ;;
esac

header() {
  echo "== fair comparison: CPU of $TITLE against the mqbench runner at a fixed rate =="
  cmp_check_seconds "$SECONDS_MEASURED" 20
  cmp_fair "broker" "$BROKER_TEXT"
  cmp_fair "rates" "both: a fixed $RATE msgs/s in total, 1 sender with 1 receiver beside it (runner --mode rate --rate $RATE --senders 1 --receivers 1; $RATE_TEXT)"
  cmp_fair "warm-up" "both: none, each JVM measured cold from its start (runner --warmup 0s; $WARMUP_TEXT)"
  cmp_fair "measured" "both: ${SECONDS_MEASURED}s of sending at that rate, $MESSAGES messages (runner --duration ${SECONDS_MEASURED}s; $DURATION_TEXT)"
  cmp_fair "cpu" "both: user + system CPU-seconds of each side's whole JVM process(es) from start to exit (wait4: all its threads and any child it waited for), and the largest resident set; the runner's includes its start-up and writing its results (run.json, CSV, XLSX, .hgrm, chart), as the native side's includes its own start-up and reports"
  cmp_fair "per million" "both: CPU-seconds x 1,000,000 / messages sent (confirmed by the broker) as the side counts them; runner: run.json totals; $COUNT_TEXT"
  cmp_fair "rate held" "judged by time, whichever side: a side that sent under 95 % of rate x seconds ($MESSAGES), or sent them at under 95 % of $RATE msgs/s over its own sending time (the runner's achieved rate in run.json; ProducerPerformance's records/sec: both send every message, late when the broker cannot keep up), is marked RATE NOT HELD: its fixed costs are divided by another number of messages than a side that held it, so its figure is not comparable"
  cmp_fair "client settings" "both: 1 producer + 1 consumer together, ${SIZE}-byte messages, $SETTINGS_TEXT"
  cmp_fair "heap" "both: $HEAP given to java directly, so the runner keeps its load in that JVM (it starts a second JVM only when java gets no heap flag); each round says how many JVMs ran"
  cmp_fair "runner extras" "none: --limit-probe 0s (no unmeasured run after), --progress never, --keep-queue (the script deletes each side's queue); a rate run never holds senders back (no --max-backlog)"
  cmp_fair "without results" "the runner's whole process less the CPU it says writing its results took (its terminal's results line: run.json, .hgrm, CSV, XLSX, chart, which the native tools do not write), against the native side's whole process"
  cmp_fair "steady state" "both: the CPU of each side's processes from ${STEADY_FROM:-8}s after its start to ${STEADY_BEFORE:-6}s before its end (/proc, twice a second), per message at the rate that side moved (the target, or what it sent in the time when under it; the runner's achieved rate when it sent late): the per-message path without either side's start-up, warm-up, reports or shut-down"
  cmp_fair "queues" "$QUEUE_TEXT"
  if [ "$SERIES" -gt 1 ]; then
    cmp_fair "order" "rounds alternate which side goes first; $SERIES series of $REPEAT rounds, one after the other"
  else
    cmp_fair "order" "rounds alternate which side goes first; $REPEAT rounds"
  fi
}

if [ -n "$PLAN" ]; then
  header
  print_commands
  exit 0
fi

cmp_work cpu "$KEEP"
# SERVER_PID, not BROKER_PID: bash unsets the coproc's own BROKER_PID once it has ended.
SERVER_PID= BROKER_IN= PENDING= PT_CP= ARTEMIS= BACKGROUND=
delete_pending() { # deletes the queue or topic $1
  case "$TOOL" in
    perftest) java -cp "$PT_CP" scripts/lib/DeleteRabbitQueues.java "$URI" "$1" >>"$WORK/deleted.log" 2>&1 ;;
    kafka) topic_command --delete --topic "$1" ;;
    artemis)
      JAVA_ARGS="$HEAP" "$ARTEMIS" queue delete --name "$1" --url "$URL" --user artemis \
        --password artemis --removeConsumers --autoDeleteAddress --silent >>"$WORK/deleted.log" 2>&1 ;;
  esac
}
cleanup() {
  set +eu # every step is tried, whatever failed before
  # A side still running (the script was stopped): its wrapper passes the signal on.
  if [ -n "$BACKGROUND" ]; then kill "$BACKGROUND" 2>/dev/null || true; wait "$BACKGROUND" 2>/dev/null || true; fi
  if [ -n "$PENDING" ]; then delete_pending "$PENDING" || echo "could not delete $PENDING" >&2; fi
  if [ -n "$SERVER_PID" ]; then # closing the broker's stdin stops it and deletes its data
    exec 9>&-
    [ -z "$BROKER_IN" ] || eval "exec ${BROKER_IN}>&-" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  cmp_keep mqbench.jar "apache-artemis-$ARTEMIS_VERSION" "apache-artemis-$ARTEMIS_VERSION-bin.tar.gz"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
[ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }
cp "$RUNNER_JAR" "$WORK/mqbench.jar" # a rebuild meanwhile cannot change what is measured

MVN="${MVN:-./mvnw}"
case "$TOOL" in
  perftest)
    [ -n "$PT_VERSION" ] || { echo "perf-test version not found in pom.xml" >&2; exit 1; }
    cat >"$WORK/pom.xml" <<EOF
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>local.mqbench</groupId><artifactId>perftest-classpath</artifactId><version>1</version>
  <dependencies>
    <dependency><groupId>com.rabbitmq</groupId><artifactId>perf-test</artifactId><version>$PT_VERSION</version></dependency>
  </dependencies>
</project>
EOF
    echo "resolving PerfTest $PT_VERSION ..." >&2
    $MVN -B -q -f "$WORK/pom.xml" dependency:build-classpath -Dmdep.outputFile="$WORK/perftest.cp" >&2
    PT_CP="$(cat "$WORK/perftest.cp")" ;;
  kafka)
    serve_local_kafka "$BROKER_HEAP_MB"
    SERVER_PID=$KAFKA_PID
    TOOLS_CP="$BROKER_CP:$(ls "$PWD"/mq-kafka/target/kafka-tools/kafka-tools-*.jar)" ;;
  artemis)
    echo "resolving apache-artemis $ARTEMIS_VERSION ..." >&2
    $MVN -B -q dependency:copy -Dartifact="org.apache.artemis:apache-artemis:$ARTEMIS_VERSION:tar.gz:bin" \
      -DoutputDirectory="$WORK" >&2
    tar xzf "$WORK/apache-artemis-$ARTEMIS_VERSION-bin.tar.gz" -C "$WORK"
    ARTEMIS="$WORK/apache-artemis-$ARTEMIS_VERSION/bin/artemis"
    echo "compiling mq-artemis' test classes (the local broker launcher) ..." >&2
    $MVN -B -q -pl mq-artemis -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
      -Dmdep.outputFile="$WORK/cp" >&2
    CP="mq-artemis/target/test-classes:mq-artemis/target/classes:mq-artemis-broker/target/classes:$(cat "$WORK/cp")"
    coproc BROKER { java -cp "$CP" io.mqbench.artemis.perf.ServeLocalArtemis 1024 artemis artemis 2>"$WORK/broker.err"; }
    SERVER_PID=$!
    BROKER_IN=${BROKER[1]}
    exec 9>&"$BROKER_IN"
    read -r -t 90 URL <&"${BROKER[0]}" || { echo "the local broker did not start:" >&2; cat "$WORK/broker.err" >&2; exit 1; }
    BROKER_TEXT="$URL (both): one local Artemis $ARTEMIS_VERSION, NIO journal, journal-datasync on, started for the comparison and removed after" ;;
esac
[ "$TOOL" != kafka ] || BROKER_TEXT="$BOOTSTRAP (both): $NODES local Kafka broker, KRaft, replication factor $NODES, started for the comparison and removed after"

header
print_commands
echo "note: machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the start; other processes on it are not stopped (CPU-seconds count only each side's own processes)"

# Deletes the round's queue (topic); DELETED says whether it went.
finish_queue() { # finish_queue NAME
  if delete_pending "$1"; then PENDING= DELETED="$1 deleted"; else DELETED="$1 NOT deleted"; fi
}

# One side's run. Each appends its figures to the results file and prints the round's line (via
# cpu_seconds.py record); a side that fails is recorded with what it gave and sets FAILED.
run_native() { # run_native ROUND
  local r="$1" q="mqbench-cpu-$TOOL-$STAMP-$1-native" code=0 ccode=0 msgs sent received note label
  local achieved=
  local log="$WORK/native-$r"
  PENDING="$q"
  case "$TOOL" in
    perftest)
      perftest_command "$q" "$log.csv" "$PT_CP"
      cpu run "$log.usage" "${CMD[@]}" >"$log.log" 2>&1 || code=$?
      msgs=$(cpu perftest-messages "$log.csv" 2>/dev/null || echo "nan nan")
      finish_queue "$q"
      read -r sent received <<<"$msgs"
      set -- "$log.usage"
      label=perftest ;;
    kafka)
      if topic_command --create --topic "$q" --partitions "$PARTITIONS" --replication-factor "$NODES"; then
        consumer_command "$q" "group-$q"
        cpu run "$log.consumer.usage" "${CMD[@]}" >"$log.consumer" 2>&1 &
        BACKGROUND=$!
        producer_command "$q"
        cpu run "$log.producer.usage" "${CMD[@]}" >"$log.producer" 2>&1 || code=$?
        wait "$BACKGROUND" || ccode=$?
        BACKGROUND=
      else
        code=1
        echo "could not create topic $q" >"$log.producer"
      fi
      # ProducerPerformance sends every record, late if need be: its records/sec says whether it
      # held the rate.
      read -r sent achieved <<<"$(cpu producer-messages "$log.producer" 2>/dev/null || echo nan nan)"
      received=$(cpu consumer-messages "$log.consumer" 2>/dev/null || echo nan)
      finish_queue "$q"
      [ "$ccode" -eq 0 ] || code="$code/consumer $ccode"
      set -- "$log.producer.usage" "$log.consumer.usage"
      label="kafka-producer + kafka-consumer" ;;
    artemis)
      artemis_command "$q" "$log.json" "$ARTEMIS"
      cpu run "$log.usage" "${CMD[@]}" >"$log.log" 2>&1 || code=$?
      msgs=$(cpu artemis-messages "$log.json" 2>/dev/null || echo "nan nan")
      finish_queue "$q"
      read -r sent received <<<"$msgs"
      set -- "$log.usage"
      label=artemis ;;
  esac
  note="$DELETED"
  [ "$code" = 0 ] || note="$NATIVE exited $code; $note"
  ACHIEVED_RATE="$achieved" cpu record "$WORK/results" "$r" native "$label" "$sent" "$received" \
    "$MESSAGES" "$SECONDS_MEASURED" "$note" "$@" || {
    echo "round $r $label gave no figure; its output ends:" >&2
    tail -20 "$log".log "$log".producer "$log".consumer 2>/dev/null >&2 || true
    FAILED=1
  }
}
run_runner() { # run_runner ROUND
  local r="$1" q="mqbench-cpu-$TOOL-$STAMP-$1-runner" code=0 json msgs sent received achieved note results_cpu
  local log="$WORK/runner-$r"
  PENDING="$q"
  if [ "$TOOL" = kafka ] && ! topic_command --create --topic "$q" --partitions "$PARTITIONS" --replication-factor "$NODES"; then
    echo "could not create topic $q" >"$log.log"
    code=1
  else
    runner_command "$q" "$log.out" "$WORK/mqbench.jar"
    cpu run "$log.usage" "${CMD[@]}" >"$log.log" 2>&1 || code=$?
  fi
  json=$(find "$log.out" -name run.json 2>/dev/null | head -1)
  msgs=$(cpu runner-messages "$json" 2>/dev/null || echo "nan nan nan")
  read -r sent received achieved <<<"$msgs"
  note="verdict $(cmp_verdict "$code"), achieved $(cmp_int "$achieved") msgs/s over its send time"
  if grep -q HARNESS-LIMITED "$log.log" 2>/dev/null; then note="$note, harness-limited"; fi
  finish_queue "$q"
  note="$note; $DELETED"
  # The runner sends every message, late when the broker cannot keep up: its steady state moved
  # the rate it achieved, not the target.
  # What writing its results and its report.html cost, as the runner says on its terminal's
  # `results` and `report` lines ("writing took X CPU-s"): added up.
  results_cpu=$(sed -n 's/.*(writing took \([0-9.]*\) CPU-s.*/\1/p' "$log.log" 2>/dev/null |
    awk '{ s += $1 } END { if (NR) printf "%.2f", s }')
  RESULTS_CPU="$results_cpu" ACHIEVED_RATE="$achieved" cpu record "$WORK/results" "$r" runner runner "$sent" "$received" \
    "$MESSAGES" "$SECONDS_MEASURED" "$note" "$log.usage" || {
    echo "round $r runner gave no figure; its output ends:" >&2
    tail -20 "$log.log" >&2 || true
    FAILED=1
  }
  echo "$r verdict $(cmp_verdict "$code")" >>"$WORK/verdicts"
}

STAMP=$(date +%s)
FAILED=
: >"$WORK/results"
: >"$WORK/verdicts"
for r in $(seq 1 $((REPEAT * SERIES))); do
  echo "$r host load1 $(cut -d' ' -f1 /proc/loadavg)" >>"$WORK/results"
  if [ $((r % 2)) -eq 1 ]; then order="native runner"; else order="runner native"; fi
  for side in $order; do
    "run_$side" "$r"
  done
done
cpu summary "$WORK/results" "$NATIVE" "$REPEAT"
echo "runner verdicts: $(sed 's/^\([0-9]*\) verdict /round \1 /' "$WORK/verdicts" | paste -sd, - | sed 's/,/, /g')"
[ -z "$FAILED" ] || exit 1
