package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import io.mqbench.runner.metrics.MetricsEndpoint;
import io.mqbench.worker.server.WorkerServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Base64;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code mqbench worker}: serves senders and receivers to a coordinator ({@code mqbench run
 * --workers ...}) until the process is stopped.
 */
@Command(
    name = "worker",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Serves senders and receivers to a coordinator (`mqbench run --workers host:port,...`)"
          + " over HTTP, until stopped. Each run prepares its part here, against the backend"
          + " address the coordinator sends.",
      "",
      "Listens on 127.0.0.1 unless --bind says otherwise. Every request must carry a shared"
          + " token, which the coordinator gives with --worker-token-file: the one in"
          + " --token-file, or, without it (loopback only), a fresh one this worker prints and"
          + " writes to a file readable by its user alone, removed when it exits.",
      "",
      "The first SIGTERM or SIGINT (Ctrl-C) stops it: an idle worker exits at once, a busy one"
          + " once its cells are stopped and closed, within "
          + WorkerCommand.STOP_GRACE_SECONDS
          + " s at most; a second signal exits at once.",
      ""
    })
final class WorkerCommand implements Callable<Integer> {
  /** How long a stopped worker waits for its cells to stop and close before it exits anyway. */
  static final int STOP_GRACE_SECONDS = 10;

  @Option(
      names = {"--port"},
      paramLabel = "PORT",
      defaultValue = "7070",
      description = "Port to listen on; 0 for any free one. Default: ${DEFAULT-VALUE}.")
  int port;

  @Option(
      names = {"--bind"},
      paramLabel = "ADDRESS",
      defaultValue = "127.0.0.1",
      description =
          "Address to listen on (0.0.0.0 for every interface); any but a loopback address needs"
              + " --token-file. Default: ${DEFAULT-VALUE}.")
  String bind;

  @Option(
      names = {"--token-file"},
      paramLabel = "FILE",
      description =
          "File holding the shared token every request must carry (its first line); the token"
              + " is never printed or written to results. Without it a fresh token is made.")
  Optional<Path> tokenFile;

  @Option(
      names = {"--metrics-port"},
      paramLabel = "PORT",
      defaultValue = "${env:MQBENCH_METRICS_PORT}",
      description =
          "Serve this worker's live metrics for Prometheus on this port"
              + " (http://HOST:PORT/metrics; 0 for any free one): its own part of each run, which"
              + " the coordinator's --metrics-port shows merged. Also MQBENCH_METRICS_PORT."
              + " Default: off.")
  Optional<Integer> metricsPort;

  @Option(
      names = {"--metrics-host"},
      paramLabel = "ADDRESS",
      defaultValue = "${env:MQBENCH_METRICS_HOST:-127.0.0.1}",
      description =
          "With --metrics-port: the address to listen on (0.0.0.0 for every interface; the"
              + " metrics carry no secret). Also MQBENCH_METRICS_HOST. Default: ${DEFAULT-VALUE}.")
  String metricsHost;

  @Option(
      names = {"--metrics-node"},
      paramLabel = "NAME",
      defaultValue = "${env:MQBENCH_METRICS_NODE}",
      description =
          "With --metrics-port: this worker's name in the metrics' node label. Also"
              + " MQBENCH_METRICS_NODE. Default: this host's name and the worker's port.")
  Optional<String> metricsNode;

  // For tests of the run clock only: this worker's clock reads that much ahead of nanoTime, as a
  // worker on a host with another clock would. Hidden from --help, named so nobody mistakes it.
  @Option(names = "--test-only-clock-offset", hidden = true, converter = DurationConverter.class)
  Optional<Duration> testClockOffset;

  // For tests of the version check only: the version this worker claims.
  @Option(names = "--test-only-pretend-version", hidden = true)
  Optional<String> testVersion;

  // Main reads it before parsing (with -Dheap and MQBENCH_HEAP). Declared here for --help and the
  // parser.
  @Option(
      names = {"--heap"},
      paramLabel = "SIZE",
      description =
          "Maximum heap of the JVM that serves the runs (512m, 2g); the worker starts that JVM."
              + " Default: 1g; or, when java itself was given -Xmx (or another heap flag), its"
              + " heap, the worker staying in it.")
  String heap;

  private final Invocation invocation;
  private final MqProviders providers;
  private final StopSignals stop;
  private final RunHeap runHeap;

  WorkerCommand(Invocation invocation, MqProviders providers, StopSignals stop, RunHeap runHeap) {
    this.invocation = invocation;
    this.providers = providers;
    this.stop = stop;
    this.runHeap = runHeap;
  }

  @Override
  public Integer call() throws IOException, InterruptedException {
    InetAddress address = address(bind);
    Optional<String> token = tokenFile.map(f -> TokenFile.read(f, "--token-file"));
    if (!address.isLoopbackAddress() && token.isEmpty()) {
      throw new ConfigException(
          "--bind "
              + bind
              + " is not a loopback address: a worker reachable from other hosts needs a shared"
              + " token (--token-file FILE)");
    }
    if (port < 0 || port > 65535) {
      throw new ConfigException("--port must be 0..65535, was " + port);
    }
    OptionalInt inChild = runHeap.runInChild(RunHeap.WORKER_BYTES);
    if (inChild.isPresent()) {
      return inChild.getAsInt();
    }
    // Made here, in the JVM that serves, and not before a child JVM starts: it would make its own.
    Optional<GeneratedToken> generated =
        token.isPresent() ? Optional.empty() : Optional.of(GeneratedToken.create());
    try {
      return serve(
          address, token.or(() -> generated.map(GeneratedToken::token)).orElseThrow(), generated);
    } finally {
      generated.ifPresent(GeneratedToken::delete);
    }
  }

