package io.mqbench.kafka;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.GroupIdNotFoundException;
import org.apache.kafka.common.errors.GroupNotEmptyException;
import org.apache.kafka.common.errors.RetriableException;

/**
 * One topic read by one share group: the {@code kafka} backend's topic and senders ({@link
 * KafkaMq}), and receivers that are members of the group ({@link KafkaShareReceiver}). Opening
 * checks that the cluster serves share groups (its finalized feature {@code share.version} is at
 * least 1) before it creates anything, then sets the group's configuration ({@link
 * KafkaShareSettings#groupConfigs()}): a group that starts at the earliest offset, with the lease
 * as its acquisition lock.
 *
 * <p>Opened with several subscriptions, each is a share group of its own ({@link
 * KafkaSettings#subscriptionGroup}), configured at open as the one group is: every group reads
 * every record of the topic, and hands each to one of its own receivers at a time. A share group
 * configured to start at the earliest offset misses nothing sent after open, whenever its first
 * receiver joins.
 */
final class KafkaShareMq implements PublishSubscribeMq {
  /** The feature a cluster serves share groups under, from Kafka 4.1. */
  static final String SHARE_VERSION = "share.version";

  private final KafkaShareSettings settings;

  /** The receivers' settings per subscription: the configured group alone, or one per group. */
  private final List<KafkaShareSettings> subscriptions;

  private final KafkaMq topic;
  private final Admin admin;
  private final short shareVersion;
  private final OpenClients receivers;
  private final AtomicInteger clients = new AtomicInteger();

  private KafkaShareMq(
      KafkaShareSettings settings,
      List<KafkaShareSettings> subscriptions,
      KafkaMq topic,
      Admin admin,
      short version) {
    this.settings = settings;
    this.subscriptions = List.copyOf(subscriptions);
    this.topic = topic;
    this.admin = admin;
    this.shareVersion = version;
    this.receivers =
        new OpenClients("the kafka-share backend for " + settings.kafka.bootstrap + " is closed");
  }

  /**
   * Checks the cluster, creates the topic if missing, and configures the share group.
   *
   * @throws MqException naming the address when the cluster does not answer, and naming the feature
   *     to enable when it does not serve share groups
   */
  static KafkaShareMq open(KafkaShareSettings s) {
    return open(s, 1);
  }

  /**
   * As {@link #open(KafkaShareSettings)}, for publish/subscribe.
   *
   * @param s the settings
   * @param subscriptions how many subscriptions: 1 is the configured share group alone, more are
   *     one group per subscription ({@link KafkaSettings#subscriptionGroup}), each configured here
   * @return the open backend
   */
  static KafkaShareMq open(KafkaShareSettings s, int subscriptions) {
    List<KafkaShareSettings> groups =
        Subscriptions.settings(
            subscriptions, s, i -> s.withGroupId(KafkaSettings.subscriptionGroup(s.groupId, i)));
    short[] version = new short[1];
    KafkaMq topic = KafkaMq.open(s.kafka, admin -> version[0] = shareVersion(admin, s));
    Admin admin;
    try {
      admin = Admin.create(s.kafka.admin());
    } catch (RuntimeException e) {
      topic.close();
      throw e instanceof MqException ? e : new MqException(Errors.oneLine(e), e);
    }
    try {
      for (KafkaShareSettings group : groups) {
        configureGroup(admin, group);
      }
    } catch (RuntimeException e) {
      topic.close();
      admin.close(Duration.ZERO);
      throw e instanceof MqException ? e : new MqException(Errors.oneLine(e), e);
    }
    return new KafkaShareMq(s, groups, topic, admin, version[0]);
  }

