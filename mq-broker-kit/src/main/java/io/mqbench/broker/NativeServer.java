package io.mqbench.broker;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerFaults;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The local-broker template for a server that is not Java (the {@code redis-server}, {@code
 * nats-server} or {@code rabbitmq-server} of a Debian package): one process of the installed
 * executable on 127.0.0.1 and a free port, its data in a scratch directory of its own, ready once
 * its port answers, stopped (its data kept) by {@link #stop()} and removed with its data by {@link
 * #close()}, with the no-orphans guarantee and the held stop of {@link BrokerProcess}. A backend
 * gives the command line and the address it then has; the protected methods with a body let it
 * change the process's environment, the start timeout, how it stops and what is cleaned up.
 *
 * <p><b>In a network namespace.</b> A node of a {@link NativeCluster} started {@linkplain
 * NativeCluster#inNetworkNamespaces() in network namespaces} runs in its own ({@code ip netns exec
 * <namespace> <command>}: ip execs the command, so the process is the server's own) and binds
 * {@link #host()}, its namespace's address, instead of 127.0.0.1; a backend's command line and
 * address use {@link #host()} for that reason, and its faults can cut it off the network.
 */
public abstract class NativeServer implements LocalBroker {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

  private final Path executable;
  private final String name;
  private final ScratchDirectory scratch;
  private final int port;
  private BrokerProcess process;
  private StopHold hold;
  private boolean closed;
  private NetworkNamespaces network;
  private int slot;
  private Consumer<BrokerProcess> launched = p -> {};

  /**
   * Prepares a server; nothing runs until {@link #start()}.
   *
   * @param executable the server's executable
   * @param prefix the scratch directory's name prefix, {@code "mqbench-redis-"}
   * @param name what the server is, for messages: {@code "private redis-server"}
   */
  protected NativeServer(Path executable, String prefix, String name) {
    this(executable, prefix, name, Loopback.freePort());
  }

  /**
   * Prepares a server on a port given, not a free one: for a server that must listen on the same
   * port in every node's network namespace (RabbitMQ's epmd, which nodes ask on the port they
   * themselves use); nothing runs until {@link #start()}.
   *
   * @param executable the server's executable
   * @param prefix the scratch directory's name prefix, {@code "mqbench-redis-"}
   * @param name what the server is, for messages: {@code "private redis-server"}
   * @param port the port it listens on, on {@link #host()}
   */
  protected NativeServer(Path executable, String prefix, String name, int port) {
    this.executable = executable;
    this.name = name;
    this.scratch = ScratchDirectory.create(prefix);
    this.port = port;
  }

  /**
   * Finds an executable on the PATH, else in /usr/bin and /usr/sbin.
   *
   * @param name its file name, {@code "redis-server"}
   * @return its path, if installed
   */
  public static Optional<Path> installed(String name) {
    List<Path> dirs = new ArrayList<>();
    for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      if (!d.isEmpty()) {
        dirs.add(Paths.get(d));
      }
    }
    dirs.add(Paths.get("/usr/bin"));
    dirs.add(Paths.get("/usr/sbin"));
    return dirs.stream().map(d -> d.resolve(name)).filter(Files::isExecutable).findFirst();
  }

  /**
   * The command line that starts the server in the foreground, writing its log to standard output;
   * may write configuration files into {@code directory} first.
   *
   * @param executable the server's executable
   * @param directory its scratch directory, for data and configuration
   * @param port the port it must listen on, on {@link #host()} only (127.0.0.1 unless in a network
   *     namespace)
   * @return the command
   * @throws MqException if the server cannot be started as configured; the message says why
   * @throws InterruptedException if interrupted while preparing it
   */
  protected abstract List<String> command(Path executable, Path directory, int port)
      throws InterruptedException;

  /**
   * @param config the configuration without an address
   * @return the same configuration pointing at this running server
   */
  protected abstract MqConfig pointAt(MqConfig config);

  /**
   * @return what the server is, for messages: {@code "private redis-server"}
   */
  protected final String name() {
    return name;
  }

  /**
   * @return what the process is called in its messages; by default the {@link #name} and address
   */
  protected String processName() {
    return name() + " on " + host() + ":" + port;
  }

  /**
   * Places this server, not yet started, in a node's network namespace: it runs and binds there.
   *
   * @param namespaces the cluster's network
   * @param node which of its nodes this server is, from 0
   * @param onLaunch told of every process started, restarts included (to stop them at shutdown
   *     before the network goes)
   */
  final synchronized void placeIn(
      NetworkNamespaces namespaces, int node, Consumer<BrokerProcess> onLaunch) {
    if (process != null) {
      throw new IllegalStateException("the server is running");
    }
    this.network = namespaces;
    this.slot = node;
    this.launched = onLaunch;
  }

  /**
   * Places this server, not yet started, where another server is: in its network namespace if it
   * was {@linkplain #placeIn placed} in one (a helper process of that node, such as RabbitMQ's
   * epmd, which must be reachable at the node's address), else on 127.0.0.1 as it was. Its
   * processes are told to the same cluster, which stops them before the network goes. The node's
   * faults cut this server off with it.
   *
   * @param node the server beside which this one runs
   * @throws IllegalStateException if this server is running
   */
  protected final void placeBeside(NativeServer node) {
    NetworkNamespaces namespaces;
    int itsSlot;
    Consumer<BrokerProcess> itsLaunched;
    synchronized (node) {
      namespaces = node.network;
      itsSlot = node.slot;
      itsLaunched = node.launched;
    }
    if (namespaces != null) {
      placeIn(namespaces, itsSlot, itsLaunched);
    }
  }

  /**
   * @return what runs a command where this server runs: {@code ip netns exec <namespace>} in a
   *     network namespace (for a tool that must reach the server from beside it), else nothing
   */
  protected final synchronized List<String> execPrefix() {
    return network == null ? List.of() : network.exec(slot);
  }

  /**
   * @return the address the server binds and clients use: 127.0.0.1, or in a network namespace that
   *     namespace's address
   */
  public final synchronized String host() {
    return network == null ? Loopback.HOST : network.host(slot);
  }

  /**
   * @return the address clients use, {@code host:port}
   */
  public final String address() {
    return host() + ":" + port;
  }

  /** The stop hold, or null: for the network's removal at shutdown, which waits for it too. */
  final synchronized StopHold stopHold() {
    return hold;
  }

  /**
   * @return the file in the scratch directory that the process's output goes to
   */
  protected String logFile() {
    return "server.log";
  }

  /**
   * @return how long {@link #start()} waits for the port to answer; 30 s by default
   */
  protected Duration startTimeout() {
    return START_TIMEOUT;
  }

  /**
   * Adjusts the process's environment, inherited from this JVM; by default leaves it.
   *
   * @param env the environment, to change in place
   */
  protected void environment(Map<String, String> env) {}

  /**
   * Runs before {@link #stop()} closes a process, to stop it as an operator would; by default
   * nothing (closing its standard input stops it).
   *
   * @param running the server's process
   */
  protected void stopping(BrokerProcess running) {}

  /**
   * Runs in {@link #close()} once the server stopped, before its directory goes; by default
   * nothing.
   */
  protected void removing() {}

  @Override
  public MqConfig start(MqConfig config) throws InterruptedException {
    start();
    return pointAt(config);
  }

  /**
   * @return the port it listens on, on {@link #host()}
   */
  public int port() {
    return port;
  }

  /**
   * @return the executable it runs
   */
  protected Path executable() {
    return executable;
  }

  /**
   * @return the server's scratch directory (data, configuration, logs), deleted by {@link #close()}
   */
  public Path directory() {
    return scratch.path();
  }

  /**
   * @return the running server's process, to freeze or kill it in tests
   * @throws IllegalStateException if it is not running
   */
  public synchronized BrokerProcess process() {
    if (process == null) {
      throw new IllegalStateException("the server is not running");
    }
    return process;
  }

  /**
   * Starts the server (again, on the same data, after {@link #stop()}) and waits until its port
   * answers.
   *
   * @throws MqException if it cannot start or does not answer within 30 s; the message says why
   * @throws InterruptedException if interrupted while waiting
   */
  public synchronized void start() throws InterruptedException {
    if (closed) {
      throw new IllegalStateException("the server is closed");
    }
    Path dir = scratch.path();
    List<String> command = new ArrayList<>(execPrefix());
    command.addAll(command(executable, dir, port));
    process =
        BrokerProcess.start(
            processName(), command, false, dir, dir.resolve(logFile()), this::environment);
    launched.accept(process);
    if (hold != null) {
      process.holdStop(hold);
    }
    String host = host();
    process.awaitReady(() -> Loopback.answers(host, port, Duration.ofMillis(200)), startTimeout());
  }

  /** Stops the server, keeping its data for a {@link #start()}. */
  public synchronized void stop() {
    if (process != null) {
      stopping(process);
      process.close();
      process = null;
    }
  }

  /**
   * The server's one node: killed ({@code SIGKILL}), restarted on the same data ({@link #start()}
   * after the kill), paused and resumed; in a network namespace, also cut off and healed.
   */
  @Override
  public Optional<BrokerFaults> faults() {
    return Optional.of(
        new BrokerFaults() {
          @Override
          public int nodes() {
            return 1;
          }

          @Override
          public String address(int node) {
            return NativeServer.this.address();
          }

          @Override
          public long pid(int node) {
            return process().pid();
          }

          @Override
          public void kill(int node) throws InterruptedException {
            process().kill();
          }

          @Override
          public Duration restart(int node) throws InterruptedException {
            long start = System.nanoTime();
            synchronized (NativeServer.this) {
              // Not stop(): a killed server has nothing to stop gracefully.
              BrokerProcess dead = process();
              dead.kill();
              dead.close();
              process = null;
              start();
            }
            return Duration.ofNanos(System.nanoTime() - start);
          }

          @Override
          public void pause(int node) throws InterruptedException {
            process().suspend();
          }

          @Override
          public void resume(int node) throws InterruptedException {
            process().resume();
          }

          @Override
          public void partition(int node) throws InterruptedException {
            namespaces().cut(slot);
          }

          @Override
          public void heal(int node) throws InterruptedException {
            namespaces().heal(slot);
          }
        });
  }

  private synchronized NetworkNamespaces namespaces() {
    if (network == null) {
      throw new MqException(
          "the " + name + " runs on 127.0.0.1, not in a network namespace of its own to cut off");
    }
    return network;
  }

  @Override
  public synchronized Hold holdStop(Runnable onShutdown, Duration atMost) {
    hold = new StopHold(onShutdown, atMost);
    if (process != null) {
      process.holdStop(hold);
    }
    return hold;
  }

  /** Stops the server and deletes its directory. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    stop();
    closed = true;
    removing();
    scratch.close();
  }
}
