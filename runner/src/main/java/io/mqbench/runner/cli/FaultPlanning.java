package io.mqbench.runner.cli;

import io.mqbench.broker.BrokerResolution.LocalPolicy;
import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.engine.RunSettings;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.config.FaultSpec;
import io.mqbench.runner.config.FaultSpec.Kind;
import io.mqbench.runner.config.FaultSpec.TargetType;
import io.mqbench.worker.NodeLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * {@code --fault} and {@code --local-broker} checked against the run before anything starts, each
 * refusal one line naming {@code --fault} and the spec: a time beyond the run, a broker fault
 * without a broker that mqbench starts, a partition of a broker that cannot run in network
 * namespaces here, a target the run does not have, a kill that would leave no receiver or sender to
 * go on.
 */
final class FaultPlanning {
  private FaultPlanning() {}

  /**
   * @param given the specs as given, in order
   * @param policy {@code --local-broker}
   * @param settings the run's settings
   * @param nodes the run's worker nodes; empty for a run in this process
   * @param provider the backend
   * @param backend its configuration
   * @param dockerCompose whether a docker CLI with compose answers here, to fault the compose
   *     cluster the run would use (asked only when a broker fault needs to know)
   * @param composeAnswers whether something answers on the backend's compose port (asked only when
   *     a broker fault needs to know)
   * @return the faults, parsed and checked
   * @throws ConfigException in one line for the first that does not fit the run
   */
  static List<FaultSpec> plan(
      List<String> given,
      LocalPolicy policy,
      RunSettings settings,
      Optional<NodeLayout> nodes,
      MqProvider provider,
      MqConfig backend,
      BooleanSupplier composeAnswers,
      BooleanSupplier dockerCompose) {
    Optional<BrokerAddressing> addressing = provider.brokerAddressing();
    if (policy == LocalPolicy.ALWAYS
        && addressing.isPresent()
        && addressing.get().isGivenIn(backend)) {
      throw new ConfigException(
          "--local-broker always starts a broker of mqbench's own, but "
              + addressing.get().key()
              + " names one: drop one of them");
    }
    List<FaultSpec> faults = new ArrayList<>();
    BooleanSupplier answers = once(composeAnswers);
    BooleanSupplier docker = once(dockerCompose);
    for (String text : given) {
      if (text.isBlank()) {
        throw new ConfigException(
            "--fault '"
                + text
                + "' names no fault: give KIND@AT[+LENGTH][:TARGET] (kill-broker@15s), or no"
                + " --fault");
      }
      FaultSpec f = FaultSpec.parse(text);
      String where = "--fault '" + text.strip() + "': ";
      if (settings.duration().isPresent() && f.at().compareTo(settings.duration().get()) >= 0) {
        throw new ConfigException(
            where
                + "AT "
                + Durations.format(f.at())
                + " is not within the run's --duration "
                + Durations.format(settings.duration().get()));
      }
      if (f.kind().onBroker()) {
        checkBrokerFault(where, f, policy, provider, backend, answers, docker);
      } else {
        checkClientKill(f, where, settings, nodes, provider);
      }
      faults.add(f);
    }
    return faults;
  }

  /**
   * Refuses a broker fault the run cannot inject: no broker, a broker of the user's, no docker for
   * a compose cluster, no leader to find, or a local broker that cannot take it.
   */
  private static void checkBrokerFault(
      String where,
      FaultSpec f,
      LocalPolicy policy,
      MqProvider provider,
      MqConfig backend,
      BooleanSupplier answers,
      BooleanSupplier docker) {
    Optional<BrokerAddressing> addressing = provider.brokerAddressing();
    if (addressing.isEmpty()) {
      throw new ConfigException(
          where + provider.name() + " has no broker to fault (it runs inside mqbench)");
    }
    BrokerAddressing a = addressing.get();
    if (a.isGivenIn(backend)) {
      throw new ConfigException(
          where
              + "broker faults hit a broker mqbench starts, and "
              + a.key()
              + " names one of yours: drop it, and mqbench starts a local "
              + provider.name()
              + " broker (--local-broker always if something answers on "
              + a.composeProbe()
              + ")");
    }
    boolean onCompose = onCompose(where, a, policy, answers, docker);
    if (f.target().type() == TargetType.LEADER && !provider.hasLeaders()) {
      throw new ConfigException(
          where + provider.name() + " has no leader to find; name a node (:node N) instead");
    }
    if (!onCompose) {
      checkLocalBroker(where, f, provider, backend);
    }
    if (f.kind() == Kind.PARTITION_BROKER && !onCompose) {
      checkNetworkNamespaces(where, provider, backend);
    }
  }

  /**
   * Whether a broker fault hits the compose cluster, faulted through the docker CLI, rather than a
   * broker mqbench starts; refused where that cluster cannot be faulted.
   */
  private static boolean onCompose(
      String where,
      BrokerAddressing a,
      LocalPolicy policy,
      BooleanSupplier answers,
      BooleanSupplier docker) {
    if (policy == LocalPolicy.NEVER) {
      if (!docker.getAsBoolean()) {
        throw new ConfigException(
            where
                + "--local-broker never runs on "
                + a.composeFile()
                + "'s cluster, which mqbench faults through the docker CLI, and no `docker"
                + " compose` answers here: install it, or use --local-broker always");
      }
      return true;
    }
    if (policy == LocalPolicy.AUTO) {
      if (answers.getAsBoolean()) {
        if (!docker.getAsBoolean()) {
          throw new ConfigException(
              where
                  + "something answers on "
                  + a.composeProbe()
                  + " ("
                  + a.composeFile()
                  + "'s port), which the run would use, and no `docker compose` answers"
                  + " here to fault its containers: give --local-broker always to run a"
                  + " broker of mqbench's own (the one on "
                  + a.composeProbe()
                  + " is left alone)");
        }
        return true;
      }
    }
    return false;
  }

