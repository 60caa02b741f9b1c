#!/usr/bin/env bash
# Kafka's own ProducerPerformance/ConsumerPerformance (kafka-tools 4.3.1) against mqbench's Kafka
# backend, on one local single-node KRaft broker, at equal durability (acks=all, same message size,
# same partitions). Prints msgs/s of each, per round and as medians, and the ratios.
#
# Usage: scripts/compare-kafka.sh [kafka.key=value ...]     (backend keys for mqbench's side)
# Environment (defaults in brackets):
#   MESSAGES [1000000] total per client   PARTITIONS [8]   SIZE [100]   ROUNDS [3]
#   SENDERS [4]  RECEIVERS [4]  BATCH [1000]   mqbench's threads and largest batch (random 1..BATCH)
#   SEQUENTIAL [true]   true: mqbench sends everything, then receives it (like the native tools,
#                       which run one after the other); false: senders and receivers run together
#   NODES [1]           brokers (3: a local 3-process cluster, replication factor 3); HEAP_MB [512] each
#   RUNNER [no]         yes: measure mqbench through runner/target/mqbench.jar (always concurrent)
#                       instead of the in-process driver in mq-kafka's test sources
# Needs: mvn install -DskipTests once at the root (mq-core in ~/.m2).
set -euo pipefail
cd "$(dirname "$0")/.."

./mvnw -q -pl mq-kafka test-compile
cp_file=$(mktemp)
trap 'rm -f "$cp_file"' EXIT
./mvnw -q -pl mq-kafka dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$cp_file" >/dev/null
classpath="mq-kafka/target/test-classes:mq-kafka/target/classes:$(cat "$cp_file")"

runner_jar=""
if [ "${RUNNER:-no}" = yes ]; then
  runner_jar=runner/target/mqbench.jar
  [ -f "$runner_jar" ] || { echo "RUNNER=yes but $runner_jar is missing: mvn install -DskipTests" >&2; exit 1; }
fi

exec java -Xmx1g -cp "$classpath" \
  -Dtools.jar=mq-kafka/target/kafka-tools/kafka-tools-4.3.1.jar \
  -Dmessages="${MESSAGES:-1000000}" -Dpartitions="${PARTITIONS:-8}" -Dsize="${SIZE:-100}" \
  -Drounds="${ROUNDS:-3}" -Dsenders="${SENDERS:-4}" -Dreceivers="${RECEIVERS:-4}" \
  -Dbatch="${BATCH:-1000}" -Dsequential="${SEQUENTIAL:-true}" -Drunner.jar="$runner_jar" \
  -Dnodes="${NODES:-1}" -DheapMb="${HEAP_MB:-512}" \
  io.mqbench.kafka.perf.KafkaComparison "$@"
