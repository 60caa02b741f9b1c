# Shared by scripts/compare-kafka.sh, compare-kafka-share.sh and compare-cpu.sh (sourced, after
# cmp_work): serve_local_kafka HEAP_MB starts the local Kafka the runner's tests use (NODES brokers,
# HEAP_MB each) and sets BOOTSTRAP, BROKER_CP (its class path) and KAFKA_PID; start_local_kafka
# also copies the runner jar into WORK first; topic_command, create_topic and delete_topic run
# Kafka's TopicCommand against it; kafka_cleanup (for the EXIT trap) deletes the pending topic and
# stops the broker.
# KAFKA_PID, not BROKER_PID: bash unsets the coproc's own BROKER_PID once it has ended.
KAFKA_PID= BROKER_IN= PENDING_TOPIC=
topic_command() { # topic_command ARGS...
  java "$HEAP" -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$TOOLS_CP" \
    org.apache.kafka.tools.TopicCommand --bootstrap-server "$BOOTSTRAP" "$@" >>"$WORK/topics.log" 2>&1
}
create_topic() {
  PENDING_TOPIC="$1"
  topic_command --create --topic "$1" --partitions "$PARTITIONS" --replication-factor "$NODES"
}
delete_topic() { if topic_command --delete --topic "$1"; then PENDING_TOPIC=; else return 1; fi; }
kafka_cleanup() {
  if [ -n "$PENDING_TOPIC" ]; then delete_topic "$PENDING_TOPIC" || true; fi
  if [ -n "$KAFKA_PID" ]; then # closing the broker's stdin stops it and deletes its data
    exec 9>&-
    eval "exec ${BROKER_IN}>&-" 2>/dev/null || true
    wait "$KAFKA_PID" 2>/dev/null || true
  fi
}

start_local_kafka() {
  RUNNER_JAR="${RUNNER_JAR:-runner/target/mqbench.jar}"
  [ -f "$RUNNER_JAR" ] || { echo "$RUNNER_JAR is missing: ./mvnw -q package -DskipTests" >&2; exit 1; }
  cp "$RUNNER_JAR" "$WORK/mqbench.jar" # a rebuild meanwhile cannot change what is measured
  serve_local_kafka "$HEAP_MB"
}

serve_local_kafka() { # serve_local_kafka HEAP_MB
  MVN="${MVN:-./mvnw}"
  echo "compiling mq-kafka's test classes (the local broker launcher) ..." >&2
  $MVN -B -q -pl mq-kafka -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
    -Dmdep.outputFile="$WORK/cp" >&2
  # The broker's distribution (its resources) is in mq-kafka-broker/target/classes; the reactor's
  # class path gives that module's launcher-classes only.
  CP="mq-kafka/target/test-classes:mq-kafka/target/classes:mq-kafka-broker/target/classes:$(cat "$WORK/cp")"
  coproc BROKER { java -cp "$CP" io.mqbench.kafka.perf.ServeLocalKafka "$NODES" "$1" 2>"$WORK/broker.err"; }
  KAFKA_PID=$!
  BROKER_IN=${BROKER[1]}
  exec 9>&"$BROKER_IN"
  { read -r -t 150 BOOTSTRAP && read -r -t 5 BROKER_CP; } <&"${BROKER[0]}" \
    || { echo "the local Kafka did not start:" >&2; tail -20 "$WORK/broker.err" >&2; exit 1; }
}
