package io.mqbench.nats;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import io.nats.client.api.RetentionPolicy;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * A JetStream stream used as a queue: work-queue retention (a message leaves the stream once
 * acknowledged), file storage, one durable pull consumer with explicit acks that every receiver
 * shares. One connection per sender and per receiver, and one to manage the stream.
 *
 * <p>With several subscriptions, each is a durable pull consumer of its own ({@code
 * <consumer>-s<i>}) on the one stream. A work-queue stream refuses consumers whose subjects overlap
 * (every message has one reader), so such a stream is created with interest retention instead: a
 * message leaves the stream once every consumer acknowledged it. Every consumer exists before
 * {@link #open} returns, so none misses a message (an interest stream drops what no consumer is
 * interested in).
 */
final class NatsMq implements PublishSubscribeMq {
  /** JetStream's error code for a stream that does not exist. */
  private static final int STREAM_NOT_FOUND = 10059;

  private final NatsSettings settings;
  private final Subscriptions<NatsSettings> subscriptions;
  private final MqLimits limits;
  private final Connection admin;
  private final boolean created;
  private final String version;
  private final OpenClients opened = new OpenClients("nats: the backend is closed");

  private NatsMq(
      NatsSettings settings,
      Subscriptions<NatsSettings> subscriptions,
      MqLimits limits,
      Connection admin,
      boolean created,
      String version) {
    this.settings = settings;
    this.subscriptions = subscriptions;
    this.limits = limits;
    this.admin = admin;
    this.created = created;
    this.version = version;
  }

  /**
   * Connects and creates the stream and its consumer when missing: with several subscriptions, an
   * interest stream and a consumer per subscription.
   *
   * @param subscriptions at least 1
   * @throws MqException in one line naming the address if the server cannot be reached, refuses the
   *     credentials or has no JetStream, or if several subscriptions are asked of an existing
   *     work-queue stream
   */
  static NatsMq open(NatsSettings settings, MqLimits limits, int subscriptions) {
    Subscriptions<NatsSettings> consumers =
        Subscriptions.of(subscriptions, settings, settings::subscription, "this queue has");
    Connection admin = connect(settings, "admin");
    try {
      JetStreamManagement jsm = admin.jetStreamManagement();
      boolean made = ensureStream(jsm, settings, limits, subscriptions);
      for (NatsSettings consumer : consumers.all()) {
        addConsumer(jsm, settings, consumer.consumer());
      }
      return new NatsMq(
          settings, consumers, limits, admin, made, admin.getServerInfo().getVersion());
    } catch (IOException | JetStreamApiException | RuntimeException e) {
      close(admin);
      throw failure(settings, "cannot open stream '" + settings.stream() + "'", e);
    }
  }

  /**
   * Creates or updates a durable consumer. In a cluster, a stream just created may not yet be known
   * to the server asked (stream not found): tried again until the request timeout.
   */
  private static void addConsumer(JetStreamManagement jsm, NatsSettings settings, String name)
      throws IOException, JetStreamApiException {
    ConsumerConfiguration consumer =
        ConsumerConfiguration.builder()
            .durable(name)
            .ackPolicy(AckPolicy.Explicit)
            .ackWait(settings.ackWait())
            .deliverPolicy(DeliverPolicy.All)
            .maxDeliver(-1)
            .maxAckPending(-1)
            .build();
    long deadline = System.nanoTime() + settings.requestTimeout().toNanos();
    while (true) {
      try {
        jsm.addOrUpdateConsumer(settings.stream(), consumer);
        return;
      } catch (JetStreamApiException e) {
        if (e.getApiErrorCode() != STREAM_NOT_FOUND || System.nanoTime() > deadline) {
          throw e;
        }
      }
      pauseBeforeRetrying("creating consumer " + name);
    }
  }

