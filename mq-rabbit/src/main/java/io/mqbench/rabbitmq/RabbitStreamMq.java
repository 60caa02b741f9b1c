package io.mqbench.rabbitmq;

import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Environment;
import com.rabbitmq.stream.StreamCreator;
import com.rabbitmq.stream.StreamException;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

/**
 * One stream on one RabbitMQ broker or cluster, through the stream protocol: one client environment
 * per {@code Mq}, a producer per sender, and one {@link StreamReader} shared by the receivers of
 * this process, started with the first receiver.
 *
 * <p>Opened with several subscriptions, each is a named consumer of its own ({@link
 * StreamSettings#subscriptionConsumer}) with its own reader, stored offset and reader lock: a
 * stream is a log every consumer reads whole, so publish/subscribe is native. A consumer with no
 * stored offset starts at the stream's first message, so a subscription misses nothing sent after
 * open, whenever its first receiver comes. As for one subscription, one process at a time reads a
 * subscription.
 */
final class RabbitStreamMq implements PublishSubscribeMq {
  private final StreamSettings settings;
  private final Environment environment;
  private final MqLimits limits;
  private final boolean createdQueue;
  private final OpenClients open = new OpenClients(StreamSettings.NAME + ": this Mq is closed");

  /** The readers' settings per subscription: the configured consumer alone, or one per name. */
  private final List<StreamSettings> subscriptions;

  /** Each subscription's reader, once its first receiver started it; guarded by this. */
  private final StreamReader[] readers;

  private RabbitStreamMq(
      StreamSettings settings,
      int subscriptions,
      Environment environment,
      MqLimits limits,
      boolean createdQueue) {
    this.settings = settings;
    this.subscriptions =
        subscriptions == 1
            ? List.of(settings)
            : IntStream.range(0, subscriptions)
                .mapToObj(
                    i ->
                        settings.withConsumerName(
                            StreamSettings.subscriptionConsumer(settings.consumerName(), i)))
                .toList();
    this.readers = new StreamReader[subscriptions];
    this.environment = environment;
    this.limits = limits;
    this.createdQueue = createdQueue;
  }

  /**
   * Connects, checks the address and credentials, and creates the stream when it is missing; fails
   * within about the connect timeout.
   *
   * @param settings the parsed configuration
   * @param limits what senders accept, checked before each send
   * @return the open backend
   * @throws MqException with one line naming the address and the key to check
   */
  static RabbitStreamMq open(StreamSettings settings, MqLimits limits) {
    return open(settings, limits, 1);
  }

