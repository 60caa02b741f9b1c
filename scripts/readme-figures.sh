#!/usr/bin/env bash
# Reruns the measurements behind every table of figures in docs/measurements/ and prints each table
# in its markdown shape, headed by its marker (<!-- figures: NAME -->) and a line naming the
# command and the date, ready to replace the table of the same marker there.
#
#   scripts/readme-figures.sh [--list] [--plan] [SECTION...]      (no section: all of them)
#
# Sections (one per table in docs/measurements/; the marker before each table names its section):
#   defaults          Defaults: two back-to-back default runs of memory and kafka, and two the old way
#   limits            When the receiving side sets the pace: each backend's default run
#   in-flight         In flight: Kafka and RabbitMQ sent msgs/s by --in-flight (1, 8, 32, 128)
#   sweep             Rate sweep: the Kafka sweep with --slo p99=50ms and its holds
#   durability        Reports: Kafka and RabbitMQ with their defaults and with --durability fsync
#   compare           Against the brokers' own tools: compare-kafka, compare-rabbitmq and
#                     compare-artemis, 3 rounds each (each also a section of its own, printing its row)
#   rate-presets      Against the brokers' own tools: every --preset on Kafka and RabbitMQ, 15 s each
#   harness-overhead  Harness overhead: JMH HarnessOverhead and the runner on the memory backend
#   cpu               The cost of measuring: compare-cpu.sh against PerfTest, Kafka's tools and
#                     artemis perf client at 5,000 and 20,000 msgs/s, 5 rounds each (a row moves
#                     by up to 0.1 between series of 3)
#   jmh               JMH benchmarks: Backend send and pipeline, batch 10 and 100
#   machine-cost      Cost per million messages: a 15 s matrix of rabbitmq, redis and nats with
#                     --machine-cost 0.384
#   all-queues        Every queue on its local default: scenarios/all-queues.yml, one run each
#   replicated        Every self-hosted queue on a replicated local cluster: scenarios/replicated.yml
#   failover          Failover: every clustered queue's leader killed, then cut off the network for
#                     10 s, 10 s into a 60 s run at full load, one run each (FAILOVER_QUEUES="Q ..."
#                     runs those queues only)
#   subscriptions     Many queues and subscriptions: scenarios/subscriptions.yml, Kafka and RabbitMQ
#                     with 1, 2 and 4 subscriptions, one run each
#   payloads          Message sizes and padding: Kafka with lz4 at compressibility 0 and 0.9
#                     (1 KiB, 2 rounds alternating), and a size mix
#   faults            Faults: Kafka (3 local brokers, the leader restarted), RabbitMQ and Artemis
#                     (paused 2 s; restarted) at 5,000 msgs/s for 30 s, the fault at 10 s, one run each
#   catch-up          Catch-up after a backlog: RabbitMQ and Kafka at 5,000 msgs/s (10 s backlog,
#                     40 s) and 10,000 msgs/s (20 s backlog, 60 s), one run each
#
# --list prints the section names; --plan prints each section's commands and runs nothing.
# LOGS=DIR keeps every command's whole output in DIR (each comparison's per-round lines and its
# `rate held` line among them), and each comparison's raw outputs beside it (--keep); without it
# the outputs go with the script's scratch folder, and each comparison's raw outputs stay where
# its log's last line says. Needs
# ./mvnw -q -B package -DskipTests (runner and benchmarks jars); RabbitMQ for the sections that use
# it (the runner's policy: 127.0.0.1:5672 if it answers, else a private node). Takes long (the whole
# set about two hours on a 2-core machine): run the sections you need, on a quiet machine.
set -uo pipefail
cd "$(dirname "$0")/.."

SECTIONS=(defaults limits in-flight sweep durability compare compare-kafka compare-rabbitmq compare-artemis
  rate-presets harness-overhead cpu jmh machine-cost payloads all-queues replicated failover subscriptions catch-up faults)
PLAN=
chosen=()
for a in "$@"; do
  case "$a" in
    --list) printf '%s\n' "${SECTIONS[@]}"; exit 0 ;;
    --plan) PLAN=1 ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d'; exit 0 ;;
    -*) echo "unknown option $a (see --help)" >&2; exit 2 ;;
    *)
      printf '%s\n' "${SECTIONS[@]}" | grep -qx -- "$a" || { echo "unknown section $a (--list)" >&2; exit 2; }
      chosen+=("$a") ;;
  esac
