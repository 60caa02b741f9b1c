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

/**
 * The local-broker template for a server that is not Java (the {@code redis-server}, {@code
 * nats-server} or {@code rabbitmq-server} of a Debian package): one process of the installed
 * executable on 127.0.0.1 and a free port, its data in a scratch directory of its own, ready once
 * its port answers, stopped (its data kept) by {@link #stop()} and removed with its data by {@link
 * #close()}, with the no-orphans guarantee and the held stop of {@link BrokerProcess}. A backend
 * gives the command line and the address it then has; the protected methods with a body let it
 * change the process's environment, the start timeout, how it stops and what is cleaned up.
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

  /**
   * Prepares a server; nothing runs until {@link #start()}.
   *
   * @param executable the server's executable
   * @param prefix the scratch directory's name prefix, {@code "mqbench-redis-"}
   * @param name what the server is, for messages: {@code "private redis-server"}
   */
  protected NativeServer(Path executable, String prefix, String name) {
    this.executable = executable;
    this.name = name;
    this.scratch = ScratchDirectory.create(prefix);
    this.port = Loopback.freePort();
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
   * @param port the port it must listen on, on 127.0.0.1 only
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
    return name() + " on 127.0.0.1:" + port;
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
   * @return the port it listens on, on 127.0.0.1
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
    process =
        BrokerProcess.start(
            processName(),
            command(executable, dir, port),
            false,
            dir,
            dir.resolve(logFile()),
            this::environment);
    if (hold != null) {
      process.holdStop(hold);
    }
    process.awaitReady(
        () -> Loopback.answers(Loopback.HOST, port, Duration.ofMillis(200)), startTimeout());
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
   * after the kill), paused and resumed.
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
            return Loopback.HOST + ":" + port;
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
        });
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
