package io.mqbench.rabbitmq;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.MqException;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A stream's members (copies) on a local RabbitMQ cluster ({@code
 * rabbitmq-stream.localBrokerNodes}): how many a new stream is asked to have, how many it has and
 * which node leads it, as the cluster reports them ({@link QueueStatus}, {@code rabbitmqctl
 * list_queues}, asked of a private node this JVM started: the stream protocol has no call that
 * names a stream's members). A confirm waits for a majority of the members, so what a run declares
 * says how many there are; fewer than asked is said in the reading, never left out.
 */
final class StreamMembers {
  private StreamMembers() {}

  /**
   * A configuration pointed at a local cluster's nodes: every node's stream URI, the first node's
   * AMQP port (for the reader's lock; the other nodes' are found by their stream ports), and a
   * stream created on it with {@code members} members unless that was given.
   *
   * @param config a configuration of the {@code rabbitmq-stream} backend without an address
   * @param nodes the cluster's nodes, serving streams
   * @param members the members a new stream gets by default
   * @return the configuration pointed at them
   */
  static MqConfig pointedAt(MqConfig config, List<RabbitNode> nodes, int members) {
    MqConfig pointed =
        config
            .with(
                StreamSettings.URI.name(),
                nodes.stream().map(RabbitNode::streamUri).collect(Collectors.joining(",")))
            .with(StreamSettings.AMQP_PORT.name(), String.valueOf(nodes.get(0).port()));
    if (config.isGiven(StreamSettings.INITIAL_MEMBERS.name())) {
      return pointed;
    }
    return pointed.with(StreamSettings.INITIAL_MEMBERS.name(), String.valueOf(members));
  }

  /**
   * @param settings the backend's settings
   * @return the members a new stream is asked to have, when given
   */
  static Optional<Integer> asked(StreamSettings settings) {
    return settings.initialMembers() > 0
        ? Optional.of(settings.initialMembers())
        : Optional.empty();
  }

  /**
   * @param settings the backend's settings
   * @return whether they point at private nodes of this JVM, which can be asked
   */
  static boolean readable(StreamSettings settings) {
    return !LocalNodes.streamingAt(settings.nodes()).isEmpty();
  }

  /**
   * @param settings the backend's settings, naming the stream
   * @return the stream's members and leader, asked of the first running node
   * @throws MqException if no node answers, or the stream is not there
   */
  static QueueStatus read(StreamSettings settings) {
    return QueueStatus.read(
        LocalNodes.streamingAt(settings.nodes()), settings.vhost(), settings.stream());
  }

  /**
   * @param settings the backend's settings, naming the stream
   * @return the AMQP address, {@code 127.0.0.1:port} (in a namespace its own), of the node leading
   *     the stream now: the address broker faults name the nodes by
   * @throws MqException in one line if the broker is not a local cluster, or the stream has no
   *     leader now
   */
  static String leader(StreamSettings settings) {
    if (!readable(settings)) {
      throw new MqException(
          StreamSettings.NAME
              + ": the stream's leader can only be asked of a local cluster mqbench started:"
              + " faults aimed at the leader need one (leave "
              + StreamSettings.URI.name()
              + " unset, -p "
              + StreamSettings.LOCAL_BROKER_NODES.name()
              + "=3)");
    }
    QueueStatus status = read(settings);
    if (status.leader().isEmpty()) {
      throw new MqException(
          StreamSettings.NAME
              + ": stream '"
              + settings.stream()
              + "' has no leader now (an election is under way)");
    }
    return LocalNodes.named(status.leader())
        .map(node -> node.boundHost() + ":" + node.port())
        .orElseThrow(
            () ->
                new MqException(
                    StreamSettings.NAME
                        + ": the stream's leader is node "
                        + status.leader()
                        + ", not a node mqbench started"));
  }

  /**
   * What a confirm means on the stream as the cluster reports it: a majority of the members it has,
   * which may be fewer than were asked (a stream that existed with fewer, nodes missing when it was
   * created).
   *
   * @param settings the backend's settings
   * @param asked what the settings declare
   * @return the reading; as asked, saying so, when the broker was given by address
   */
  static Durability found(StreamSettings settings, Durability asked) {
    if (!readable(settings)) {
      return new Durability(
          asked.level(),
          asked.where(),
          "stream members not read back (a broker given by address: rabbitmqctl answers only on"
              + " a local cluster)");
    }
    Optional<QueueStatus> there =
        QueueStatus.find(
            LocalNodes.streamingAt(settings.nodes()), settings.vhost(), settings.stream());
    if (there.isEmpty()) {
      return new Durability(
          asked.level(),
          asked.where(),
          "stream '"
              + settings.stream()
              + "' not there yet: its members as configured, not read"
              + " back");
    }
    QueueStatus status = there.get();
    int members = status.members().size();
    String fewer =
        asked(settings)
            .filter(n -> n > members)
            .map(
                n ->
                    " (FEWER than asked: "
                        + StreamSettings.INITIAL_MEMBERS.name()
                        + "="
                        + n
                        + "; the stream existed, or nodes were missing when it was created)")
            .orElse("");
    return new Durability(
        asked.level(),
        QueueMembers.where(QueueType.STREAM, Optional.of(members)),
        "stream '" + settings.stream() + "': " + status.describe() + fewer);
  }
}