  /**
   * The local broker the run would start must offer faults, and have the node named: asked of a
   * broker made and closed here without starting it, so that the refusal comes before a broker ran
   * for seconds. Where none can be started here, starting it says so in its own line.
   */
  private static void checkLocalBroker(
      String where, FaultSpec f, MqProvider provider, MqConfig backend) {
    Optional<LocalBroker> local = provider.localBroker(backend);
    if (local.isEmpty()) {
      return;
    }
    try (LocalBroker broker = local.get()) {
      Optional<BrokerFaults> faults = broker.faults();
      if (faults.isEmpty()) {
        throw new ConfigException(
            where
                + "the local "
                + provider.name()
                + " broker cannot be killed, restarted, paused or cut off by mqbench; broker"
                + " faults need a backend whose local broker offers them (see --help for --fault)");
      }
      int nodes = faults.get().nodes();
      if (f.target().type() == TargetType.NODE && f.target().number() > nodes) {
        throw new ConfigException(
            where
                + "the local "
                + provider.name()
                + " broker has "
                + nodes
                + " node"
                + (nodes == 1 ? "" : "s")
                + ", not "
                + f.target().number()
                + provider.configKeys().stream()
                    .map(k -> k.name())
                    .filter(k -> k.endsWith(".localBrokerNodes"))
                    .findFirst()
                    .map(k -> " (" + k + " sets how many)")
                    .orElse(""));
      }
    }
  }

  /**
   * A partition cuts a node's own network, so the local broker must run its nodes in network
   * namespaces: asked of the broker the run would start, made and closed here without starting it.
   */
  private static void checkNetworkNamespaces(String where, MqProvider provider, MqConfig backend) {
    String refused =
        where
            + "partition-broker cuts a node of a broker mqbench runs in network namespaces of its"
            + " own, and the local "
            + provider.name()
            + " broker cannot run there: ";
    Optional<LocalBroker> local = provider.localBroker(backend);
    if (local.isEmpty()) {
      throw new ConfigException(refused + "none can be started here");
    }
    try (LocalBroker broker = local.get()) {
      broker.inNetworkNamespaces().close();
    } catch (MqException e) {
      throw new ConfigException(refused + e.getMessage());
    }
  }

  private static void checkClientKill(
      FaultSpec f,
      String where,
      RunSettings settings,
      Optional<NodeLayout> nodes,
      MqProvider provider) {
    boolean receiver = f.kind() == Kind.KILL_RECEIVER;
    String role = receiver ? "receiver" : "sender";
    TargetType type = f.target().type();
    if (nodes.isPresent()) {
      checkWorkerKill(f, where, nodes.get(), provider);
      return;
    }
    if (type == TargetType.NODE) {
      throw new ConfigException(
          where
              + "node N names a worker of a run on --workers; in this process, name the "
              + role
              + " as "
              + role
              + " N");
    }
    int count =
        receiver
            ? settings.receivers() * Math.max(1, settings.subscriptions())
            : settings.senders();
    int perGroup = receiver ? settings.receivers() : settings.senders();
    if (perGroup < 2) {
      throw new ConfigException(
          where
              + "the run has "
              + perGroup
              + " "
              + role
              + (perGroup == 1 ? "" : "s")
              + (receiver && settings.subscriptions() > 1 ? " per subscription" : "")
              + ": killing one leaves no other to go on (give --"
              + role
              + "s 2 or more)");
    }
    if (f.target().number() > count) {
      throw new ConfigException(
          where + "the run has " + count + " " + role + "s, not " + f.target().number());
    }
  }

  /** Refuses a kill of a worker node that would leave no other doing its part. */
  private static void checkWorkerKill(
      FaultSpec f, String where, NodeLayout nodes, MqProvider provider) {
    boolean receiver = f.kind() == Kind.KILL_RECEIVER;
    String role = receiver ? "receiver" : "sender";
    TargetType type = f.target().type();
    if (type == TargetType.RECEIVER || type == TargetType.SENDER) {
      throw new ConfigException(
          where + "a run on workers kills a worker node: name it as node N (from 1)");
    }
    if (provider.name().equals("memory")) {
      throw new ConfigException(
          where
              + "--queue memory on workers keeps each worker's queue inside it: a killed worker"
              + " takes its messages with it");
    }
    List<NodeLayout.Part> parts = nodes.parts();
    long doing = parts.stream().filter(p -> receiver ? p.receivers() > 0 : p.senders() > 0).count();
    if (doing < 2) {
      throw new ConfigException(
          where
              + "the run has "
              + doing
              + " "
              + role
              + " node"
              + (doing == 1 ? "" : "s")
              + ": killing one leaves no other to go on (give --"
              + role
              + "-nodes 2 or more)");
    }
    if (type == TargetType.NODE) {
      int n = f.target().number();
      if (n > parts.size()) {
        throw new ConfigException(where + "the run has " + parts.size() + " nodes, not " + n);
      }
      NodeLayout.Part p = parts.get(n - 1);
      if (receiver ? p.receivers() == 0 : p.senders() == 0) {
        throw new ConfigException(where + "node " + n + " runs no " + role + "s");
      }
    }
  }

  /** Asks {@code question} the first time only: each probe costs a process or a connection. */
  private static BooleanSupplier once(BooleanSupplier question) {
    Boolean[] answer = {null};
    return () -> {
      if (answer[0] == null) {
        answer[0] = question.getAsBoolean();
      }
      return answer[0];
    };
  }
}
