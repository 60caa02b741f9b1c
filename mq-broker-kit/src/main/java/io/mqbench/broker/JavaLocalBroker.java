package io.mqbench.broker;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * The one local broker of every Java backend, run from its {@link LocalBrokerDescriptor}: a scratch
 * directory (removed at the end, and by the next harness if this one is killed), free loopback
 * ports, the distribution's classpath, one process per node (its log and launch file in the node's
 * directory), readiness with the log's tail in the error, the address filled into the user's
 * configuration, and one stop path. The descriptor's main class is all a backend writes that runs
 * in the broker's process.
 *
 * <p>The runner starts one node, or a cluster ({@link #JavaLocalBroker(LocalBrokerDescriptor,
 * int)}) whose nodes it may crash, freeze or restart.
 *
 * <p><b>In network namespaces.</b> A broker made by {@link #inNetworkNamespaces()} runs each node
 * in a Linux network namespace of its own ({@link NetworkNamespaces}): started as {@code ip netns
 * exec <namespace> java ...} (ip execs java, so the process and its pid are the broker's own),
 * bound to its namespace's address rather than 127.0.0.1 (the launch file's {@code host}; every
 * node's is {@code node.N.host}), and reached there by clients. Its faults can then also cut a node
 * off the network ({@link BrokerFaults#partition}). The namespaces and their bridge are removed
 * once the nodes have stopped: on {@link #close()}, on a failed start, and at JVM shutdown (after a
 * {@linkplain #holdStop held} stop is released, as the nodes are).
 *
 * <p>Thread-safe. Starts once; {@link #close()} is final.
 */
public final class JavaLocalBroker implements LocalBroker {
  /** How long a start may take, from the first process to readiness. */
  static final Duration START_TIMEOUT = Duration.ofSeconds(90);

  /** The launch file's name in each node's directory. */
  static final String LAUNCH_FILE = "launch.properties";

  /** The log file's name in each node's directory. */
  public static final String LOG_FILE = "broker.log";

  private final LocalBrokerDescriptor descriptor;
  private final int size;
  private final ClassLoader loader;
  private final boolean inNamespaces;
  private JavaBroker distribution;
  private NetworkNamespaces network;
  private NetworkRemovalHook networkHook;
  private ScratchDirectory scratch;
  private String classpath;
  private int[][] ports;
  private final NodeProcesses processes;

  private boolean closed;

  /**
   * A single-node broker, as the runner starts it.
   *
   * @param descriptor what to run
   */
  public JavaLocalBroker(LocalBrokerDescriptor descriptor) {
    this(descriptor, 1);
  }

  /**
   * A broker of {@code size} nodes started together (a test cluster).
   *
   * @param descriptor what to run
   * @param size how many nodes, from 1
   * @throws IllegalArgumentException if {@code size} is below 1
   */
  public JavaLocalBroker(LocalBrokerDescriptor descriptor, int size) {
    this(descriptor, size, JavaLocalBroker.class.getClassLoader());
  }

  /**
   * @param loader where the distribution is found (tests make their own)
   */
  JavaLocalBroker(LocalBrokerDescriptor descriptor, int size, ClassLoader loader) {
    this(descriptor, size, loader, false);
  }

  private JavaLocalBroker(
      LocalBrokerDescriptor descriptor, int size, ClassLoader loader, boolean inNamespaces) {
    if (size < 1) {
      throw new IllegalArgumentException("a broker has at least one node");
    }
    this.descriptor = Objects.requireNonNull(descriptor, "descriptor");
    this.size = size;
    this.loader = Objects.requireNonNull(loader, "loader");
    this.inNamespaces = inNamespaces;
    this.processes = new NodeProcesses(descriptor.name(), size);
  }

  /**
   * The same broker with each node in a network namespace of its own (see the class comment).
   * Starts nothing, and checks only what can be checked without trying: Linux, {@code ip}, root.
   *
   * @return a new broker, not started
   * @throws MqException in one line if this machine cannot make network namespaces, saying why
   */
  @Override
  public JavaLocalBroker inNetworkNamespaces() {
    NetworkNamespaces.unavailable()
        .ifPresent(
            why -> {
              throw new MqException(
                  "the " + descriptor.name() + " cannot run in network namespaces: " + why);
            });
    return new JavaLocalBroker(descriptor, size, loader, true);
  }

  /**
   * @return whether each node runs in a network namespace of its own
   */
  public boolean isInNetworkNamespaces() {
    return inNamespaces;
  }

  /**
   * Starts every node with the heap {@link LocalBrokerDescriptor#heapKey()} gives and waits, up to
   * 90 s, until the broker serves clients.
   *
   * @param config the configuration the user gave, without a broker address
   * @return {@code config} with {@link LocalBrokerDescriptor#addressKey()} set to the broker
   * @throws MqException if the distribution is missing, a node exited or the time ran out (the
   *     message ends with the node's log), or the broker was started or closed before; nothing is
   *     left running then
   * @throws InterruptedException if interrupted while waiting; nothing is left running then
   */
  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (closed || scratch != null) {
      throw new MqException("the " + descriptor.name() + " was already started or closed");
    }
    JavaBroker dist = distribution();
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    scratch = ScratchDirectory.create("mqbench-" + descriptor.distribution() + "-");
    try {
      if (inNamespaces) {
        network = NetworkNamespaces.create(size);
        // Removed at shutdown once the nodes have stopped (not before: a held stop keeps them
        // serving the run), and by close() otherwise.
        networkHook = new NetworkRemovalHook(network, processes.launched(), processes::hold);
      }
      classpath = dist.classpath(scratch.path());
      int heapMb = config.get(descriptor.heapKey());
      Map<String, String> settings = descriptor.settings().apply(config);
      ports = Loopback.freePorts(size, descriptor.ports());
      ClusterLaunchFiles launchFiles =
          new ClusterLaunchFiles(descriptor.name(), settings, ports, this::host);
      for (int i = 0; i < size; i++) {
        Path launch = launchFiles.write(i, Files.createDirectories(directory(i)));
        List<String> command = new ArrayList<>();
        if (network != null) {
          command.addAll(network.exec(i));
        }
        command.addAll(
            JavaBroker.command(
                classpath, heapMb, scratch.path(), descriptor.mainClass(), launch.toString()));
        processes.start(command, directory(i));
      }
      awaitReady(deadline);
      return config.with(descriptor.addressKey().name(), descriptor.scheme() + address());
    } catch (IOException e) {
      MqException failure =
          new MqException("cannot start the " + descriptor.name() + ": " + e.getMessage(), e);
      close();
      throw failure;
    } catch (RuntimeException | InterruptedException e) {
      close();
      throw e;
    }
  }

  /** The address a node binds and clients use: its namespace's, or 127.0.0.1. */
  private String host(int node) {
    return network == null ? Loopback.HOST : network.host(node);
  }

  /**
   * Every node's first port answers (unless the descriptor's standby nodes open none), then the
   * descriptor's readiness passes.
   */
  private void awaitReady(long deadline) throws InterruptedException {
    // The ports first: a client against a closed port may log a warning per retry.
    for (int i = 0; i < size && descriptor.readiness().everyNodeOpensItsPort(); i++) {
      int port = ports[i][0];
      String host = host(i);
      processes
          .get(i)
          .awaitReady(() -> Loopback.answers(host, port, Duration.ofMillis(500)), left(deadline));
    }
    descriptor.readiness().await(this, left(deadline));
  }

  private static Duration left(long deadline) {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  private synchronized JavaBroker distribution() {
    if (distribution == null) {
      distribution = JavaBroker.find(descriptor.distribution(), loader);
    }
    return distribution;
  }

  /**
   * @return the broker's version, from its distribution
   * @throws MqException if the distribution is not on the class path
   */
  public String version() {
    return distribution().version();
  }

  /**
   * Says what runs, and where once started: the descriptor's description, filled in; in network
   * namespaces, followed by which.
   */
  @Override
  public synchronized String description() {
    String where =
        ports == null
            ? (inNamespaces
                ? "each node's address in a network namespace of its own"
                : "a free loopback port")
            : address();
    return descriptor.description().replace("{version}", version()).replace("{address}", where)
        + (network == null
            ? ""
            : (size == 1 ? ", in a network namespace" : ", each node in a network namespace")
                + " of its own ("
                + network.description()
                + ")");
  }

  /**
   * @return the descriptor this broker runs
   */
  public LocalBrokerDescriptor descriptor() {
    return descriptor;
  }

  /**
   * @return the number of nodes
   */
  public int size() {
    return size;
  }

  /**
   * @return every node's client address, {@code 127.0.0.1:port,...} (in network namespaces, each
   *     node's own address)
   * @throws IllegalStateException before {@link #start}
   */
  public synchronized String address() {
    started();
    return IntStream.range(0, size).mapToObj(this::address).collect(Collectors.joining(","));
  }

  /**
   * @param node which node, from 0
   * @return its client address, {@code 127.0.0.1:port}, or in network namespaces {@code
   *     10.213.X.(node + 2):port}
   * @throws IllegalStateException before {@link #start}
   */
  public synchronized String address(int node) {
    started();
    return host(node) + ":" + ports[node][0];
  }

  /**
   * @return the nodes' network namespaces, when they run in them
   * @throws IllegalStateException before {@link #start}
   */
  public synchronized Optional<NetworkNamespaces> network() {
    started();
    return Optional.ofNullable(network);
  }

  /**
   * @param node which node, from 0
   * @return its process, to kill, freeze or thaw it in tests
   * @throws IllegalStateException before {@link #start}
   */
  public synchronized BrokerProcess process(int node) {
    started();
    return processes.get(node);
  }

  /**
   * @return the first node's process
   * @throws IllegalStateException before {@link #start}
   */
  public BrokerProcess process() {
    return process(0);
  }

  /**
   * @return the temporary directory holding every node's directory ({@code node-1}, ...)
   * @throws IllegalStateException before {@link #start}
   */
  public synchronized Path directory() {
    started();
    return scratch.path();
  }

  /**
   * @param node which node, from 0
   * @return its directory: launch file, log ({@value #LOG_FILE}), configuration and data
   */
  synchronized Path directory(int node) {
    return scratch.path().resolve("node-" + (node + 1));
  }

  /**
   * @return the broker's classpath ({@code lib/*} and the launcher directory), to run the
   *     distribution's own tools beside it
   * @throws IllegalStateException before {@link #start}
   */
  public synchronized String classpath() {
    started();
    return classpath;
  }

  /**
   * Kills a node at once (SIGKILL, as a crash would) and starts it again with the same ports,
   * launch file and data, then waits until the broker serves again.
   *
   * @param node which node, from 0
   * @throws MqException if it does not serve again in time
   * @throws InterruptedException if interrupted while waiting
   * @throws IllegalStateException before {@link #start} or after {@link #close()}
   */
  public synchronized void crashAndRestart(int node) throws InterruptedException {
    started();
    if (closed) {
      throw new IllegalStateException("the " + descriptor.name() + " is closed");
    }
    processes.crashAndRestart(node);
    awaitReady(System.nanoTime() + START_TIMEOUT.toNanos());
  }

  /**
   * Kills, restarts, pauses and resumes nodes: {@link BrokerProcess#kill}, {@link
   * #crashAndRestart}, {@link BrokerProcess#suspend} and {@link BrokerProcess#resume}; in network
   * namespaces, also cuts a node off and heals it ({@link NetworkNamespaces#cut}, {@link
   * NetworkNamespaces#heal}).
   */
  @Override
  public Optional<BrokerFaults> faults() {
    return Optional.of(new JavaLocalBrokerFaults(this));
  }

  private void started() {
    if (ports == null) {
      throw new IllegalStateException("the " + descriptor.name() + " is not started");
    }
  }

  /** Holds the stop of every node, those started later included; see {@link LocalBroker}. */
  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    StopHold h = new StopHold(onShutdown, atMost);
    processes.holdStop(h);
    return h;
  }

  /**
   * Stops every node (gracefully, then forcibly after a grace period) and deletes the directory.
   * Idempotent; a broker never started just becomes closed.
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    processes.closeAll();
    if (network != null) {
      // After the nodes: a node still running keeps its namespace (unnamed) until it exits.
      network.close();
      networkHook.cancel();
    }
    if (scratch != null) {
      scratch.close();
    }
  }
}
