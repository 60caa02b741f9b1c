package io.mqbench.memory;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.Subscriptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code memory} backend: a queue inside the harness's JVM with leases and redelivery, the same
 * contract as a broker without a network or a disk. It measures the harness's own overhead and lets
 * the contract kit run with no broker at all. Nothing it holds survives the JVM.
 */
public final class MemoryMqProvider implements PublishSubscribe {
  /** How long a received message stays invisible to other receivers unless acknowledged. */
  public static final ConfigKey<Duration> VISIBILITY_TIMEOUT =
      ConfigKey.duration(
          "memory.visibilityTimeout",
          Duration.ofSeconds(30),
          "how long a received, unacknowledged message stays leased before it is redelivered");

  /** Flow control: senders block while this many messages wait to be received. */
  public static final ConfigKey<Integer> MAX_DEPTH =
      ConfigKey.integer(
          "memory.maxDepth",
          100_000,
          1,
          Integer.MAX_VALUE,
          "messages",
          "senders block while this many messages wait to be received (flow control)");

  /**
   * Flow control's bound: a sender blocked this long by a full queue fails, rather than waiting
   * forever for receivers that may not exist (a send-only run).
   */
  public static final ConfigKey<Duration> FULL_TIMEOUT =
      ConfigKey.duration(
          "memory.fullTimeout",
          Duration.ofSeconds(10),
          "how long a sender waits for room in a full queue before its send fails");

  /**
   * The least time one receive call takes, as a receiver's own round trip to a broker: more
   * receivers make more calls at once, so they move more. For trying the runner's verdicts without
   * a broker; 0 (the default) adds nothing.
   */
  public static final ConfigKey<Duration> RECEIVE_DELAY =
      ConfigKey.duration(
          "memory.receiveDelay",
          Duration.ZERO,
          "the least time one receive call takes, like a receiver's round trip (to try verdicts)");

  /**
   * The most messages per second the queue hands out across all receivers, as a broker whose
   * delivery path is the limit: more receivers do not move more. For trying the runner's verdicts
   * without a broker; 0 (the default) for no limit.
   */
  public static final ConfigKey<Integer> DELIVERY_RATE =
      ConfigKey.integer(
          "memory.deliveryRate",
          0,
          0,
          Integer.MAX_VALUE,
          "msgs/s",
          "the most messages per second handed out across all receivers, 0 for no limit (to try"
              + " verdicts)");

  /** The largest message senders accept; a run with larger messages is refused up front. */
  public static final ConfigKey<Integer> MAX_MESSAGE_BYTES =
      ConfigKey.integer(
          "memory.maxMessageBytes",
          Integer.MAX_VALUE,
          1,
          Integer.MAX_VALUE,
          "bytes",
          "the largest message senders accept (to try the limit checks without a broker)");

  /** The in-process queue keeps messages in memory, nothing else. */
  private static final DurabilityTable LEVELS =
      DurabilityTable.of("memory", "it is the runner's own heap")
          .with(Durability.Level.MEMORY, Map.of());

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public String description() {
    return "in-process queue with leases; measures the harness itself, stores nothing durably";
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return List.of(
        VISIBILITY_TIMEOUT,
        MAX_DEPTH,
        FULL_TIMEOUT,
        MAX_MESSAGE_BYTES,
        RECEIVE_DELAY,
        DELIVERY_RATE);
  }

  @Override
  public String target(MqConfig config) {
    return "in-process";
  }

  @Override
  public Map<String, String> durabilityKeys(Durability.Level level) {
    return LEVELS.keys(level);
  }

  /** The in-process queue keeps messages in the runner's heap only. */
  @Override
  public Durability durability(MqConfig config) {
    return new Durability(Durability.Level.MEMORY, "in the runner's own heap (a reference)", "");
  }

  /** Every subscription is a queue of its own, and each send goes into all of them. */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    Subscriptions.requireAtLeastOne(subscriptions);
    List<MemoryQueue> queues = new ArrayList<>();
    for (int i = 0; i < subscriptions; i++) {
      queues.add(
          new MemoryQueue(
              config.get(VISIBILITY_TIMEOUT), config.get(MAX_DEPTH), config.get(FULL_TIMEOUT)));
    }
    return new MemoryMq(
        queues, limits(config), config.get(RECEIVE_DELAY), config.get(DELIVERY_RATE));
  }

  /** Each {@link #open} is a queue of its own in this process: no names to tell them apart. */
  @Override
  public Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    return Optional.of(Map.of());
  }

  @Override
  public MqLimits limits(MqConfig config) {
    MqLimits limits = MqLimits.UNLIMITED;
    if (config.isGiven(MAX_MESSAGE_BYTES)) {
      int max = config.get(MAX_MESSAGE_BYTES);
      limits = limits.withMaxMessageBytes(max, MAX_MESSAGE_BYTES.name() + "=" + max);
    }
    return limits;
  }
}
