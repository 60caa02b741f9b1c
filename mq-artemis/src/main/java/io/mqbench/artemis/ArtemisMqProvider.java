package io.mqbench.artemis;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.LocalBrokerDescriptor;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.PublishSubscribe;
import io.mqbench.mq.StatedProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code artemis} backend: persistent messages on a durable ActiveMQ Artemis queue through
 * Artemis' JMS client, committed per batch (or confirmed per message when batches are in flight),
 * received with individual acknowledgements.
 *
 * <p>With no {@code artemis.url} the runner uses the broker on 127.0.0.1:61616 (the port {@code
 * docker/artemis.yml} would publish) if one answers, else starts a local broker ({@link
 * #LOCAL_BROKER}); with {@code artemis.localBrokerNodes=2}, a replicated primary/backup pair whose
 * clients fail over ({@link ArtemisLocalPair}).
 */
public final class ArtemisMqProvider extends StatedProvider
    implements BrokerBackend, PublishSubscribe {
  /**
   * The local broker: one Artemis broker in a JVM of its own (mq-artemis-broker's jars and main
   * class), exactly one acceptor (core protocol only) on a free loopback port, security on with the
   * configured user, and a persistent NIO journal with {@code journal-datasync} on in its scratch
   * directory: every commit and every durable send is on disk (fsync) before the broker confirms
   * it.
   */
  public static final LocalBrokerDescriptor LOCAL_BROKER =
      new LocalBrokerDescriptor(
          "local Artemis broker",
          "artemis-broker",
          "io.mqbench.artemis.broker.ArtemisBrokerMain",
          1,
          ArtemisSettings.URL,
          "tcp://",
          ArtemisSettings.LOCAL_BROKER_HEAP,
          config ->
              Map.of(
                  "user",
                  config.get(ArtemisSettings.USER),
                  "password",
                  config.get(ArtemisSettings.PASSWORD)),
          LocalBrokerDescriptor.Readiness.PORTS,
          "single-node Artemis {version} (NIO journal, datasync on) on {address}");

  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(ArtemisSettings.URL.name()),
          "docker/artemis.yml",
          "127.0.0.1:61616",
          ArtemisSettings.COMPOSE_URL,
          "");

  /** Durable sends into the journal for fsync; a send that does not block for none. */
  private static final DurabilityTable LEVELS =
      DurabilityTable.of(
              "artemis", "its journal sync is a broker setting; fsync (the default) or none")
          .with(Durability.Level.FSYNC, Map.of())
          .with(
              Durability.Level.NONE,
              Map.of(
                  ArtemisSettings.SEND_MODE.name(),
                  "sync",
                  ArtemisSettings.URL_PREFIX + "blockOnDurableSend",
                  "false"));

  /**
   * The pass-through URL parameters are checked, and a given URL parsed, when configuring, which
   * connects nothing, so that a bad one fails before the run rather than when the first sender
   * connects.
   *
   * <p>A queue of its own has its own queue and address: another queue on the same address would
   * get copies of the same messages (multicast). The address is set even when not given, where it
   * would follow the queue anyway, so that the two always name one queue.
   *
   * <p>The durability found is whether the broker persists messages and syncs its journal before it
   * answers, asked of its management address ({@link ArtemisDurability}).
   *
   * <p>The largest message is {@code artemis.maxMessageBytes}. A send may take the call timeout for
   * its commit (or each blocking send's), and an asynchronous batch twice that.
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "artemis",
              ArtemisSettings.KEYS,
              "ActiveMQ Artemis (JMS client, core protocol): persistent messages, one commit per"
                  + " batch or completion listeners, individual acknowledge; subscriptions: a"
                  + " multicast address with a durable queue each")
          .passThrough(ArtemisSettings.URL_PREFIX)
          .levels(LEVELS)
          .queueName(ArtemisSettings.QUEUE, ArtemisSettings.MAX_NAME_LENGTH)
          .queueName(
              ArtemisSettings.ADDRESS,
              config ->
                  config.find(ArtemisSettings.ADDRESS).orElse(config.get(ArtemisSettings.QUEUE)),
              ArtemisSettings.MAX_NAME_LENGTH)
          .durabilityFoundBy(
              (config, declared) -> ArtemisDurability.found(ArtemisSettings.from(config), declared))
          .limitedBy(
              ArtemisSettings.MAX_MESSAGE_BYTES,
              config -> config.get(ArtemisSettings.CALL_TIMEOUT).multipliedBy(2))
          .brokerAt(ADDRESSING, ArtemisMqProvider::localBrokerOf)
          .checkedBy(
              config ->
                  ArtemisUrl.checkUrlParameters(config.passThrough(ArtemisSettings.URL_PREFIX)))
          .checkedBy(ArtemisSettings::checkLocalNodes)
          .checkedWhenAddressed(ArtemisSettings::from);

  /** The backend as the runner loads it. */
  public ArtemisMqProvider() {
    super(FACTS);
  }

  /**
   * Every message is durable; a send returns once the broker stored it in its journal, which it
   * syncs before answering by default (journal-sync-transactional and -non-transactional).
   */
  @Override
  public Durability durability(MqConfig config) {
    String block = config.passThrough(ArtemisSettings.URL_PREFIX).get("blockOnDurableSend");
    SendMode mode = config.get(ArtemisSettings.SEND_MODE);
    String settings = ArtemisSettings.SEND_MODE.name() + "=" + mode;
    if (block != null && block.trim().equalsIgnoreCase("false") && mode == SendMode.SYNC) {
      return new Durability(
          Durability.Level.NONE,
          "(the send does not wait for the broker)",
          settings + ", " + ArtemisSettings.URL_PREFIX + "blockOnDurableSend=false");
    }
    return new Durability(
        Durability.Level.FSYNC,
        "in the live broker's journal (and its backup's, where replication is configured)",
        settings + ", journal sync: the broker's default");
  }

  /** Pass-through parameters that let a durable send or an acknowledgement go unconfirmed. */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>();
    Map<String, String> params = config.passThrough(ArtemisSettings.URL_PREFIX);
    String block = params.get("blockOnDurableSend");
    if (block != null
        && block.trim().equalsIgnoreCase("false")
        && config.get(ArtemisSettings.SEND_MODE) == SendMode.SYNC) {
      w.add(
          ArtemisSettings.URL_PREFIX
              + "blockOnDurableSend=false: with artemis.sendMode=sync a send returns before the"
              + " broker stored its messages; loss is expected when the broker fails");
    }
    String preAck = params.get("preAcknowledge");
    if (preAck != null && preAck.trim().equalsIgnoreCase("true")) {
      w.add(
          ArtemisSettings.URL_PREFIX
              + "preAcknowledge=true: the broker acknowledges messages as it hands them to a"
              + " receiver; loss is expected when a receiver fails");
    }
    return w;
  }

  /**
   * One broker, or with {@code artemis.localBrokerNodes=2} the replicated primary/backup pair
   * ({@link ArtemisLocalPair}).
   */
  private static Optional<LocalBroker> localBrokerOf(MqConfig config) {
    return Optional.of(
        config.get(ArtemisSettings.LOCAL_BROKER_NODES) == 1
            ? new JavaLocalBroker(LOCAL_BROKER)
            : ArtemisLocalPair.of(config));
  }

  /** A primary/backup pair has a live node: the primary, or the backup once it took over. */
  @Override
  public boolean hasLeaders() {
    return true;
  }

  /**
   * The live broker now, asked of each broker the URL names with core management messages (a
   * passive backup answers nothing): the first that answers, the primary after a split that left
   * both live.
   */
  @Override
  public Optional<String> leaderAddress(MqConfig config) {
    ArtemisSettings s = ArtemisSettings.from(config);
    List<ArtemisPair.Live> live =
        ArtemisPair.liveNodes(
            List.of(s.address().split(",")), s.user(), s.password(), s.callTimeout());
    if (live.isEmpty()) {
      throw new MqException("no Artemis broker at " + s.address() + " answered as live");
    }
    return Optional.of(live.get(0).endpoint());
  }

  /** The URL's {@code host:port} list. */
  @Override
  public String address(String key, String value) {
    return ArtemisUrl.endpoints(value);
  }

  /**
   * Artemis' own publish/subscribe, as JMS durable topic subscriptions are: with several
   * subscriptions, the address ({@code artemis.address}, else the queue's name) becomes multicast
   * whatever {@code artemis.routingType} says, and each subscription is a durable multicast queue
   * {@code <queue>-s<i>} on it, created here; with one, the configured queue.
   */
  @Override
  public Mq open(MqConfig config, int subscriptions) {
    return ArtemisMq.open(ArtemisSettings.from(config), limits(config), subscriptions);
  }
}
