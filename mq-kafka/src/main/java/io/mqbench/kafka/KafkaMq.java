package io.mqbench.kafka;

import io.mqbench.broker.Loopback;
import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.errors.GroupIdNotFoundException;

/**
 * One topic on one cluster: creates the topic if missing and hands out senders and receivers.
 *
 * <p>Opened with several subscriptions, each subscription is a consumer group of its own ({@link
 * KafkaSettings#subscriptionGroup}): Kafka's native publish/subscribe, in which every group reads
 * every record of the topic with offsets of its own, and the receivers of one group share its
 * partitions. A group has no existence on the broker before its first member joins, but none is
 * needed for the guarantee that a subscription misses nothing sent after open: a group with no
 * committed offset starts at the topic's earliest offset ({@code auto.offset.reset=earliest}, as
 * the point-to-point group does), so it reads everything the topic holds, and committing offsets at
 * the topic's end at open instead could skip what another process's senders sent between two opens.
 */
final class KafkaMq implements PublishSubscribeMq {
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(3);

  private final KafkaSettings settings;

  /** The receivers' settings per subscription: the configured group alone, or one per group. */
  private final List<KafkaSettings> subscriptions;

  private final String layout;
  private final int brokers;
  private final OpenClients open;
  private final AtomicInteger clients = new AtomicInteger();

  private final MqLimits limits;

  private final boolean createdTopic;
  private final String metadataVersion;

  private KafkaMq(
      KafkaSettings settings,
      List<KafkaSettings> subscriptions,
      String layout,
      int brokers,
      boolean createdTopic,
      String metadataVersion) {
    this.createdTopic = createdTopic;
    this.metadataVersion = metadataVersion;
    this.settings = settings;
    this.subscriptions = List.copyOf(subscriptions);
    this.limits = KafkaMqProvider.limits(settings);
    this.layout = layout;
    this.brokers = brokers;
    this.open = new OpenClients("the Kafka backend for " + settings.bootstrap + " is closed");
  }

  /**
   * What a backend built on this one checks on the cluster once it answers, before the topic is
   * looked up or created: {@code kafka-share} checks that the cluster serves share groups.
   */
  @FunctionalInterface
  interface ClusterCheck {
    /**
     * @param admin an admin client of the cluster, which answered
     * @throws MqException if the cluster cannot serve the backend; nothing was created
     * @throws InterruptedException if interrupted while asking
     */
    void check(Admin admin) throws InterruptedException;
  }

  /**
   * Checks that the cluster answers within the connect timeout and that the topic exists, creating
   * it as configured when it does not.
   */
  static KafkaMq open(KafkaSettings settings) {
    return open(settings, 1, admin -> {});
  }

  /**
   * As {@link #open(KafkaSettings)}, for publish/subscribe.
   *
   * @param settings the settings
   * @param subscriptions how many subscriptions: 1 is the configured group alone, more are one
   *     group per subscription ({@link KafkaSettings#subscriptionGroup})
   * @return the open backend
   */
  static KafkaMq open(KafkaSettings settings, int subscriptions) {
    return open(settings, subscriptions, admin -> {});
  }

  /**
   * As {@link #open(KafkaSettings)}, with a check of the cluster before the topic is looked up.
   *
   * @param settings the settings
   * @param check what the cluster must pass once it answers
   * @return the open backend
   */
  static KafkaMq open(KafkaSettings settings, ClusterCheck check) {
    return open(settings, 1, check);
  }