done
[ ${#chosen[@]} -gt 0 ] || chosen=(defaults limits in-flight sweep durability compare rate-presets harness-overhead cpu jmh machine-cost payloads all-queues replicated failover subscriptions catch-up faults)

TODAY=$(date +%F)
WORK="$(mktemp -d -t mqbench-readme-figures.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
figures() { python3 scripts/lib/readme_figures.py "$@"; }
JAR="$WORK/mqbench.jar"
MQBENCH=(java -Xmx512m -jar runner/target/mqbench.jar) # as the README writes it
# Runs a command as the README writes it (the runner's jar path replaced by a copy, so that a
# rebuild meanwhile cannot change what is measured); in --plan, prints it.
run() { # run LOG COMMAND...
  local log="$1"
  shift
  if [ -n "$PLAN" ]; then
    echo "  \$ $*"
    return 0
  fi
  local cmd=()
  for w in "$@"; do cmd+=("${w/runner\/target\/mqbench.jar/$JAR}"); done
  "${cmd[@]}" >"$log" 2>&1
  local code=$?
  if [ -n "${LOGS:-}" ]; then
    mkdir -p "$LOGS" && cp "$log" "$LOGS/"
  fi
  return $code
}
head_of() { # head_of NAME LINE: the marker and the source line
  echo "<!-- figures: $1 -->"
  echo "$2"
  echo
}
newest() { find "$1" -name "$2" 2>/dev/null | sort | tail -1; }

section_defaults() {
  head_of defaults "Figures from \`scripts/readme-figures.sh defaults\`, $TODAY: \`scripts/repeatability.sh QUEUE 2\` (now) and \`scripts/repeatability.sh QUEUE 2 --warmup 0s --messages 100000\` (before), one after the other, on this machine."
  echo "| queue | before: 100,000 messages, no warm-up | now: 5 s warm-up, 20 s measured | now, max/min of the two |"
  echo "|---|---|---|---|"
  for q in memory kafka; do
    run "$WORK/defaults-$q-before" scripts/repeatability.sh "$q" 2 --warmup 0s --messages 100000
    run "$WORK/defaults-$q-now" scripts/repeatability.sh "$q" 2
    [ -n "$PLAN" ] && continue
    local label="\`$q\`"
    [ "$q" = kafka ] && label="\`kafka\` (local broker)"
    echo "| $label | $(figures repeatability "$WORK/defaults-$q-before") | $(figures repeatability "$WORK/defaults-$q-now") | $(figures max-min "$WORK/defaults-$q-now") |"
  done
}

section_limits() {
  head_of limits "Figures from \`scripts/readme-figures.sh limits\`, $TODAY: \`./mvnw -q -pl runner exec:java -Dqueue=X -Dprogress=never\` per backend (needs \`./mvnw -q install -DskipTests\` first), one after the other."
  echo "| \`-Dqueue=\` | broker | sent msgs/s | received msgs/s | end to end msgs/s | senders held back | limit (probe with 2 receivers, end to end) | exit |"
  echo "|---|---|---|---|---|---|---|---|"
  for q in memory kafka rabbitmq artemis mongo sqs; do
    local code=0
    run "$WORK/limits-$q.log" ./mvnw -q -pl runner exec:java -Dqueue="$q" -Dprogress=never -Dout="$WORK/limits-$q" || code=$?
    [ -n "$PLAN" ] && continue
    figures limits-row "$q" "$(newest "$WORK/limits-$q" run.json)" "$code"
  done
}

section_in_flight() {
  head_of in-flight "Figures from \`scripts/readme-figures.sh in-flight\`, $TODAY: \`java -Xmx512m -jar runner/target/mqbench.jar run --queue kafka --messages 300000 --batch 10 --in-flight W\` twice per W (stopped after 114 s by \`timeout\`), \`run --queue rabbitmq --senders 2 --receivers 2 --messages 50000 --batch 10 --in-flight W\` once."
  echo "| \`--in-flight\` | Kafka, 1 sender, \`--messages 300000\` (msgs/s sent) | RabbitMQ quorum queue, 2 senders × 2 receivers, \`--messages 50000\` (sent / received msgs/s) |"
  echo "|---|---|---|"
  for w in 1 8 32 128; do
    local kafka=()
    for i in 1 2; do
      run "$WORK/if-kafka-$w-$i.log" timeout 114 "${MQBENCH[@]}" run --queue kafka --messages 300000 \
        --batch 10 --in-flight "$w" --progress never --out "$WORK/if-kafka-$w-$i"
      [ -n "$PLAN" ] || kafka+=("$(figures grouped "$(figures csv "$(newest "$WORK/if-kafka-$w-$i" summary.csv)" sent_msgs_per_s 2>/dev/null || echo nan)")")
    done
    run "$WORK/if-rabbit-$w.log" "${MQBENCH[@]}" run --queue rabbitmq --senders 2 --receivers 2 \
      --messages 50000 --batch 10 --in-flight "$w" --progress never --out "$WORK/if-rabbit-$w"
    [ -n "$PLAN" ] && continue
    local csv sr
    csv=$(newest "$WORK/if-rabbit-$w" summary.csv)
    read -r s r <<<"$(figures csv "$csv" sent_msgs_per_s received_msgs_per_s 2>/dev/null || echo "nan nan")"
    sr="$(figures grouped "$s") / $(figures grouped "$r")"
    echo "| $w | ${kafka[0]}, ${kafka[1]} | $sr |"
  done
}

section_sweep() {
  local cmd=("${MQBENCH[@]}" run --queue kafka --mode sweep --slo p99=50ms --duration 5s --sweep-hold 10s)
  head_of sweep "Figures from \`scripts/readme-figures.sh sweep\`, $TODAY: \`${cmd[*]}\`."
  echo "| target msgs/s | phase | achieved msgs/s | response time p99 ms | passed | verdict, or why not |"
  echo "|---|---|---|---|---|---|"
  run "$WORK/sweep.log" "${cmd[@]}" --progress never --out "$WORK/sweep"
  [ -n "$PLAN" ] || figures sweep "$(newest "$WORK/sweep" sweep.csv)"
}

section_durability() {
  head_of durability "Figures from \`scripts/readme-figures.sh durability\`, $TODAY: \`java -jar runner/target/mqbench.jar run --queue Q [--durability fsync] -d 15s --warmup 5s\`, one run each, one after the other."
  echo "| run | sent msgs/s | end-to-end p50 ms | durability |"
  echo "|---|---|---|---|"
  for q in kafka rabbitmq; do
    for d in defaults fsync; do
      local extra=()
      [ "$d" = fsync ] && extra=(--durability fsync)
      run "$WORK/durability-$q-$d.log" "${MQBENCH[@]}" run --queue "$q" "${extra[@]}" -d 15s \
        --warmup 5s --progress never --out "$WORK/durability-$q-$d"
      [ -n "$PLAN" ] && continue
      local label="$q, $d"
      [ "$d" = fsync ] && label="$q, \`--durability fsync\`"
      figures durability-row "$label" "$(newest "$WORK/durability-$q-$d" run.json)"
    done
  done
}

compare_row() { # compare_row TOOL: runs scripts/compare-TOOL.sh with its fair defaults, prints its row
  local keep=() # with LOGS, each comparison's raw outputs beside its log
  [ -z "${LOGS:-}" ] || keep=(--keep "$LOGS/compare-$1")
  run "$WORK/compare-$1.log" "scripts/compare-$1.sh" "${keep[@]}"
  [ -n "$PLAN" ] || figures compare-row "$1" "$WORK/compare-$1.log" "$TODAY"
}
compare_head() {
  head_of compare "Figures from \`scripts/readme-figures.sh compare\`, $TODAY: \`scripts/compare-kafka.sh\`, \`scripts/compare-rabbitmq.sh\`, \`scripts/compare-artemis.sh\` with their fair defaults (each states its terms at the top of its output), one after the other."
  echo "| script, date | what is compared | result: runner / native tool (medians of per-round ratios) | per-round ratios |"
  echo "|---|---|---|---|"
}
section_compare() {
  compare_head
  for t in kafka rabbitmq artemis; do compare_row "$t"; done
}
section_compare_kafka() { compare_row kafka; }
section_compare_rabbitmq() { compare_row rabbitmq; }
section_compare_artemis() { compare_row artemis; }

# "TITLE: per-round ratios A B* C, median M[ of the K rounds where ...] (medians: TOOL N, runner R)"
#   -> "**M**[ (K rounds)] | A B* C; TOOL N, runner R"
cpu_cells() {
  local k
  k=$(sed -nE 's/.*, median [0-9.-]+ of the ([0-9]+) rounds where both sides held.*/ (\1 rounds)/p' <<<"$1")
  echo "**$(sed -E 's/.*, median ([0-9.-]+).*/\1/' <<<"$1")**$k | $(sed -E 's/.*per-round ratios ([0-9.* -]+), median.*\(medians: (.*)\)$/\1; \2/' <<<"$1")"
}
# Five rounds: the median of three moved by up to 0.1 between series on a 2-core machine.
CPU_ROUNDS=5
section_cpu() {
  head_of cpu "Figures from \`scripts/readme-figures.sh cpu\`, $TODAY: \`scripts/compare-cpu.sh --tool T --rate R --seconds 30 --repeat $CPU_ROUNDS\` per row, one after the other (each states its terms at the top of its output)."
  echo "| tool, rate | whole process: CPU-s per million messages sent, runner / native tool (median of $CPU_ROUNDS rounds, or of those where both sides held the rate: a round marked * is one where a side sent under 95 % of rate x seconds, or at under 95 % of the rate over its own sending time) | per-round ratios; medians of CPU-s per million (native, runner) | whole process without writing the runner's results, runner / native tool | per-round ratios; medians | steady state (8 s after the start to 6 s before the end), runner / native tool | per-round ratios; medians |"
  echo "|---|---|---|---|---|---|---|"
  local t r line net steady keep
  for t in perftest kafka artemis; do
    for r in 5000 20000; do
      keep=()
      [ -z "${LOGS:-}" ] || keep=(--keep "$LOGS/cpu-$t-$r")
      RUNNER_JAR="$JAR" run "$WORK/cpu-$t-$r.log" scripts/compare-cpu.sh --tool "$t" --rate "$r" --seconds 30 --repeat "$CPU_ROUNDS" "${keep[@]}"
      [ -n "$PLAN" ] && continue
      # "CPU-s per million sent: per-round ratios A B C, median M (medians: TOOL N, runner R)"
      line=$(grep -m1 '^CPU-s per million sent:' "$WORK/cpu-$t-$r.log")
      net=$(grep -m1 '^without writing results' "$WORK/cpu-$t-$r.log")
      steady=$(grep -m1 '^steady state' "$WORK/cpu-$t-$r.log")
      echo "| $t, $(figures grouped "$r") msgs/s | $(cpu_cells "$line") | $(cpu_cells "$net") | $(cpu_cells "$steady") |"
    done
  done
}

section_rate_presets() {
  head_of rate-presets "Figures from \`scripts/readme-figures.sh rate-presets\`, $TODAY: \`java -Xmx512m -jar runner/target/mqbench.jar run --queue Q --mode rate --preset P --duration 15s\` per queue and preset."
  echo "| preset | Kafka (local broker): achieved of target | RabbitMQ (quorum queue, confirms): achieved of target |"
  echo "|---|---|---|"
  for p in 256b-3k 1kb-3k 5kb-2k 1kb-20k-25c; do
    local cells=()
    for q in kafka rabbitmq; do
      run "$WORK/preset-$q-$p.log" "${MQBENCH[@]}" run --queue "$q" --mode rate --preset "$p" \
        --duration 15s --progress never --out "$WORK/preset-$q-$p"
      [ -n "$PLAN" ] && continue
      local csv a t st cell
      csv=$(newest "$WORK/preset-$q-$p" summary.csv)
      read -r a t st <<<"$(figures csv "$csv" sent_msgs_per_s target_msgs_per_s status 2>/dev/null || echo "nan nan -")"
      cell="$(figures grouped "$a") of $(figures grouped "$t")"
      case "$st" in target*) cell="$cell: **TARGET MISSED**" ;; esac
      cells+=("$cell")
    done
    [ -n "$PLAN" ] || echo "| \`$p\` | ${cells[0]} | ${cells[1]} |"
  done
}

section_harness_overhead() {
  head_of harness-overhead "Figures from \`scripts/readme-figures.sh harness-overhead\`, $TODAY: the commands in the table, one after the other (peak resident memory from each run's \`run.json\`, Maven's from \`/usr/bin/time -v\`)."
  echo "| what | command | result |"
  echo "|---|---|---|"
  local jmh=(java -jar benchmarks/target/benchmarks.jar HarnessOverhead -p batch=100 -p sizeBytes=100 -wi 5 -i 10)
  run "$WORK/harness-jmh.log" "${jmh[@]}" -rf json -rff "$WORK/harness-jmh.json"
  [ -n "$PLAN" ] || echo "| JMH: 1 sender + 1 receiver thread through the runner's own send/receive/ack/accounting code, batches of exactly 100, 100-byte messages | \`${jmh[*]}\` | $(figures jmh-harness "$WORK/harness-jmh.json" 2>/dev/null || echo "-") |"
  local whole=(java -Xmx256m -jar runner/target/mqbench.jar run --duration 10s --warmup 3s --batch 100)
  run "$WORK/harness-whole.log" "${whole[@]}" --progress never --out "$WORK/harness-whole"
  if [ -z "$PLAN" ]; then
    read -r s r l <<<"$(figures csv "$(newest "$WORK/harness-whole" summary.csv)" sent_msgs_per_s received_msgs_per_s lost 2>/dev/null || echo "nan nan -")"
    echo "| the whole runner, 1 + 1 threads, batches of 1..100, after a 3 s warm-up | \`${whole[*]}\` | $(figures rate "$s") msgs/s sent, $(figures rate "$r") received, $l lost |"
  fi
  local many=(java -Xmx256m -jar runner/target/mqbench.jar run --senders 25 --receivers 25 --messages 200000 --batch 100)
  run "$WORK/harness-many.log" "${many[@]}" --progress never --out "$WORK/harness-many"
  if [ -z "$PLAN" ]; then
    local json peak s
    json=$(newest "$WORK/harness-many" run.json)
    peak=$(figures json-path "$json" environment.peakResidentBytes 2>/dev/null || echo 0)
    s=$(figures json-path "$json" totals.sentPerSecond 2>/dev/null || echo nan)
    echo "| memory, 25 senders + 25 receivers, 5,000,000 messages, batches of 1..100 | \`${many[*]}\` | peak resident memory $((peak / 1000000)) MB ($(figures rate "$s") msgs/s) |"
  fi
  local maven=(./mvnw -q -pl runner exec:java -Dsenders=25 -Dreceivers=25 -Dmessages=200000 -Dbatch=100)
  run "$WORK/harness-maven.log" /usr/bin/time -v "${maven[@]}" -Dprogress=never -Dout="$WORK/harness-maven"
  if [ -z "$PLAN" ]; then
    local kb load
    kb=$(sed -n 's/.*Maximum resident set size (kbytes): \([0-9]*\).*/\1/p' "$WORK/harness-maven.log")
    load=$(figures json-path "$(newest "$WORK/harness-maven" run.json)" environment.peakResidentBytes 2>/dev/null || echo 0)
    local mvn_rss="-"
    [ -z "$kb" ] || mvn_rss="$((kb / 1000)) MB"
    echo "| the same through Maven (needs \`./mvnw -q install -DskipTests\` first) | \`${maven[*]}\` | $TODAY: $((load / 1000000)) MB for the load's JVM, $mvn_rss for Maven's JVM |"
  fi
  # Without -Xmx the runner starts the load's JVM with a heap it sizes, and says so ("mqbench: heap").
  unlimited_row() { # unlimited_row WHAT NAME COMMAND...
    local what="$1" name="$2" json peak heap
    shift 2
    run "$WORK/harness-$name.log" "$@" --progress never --out "$WORK/harness-$name"
    [ -n "$PLAN" ] && return
    json=$(newest "$WORK/harness-$name" run.json)
    peak=$(figures json-path "$json" environment.peakResidentBytes 2>/dev/null || echo 0)
    heap=$(sed -n 's/^mqbench: \(heap [0-9]* MiB\).*/\1/p' "$WORK/harness-$name.log" | head -1)
    echo "| $what | \`$*\` | $TODAY: $((peak / 1000000)) MB for the load's JVM (${heap:-heap not said}) |"
  }
  unlimited_row "the same without \`-Xmx\`" unlimited java -jar runner/target/mqbench.jar run --senders 25 --receivers 25 --messages 200000 --batch 100
  unlimited_row "issue 22's run, without \`-Xmx\`" issue22 java -jar runner/target/mqbench.jar run --queue memory --senders 25 --receivers 25 --duration 5s --warmup 1s
  unlimited_row "the default 20 s run, 25 + 25, without \`-Xmx\`" default25 java -jar runner/target/mqbench.jar run --queue memory --senders 25 --receivers 25
}

section_jmh() {
  local cmd=(java -jar benchmarks/target/benchmarks.jar Backend -p queue=kafka,rabbitmq,artemis,mongo,sqs
    -p batch=10,100 -p sizeBytes=100 -p inFlight=1 -wi 1 -w 3s -i 3 -r 3s -f 1)
  head_of jmh "Figures from \`scripts/readme-figures.sh jmh\`, $TODAY: \`${cmd[*]}\`, one sender and one receiver thread, local single-node brokers (mongo: the stand-in, not MongoDB; sqs: ElasticMQ, not SQS); msgs/s."
  echo "| backend | \`send\`, batch 10 | \`send\`, batch 100 | \`pipeline\` received, batch 10 | \`pipeline\` received, batch 100 |"
  echo "|---|---|---|---|---|"
  run "$WORK/jmh.log" "${cmd[@]}" -rf json -rff "$WORK/jmh.json"
  [ -n "$PLAN" ] || figures jmh-backend "$WORK/jmh.json"
}

section_machine_cost() {
  printf 'duration: 15s\nmatrix:\n  queue: [rabbitmq, redis, nats]\n' >"$WORK/all.yml"
  local cmd=("${MQBENCH[@]}" run --scenario all.yml --machine-cost 0.384)
  head_of machine-cost "Figures from \`scripts/readme-figures.sh machine-cost\`, $TODAY: \`${cmd[*]}\` with all.yml as above, each queue's local default, one run each."
  echo "| queue (its durability) | end to end msgs/s | cost per million msgs |"
  echo "|---|---|---|"
  run "$WORK/machine-cost.log" "${cmd[@]/all.yml/$WORK/all.yml}" --progress never --out "$WORK/machine-cost"
  [ -n "$PLAN" ] || figures cost-rows "$(newest "$WORK/machine-cost" summary.csv)"
}

section_all_queues() {
  local cmd=("${MQBENCH[@]}" run --scenario scenarios/all-queues.yml)
  head_of all-queues "Figures from \`scripts/readme-figures.sh all-queues\`, $TODAY: \`${cmd[*]}\`, each queue on its local default (no address), 1 sender and 1 receiver, 100 B, batch 1..10, 5 s warm-up and 20 s measured, one run each."
  echo "| queue | durability | sent msgs/s | received msgs/s | end to end msgs/s | end-to-end p99 ms | lost | status |"
  echo "|---|---|---|---|---|---|---|---|"
  run "$WORK/all-queues.log" "${cmd[@]}" --progress never --out "$WORK/all-queues"
  [ -n "$PLAN" ] || figures queue-rows "$(newest "$WORK/all-queues" summary.csv)"
}

section_replicated() {
  local cmd=("${MQBENCH[@]}" run --scenario scenarios/replicated.yml)
  head_of replicated "Figures from \`scripts/readme-figures.sh replicated\`, $TODAY: \`${cmd[*]}\`, each queue on a local cluster mqbench started (3 nodes; artemis a primary and its backup) on one host, 1 sender and 1 receiver, 100 B, batch 1..10, 5 s warm-up and 20 s measured, one run each."
  echo "| queue | durability | sent msgs/s | received msgs/s | end to end msgs/s | end-to-end p99 ms | lost | status |"
  echo "|---|---|---|---|---|---|---|---|"
  run "$WORK/replicated.log" "${cmd[@]}" --progress never --out "$WORK/replicated"
  [ -n "$PLAN" ] || figures queue-rows "$(newest "$WORK/replicated" summary.csv)"
}

section_failover() {
  local base=("${MQBENCH[@]}" run --warmup 5s --duration 60s)
  head_of failover "Figures from \`scripts/readme-figures.sh failover\`, $TODAY: \`${base[*]} --queue Q -p NODES --fault F\` with NODES \`Q.localBrokerNodes=3\` (\`artemis.localBrokerNodes=2\`) and F \`kill-broker@10s:leader\` or \`partition-broker@10s+10s:leader\`, full load (throughput mode), 1 sender and 1 receiver, 100 B, one run each."
  echo "| queue | fault | durability of an acknowledged message (read back) | sent msgs/s | no acknowledged send s | no delivery s | back to 90 % after s | lost | duplicates | status |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
  failover_run() { # failover_run QUEUE NODES FAULT LABEL
    local q="$1" nodes="$2" fault="$3" label="$4" name="$1-${3%%@*}" code
    run "$WORK/failover-$name.log" "${base[@]}" --queue "$q" -p "$nodes" --fault "$fault" --progress never --out "$WORK/failover-$name"
    code=$?
    [ -n "$PLAN" ] || figures failover-row "$q" "$label" "$(newest "$WORK/failover-$name" run.json)" "$code"
  }
  local q nodes
  for q in ${FAILOVER_QUEUES:-kafka kafka-share rabbitmq rabbitmq-stream artemis nats redis postgres}; do
    nodes="$q.localBrokerNodes=3"
    [ "$q" != artemis ] || nodes=artemis.localBrokerNodes=2
    failover_run "$q" "$nodes" kill-broker@10s:leader "kill leader"
    failover_run "$q" "$nodes" partition-broker@10s+10s:leader "partition leader 10 s"
  done
}

section_faults() {
  local base=("${MQBENCH[@]}" run --mode rate --rate 5000 --duration 30s)
  head_of faults "Figures from \`scripts/readme-figures.sh faults\`, $TODAY: \`${base[*]} --queue Q --fault F\` with Q, F and the extra options as in the first column, each broker one mqbench started, 1 sender and 1 receiver, 100 B, 5 s warm-up, one run each."
  echo "| queue, fault | fault lasted s | received msgs/s before | lowest msgs/s | back to 90 % after s | longest gap s | lost | duplicates | status |"
  echo "|---|---|---|---|---|---|---|---|---|"
  fault_run() { # fault_run NAME LABEL ARGS...
    local name="$1" label="$2" code
    shift 2
    run "$WORK/fault-$name.log" "${base[@]}" "$@" --progress never --out "$WORK/fault-$name"
    code=$?
    [ -n "$PLAN" ] || figures fault-row "$label" "$(newest "$WORK/fault-$name" run.json)" "$code"
  }
  fault_run kafka "kafka, 3 nodes, \`restart-broker@10s:leader\`" --queue kafka -p kafka.localBrokerNodes=3 --fault restart-broker@10s:leader
  fault_run rabbitmq-pause "rabbitmq, \`pause-broker@10s+2s\`" --queue rabbitmq --local-broker always --fault pause-broker@10s+2s
  fault_run artemis-pause "artemis, \`pause-broker@10s+2s\`" --queue artemis --fault pause-broker@10s+2s
  fault_run rabbitmq-restart "rabbitmq, \`restart-broker@10s\`" --queue rabbitmq --local-broker always --fault restart-broker@10s
  fault_run artemis-restart "artemis, \`restart-broker@10s\`" --queue artemis --fault restart-broker@10s
}

section_subscriptions() {
  local cmd=("${MQBENCH[@]}" run --scenario scenarios/subscriptions.yml)
  head_of subscriptions "Figures from \`scripts/readme-figures.sh subscriptions\`, $TODAY: \`${cmd[*]}\`, each backend on its local default (no address), 1 sender, 1 receiver per subscription, 100 B, batch 1..10, 5 s warm-up and 20 s measured, one run each."
  echo "| queue | subscriptions | published msgs/s | delivered msgs/s (all subscriptions) | delivered per subscription | end-to-end p99 ms | lost (over all subscriptions) | status |"
  echo "|---|---|---|---|---|---|---|---|"
  run "$WORK/subscriptions.log" "${cmd[@]}" --progress never --out "$WORK/subscriptions"
  [ -n "$PLAN" ] || figures subscription-rows "$(newest "$WORK/subscriptions" summary.csv)"
}

section_payloads() {
  local base=("${MQBENCH[@]}" run --queue kafka --duration 20s -p kafka.producer.compression.type=lz4)
  head_of payloads "Figures from \`scripts/readme-figures.sh payloads\`, $TODAY: \`${base[*]} --size S --compressibility C\` with S and C as in the first column, the lz4 rows alternating over 2 rounds, Kafka's local broker."
  echo "| \`--size\`, \`--compressibility\` | sent msgs/s | sent MiB/s | end to end msgs/s | sizes sent: min, mean, max (bytes) |"
  echo "|---|---|---|---|---|"
  local rows=()
  for round in 1 2; do
    for c in 0 0.9; do
      run "$WORK/payload-$c-$round.log" "${base[@]}" --size 1kb --compressibility "$c" --progress never --out "$WORK/payload-$c-$round"
      rows+=("1kb, $c|$(newest "$WORK/payload-$c-$round" summary.csv)")
    done
  done
  run "$WORK/payload-mix.log" "${base[@]}" --size 100:70,1kb:25,64kb:5 --progress never --out "$WORK/payload-mix"
  rows+=("100:70,1kb:25,64kb:5, 0|$(newest "$WORK/payload-mix" summary.csv)")
  [ -n "$PLAN" ] && return 0
  local r label csv s b e mn mean mx
  for r in "${rows[@]}"; do
    label=${r%%|*}
    csv=${r#*|}
    read -r s b e mn mean mx <<<"$(figures csv "$csv" sent_msgs_per_s sent_bytes_per_s end_to_end_msgs_per_s message_bytes_min message_bytes_mean message_bytes_max 2>/dev/null || echo "nan nan nan - - -")"
    echo "| \`$label\` | $(figures grouped "$s") | $(python3 -c "print('%.1f' % (float('$b') / 1048576))" 2>/dev/null || echo -) | $(figures grouped "$e") | $mn, $mean, $mx |"
  done
}

section_catch_up() {
  local base=("${MQBENCH[@]}" run --mode rate --phases backlog-then-catch-up)
  head_of catch-up "Figures from \`scripts/readme-figures.sh catch-up\`, $TODAY: \`${base[*]} --queue Q --rate R --backlog B --duration D\` with Q, R, B and D as in the first column, each queue's local default (no address), 1 sender and 1 receiver, 100 B, 5 s warm-up, one run each."
  echo "| queue, \`--rate\`, \`--backlog\`, \`--duration\` | backlog at start msgs | caught up in s | drain msgs/s | sent msgs/s: backlog / catching up / after | response p99 ms: catching up / after | end-to-end p99 ms: catching up / after | status |"
  echo "|---|---|---|---|---|---|---|---|"
  local q rbd r b d
  for rbd in "5000 10s 40s" "10000 20s 60s"; do
    read -r r b d <<<"$rbd"
    for q in rabbitmq kafka; do
      run "$WORK/catch-up-$q-$r.log" "${base[@]}" --queue "$q" --rate "$r" --backlog "$b" \
        --duration "$d" --progress never --out "$WORK/catch-up-$q-$r"
      [ -n "$PLAN" ] && continue
      figures catch-up-row "$q, $(figures grouped "$r"), $b, $d" "$(newest "$WORK/catch-up-$q-$r" run.json)"
    done
  done
}

[ -n "$PLAN" ] || cp runner/target/mqbench.jar "$JAR" || { echo "runner/target/mqbench.jar is missing: ./mvnw -q -B package -DskipTests" >&2; exit 1; }
status=0
for s in "${chosen[@]}"; do
  [ -n "$PLAN" ] && echo "== $s"
  "section_${s//-/_}" || { echo "section $s failed: its logs are in $WORK" >&2; status=1; }
  echo
done
exit "$status"