  /**
   * As {@link #open(StreamSettings, MqLimits)}, for publish/subscribe.
   *
   * @param settings the parsed configuration
   * @param limits what senders accept, checked before each send
   * @param subscriptions 1 for the configured consumer alone; more for a named consumer per
   *     subscription ({@link StreamSettings#subscriptionConsumer})
   * @return the open backend
   */
  static RabbitStreamMq open(StreamSettings settings, MqLimits limits, int subscriptions) {
    Subscriptions.requireAtLeastOne(subscriptions);
    // The client retries an unreachable broker in the background; a benchmark wants it said at
    // once, so opening runs under a deadline of its own.
    ExecutorService opening =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "mqbench-rabbitmq-stream-open");
              t.setDaemon(true);
              return t;
            });
    Future<RabbitStreamMq> f =
        opening.submit(() -> connectAndDeclare(settings, limits, subscriptions));
    try {
      return f.get(settings.connectTimeout().toMillis() + 1_000, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      f.cancel(true);
      throw new MqException(
          StreamSettings.NAME
              + ": no stream protocol answer from "
              + settings.address()
              + " within "
              + StreamSettings.CONNECT_TIMEOUT.name()
              + "="
              + io.mqbench.config.Durations.format(settings.connectTimeout())
              + "; is it RabbitMQ's stream port? ("
              + StreamSettings.URI.name()
              + ")");
    } catch (ExecutionException e) {
      throw StreamFailures.opening(e.getCause(), settings);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      f.cancel(true);
      throw new MqException(StreamSettings.NAME + ": interrupted while connecting", e);
    } finally {
      opening.shutdown();
    }
  }

  private static RabbitStreamMq connectAndDeclare(
      StreamSettings settings, MqLimits limits, int subscriptions) {
    int connectMillis = (int) Math.min(Integer.MAX_VALUE, settings.connectTimeout().toMillis());
    Environment env =
        Environment.builder()
            // Every node given: the locator connection moves to another when its node goes; the
            // producers and the reader connect where the nodes advertise the leader and replicas.
            .uris(settings.clientUris())
            .rpcTimeout(settings.connectTimeout())
            // Compression is for sub-entry batching, which no sender here uses; the client's
            // default factory would need zstd, lz4 and snappy, left out of the build.
            .compressionCodecFactory(
                compression -> {
                  throw new MqException(
                      StreamSettings.NAME
                          + ": a message compressed with "
                          + compression
                          + " (sub-entry batching by another publisher) cannot be read here");
                })
            .netty()
            .eventLoopGroup(EventLoops.shared())
            .bootstrapCustomizer(b -> b.option(ChannelOption.CONNECT_TIMEOUT_MILLIS, connectMillis))
            .environmentBuilder()
            // One connection per producer, as the rabbitmq backend has one per sender.
            .maxProducersByConnection(1)
            .build();
    try {
      boolean existed = env.streamExists(settings.stream());
      if (!existed) {
        try {
          StreamCreator creator = env.streamCreator().stream(settings.stream());
          if (settings.initialMembers() > 0) {
            creator.initialMemberCount(settings.initialMembers());
          }
          creator.create();
        } catch (StreamException e) {
          if (e.getCode() != Constants.RESPONSE_CODE_STREAM_ALREADY_EXISTS) {
            throw e;
          }
          existed = true; // another process created it meanwhile
        }
      }
      return new RabbitStreamMq(settings, subscriptions, env, limits, !existed);
    } catch (RuntimeException e) {
      closeQuietly(env);
      throw StreamFailures.operation(
          "cannot create stream '" + settings.stream() + "'", e, settings);
    }
  }

  /**
   * One Netty event loop group for every {@code Mq} of the process. An environment given a group
   * does not shut it down on close, which otherwise takes about a second (Netty's graceful quiet
   * period) each time the runner or a test closes one; its threads are daemons, so the group never
   * holds the JVM up.
   */
  private static final class EventLoops {
    private static EventLoopGroup group;

    @SuppressWarnings(
        "deprecation") // NioEventLoopGroup: the one constructor Netty 4.1 and 4.2 share
    static synchronized EventLoopGroup shared() {
      if (group == null) {
        AtomicInteger n = new AtomicInteger();
        group =
            new NioEventLoopGroup(
                0,
                r -> {
                  Thread t = new Thread(r, "mqbench-rabbitmq-stream-io-" + n.incrementAndGet());
                  t.setDaemon(true);
                  return t;
                });
      }
      return group;
    }
  }

  private static void closeQuietly(Environment env) {
    try {
      env.close();
    } catch (RuntimeException e) {
      // best effort
    }
  }

  StreamSettings settings() {
    return settings;
  }

  Environment environment() {
    return environment;
  }

  void forget(AutoCloseable client) {
    open.remove(client);
  }

  @Override
  public MqSender createSender() {
    open.checkOpen();
    return limits.enforce(StreamSettings.NAME, open.add(new StreamSender(this)));
  }

  /**
   * The first receiver of a subscription in this {@code Mq} starts its reader, which takes the lock
   * of the stream under that subscription's consumer name.
   */
  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(
        subscription, readers.length, "stream '" + settings.stream() + "' was opened with");
    StreamReader r;
    synchronized (this) {
      open.checkOpen();
      if (readers[subscription] == null) {
        readers[subscription] = StreamReader.start(subscriptions.get(subscription), environment);
      }
      r = readers[subscription];
    }
    return open.add(new StreamReceiver(this, r));
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(createdQueue);
  }

  /**
   * Deletes the stream with every message and stored offset in it: every subscription's with it.
   */
  @Override
  public boolean removeQueue() {
    open.checkOpen();
    closeReaders();
    try {
      environment.deleteStream(settings.stream());
      return true;
    } catch (RuntimeException e) {
      throw StreamFailures.operation(
          "cannot delete stream '" + settings.stream() + "'", e, settings);
    }
  }

  private synchronized void closeReaders() {
    for (int i = 0; i < readers.length; i++) {
      if (readers[i] != null) {
        readers[i].close();
        readers[i] = null;
      }
    }
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("stream-client", clientVersion());
    v.put("queueType", "stream (stream protocol)");
    if (subscriptions.size() > 1) {
      v.put(
          "subscriptions",
          "named consumers "
              + String.join(
                  ",", subscriptions.stream().map(StreamSettings::consumerName).toList()));
    }
    return v;
  }

  private static String clientVersion() {
    String v = Environment.class.getPackage().getImplementationVersion();
    return v == null ? "unknown" : v;
  }

  @Override
  public void close() {
    boolean first =
        open.closeAll(
            c -> {
              // A receiver has nothing of its own to close: its reader closes below.
              if (c instanceof StreamSender s) {
                s.close();
              }
            });
    if (!first) {
      return;
    }
    closeReaders();
    closeQuietly(environment);
  }

  @Override
  public String toString() {
    return "RabbitStreamMq[" + settings.address() + ", " + settings.stream() + "]";
  }
}
