package io.mqbench.runner.session;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mqbench.broker.Loopback;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.config.FaultSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The faults of a broker cluster started from one of mqbench's compose files ({@code
 * docker/kafka.yml}), through the docker CLI: {@code docker compose kill}, {@code start}, {@code
 * pause} and {@code unpause} of a node's service, and {@code docker network disconnect} and {@code
 * connect} of its container for a partition. A node is a service of the file that publishes a port
 * on the host, in the file's order; its client address is the first port it publishes. The compose
 * project is the one {@code docker compose -f FILE up} makes from this directory, as the README
 * starts the clusters.
 */
public final class ComposeBrokerFaults implements BrokerFaults {
  /** The environment variable that names another docker CLI than {@code docker} on the PATH. */
  public static final String DOCKER_VARIABLE = "DOCKER_COMMAND";

  /**
   * @param env the environment
   * @return the docker CLI command: {@code DOCKER_COMMAND} if set, else {@code docker}
   */
  public static List<String> docker(Map<String, String> env) {
    String given = env.get(DOCKER_VARIABLE);
    return List.of(given == null || given.isBlank() ? "docker" : given);
  }

  /** How long a restarted node may take to answer on its port again. */
  static final Duration RESTART_TIMEOUT = Duration.ofMinutes(2);

  /** How long one docker command may take. */
  private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(60);

  private static final Pattern PUBLISHED =
      Pattern.compile("(?:(?<host>[0-9.]+):)?(?<published>\\d+):(?<target>\\d+)(?:/tcp)?");

  /**
   * A node of the cluster.
   *
   * @param service its compose service
   * @param address where clients reach it, {@code 127.0.0.1:port}
   */
  record Node(String service, String address) {}

  private final List<String> docker;
  private final Path composeFile;
  private final List<Node> nodes;

  /** The networks each partitioned node was cut from, to connect it again. */
  private final Map<Integer, List<String>> partitioned = new ConcurrentHashMap<>();

  /**
   * @param docker the docker CLI command ({@code docker}, or a stand-in in tests)
   * @param composeFile the compose file the cluster was started from
   * @param nodes its broker nodes
   */
  ComposeBrokerFaults(List<String> docker, Path composeFile, List<Node> nodes) {
    if (nodes.isEmpty()) {
      throw new MqException(
          composeFile + " has no service that publishes a port: no node to fault");
    }
    this.docker = List.copyOf(docker);
    this.composeFile = composeFile;
    this.nodes = List.copyOf(nodes);
  }

  /**
   * A run with broker faults on the cluster of the backend's compose file (no address given, no
   * local broker: the planner checked that a docker CLI answers) faults its containers.
   */
  static Optional<BrokerFaults> forRun(
      MqProvider provider,
      MqConfig backendConfig,
      List<FaultSpec> faults,
      Optional<LocalBroker> local,
      PrintStream err) {
    Optional<BrokerAddressing> a = provider.brokerAddressing();
    boolean brokerFaults = faults.stream().anyMatch(f -> f.kind().onBroker());
    if (local.isPresent() || !brokerFaults || a.isEmpty() || a.get().isGivenIn(backendConfig)) {
      return Optional.empty();
    }
    ComposeBrokerFaults compose =
        ComposeBrokerFaults.of(
            ComposeBrokerFaults.docker(System.getenv()), Path.of(a.get().composeFile()));
    err.println(
        "mqbench: broker faults hit the containers of "
            + a.get().composeFile()
            + "'s cluster through docker compose ("
            + compose.nodes()
            + " node"
            + (compose.nodes() == 1 ? "" : "s")
            + ")");
    return Optional.of(compose);
  }

  /**
   * @param docker the docker CLI command
   * @param composeFile the compose file
   * @return its faults
   * @throws MqException if the file cannot be read or has no node
   */
  static ComposeBrokerFaults of(List<String> docker, Path composeFile) {
    return new ComposeBrokerFaults(docker, composeFile, nodes(composeFile));
  }

