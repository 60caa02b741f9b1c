package io.mqbench.runner.session;

import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.ScheduledFault;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.config.FaultSpec;
import io.mqbench.runner.config.FaultSpec.Kind;
import io.mqbench.runner.config.FaultSpec.TargetType;
import io.mqbench.worker.HttpCell;
import io.mqbench.worker.NodeLayout;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The actions behind a run's {@code --fault}s: what kills, restarts, pauses or cuts off the network
 * a node of the local broker ({@link BrokerFaults}), kills a receiver or sender thread of the cell
 * in this process ({@link LocalCell#killReceiver}, {@link LocalCell#killSender}), or halts a worker
 * ({@link HttpCell#haltWorker}). Each action says on the terminal what it did, in one line starting
 * with {@code mqbench: fault}, and returns the same words for the run's results.
 */
final class FaultActions {
  /** How long a killed receiver or sender thread may take to end. */
  static final Duration THREAD_END = Duration.ofSeconds(30);

  private final MqProvider provider;
  private final MqConfig queue;
  private final Optional<BrokerFaults> broker;
  private final PrintStream err;

  /**
   * @param provider the backend
   * @param queue the configuration of the run's (first) queue, pointing at the broker: where a
   *     leader is looked up
   * @param broker the local broker's faults; empty without a local broker
   * @param err where each action says what it did
   */
  FaultActions(
      MqProvider provider, MqConfig queue, Optional<BrokerFaults> broker, PrintStream err) {
    this.provider = provider;
    this.queue = queue;
    this.broker = broker;
    this.err = err;
  }

  /**
   * The fault actions of a run, checked against the broker they hit: a local broker's own, else the
   * containers of the backend's compose cluster, else none.
   *
   * @param backendConfig the backend's configuration as given
   * @param queue the configuration of the run's (first) queue
   * @param local the local broker, if the run has one
   * @param faults the run's faults
   * @throws MqException if a fault on the broker has no broker to hit
   */
  static FaultActions forRun(
      MqProvider provider,
      MqConfig backendConfig,
      MqConfig queue,
      Optional<LocalBroker> local,
      List<FaultSpec> faults,
      PrintStream err) {
    Optional<BrokerFaults> broker =
        local
            .flatMap(LocalBroker::faults)
            .or(() -> ComposeBrokerFaults.forRun(provider, backendConfig, faults, local, err));
    FaultActions actions = new FaultActions(provider, queue, broker, err);
    actions.check(
        faults, local.map(LocalBroker::description).orElse("the " + provider.name() + " broker"));
    return actions;
  }

  /**
   * Checks that the local broker has what the faults aim at, before the run starts.
   *
   * @param faults the run's faults
   * @param brokerDescription what the local broker is, for messages
   * @throws MqException in one line naming the fault
   */
  void check(List<FaultSpec> faults, String brokerDescription) {
    for (FaultSpec f : faults) {
      if (!f.kind().onBroker()) {
        continue;
      }
      if (broker.isEmpty()) {
        throw new MqException(
            "--fault '"
                + f.text()
                + "': "
                + brokerDescription
                + " cannot be killed, restarted, paused or cut off by mqbench");
      }
      if (f.target().type() == TargetType.NODE && f.target().number() > broker.get().nodes()) {
        throw new MqException(
            "--fault '"
                + f.text()
                + "': the local broker has "
                + broker.get().nodes()
                + " node"
                + (broker.get().nodes() == 1 ? "" : "s")
                + ", not "
                + f.target().number()
                + (provider.name().equals("kafka")
                    ? " (kafka.localBrokerNodes sets how many)"
                    : ""));
      }
    }
  }

  /**
   * The faults of the measured run, each with its action.
   *
   * @param faults the run's faults, in the order given
   * @param cell the cell in this process; empty for a run on workers
   * @param workers the run's workers; empty for a run in this process
   * @param remoteCells the run's cells on its workers, in the order of their nodes; empty for a run
   *     in this process
   * @return what the coordinator injects
   */
  List<ScheduledFault> schedule(
      List<FaultSpec> faults,
      Optional<LocalCell> cell,
      Optional<Workers> workers,
      List<HttpCell> remoteCells) {
    List<ScheduledFault> scheduled = new ArrayList<>();
    for (FaultSpec f : faults) {
      Aimed aimed;
      if (f.kind().onBroker()) {
        aimed = new Aimed(brokerTarget(f), length -> say(f, brokerFault(f, length)));
      } else if (workers.isPresent()) {
        aimed = workerHalt(f, workers.get().layout(), remoteCells);
      } else {
        aimed = threadKill(f, cell.orElseThrow());
      }
      scheduled.add(
          new ScheduledFault(
              f.kind().label(),
              aimed.target(),
              f.at(),
              f.length(),
              failuresSaid(f, aimed.action())));
    }
    return scheduled;
  }

  /** A fault's target in words, and what hits it. */
  private record Aimed(String target, ScheduledFault.Action action) {}

  /** A kill on workers halts the whole worker node of the killed sender or receiver. */
  private Aimed workerHalt(FaultSpec f, NodeLayout layout, List<HttpCell> remoteCells) {
    NodeLayout.Part part = workerNode(f, layout);
    int node = layout.parts().indexOf(part) + 1;
    HttpCell worker = remoteCells.get(node - 1);
    return new Aimed(
        "worker node " + node + " (" + part.address() + ")",
        length -> {
          long held = worker.haltWorker();
          return say(
              f,
              String.format(
                  Locale.ROOT,
                  "worker node %d (%s) halted as kill -9 would: its %d %s stopped where they"
                      + " were, holding %,d unacknowledged message%s; the other nodes go on",
                  node,
                  part.address(),
                  f.kind() == Kind.KILL_RECEIVER ? part.receivers() : part.senders(),
                  f.kind() == Kind.KILL_RECEIVER ? "receivers" : "senders",
                  held,
                  held == 1 ? "" : "s"));
        });
  }

  /** A kill in this process stops one sender or receiver thread of the local cell. */
  private Aimed threadKill(FaultSpec f, LocalCell local) {
    int n = f.target().numbered().orElse(1);
    if (f.kind() == Kind.KILL_RECEIVER) {
      return new Aimed(
          "receiver " + n,
          length -> {
            int held = local.killReceiver(n - 1, THREAD_END);
            return say(
                f,
                String.format(
                    Locale.ROOT,
                    "receiver %d died holding %,d unacknowledged message%s; its receiver"
                        + " closed without acknowledging, the other receivers go on",
                    n,
                    held,
                    held == 1 ? "" : "s"));
          });
    }
    return new Aimed(
        "sender " + n,
        length -> {
          int inFlight = local.killSender(n - 1, THREAD_END);
          return say(
              f,
              String.format(
                  Locale.ROOT,
                  "sender %d died with %,d batch%s in flight (not counted as sent); the"
                      + " other senders go on",
                  n,
                  inFlight,
                  inFlight == 1 ? "" : "es"));
        });
  }

  /** The action, saying so when it fails before the failure goes on to the run. */
  private ScheduledFault.Action failuresSaid(FaultSpec f, ScheduledFault.Action action) {
    return length -> {
      try {
        return action.inject(length);
      } catch (Exception e) {
        err.println("mqbench: fault " + f.text() + " failed: " + e.getMessage());
        throw e;
      }
    };
  }

  private String brokerTarget(FaultSpec f) {
    String name = provider.name();
    return f.target().type() == TargetType.LEADER
        ? name + " leader (the node leading the queue, or most of its partitions, at the fault)"
        : name + " node " + f.target().numbered().orElse(1);
  }

  /** The worker node a kill-receiver or kill-sender hits. */
  private static NodeLayout.Part workerNode(FaultSpec f, NodeLayout layout) {
    List<NodeLayout.Part> parts = layout.parts();
    boolean receiver = f.kind() == Kind.KILL_RECEIVER;
    if (f.target().type() == TargetType.NODE) {
      return parts.get(f.target().number() - 1);
    }
    if (receiver) {
      for (int i = parts.size() - 1; i >= 0; i--) {
        if (parts.get(i).receivers() > 0) {
          return parts.get(i);
        }
      }
    } else {
      for (NodeLayout.Part p : parts) {
        if (p.senders() > 0) {
          return p;
        }
      }
    }
    throw new IllegalStateException("no node runs " + (receiver ? "receivers" : "senders"));
  }

  private String brokerFault(FaultSpec f, Optional<Duration> length) throws InterruptedException {
    BrokerFaults b =
        broker.orElseThrow(() -> new MqException("no local broker that mqbench started"));
    int node = node(f, b);
    String which =
        provider.name()
            + " node "
            + (node + 1)
            + (f.target().type() == TargetType.LEADER ? " (the leader)" : "")
            + " at "
            + b.address(node);
    long pid = b.pid(node);
    switch (f.kind()) {
      case KILL_BROKER -> {
        b.kill(node);
        return which + ": killed (SIGKILL, pid " + pid + "), not restarted";
      }
      case RESTART_BROKER -> {
        Duration took = b.restart(node);
        return String.format(
            Locale.ROOT,
            "%s: killed (SIGKILL, pid %d) and started again on its data, serving after %.1f s"
                + " (pid %d)",
            which,
            pid,
            took.toNanos() / 1e9,
            b.pid(node));
      }
      case PAUSE_BROKER -> {
        Duration l = length.orElseThrow(() -> new MqException("pause-broker needs a LENGTH"));
        b.pause(node);
        try {
          Thread.sleep(l.toMillis());
        } finally {
          b.resume(node);
        }
        return which
            + ": paused (SIGSTOP, pid "
            + pid
            + ") for "
            + Durations.format(l)
            + ", then resumed (SIGCONT)";
      }
      case PARTITION_BROKER -> {
        Duration l = length.orElseThrow(() -> new MqException("partition-broker needs a LENGTH"));
        b.partition(node);
        try {
          Thread.sleep(l.toMillis());
        } finally {
          b.heal(node);
        }
        return which
            + ": cut off the network (link down) for "
            + Durations.format(l)
            + ", then restored";
      }
      default -> throw new MqException(f.kind().label() + " is not available");
    }
  }

  /** The node a broker fault hits, from 0; the leader is looked up now. */
  private int node(FaultSpec f, BrokerFaults b) {
    if (f.target().type() != TargetType.LEADER) {
      return f.target().numbered().orElse(1) - 1;
    }
    String leader =
        provider
            .leaderAddress(queue)
            .orElseThrow(
                () ->
                    new MqException(
                        provider.name() + " named no leader of the queue's partitions"));
    for (int i = 0; i < b.nodes(); i++) {
      if (sameAddress(b.address(i), leader)) {
        return i;
      }
    }
    throw new MqException(
        "the leader " + leader + " is none of the local broker's nodes (" + addresses(b) + ")");
  }

  private static boolean sameAddress(String a, String b) {
    return port(a).equals(port(b))
        && (host(a).equals(host(b)) || isLoopback(host(a)) && isLoopback(host(b)));
  }

  private static String host(String address) {
    int colon = address.lastIndexOf(':');
    return colon < 0 ? address : address.substring(0, colon);
  }

  private static String port(String address) {
    int colon = address.lastIndexOf(':');
    return colon < 0 ? "" : address.substring(colon + 1);
  }

  private static boolean isLoopback(String host) {
    return host.equals("127.0.0.1") || host.equals("localhost") || host.equals("::1");
  }

  private static String addresses(BrokerFaults b) {
    List<String> all = new ArrayList<>();
    for (int i = 0; i < b.nodes(); i++) {
      all.add(b.address(i));
    }
    return String.join(", ", all);
  }

  private String say(FaultSpec f, String what) {
    err.println("mqbench: fault " + f.text() + ": " + what);
    return what;
  }
}
