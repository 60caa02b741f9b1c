package io.mqbench.broker;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The one broker-address policy, applied to any backend that declares {@link BrokerAddressing}:
 *
 * <table>
 *   <caption>Where the broker comes from</caption>
 *   <tr><th>configuration</th><th>broker used</th></tr>
 *   <tr><td>an address key given</td><td>that address</td></tr>
 *   <tr><td>none, and the compose file's port answers on 127.0.0.1</td><td>that broker; said on
 *       the terminal</td></tr>
 *   <tr><td>none, nothing answers, the backend can run a local broker</td><td>a local broker (own
 *       process, loopback only, free port, deleted at the end); said on the terminal</td></tr>
 *   <tr><td>none of these</td><td>none: fails in one line naming the key, the compose file and
 *       the install command</td></tr>
 * </table>
 *
 * <p>Backends without a broker ({@code memory}) pass through unchanged.
 */
public final class BrokerResolution {
  private static final Duration PROBE_TIMEOUT = Duration.ofMillis(500);

  private BrokerResolution() {}

  /**
   * Where the run's broker is.
   *
   * @param config the configuration to use: the given one, or one pointing at the compose broker
   * @param localBroker a broker still to be {@linkplain LocalBroker#start started} (with {@code
   *     config}), or empty
   * @param notices lines for the terminal saying which broker is used and why; empty when the user
   *     named it
   */
  public record Resolved(MqConfig config, Optional<LocalBroker> localBroker, List<String> notices) {
    /** Copies the notices. */
    public Resolved {
      notices = List.copyOf(notices);
    }
  }

  /**
   * When the runner starts a local broker ({@code --local-broker}).
   *
   * <ul>
   *   <li>{@link #AUTO}: the policy above: only when no address is given and nothing answers on the
   *       compose port;
   *   <li>{@link #ALWAYS}: whenever no address is given, whatever answers on the compose port (a
   *       system broker there is left alone): a broker of mqbench's own, for faults;
   *   <li>{@link #NEVER}: never; with no address given the compose port must answer.
   * </ul>
   */
  public enum LocalPolicy {
    /** A local broker when no address is given and nothing answers on the compose port. */
    AUTO,
    /** A local broker whenever no address is given. */
    ALWAYS,
    /** No local broker. */
    NEVER;

