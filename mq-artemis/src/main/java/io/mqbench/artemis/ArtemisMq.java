package io.mqbench.artemis;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.PublishSubscribeMq;
import io.mqbench.mq.Subscriptions;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;
import org.apache.activemq.artemis.api.core.ActiveMQException;
import org.apache.activemq.artemis.api.core.ActiveMQQueueExistsException;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;
import org.apache.activemq.artemis.utils.VersionLoader;

/**
 * One run's connection factory and queue. Each sender and receiver has a connection of its own, so
 * that threads never wait for each other on one socket (as with {@code artemis perf}'s clients).
 *
 * <p>With several subscriptions the address is multicast: one durable multicast queue per
 * subscription ({@code <queue>-s<i>}, all created by {@link #open}), senders send to the address,
 * which puts a copy of each message into every one of those queues, and the receivers of a
 * subscription compete for its queue's messages. An unacknowledged message goes back to the queue
 * it came from, so it comes back in its own subscription only.
 */
final class ArtemisMq implements PublishSubscribeMq {
  private final ArtemisSettings settings;
  private final List<ArtemisSettings> subscriptions;
  private final MqLimits limits;
  private final ActiveMQConnectionFactory factory;
  private final OpenClients open = new OpenClients("the artemis backend is closed");
  private ScheduledExecutorService timers;
  private boolean createdQueue;
  private String brokerVersion = "unknown";

  private ArtemisMq(
      ArtemisSettings settings,
      List<ArtemisSettings> subscriptions,
      MqLimits limits,
      ActiveMQConnectionFactory factory) {
    this.settings = settings;
    this.subscriptions = List.copyOf(subscriptions);
    this.limits = limits;
    this.factory = factory;
  }

  /**
   * Connects once to check the address and credentials, and creates the queue or checks that it
   * exists: with one subscription the configured queue, with several a multicast queue per
   * subscription.
   *
   * @param subscriptions at least 1
   * @throws MqException in one line naming the broker, when it is unreachable, refuses the
   *     credentials, or lacks a queue while {@code artemis.createQueue} is false
   */
  static ArtemisMq open(ArtemisSettings configured, MqLimits limits, int subscriptions) {
    List<ArtemisSettings> queues =
        Subscriptions.settings(subscriptions, configured, configured::subscription);
    ArtemisSettings s = subscriptions == 1 ? configured : configured.publishing();
    ActiveMQConnectionFactory factory;
    try {
      factory = new ActiveMQConnectionFactory(s.url(), s.user(), s.password());
    } catch (RuntimeException e) {
      throw new MqException(
          ArtemisSettings.URL.name() + ": the client refuses the URL: " + e.getMessage(), e);
    }
    ArtemisMq mq = new ArtemisMq(s, queues, limits, factory);
    try (Connection c = mq.connect("connect")) {
      Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      ClientSession core = ((ActiveMQSession) session).getCoreSession();
      for (ArtemisSettings queue : queues) {
        // Any queue made here is this run's to remove; every one exists before a send.
        mq.createdQueue |= provideQueue(core, queue);
      }
      mq.brokerVersion = brokerVersion(core, s);
    } catch (JMSException e) {
      factory.close();
      throw Failures.of("connect", e, s);
    } catch (RuntimeException e) {
      factory.close();
      throw e;
    }
    return mq;
  }

  /**
   * The broker's release, as its management address answers it (the core protocol carries only a
   * protocol version); "unknown: why" where management is closed to this user.
   */
  private static String brokerVersion(ClientSession core, ArtemisSettings s) {
    ClientRequestor requestor = null;
    try {
      requestor = new ClientRequestor(core, SimpleString.of("activemq.management"));
      core.start();
      ClientMessage ask = core.createMessage(false);
      ManagementHelper.putAttribute(ask, ResourceNames.BROKER, "version");
      ClientMessage reply = requestor.request(ask, s.callTimeout().toMillis());
      if (reply == null) {
        return "unknown: the management address did not answer";
      }
      Object result = ManagementHelper.getResult(reply);
      return ManagementHelper.hasOperationSucceeded(reply) && result != null
          ? result.toString()
          : "unknown: management refused (" + result + ")";
    } catch (Exception e) {
      return "unknown: " + e.getMessage();
    } finally {
      closeQuietly(requestor);
    }
  }