  private int serve(InetAddress address, String token, Optional<GeneratedToken> generated)
      throws InterruptedException {
    WorkerServer server;
    try {
      server =
          WorkerServer.start(
              new InetSocketAddress(address, port),
              Optional.of(token),
              testVersion.orElse(Version.current()),
              spec -> {
                MqProvider provider = providers.find(spec.queue());
                return LocalCell.of(provider, provider.configure(spec.backendProperties()));
              },
              testClockOffset.map(Duration::toNanos).orElse(0L),
              invocation.err());
    } catch (IOException e) {
      throw new ConfigException(
          "--bind " + bind + " --port " + port + ": cannot listen there (" + e.getMessage() + ")");
    }
    Optional<MetricsEndpoint> metrics;
    try {
      metrics =
          metricsPort.map(
              p ->
                  MetricsEndpoint.forWorker(
                      metricsHost,
                      p,
                      server,
                      metricsNode.orElseGet(() -> hostName() + ":" + server.address().getPort())));
    } catch (RuntimeException e) {
      server.close();
      throw e;
    }
    try {
      return serve(server, generated, metrics);
    } finally {
      metrics.ifPresent(MetricsEndpoint::close);
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      return "localhost";
    }
  }

  private int serve(
      WorkerServer server, Optional<GeneratedToken> generated, Optional<MetricsEndpoint> metrics)
      throws InterruptedException {
    CountDownLatch stopped = new CountDownLatch(1);
    CountDownLatch closed = new CountDownLatch(1);
    // Closing stops and closes the cells, which waits for their backends; one that hangs must not
    // keep the worker alive: past STOP_GRACE_SECONDS it exits with the cells as they are.
    Thread closer =
        new Thread(
            () -> {
              server.close();
              closed.countDown();
            },
            "mqbench-worker-stop");
    closer.setDaemon(true);
    // One grace from the first stop, shared by main and the shutdown hook that follows its exit.
    AtomicLong graceEnds = new AtomicLong();
    Runnable stopServing =
        () -> {
          synchronized (closer) {
            if (closer.getState() == Thread.State.NEW) {
              graceEnds.set(System.nanoTime() + TimeUnit.SECONDS.toNanos(STOP_GRACE_SECONDS));
              closer.start();
            }
          }
          stopped.countDown();
        };
    Thread hook =
        new Thread(
            () -> {
              stopServing.run();
              awaitQuietly(closed, graceEnds.get());
            },
            "mqbench-worker-exit");
    Runtime.getRuntime().addShutdownHook(hook);
    server.onShutdownRequest(stopServing);
    // SIGINT and SIGTERM are handled (StopSignals), so the shutdown hook alone would leave the
    // worker serving after the first one.
    stop.onStop(
        stopServing,
        new StopSignals.Notices(
            "mqbench worker: stopping: cells under way are stopped and closed (at most "
                + STOP_GRACE_SECONDS
                + " s), then this worker exits (again to exit at once)",
            "mqbench worker: stopped at once"));
    announce(server, generated, metrics);
    invocation.err().flush();
    stopped.await();
    if (!awaitQuietly(closed, graceEnds.get())) {
      invocation
          .err()
          .printf(
              "mqbench worker: cells still closing after %d s; exiting all the same%n",
              STOP_GRACE_SECONDS);
    }
    return stop.requested() ? stop.exitCode() : ExitCodes.OK;
  }

  /** Says where the worker listens, with which token, and where its metrics are. */
  private void announce(
      WorkerServer server, Optional<GeneratedToken> generated, Optional<MetricsEndpoint> metrics) {
    InetSocketAddress at = server.address();
    String hostAndPort = at.getAddress().getHostAddress() + ":" + at.getPort();
    generated.ifPresent(
        g ->
            invocation
                .err()
                .printf(
                    "mqbench worker: no --token-file: every request needs the token %s, written"
                        + " to %s; give it to the coordinator: mqbench run --workers %s"
                        + " --worker-token-file %s%n",
                    g.token(), g.file(), hostAndPort, g.file()));
    invocation
        .err()
        .printf(
            "mqbench worker: listening on %s (mqbench %s, token required)%n",
            hostAndPort, Version.current());
    metrics.ifPresent(m -> invocation.err().println("mqbench worker: live metrics on " + m.url()));
  }

  /** Waits for the latch until a {@code nanoTime} deadline; true if it opened. */
  private static boolean awaitQuietly(CountDownLatch latch, long deadlineNanos) {
    try {
      return latch.await(deadlineNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /**
   * A token made for a worker started without {@code --token-file}: without one, any local process
   * could make cells or stop the worker. Kept in a file only its user can read, for the
   * coordinator's {@code --worker-token-file}.
   */
  private record GeneratedToken(String token, Path file) {
    private static final int BYTES = 24;

    static GeneratedToken create() {
      byte[] random = new byte[BYTES];
      new SecureRandom().nextBytes(random);
      String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
      try {
        Path file =
            Files.createTempFile(
                "mqbench-worker-",
                ".token",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, token + "\n", StandardCharsets.UTF_8);
        return new GeneratedToken(token, file);
      } catch (IOException | UnsupportedOperationException e) {
        throw new ConfigException(
            "no --token-file, and the token made instead cannot be written to a file ("
                + e.getMessage()
                + "): give one with --token-file FILE");
      }
    }

    void delete() {
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        // Left in the temporary directory, readable by this user alone.
      }
    }
  }

  private static InetAddress address(String bind) {
    try {
      return InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      throw new ConfigException("--bind " + bind + ": no such address");
    }
  }
}