  /**
   * @param docker the docker CLI command
   * @return whether its compose plugin answers here ({@code docker compose version} exits 0)
   */
  public static boolean dockerAvailable(List<String> docker) {
    try {
      List<String> cmd = new ArrayList<>(docker);
      cmd.addAll(List.of("compose", "version"));
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(20, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** The services of a compose file that publish a port, in the file's order. */
  static List<Node> nodes(Path composeFile) {
    JsonNode root;
    try {
      root = new ObjectMapper(new YAMLFactory()).readTree(composeFile.toFile());
    } catch (IOException e) {
      throw new MqException("cannot read " + composeFile + ": " + e.getMessage(), e);
    }
    List<Node> nodes = new ArrayList<>();
    for (Map.Entry<String, JsonNode> s : root.path("services").properties()) {
      for (JsonNode port : s.getValue().path("ports")) {
        Matcher m = PUBLISHED.matcher(port.asText().trim());
        if (m.matches()) {
          String host = m.group("host") == null ? Loopback.HOST : m.group("host");
          nodes.add(new Node(s.getKey(), host + ":" + m.group("published")));
          break;
        }
      }
    }
    return nodes;
  }

  @Override
  public int nodes() {
    return nodes.size();
  }

  @Override
  public String address(int node) {
    return nodes.get(node).address();
  }

  @Override
  public long pid(int node) {
    String out = docker("inspect", "--format", "{{.State.Pid}}", container(node)).strip();
    try {
      return Long.parseLong(out);
    } catch (NumberFormatException e) {
      return -1; // a pid is for messages only
    }
  }

  @Override
  public void kill(int node) {
    compose("kill", "-s", "SIGKILL", service(node));
  }

  @Override
  public Duration restart(int node) throws InterruptedException {
    long start = System.nanoTime();
    kill(node);
    compose("start", service(node));
    long deadline = start + RESTART_TIMEOUT.toNanos();
    while (!Loopback.answers(address(node), Duration.ofMillis(500))) {
      if (System.nanoTime() - deadline > 0) {
        throw new MqException(
            "compose service "
                + service(node)
                + " did not answer on "
                + address(node)
                + " within "
                + RESTART_TIMEOUT.toSeconds()
                + " s of its start");
      }
      TimeUnit.MILLISECONDS.sleep(100);
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  @Override
  public void pause(int node) {
    compose("pause", service(node));
  }

  @Override
  public void resume(int node) {
    compose("unpause", service(node));
  }

  @Override
  public void partition(int node) {
    String container = container(node);
    List<String> networks = networks(container);
    for (String network : networks) {
      docker("network", "disconnect", network, container);
    }
    partitioned.put(node, networks);
  }

  @Override
  public void heal(int node) {
    List<String> cut = partitioned.remove(node);
    if (cut == null) {
      return;
    }
    String container = container(node);
    for (String network : cut) {
      docker("network", "connect", network, container);
    }
  }

  /** The networks a container is on, by name. */
  private List<String> networks(String container) {
    String out =
        docker(
            "inspect",
            "--format",
            "{{range $name, $net := .NetworkSettings.Networks}}{{$name}} {{end}}",
            container);
    return List.of(out.strip().split("\\s+"));
  }

  private String service(int node) {
    return nodes.get(node).service();
  }

  /** The container of a node's service, as compose names it. */
  private String container(int node) {
    String id = compose("ps", "-q", service(node)).strip();
    if (id.isEmpty()) {
      throw new MqException(
          "compose service " + service(node) + " of " + composeFile + " has no container running");
    }
    return id.lines().findFirst().orElseThrow();
  }

  private String compose(String... args) {
    List<String> cmd = new ArrayList<>(List.of("compose", "-f", composeFile.toString()));
    cmd.addAll(List.of(args));
    return docker(cmd.toArray(String[]::new));
  }

  private String docker(String... args) {
    List<String> cmd = new ArrayList<>(docker);
    cmd.addAll(List.of(args));
    try {
      Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(COMMAND_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new MqException(String.join(" ", cmd) + " did not end within a minute");
      }
      String text = new String(out, StandardCharsets.UTF_8);
      if (p.exitValue() != 0) {
        throw new MqException(
            String.join(" ", cmd)
                + " failed (exit "
                + p.exitValue()
                + "): "
                + text.strip().lines().reduce((a, b) -> b).orElse(""));
      }
      return text;
    } catch (IOException e) {
      throw new MqException("cannot run " + String.join(" ", cmd) + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted while running " + String.join(" ", cmd), e);
    }
  }
}
