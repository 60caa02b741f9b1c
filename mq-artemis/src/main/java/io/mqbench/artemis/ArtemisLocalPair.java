package io.mqbench.artemis;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.LocalBrokerDescriptor;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * {@code -p artemis.localBrokerNodes=2}: the replicated primary/backup pair of {@code
 * docker/artemis.yml} as two local brokers (mq-artemis-broker's main class, node 1 the primary,
 * node 2 its backup), each its own process, data directory and port. It is ready once the backup
 * has synchronized with the primary: a passive backup opens no port, so its port is not waited for.
 * Clients get a URL naming both nodes with {@code ha=true} and unlimited reconnection, so that when
 * the primary fails they carry on with the backup.
 */
final class ArtemisLocalPair implements LocalBroker {
  /** The pair's nodes. */
  static final int NODES = 2;

  private final JavaLocalBroker nodes;

  private ArtemisLocalPair(JavaLocalBroker nodes) {
    this.nodes = nodes;
  }

  /**
   * @param config the configuration asking for the pair
   * @return the pair, not started
   */
  static ArtemisLocalPair of(MqConfig config) {
    LocalBrokerDescriptor d = ArtemisMqProvider.LOCAL_BROKER;
    Synchronized ready = new Synchronized();
    return new ArtemisLocalPair(
        new JavaLocalBroker(
            new LocalBrokerDescriptor(
                d.name(),
                d.distribution(),
                d.mainClass(),
                d.ports(),
                d.addressKey(),
                d.scheme(),
                d.heapKey(),
                d.settings(),
                ready,
                "Artemis {version} primary/backup pair (replication, NIO journal, datasync on;"
                    + " clients fail over) on {address}"),
            NODES));
  }

  /**
   * The client URL of a started pair, both nodes with {@code ha=true} and reconnection without end.
   * A connection tries the nodes from one picked at random, and waits the retry interval after one
   * that refuses (the passive backup, or a dead primary): 100 ms, rather than the default 2 s that
   * every new sender or receiver would otherwise pay half the time.
   *
   * @return {@code (tcp://primary,tcp://backup)?ha=true&...}
   */
  static String haUrl(JavaLocalBroker nodes) {
    return IntStream.range(0, nodes.size())
            .mapToObj(i -> "tcp://" + nodes.address(i))
            .collect(Collectors.joining(",", "(", ")"))
        + "?ha=true&reconnectAttempts=-1&retryInterval=100";
  }

  @Override
  public MqConfig start(MqConfig config) throws InterruptedException {
    MqConfig started = nodes.start(config);
    return started.with(ArtemisSettings.URL.name(), haUrl(nodes));
  }

  @Override
  public String description() {
    return nodes.description();
  }

  @Override
  public Hold holdStop(Runnable onShutdown, Duration atMost) {
    return nodes.holdStop(onShutdown, atMost);
  }

  @Override
  public LocalBroker inNetworkNamespaces() {
    return new ArtemisLocalPair(nodes.inNetworkNamespaces());
  }

  @Override
  public Optional<BrokerFaults> faults() {
    return nodes.faults();
  }

  /**
   * @return the two nodes, for tests
   */
  JavaLocalBroker nodes() {
    return nodes;
  }

  @Override
  public void close() {
    nodes.close();
  }

  /**
   * Ready once a backup logged that it synchronized with the live broker ({@code AMQ221024}, as
   * {@code docker/artemis.yml}'s health check waits for) since the wait began: at the start the
   * backup with the primary; after a node's restart (the logs are appended to) the restarted node
   * with the live one, or the backup again after a fail-back. A passive backup opens no port, and
   * asking the management address every 200 ms would fill the logs with its reply queues. Waits on
   * the last node's process, so that a backup that exits is reported with its log; a timeout ends
   * with the first node's log too. The replication is read back from the brokers themselves later
   * ({@link ArtemisDurability}).
   */
  private record Synchronized() implements LocalBrokerDescriptor.Readiness {
    /** A backup's log line once it has the live broker's journal. */
    static final String SYNCHRONIZED = "AMQ221024";

    @Override
    public void await(JavaLocalBroker broker, Duration timeout) throws InterruptedException {
      long before = synchronizations(broker);
      try {
        broker.process(NODES - 1).awaitReady(() -> synchronizations(broker) > before, timeout);
      } catch (MqException e) {
        throw new MqException(
            "the Artemis backup did not synchronize with its primary (no new "
                + SYNCHRONIZED
                + " in its log): "
                + e.getMessage()
                + "; the primary's log ends with: "
                + broker.process(0).logTail(10),
            e);
      }
    }

    /** How many times the nodes' logs say a backup synchronized. */
    private static long synchronizations(JavaLocalBroker broker) {
      long n = 0;
      for (int node = 1; node <= broker.size(); node++) {
        Path log = broker.directory().resolve("node-" + node).resolve(JavaLocalBroker.LOG_FILE);
        try {
          n += Files.readAllLines(log).stream().filter(l -> l.contains(SYNCHRONIZED)).count();
        } catch (IOException | UncheckedIOException e) {
          // not written yet
        }
      }
      return n;
    }

    /** The backup opens no port until it takes over. */
    @Override
    public boolean everyNodeOpensItsPort() {
      return false;
    }
  }
}