  /** Closing the requestor's temporary queue is best effort: the session goes right after. */
  private static void closeQuietly(ClientRequestor requestor) {
    if (requestor == null) {
      return;
    }
    try {
      requestor.close();
    } catch (Exception e) {
      // nothing left to do with it
    }
  }

  /** Creates the queue where it is missing; whether it did. */
  private static boolean provideQueue(ClientSession core, ArtemisSettings settings) {
    SimpleString queue = SimpleString.of(settings.queue());
    try {
      ClientSession.QueueQuery q = core.queueQuery(queue);
      org.apache.activemq.artemis.api.core.RoutingType wanted =
          settings.routingType() == RoutingType.ANYCAST
              ? org.apache.activemq.artemis.api.core.RoutingType.ANYCAST
              : org.apache.activemq.artemis.api.core.RoutingType.MULTICAST;
      if (q.isExists()) {
        if (!q.getAddress().toString().equals(settings.addressName())
            || q.getRoutingType() != wanted) {
          throw new MqException(
              "Artemis at "
                  + settings.address()
                  + ": queue '"
                  + settings.queue()
                  + "' exists on address '"
                  + q.getAddress()
                  + "' as "
                  + q.getRoutingType().toString().toLowerCase(Locale.ROOT)
                  + ", not as configured ("
                  + ArtemisSettings.ROUTING_TYPE.name()
                  + ", "
                  + ArtemisSettings.ADDRESS.name()
                  + ")");
        }
        return false;
      }
      if (!settings.createQueue()) {
        throw new MqException(
            "Artemis at "
                + settings.address()
                + " has no queue '"
                + settings.queue()
                + "' and "
                + ArtemisSettings.CREATE_QUEUE.name()
                + "=false (create it on the broker, or leave "
                + ArtemisSettings.CREATE_QUEUE.name()
                + " at true)");
      }
      core.createQueue(
          QueueConfiguration.of(settings.queue())
              .setAddress(settings.addressName())
              .setRoutingType(wanted)
              .setDurable(true)
              .setAutoCreateAddress(true));
      return true;
    } catch (ActiveMQQueueExistsException e) {
      return false; // another process created it meanwhile: fine, and not ours
    } catch (ActiveMQException e) {
      throw Failures.of("queue " + settings.queue(), e, settings);
    }
  }

  /** A started connection, or the client's exception. */
  Connection connect(String what) throws JMSException {
    Connection c = factory.createConnection();
    try {
      c.start();
      return c;
    } catch (JMSException | RuntimeException e) {
      c.close();
      throw e;
    }
  }

  ArtemisSettings settings() {
    return settings;
  }

  /** One daemon thread for the senders' periodic checks, started by the first sender. */
  synchronized ScheduledExecutorService timers() {
    if (timers == null) {
      timers =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "mqbench-artemis-timers");
                t.setDaemon(true);
                return t;
              });
    }
    return timers;
  }

  @Override
  public MqSender createSender() {
    return limits.enforce("artemis", open.add(new ArtemisSender(this)));
  }

  @Override
  public MqReceiver createReceiver(int subscription) {
    Subscriptions.requireOpened(subscription, subscriptions.size(), "this queue has");
    return open.add(new ArtemisReceiver(this, subscriptions.get(subscription)));
  }

  @Override
  public Map<String, String> versions() {
    return Map.of(
        "artemis-jms-client", VersionLoader.getVersion().getFullVersion(), "broker", brokerVersion);
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(createdQueue);
  }

  /**
   * Deletes the queue, or every subscription's queue, with their messages; the address, created
   * with them, is the broker's to reap.
   */
  @Override
  public boolean removeQueue() {
    String removing = settings.queue();
    try (Connection c = connect("remove the queue")) {
      Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      ClientSession core = ((ActiveMQSession) session).getCoreSession();
      for (ArtemisSettings queue : subscriptions) {
        removing = queue.queue();
        core.deleteQueue(SimpleString.of(removing));
      }
      return true;
    } catch (JMSException | ActiveMQException e) {
      throw Failures.of("remove queue " + removing, e, settings);
    }
  }

  @Override
  public void close() {
    if (!open.closeAll()) {
      return;
    }
    factory.close();
    synchronized (this) {
      if (timers != null) {
        timers.shutdownNow();
      }
    }
  }
}