    /**
     * @param text {@code auto}, {@code always} or {@code never}, in any case
     * @return the policy
     * @throws io.mqbench.config.ConfigException naming {@code --local-broker} otherwise
     */
    public static LocalPolicy parse(String text) {
      return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
        case "auto" -> AUTO;
        case "always" -> ALWAYS;
        case "never" -> NEVER;
        default ->
            throw new io.mqbench.config.ConfigException(
                "--local-broker must be auto, always or never, was '" + text + "'");
      };
    }
  }

  /**
   * Applies the policy, probing the compose port with a TCP connect of at most 500 ms.
   *
   * @param provider the backend
   * @param config its validated configuration
   * @return the broker to use
   * @throws MqException in one line when there is no broker to use
   */
  public static Resolved resolve(MqProvider provider, MqConfig config) {
    return resolve(provider, config, LocalPolicy.AUTO);
  }

  /**
   * Applies the policy with {@code --local-broker}, probing the compose port with a TCP connect of
   * at most 500 ms when it matters.
   *
   * @param provider the backend
   * @param config its validated configuration
   * @param local when to start a local broker
   * @return the broker to use
   * @throws MqException in one line when there is no broker to use
   */
  public static Resolved resolve(MqProvider provider, MqConfig config, LocalPolicy local) {
    return resolve(provider, config, local, false);
  }

  /**
   * Applies the policy with {@code --local-broker}, as {@link #resolve(MqProvider, MqConfig,
   * LocalPolicy)} does; a local broker started for a run that cuts its nodes off the network runs
   * each node in a network namespace of its own ({@link LocalBroker#inNetworkNamespaces()}).
   *
   * @param provider the backend
   * @param config its validated configuration
   * @param local when to start a local broker
   * @param inNetworkNamespaces whether a local broker runs its nodes in network namespaces
   * @return the broker to use
   * @throws MqException in one line when there is no broker to use, or a local broker cannot run in
   *     network namespaces here
   */
  public static Resolved resolve(
      MqProvider provider, MqConfig config, LocalPolicy local, boolean inNetworkNamespaces) {
    return resolve(
        provider,
        config,
        hostPort -> Loopback.answers(hostPort, PROBE_TIMEOUT),
        local,
        inNetworkNamespaces);
  }

  /**
   * Whether a run would use what answers on the compose file's port: for a backend with a broker,
   * no address given and no local cluster asked for (which starts whatever answers there).
   *
   * @param provider the backend
   * @param config its validated configuration
   * @return true if the backend has a broker, {@code config} names none, asks for no local cluster,
   *     and something answers on the compose file's port
   */
  public static boolean usesComposeBroker(MqProvider provider, MqConfig config) {
    Optional<BrokerAddressing> a = provider.brokerAddressing();
    return a.isPresent()
        && !a.get().isGivenIn(config)
        && !asksForLocalCluster(config)
        && Loopback.answers(a.get().composeProbe(), PROBE_TIMEOUT);
  }

  /**
   * Applies the policy ({@link LocalPolicy#AUTO}).
   *
   * @param provider the backend
   * @param config its validated configuration
   * @param answers whether something accepts connections at a {@code host:port}
   * @return the broker to use
   * @throws MqException in one line when there is no broker to use
   */
  public static Resolved resolve(MqProvider provider, MqConfig config, Predicate<String> answers) {
    return resolve(provider, config, answers, LocalPolicy.AUTO);
  }

  /**
   * Applies the policy.
   *
   * @param provider the backend
   * @param config its validated configuration
   * @param answers whether something accepts connections at a {@code host:port}
   * @param policy when to start a local broker
   * @return the broker to use
   * @throws MqException in one line when there is no broker to use
   */
  public static Resolved resolve(
      MqProvider provider, MqConfig config, Predicate<String> answers, LocalPolicy policy) {
    return resolve(provider, config, answers, policy, false);
  }

  private static Resolved resolve(
      MqProvider provider,
      MqConfig config,
      Predicate<String> answers,
      LocalPolicy policy,
      boolean inNetworkNamespaces) {
    Optional<BrokerAddressing> addressing = provider.brokerAddressing();
    if (addressing.isEmpty()) {
      return new Resolved(config, localBroker(provider, config, inNetworkNamespaces), List.of());
    }
    BrokerAddressing a = addressing.get();
    if (a.isGivenIn(config)) {
      return new Resolved(config, Optional.empty(), List.of());
    }
    if (policy == LocalPolicy.ALWAYS) {
      return alwaysLocal(provider, config, a, inNetworkNamespaces);
    }
    if (policy == LocalPolicy.AUTO && asksForLocalCluster(config)) {
      return localCluster(provider, config, a, inNetworkNamespaces);
    }
    if (answers.test(a.composeProbe())) {
      return composeBroker(provider, config, a);
    }
    if (policy == LocalPolicy.NEVER) {
      throw noBroker(provider, a, "--local-broker is never");
    }
    Optional<LocalBroker> local = localBroker(provider, config, inNetworkNamespaces);
    if (local.isPresent()) {
      return localInsteadOfCompose(provider, config, a, local.get());
    }
    throw noBroker(provider, a, "no local broker can be started here" + install(a));
  }

  /** The suffix of a backend's key for the nodes of its local broker. */
  static final String LOCAL_NODES_SUFFIX = ".localBrokerNodes";

  /**
   * Whether the configuration gives its backend's local-broker nodes as more than one: a local
   * cluster is asked for, and a broker answering on the compose port is not that cluster.
   */
  static boolean asksForLocalCluster(MqConfig config) {
    return config.given().entrySet().stream()
        .anyMatch(
            e ->
                e.getKey().equals(config.backend() + LOCAL_NODES_SUFFIX)
                    && !e.getValue().trim().equals("1"));
  }

  /** A local cluster asked for by its nodes: started whatever answers on the compose port. */
  private static Resolved localCluster(
      MqProvider provider, MqConfig config, BrokerAddressing a, boolean inNetworkNamespaces) {
    Optional<LocalBroker> local = localBroker(provider, config, inNetworkNamespaces);
    if (local.isEmpty()) {
      throw new MqException(
          config.backend()
              + LOCAL_NODES_SUFFIX
              + ": no local "
              + provider.name()
              + " cluster can be started here"
              + install(a));
    }
    return new Resolved(
        config,
        local,
        List.of(
            "mqbench: "
                + config.backend()
                + LOCAL_NODES_SUFFIX
                + " asks for a local cluster: starting "
                + local.get().description()
                + ", deleted at the end (whatever answers on "
                + a.composeProbe()
                + " is left alone)."));
  }

  /** {@code --local-broker always}: a local broker, or a failure if there is none here. */
  private static Resolved alwaysLocal(
      MqProvider provider, MqConfig config, BrokerAddressing a, boolean inNetworkNamespaces) {
    Optional<LocalBroker> local = localBroker(provider, config, inNetworkNamespaces);
    if (local.isEmpty()) {
      throw new MqException(
          "--local-broker always: no local "
              + provider.name()
              + " broker can be started here"
              + install(a));
    }
    return new Resolved(
        config,
        local,
        List.of(
            "mqbench: --local-broker always: starting "
                + local.get().description()
                + " in its own process, deleted at the end (whatever answers on "
                + a.composeProbe()
                + " is left alone).",
            note(local.get())));
  }

  /** What a local broker's numbers are not: a cluster of separate hosts. */
  private static String note(LocalBroker local) {
    int nodes = local.faults().map(io.mqbench.mq.BrokerFaults::nodes).orElse(1);
    return nodes > 1
        ? "mqbench: NOTE every node of this local cluster shares this machine: its numbers are not"
            + " those of a cluster of separate hosts."
        : "mqbench: NOTE numbers from local brokers on this machine are not cluster numbers.";
  }

  /** No address given and the compose file's port answers: that broker, said on the terminal. */
  private static Resolved composeBroker(MqProvider provider, MqConfig config, BrokerAddressing a) {
    MqConfig compose = config.with(a.key(), a.composeValue());
    return new Resolved(
        compose,
        Optional.empty(),
        List.of(
            "mqbench: no broker address given for "
                + provider.name()
                + " ("
                + a.key()
                + "): using whatever broker answers on "
                + a.composeProbe()
                + " ("
                + a.key()
                + "="
                + redact(provider, a.key(), a.composeValue())
                + "). That is the port "
                + a.composeFile()
                + " publishes, but nothing says this broker is that cluster: run.json records"
                + " what it reports of itself."));
  }

  /** No address given and nothing answers on the compose port: a local broker, said. */
  private static Resolved localInsteadOfCompose(
      MqProvider provider, MqConfig config, BrokerAddressing a, LocalBroker local) {
    return new Resolved(
        config,
        Optional.of(local),
        List.of(
            "mqbench: no broker address given for "
                + provider.name()
                + " ("
                + a.key()
                + ") and nothing answers on "
                + a.composeProbe()
                + " ("
                + a.composeFile()
                + "): starting "
                + local.description()
                + " in its own process, deleted at the end.",
            "mqbench: NOTE numbers from one local broker on this machine are not cluster"
                + " numbers."));
  }

  /**
   * The one-line failure when there is no broker: the key, the compose file, then why not local.
   */
  private static MqException noBroker(MqProvider provider, BrokerAddressing a, String why) {
    return new MqException(
        "no "
            + provider.name()
            + " broker: "
            + a.key()
            + " is not set, nothing answers on "
            + a.composeProbe()
            + " (start the cluster with `docker compose -f "
            + a.composeFile()
            + " up -d --wait`), and "
            + why);
  }

  private static String install(BrokerAddressing a) {
    return a.install().isEmpty() ? "" : " (" + a.install() + ")";
  }

  /**
   * The backend's local broker; in network namespaces, the one {@link
   * LocalBroker#inNetworkNamespaces()} makes instead, and the first, never started, is closed
   * (which gives back what making it took, such as a native server's scratch directory).
   */
  private static Optional<LocalBroker> localBroker(
      MqProvider provider, MqConfig config, boolean inNetworkNamespaces) {
    Optional<LocalBroker> local = provider.localBroker(config);
    if (!inNetworkNamespaces || local.isEmpty()) {
      return local;
    }
    try (LocalBroker first = local.get()) {
      return Optional.of(first.inNetworkNamespaces());
    }
  }

  private static String redact(MqProvider provider, String key, String value) {
    return provider.configKeys().stream()
        .filter(k -> k.name().equals(key))
        .findFirst()
        .map(k -> ((ConfigKey<?>) k).redact(value))
        .orElse(value);
  }
}