  /**
   * The cluster's finalized {@code share.version}.
   *
   * @throws MqException in one line naming the feature and how to enable it, when it is below 1
   */
  static short shareVersion(Admin admin, KafkaShareSettings s) throws InterruptedException {
    FeatureMetadata features;
    try {
      features =
          admin
              .describeFeatures()
              .featureMetadata()
              .get(KafkaSettings.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new MqException(
          "cannot read the features of Kafka at "
              + s.kafka.bootstrap
              + " (to check that it serves share groups): "
              + Errors.rootMessage(e),
          e);
    }
    FinalizedVersionRange finalized = features.finalizedFeatures().get(SHARE_VERSION);
    short level = finalized == null ? 0 : finalized.maxVersionLevel();
    if (level >= 1) {
      return level;
    }
    String known =
        features.supportedFeatures().containsKey(SHARE_VERSION)
            ? "its feature " + SHARE_VERSION + " is " + (finalized == null ? "not set" : "0")
            : "it does not know the feature " + SHARE_VERSION + " (brokers before Kafka 4.1)";
    throw new MqException(
        "Kafka at "
            + s.kafka.bootstrap
            + " does not serve share groups: "
            + known
            + "; enable them with kafka-features.sh --bootstrap-server "
            + s.kafka.bootstrap
            + " upgrade --feature "
            + SHARE_VERSION
            + "=1 (or format the brokers' storage with --feature "
            + SHARE_VERSION
            + "=1)");
  }

  /** Sets the share group's configuration; the group need not exist yet. */
  private static void configureGroup(Admin admin, KafkaShareSettings s) {
    ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, s.groupId);
    List<AlterConfigOp> ops = new ArrayList<>();
    s.groupConfigs()
        .forEach(
            (k, v) -> ops.add(new AlterConfigOp(new ConfigEntry(k, v), AlterConfigOp.OpType.SET)));
    try {
      admin
          .incrementalAlterConfigs(Map.of(group, ops))
          .all()
          .get(KafkaSettings.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException e) {
      throw new MqException(
          "cannot configure share group "
              + s.groupId
              + " on "
              + s.kafka.bootstrap
              + " ("
              + s.groupConfigs()
              + "; share.record.lock.duration.ms is "
              + KafkaShareSettings.LEASE_TIMEOUT.name()
              + ", within the broker's group.share.min.record.lock.duration.ms and"
              + " group.share.max.record.lock.duration.ms): "
              + Errors.rootMessage(e),
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while configuring share group " + s.groupId, e);
    }
  }

  @Override
  public MqSender createSender() {
    receivers.checkOpen();
    return topic.createSender();
  }

  /** A member of the subscription's share group. */
  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(
        subscription, subscriptions.size(), "topic " + settings.kafka.topic + " was opened with");
    receivers.checkOpen();
    return receivers.add(
        new KafkaShareReceiver(
            subscriptions.get(subscription),
            "mqbench-share-receiver-" + clients.incrementAndGet(),
            receivers::remove,
            this::checkAlive));
  }

  /**
   * A share consumer whose brokers all died polls empty for ever, which a harness would take for an
   * empty queue and then for loss: a broker must answer a metadata request within the request
   * timeout.
   */
  private void checkAlive() {
    try {
      admin
          .describeCluster(
              new DescribeClusterOptions().timeoutMs((int) KafkaSettings.REQUEST_TIMEOUT_MS))
          .nodes()
          .get(KafkaSettings.REQUEST_TIMEOUT_MS + 1000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException | TimeoutException | KafkaException e) {
      throw new MqException(
          "receive from topic "
              + settings.kafka.topic
              + " on "
              + settings.kafka.bootstrap
              + " failed: no broker answered within "
              + KafkaSettings.REQUEST_TIMEOUT_MS / 1000
              + " s",
          e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while checking Kafka at " + settings.kafka.bootstrap, e);
    }
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>(topic.versions());
    v.put(SHARE_VERSION, "level " + shareVersion);
    if (subscriptions.size() == 1) {
      v.put("share group", settings.groupId + " " + settings.groupConfigs());
    } else {
      v.put("share groups", String.join(",", subscriptionGroups()) + " " + settings.groupConfigs());
    }
    return v;
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return topic.createdQueue();
  }

  /**
   * @return the share group of each subscription, in order
   */
  List<String> subscriptionGroups() {
    return subscriptions.stream().map(s -> s.groupId).toList();
  }

  /**
   * Deletes the topic, then the share group of every subscription (with its configuration and
   * state), so that a later open starts them afresh; a group that still has members, or none, is
   * left.
   */
  @Override
  public boolean removeQueue() {
    boolean removed = topic.removeQueue();
    for (String group : subscriptionGroups()) {
      deleteShareGroup(group);
    }
    return removed;
  }

  /**
   * Deletes a share group, asking again while the answer is a retriable error: after a broker died
   * (a fault, a killed leader) the admin client may still send to it and have its request cancelled
   * on the disconnection, where the next attempt finds the group's new coordinator.
   */
  private void deleteShareGroup(String group) {
    long deadline =
        System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KafkaSettings.REQUEST_TIMEOUT_MS);
    while (true) {
      try {
        admin
            .deleteShareGroups(List.of(group))
            .all()
            .get(KafkaSettings.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS);
        return;
      } catch (ExecutionException e) {
        if (e.getCause() instanceof GroupIdNotFoundException
            || e.getCause() instanceof GroupNotEmptyException) {
          return;
        }
        if (!(e.getCause() instanceof RetriableException) || System.nanoTime() > deadline) {
          throw new MqException(
              "cannot delete share group "
                  + group
                  + " on "
                  + settings.kafka.bootstrap
                  + ": "
                  + Errors.rootMessage(e),
              e);
        }
      } catch (TimeoutException e) {
        throw new MqException(
            "share group " + group + " on " + settings.kafka.bootstrap + " not deleted", e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MqException("interrupted while deleting share group " + group, e);
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new MqException("interrupted while deleting share group " + group, e);
      }
    }
  }

  @Override
  public void close() {
    // A consumer belongs to its thread: ask each to close on its next call.
    if (!receivers.closeAll(r -> ((KafkaShareReceiver) r).closeFromMq())) {
      return;
    }
    topic.close();
    admin.close(Duration.ZERO);
  }
}