  /** A short pause between two tries of a JetStream API call the cluster may not answer yet. */
  private static void pauseBeforeRetrying(String doing) {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("nats: interrupted while " + doing, e);
    }
  }

  /**
   * Creates the stream when missing, as a work queue for one subscription and with interest
   * retention for several; refuses several subscriptions on an existing work-queue stream.
   *
   * @return whether the stream was created here
   */
  private static boolean ensureStream(
      JetStreamManagement jsm, NatsSettings settings, MqLimits limits, int subscriptions)
      throws IOException, JetStreamApiException {
    try {
      RetentionPolicy existing =
          jsm.getStreamInfo(settings.stream()).getConfiguration().getRetentionPolicy();
      if (subscriptions > 1 && existing == RetentionPolicy.WorkQueue) {
        throw new MqException(
            "nats: stream '"
                + settings.stream()
                + "' at "
                + settings.address()
                + " has work-queue retention, which allows one consumer, not "
                + subscriptions
                + " subscriptions: remove it, or name another "
                + NatsSettings.STREAM.name());
      }
      return false;
    } catch (JetStreamApiException e) {
      if (e.getApiErrorCode() != STREAM_NOT_FOUND) {
        throw e;
      }
    }
    jsm.addStream(
        StreamConfiguration.builder()
            .name(settings.stream())
            .subjects(settings.subject())
            .storageType(StorageType.File)
            .retentionPolicy(
                subscriptions == 1 ? RetentionPolicy.WorkQueue : RetentionPolicy.Interest)
            .replicas(settings.replicas())
            .maximumMessageSize((int) limits.maxMessageBytes())
            .build());
    return true;
  }

  /** A connection of its own, named for the server's monitoring. */
  static Connection connect(NatsSettings settings, String role) {
    Options options =
        Options.builder()
            .server(settings.url())
            .connectionName("mqbench-" + role)
            .connectionTimeout(settings.connectTimeout())
            // A lost connection is tried again (a restarted server), for about a minute.
            .maxReconnects(60)
            // A server cut off the network sends nothing and closes nothing: unanswered pings
            // are what shows it, so they go every 2 s (2 minutes by default) and 2 may be missed.
            .pingInterval(java.time.Duration.ofSeconds(2))
            .maxPingsOut(2)
            .noRandomize()
            .errorListener(new QuietErrors())
            .build();
    try {
      return Nats.connect(options);
    } catch (IOException e) {
      throw failure(settings, "cannot connect", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("nats: interrupted while connecting to " + settings.address(), e);
    }
  }

  /** A failure of this backend as one line naming the server. */
  static MqException failure(NatsSettings settings, String what, Throwable e) {
    if (e instanceof MqException mq) {
      return mq;
    }
    String why = Errors.oneLine(e);
    if (why.contains("Authorization Violation") || why.contains("authorization violation")) {
      return new MqException(
          "nats: the server at "
              + settings.address()
              + " refused the credentials of "
              + NatsSettings.URL.name()
              + " ("
              + why
              + ")",
          e);
    }
    if (why.startsWith("Unable to connect")) {
      return new MqException(
          "nats: cannot connect to " + settings.address() + " (" + Errors.rootMessage(e) + ")", e);
    }
    if (e instanceof IllegalStateException && why.contains("JetStream")) {
      return new MqException(
          "nats: the server at " + settings.address() + " has no JetStream (" + why + ")", e);
    }
    return new MqException("nats: " + what + " at " + settings.address() + ": " + why, e);
  }

  @Override
  public synchronized MqSender createSender() {
    opened.checkOpen();
    NatsSender sender = opened.add(new NatsSender(settings, connect(settings, "sender")));
    return limits.enforce("nats", sender);
  }

  @Override
  public synchronized MqReceiver createReceiver(int subscription) {
    NatsSettings consumer = subscriptions.get(subscription);
    opened.checkOpen();
    return opened.add(NatsReceiver.start(consumer, connect(settings, "receiver")));
  }

  @Override
  public Map<String, String> versions() {
    return Map.of("nats-server", version);
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(created);
  }

  /**
   * Deletes the stream, its messages and its consumers (every subscription's). Right after a
   * cluster lost a node, the JetStream API may not answer until the remaining servers have elected
   * a new meta leader: a request that got no answer is tried again until the request timeout.
   */
  @Override
  public boolean removeQueue() {
    long deadline = System.nanoTime() + settings.requestTimeout().toNanos();
    while (true) {
      try {
        admin.jetStreamManagement().deleteStream(settings.stream());
        return true;
      } catch (IOException e) {
        if (System.nanoTime() > deadline) {
          throw failure(settings, "cannot remove stream '" + settings.stream() + "'", e);
        }
      } catch (JetStreamApiException e) {
        throw failure(settings, "cannot remove stream '" + settings.stream() + "'", e);
      }
      pauseBeforeRetrying("removing stream " + settings.stream());
    }
  }

  @Override
  public synchronized void close() {
    if (opened.closeAll()) {
      close(admin);
    }
  }

  static void close(Connection connection) {
    try {
      connection.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Keeps the client's own error reports off the terminal: failures reach the caller anyway. */
  private static final class QuietErrors implements io.nats.client.ErrorListener {}
}
