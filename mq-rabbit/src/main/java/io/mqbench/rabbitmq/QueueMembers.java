package io.mqbench.rabbitmq;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import java.util.Optional;

/**
 * How many members (copies) a replicated queue has: asked for by a queue argument, given by default
 * as the local cluster's size, and said in the durability a run declares. A quorum queue confirms
 * once a majority of its members fsynced a message, a stream once a majority wrote it: with one
 * member that majority is one node, which the durability must not call replicated.
 */
final class QueueMembers {
  /** Nodes of the local cluster started when no address is given. */
  static final ConfigKey<Integer> LOCAL_BROKER_NODES =
      ConfigKey.integer(
          "rabbitmq.localBrokerNodes",
          1,
          1,
          5,
          "nodes",
          "nodes of the local RabbitMQ cluster started when rabbitmq.uri and rabbitmq.host are"
              + " unset, each a rabbitmq-server of its own; queues then get a member on each"
              + " unless rabbitmq.queueArgs.x-quorum-initial-group-size says otherwise (for"
              + " --fault ...:leader)");

  /** The quorum queue argument that sets how many members a new queue has. */
  static final String QUORUM_SIZE_ARG = "x-quorum-initial-group-size";

  /** The stream argument that sets how many members a new stream has. */
  static final String STREAM_SIZE_ARG = "x-initial-cluster-size";

  private QueueMembers() {}

  /**
   * A configuration pointed at a local broker of {@code nodes} nodes: a quorum queue (or a stream)
   * created on it gets a member on every node, unless its size was given, so that what a run
   * declares says how many copies a confirm waits for.
   *
   * @param config the configuration pointed at the local broker
   * @param nodes how many nodes it has
   * @return the configuration with the size argument of the queue's type
   */
  static MqConfig sizedFor(MqConfig config, int nodes) {
    String arg =
        switch (config.get(RabbitMqSettings.QUEUE_TYPE)) {
          case QUORUM -> QUORUM_SIZE_ARG;
          case STREAM -> STREAM_SIZE_ARG;
          case CLASSIC -> null;
        };
    if (arg == null || config.isGiven(RabbitMqSettings.QUEUE_ARGS_PREFIX + arg)) {
      return config;
    }
    return config.with(RabbitMqSettings.QUEUE_ARGS_PREFIX + arg, String.valueOf(nodes));
  }

  /**
   * @param config the backend's configuration
   * @return the members a new queue of the configured type is asked to have, when given
   */
  static Optional<Integer> asked(MqConfig config) {
    QueueType type = config.get(RabbitMqSettings.QUEUE_TYPE);
    String arg = type == QueueType.STREAM ? STREAM_SIZE_ARG : QUORUM_SIZE_ARG;
    String value = config.passThrough(RabbitMqSettings.QUEUE_ARGS_PREFIX).get(arg);
    if (type == QueueType.CLASSIC
        || value == null
        || !QueueArgs.WHOLE_NUMBER.matcher(value.trim()).matches()) {
      return Optional.empty();
    }
    return Optional.of(
        (int) Math.max(1, Math.min(Integer.MAX_VALUE, Long.parseLong(value.trim()))));
  }

  /**
   * @param type the queue's type
   * @param members how many members it has, when known
   * @return where a confirmed message is: on a majority of the members, or on the only one
   */
  static String where(QueueType type, Optional<Integer> members) {
    return switch (type) {
      case QUORUM ->
          members
              .map(
                  n ->
                      n == 1
                          ? "on the queue's only member (one node, not replicated)"
                          : "on a majority of the queue's " + n + " members")
              .orElse("on a majority of the queue's members (how many not read back)");
      case STREAM ->
          members
                  .map(
                      n ->
                          n == 1
                              ? "on the stream's only member (one node, not replicated)"
                              : "on a majority of the stream's " + n + " members")
                  .orElse("on a majority of the stream's members")
              + " (written to their logs, not fsynced)";
      case CLASSIC -> "on the queue's node";
    };
  }
}
