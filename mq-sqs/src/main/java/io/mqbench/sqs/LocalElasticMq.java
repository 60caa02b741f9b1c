package io.mqbench.sqs;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.JavaBroker;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The local stand-in for Amazon SQS: ElasticMQ (in memory) in a JVM process of its own, bound to
 * 127.0.0.1 on a free port (its default binds every interface), its configuration and log in a
 * scratch directory that {@link #close()} removes. It speaks SQS's protocol, so the backend's code
 * runs unchanged, but it is not SQS: one process, nothing on disk, no replication, and its speed
 * and its cost say nothing about SQS's.
 *
 * <p>Only ElasticMQ's own part lives here; processes, ports, the directory, the classpath (the
 * {@code mq-sqs-server} distribution) and the stdin watchdog are mq-core's {@code
 * io.mqbench.broker}.
 */
public final class LocalElasticMq implements AutoCloseable {
  private static final JavaBroker DISTRIBUTION =
      JavaBroker.find("sqs-server", LocalElasticMq.class.getClassLoader());

  /** The ElasticMQ version whose jars the build resolved (mq-sqs-server). */
  public static final String VERSION = DISTRIBUTION.version();

  private final ScratchDirectory scratch;
  private final BrokerProcess process;
  private final int port;

  private LocalElasticMq(ScratchDirectory scratch, BrokerProcess process, int port) {
    this.scratch = scratch;
    this.process = process;
    this.port = port;
  }

  /**
   * Starts ElasticMQ and waits until it accepts connections.
   *
   * @param heapMb its heap; it holds every message in memory
   * @param queues standard queues it creates at start, with their visibility timeout in seconds
   * @param visibilitySeconds the visibility timeout of those queues
   * @param timeout how long to wait
   * @return the running server
   * @throws MqException if it did not start in time; the message ends with its log
   * @throws InterruptedException if interrupted while waiting
   */
  public static LocalElasticMq start(
      int heapMb, List<String> queues, long visibilitySeconds, Duration timeout)
      throws InterruptedException {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-elasticmq-");
    BrokerProcess process = null;
    try {
      String classpath = DISTRIBUTION.classpath(scratch.path(), ElasticMqMain.class);
      int port = Loopback.freePort();
      Path conf = writeConfig(scratch.path(), config(port, queues, visibilitySeconds));
      process =
          BrokerProcess.start(
              "local SQS stand-in (ElasticMQ)",
              JavaBroker.command(classpath, heapMb, ElasticMqMain.class.getName(), conf.toString()),
              true,
              scratch.path(),
              scratch.path().resolve("server.log"),
              env -> {});
      // ElasticMQ binds its port once its queues exist: an answer means it serves.
      process.awaitReady(
          () -> Loopback.answers(Loopback.HOST, port, Duration.ofMillis(500)), timeout);
      return new LocalElasticMq(scratch, process, port);
    } catch (RuntimeException | InterruptedException e) {
      if (process != null) {
        process.close();
      }
      scratch.close();
      throw e;
    }
  }

  private static Path writeConfig(Path dir, String config) {
    try {
      return Files.writeString(dir.resolve("elasticmq.conf"), config, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new MqException("cannot write the ElasticMQ configuration: " + e, e);
    }
  }

  /**
   * ElasticMQ's configuration: loopback only, this port, the queue URLs it hands out naming the
   * same address, strict SQS limits, and the queues.
   */
  static String config(int port, List<String> queues, long visibilitySeconds) {
    StringBuilder b = new StringBuilder();
    b.append("include classpath(\"application.conf\")\n");
    b.append("node-address {\n  protocol = http\n  host = \"")
        .append(Loopback.HOST)
        .append("\"\n  port = ")
        .append(port)
        .append("\n  context-path = \"\"\n}\n");
    b.append("rest-sqs {\n  enabled = true\n  bind-port = ")
        .append(port)
        .append("\n  bind-hostname = \"")
        .append(Loopback.HOST)
        .append("\"\n  sqs-limits = strict\n}\n");
    b.append("rest-stats {\n  enabled = false\n}\n");
    b.append("queues {\n");
    for (String q : queues) {
      b.append("  \"")
          .append(q)
          .append("\" {\n    defaultVisibilityTimeout = ")
          .append(visibilitySeconds)
          .append(" seconds\n  }\n");
    }
    b.append("}\n");
    return b.toString();
  }

  /**
   * @return the endpoint, {@code http://127.0.0.1:port}
   */
  public String endpoint() {
    return "http://" + Loopback.HOST + ":" + port;
  }

  /**
   * @return {@code 127.0.0.1:port}
   */
  public String address() {
    return Loopback.HOST + ":" + port;
  }

  /**
   * @return the process, to freeze or kill it in tests
   */
  public BrokerProcess process() {
    return process;
  }

  /** Stops ElasticMQ (all its messages are gone) and deletes its directory. Idempotent. */
  @Override
  public void close() {
    process.close();
    scratch.close();
  }
}
