#!/usr/bin/env bash
# Kafka's own ProducerPerformance/ConsumerPerformance (kafka-tools 4.3.1) against the mqbench runner
# (runner/target/mqbench.jar) on one local KRaft broker (or a local 3-broker cluster), at equal
# durability (acks=all, same message size, same partitions) and with the native tools' phase
# structure: the runner runs --phases send-then-drain, so its send rate compares with
# ProducerPerformance and its drain rate with ConsumerPerformance. Rounds alternate which side
# goes first; per-round ratios and medians are printed.
#
# Usage: scripts/compare-kafka.sh [kafka.key=value ...]     (backend keys for the runner)
# Environment (defaults in brackets):
#   MESSAGES [1000000] total per client   PARTITIONS [8]   SIZE [100]   ROUNDS [3]
#   SENDERS [1]  RECEIVERS [1]   the runner's threads (one each, like one native producer/consumer)
#   BATCH [1000]                 the runner's largest batch (random 1..BATCH per send)
#   IN_FLIGHT []                 the runner's --in-flight (empty: its default)
#   NODES [1]                    brokers (3: a local 3-process cluster, replication factor 3)
#   HEAP_MB [512]                heap of each broker
# Needs: ./mvnw -q install -DskipTests once at the root (the runner's jar and mq-core in ~/.m2).
set -euo pipefail
cd "$(dirname "$0")/.."

runner_jar=runner/target/mqbench.jar
[ -f "$runner_jar" ] || { echo "$runner_jar is missing: ./mvnw -q install -DskipTests" >&2; exit 1; }
# A copy, so that a rebuild during the comparison cannot replace the jar being measured.
work=$(mktemp -d -t mqbench-compare-kafka.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$runner_jar" "$work/mqbench.jar"

./mvnw -q -pl mq-kafka test-compile
./mvnw -q -pl mq-kafka dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$work/cp" >/dev/null
classpath="mq-kafka/target/test-classes:mq-kafka/target/classes:$(cat "$work/cp")"

java -Xmx1g -cp "$classpath" \
  -Dtools.jar=mq-kafka/target/kafka-tools/kafka-tools-4.3.1.jar -Drunner.jar="$work/mqbench.jar" \
  -Dmessages="${MESSAGES:-1000000}" -Dpartitions="${PARTITIONS:-8}" -Dsize="${SIZE:-100}" \
  -Drounds="${ROUNDS:-3}" -Dsenders="${SENDERS:-1}" -Dreceivers="${RECEIVERS:-1}" \
  -Dbatch="${BATCH:-1000}" -DinFlight="${IN_FLIGHT:-}" \
  -Dnodes="${NODES:-1}" -DheapMb="${HEAP_MB:-512}" \
  io.mqbench.kafka.perf.KafkaComparison "$@"