  private static KafkaMq open(KafkaSettings settings, int subscriptions, ClusterCheck check) {
    List<KafkaSettings> groups =
        Subscriptions.settings(
            subscriptions,
            settings,
            i -> settings.withGroupId(KafkaSettings.subscriptionGroup(settings.groupId, i)));
    checkAnyBrokerAnswers(settings);
    Admin admin;
    try {
      admin = Admin.create(settings.admin());
    } catch (KafkaException e) {
      throw new MqException(
          "cannot connect to Kafka at " + settings.bootstrap + ": " + rootMessage(e), e);
    }
    try {
      long ms = settings.connectTimeout.toMillis();
      Collection<Node> nodes;
      try {
        nodes =
            admin
                .describeCluster(new DescribeClusterOptions().timeoutMs((int) ms))
                .nodes()
                .get(ms + 1000, TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        throw new MqException(
            "cannot reach Kafka at "
                + settings.bootstrap
                + " within "
                + settings.connectTimeout.toSeconds()
                + " s ("
                + settings.shown(KafkaSettings.BOOTSTRAP_SERVERS)
                + "): is a broker running there?",
            e);
      }
      check.check(admin);
      boolean created = KafkaTopic.describe(admin, settings).isEmpty();
      String layout = KafkaTopic.ensure(admin, settings, nodes.size());
      return new KafkaMq(
          settings, groups, layout, nodes.size(), created, KafkaVersions.metadataVersion(admin));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while connecting to Kafka at " + settings.bootstrap, e);
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  /**
   * Kept for callers in this package; the one implementation is mq-core's {@link
   * Errors#rootMessage}.
   */
  static String rootMessage(Throwable e) {
    return Errors.rootMessage(e);
  }

  /**
   * Fails at once, naming the address, when no bootstrap address accepts a TCP connection: the
   * admin client would otherwise retry until the connect timeout before saying anything.
   */
  private static void checkAnyBrokerAnswers(KafkaSettings settings) {
    Duration probe =
        settings.connectTimeout.compareTo(PROBE_TIMEOUT) < 0
            ? settings.connectTimeout
            : PROBE_TIMEOUT;
    List<String> addresses =
        Arrays.stream(settings.bootstrap.split(",")).map(String::trim).toList();
    if (addresses.parallelStream().noneMatch(a -> Loopback.answers(a, probe))) {
      throw new MqException(
          "cannot connect to Kafka at "
              + settings.bootstrap
              + " (nothing accepts connections there within "
              + probe.toMillis()
              + " ms); is a broker running there? ("
              + settings.shown(KafkaSettings.BOOTSTRAP_SERVERS)
              + ")");
    }
  }

  @Override
  public MqSender createSender() {
    open.checkOpen();
    KafkaSender sender;
    try {
      sender =
          new KafkaSender(
              new KafkaProducer<>(settings.producer("mqbench-sender-" + clients.incrementAndGet())),
              settings,
              open::remove);
    } catch (KafkaException e) {
      throw new MqException(
          "cannot create a Kafka producer for " + settings.bootstrap + ": " + rootMessage(e), e);
    }
    return limits.enforce(settings.shownAs, open.add(sender));
  }

  /** A member of the subscription's consumer group. */
  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(
        subscription, subscriptions.size(), "topic " + settings.topic + " was opened with");
    open.checkOpen();
    return open.add(
        new KafkaReceiver(
            subscriptions.get(subscription),
            "mqbench-receiver-" + clients.incrementAndGet(),
            open::remove));
  }

  /**
   * @return the consumer group of each subscription, in order
   */
  List<String> subscriptionGroups() {
    return subscriptions.stream().map(s -> s.groupId).toList();
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("kafka-clients", KafkaVersions.clientVersion());
    v.put("brokers", String.valueOf(brokers));
    v.put("metadata.version", metadataVersion);
    v.put("topic", layout);
    if (subscriptions.size() > 1) {
      v.put("consumer groups", String.join(",", subscriptionGroups()));
    }
    return v;
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(createdTopic);
  }

  /**
   * Deletes the topic and waits until the cluster no longer describes it: deletion is asynchronous,
   * and a run that creates the topic again while it is still marked for deletion would fail. Opened
   * with several subscriptions, it then deletes their consumer groups, so that a later open starts
   * them afresh; a group no receiver ever joined does not exist and is not missed. The configured
   * group of a point-to-point open is left, as it always was (its offsets went with the topic).
   */
  @Override
  public boolean removeQueue() {
    Admin admin = Admin.create(settings.admin());
    try {
      admin.deleteTopics(List.of(settings.topic)).all().get();
      if (subscriptions.size() > 1) {
        deleteGroups(admin, subscriptionGroups());
      }
      long deadline = System.nanoTime() + KafkaTopic.READY_TIMEOUT.toNanos();
      while (KafkaTopic.describe(admin, settings).isPresent()) {
        if (System.nanoTime() > deadline) {
          throw new MqException(
              "topic "
                  + settings.topic
                  + " on "
                  + settings.bootstrap
                  + " is still there "
                  + KafkaTopic.READY_TIMEOUT.toSeconds()
                  + " s after its deletion");
        }
        Thread.sleep(100);
      }
      return true;
    } catch (ExecutionException e) {
      throw deleteFailed("topic " + settings.topic, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while deleting topic " + settings.topic, e);
    } finally {
      admin.close(Duration.ZERO);
    }
  }

  /**
   * Deletes consumer groups that exist. A group still with members (a receiver of another process
   * that has not left yet) cannot be deleted: that fails, naming the group.
   */
  private void deleteGroups(Admin admin, List<String> groups) throws InterruptedException {
    Map<String, KafkaFuture<Void>> deletions = admin.deleteConsumerGroups(groups).deletedGroups();
    for (Map.Entry<String, KafkaFuture<Void>> d : deletions.entrySet()) {
      try {
        d.getValue().get();
      } catch (ExecutionException e) {
        if (!(e.getCause() instanceof GroupIdNotFoundException)) {
          throw deleteFailed("consumer group " + d.getKey() + " of topic " + settings.topic, e);
        }
      }
    }
  }

  /** The failure of a deletion, naming what and the cluster, with the cluster's reason. */
  private MqException deleteFailed(String what, ExecutionException e) {
    return new MqException(
        "cannot delete " + what + " on " + settings.bootstrap + ": " + rootMessage(e.getCause()),
        e.getCause());
  }

  @Override
  public void close() {
    open.closeAll(
        c -> {
          if (c instanceof KafkaReceiver r) {
            // A consumer belongs to its thread: ask it to close on its next call.
            r.closeFromMq();
          } else {
            c.close();
          }
        });
  }
}
