package io.mqbench.mongo;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.JavaBroker;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.mq.MqException;
import java.time.Duration;

/**
 * The local stand-in for MongoDB: {@code mongo-java-server} with its in-memory backend, in a JVM
 * process of its own, on a free port of 127.0.0.1, its log in a scratch directory that {@link
 * #close()} removes. No real {@code mongod} can be installed on these machines; the stand-in speaks
 * MongoDB's wire protocol, so the backend's code runs unchanged, but it is not MongoDB: it keeps
 * nothing on disk, has no replication, and its speed says nothing about MongoDB's.
 *
 * <p>Only the stand-in's own part lives here; processes, ports, the directory, the classpath (the
 * {@code mq-mongo-server} distribution) and the stdin watchdog are mq-core's {@code
 * io.mqbench.broker}.
 */
public final class LocalMongo implements AutoCloseable {
  private static final JavaBroker DISTRIBUTION =
      JavaBroker.find("mongo-server", LocalMongo.class.getClassLoader());

  /** The mongo-java-server version whose jars the build resolved (mq-mongo-server). */
  public static final String VERSION = DISTRIBUTION.version();

  private final ScratchDirectory scratch;
  private final BrokerProcess process;
  private final int port;

  private LocalMongo(ScratchDirectory scratch, BrokerProcess process, int port) {
    this.scratch = scratch;
    this.process = process;
    this.port = port;
  }

  /**
   * Starts the stand-in and waits until it accepts connections.
   *
   * @param heapMb its heap; it holds every message in memory
   * @param timeout how long to wait
   * @return the running stand-in
   * @throws MqException if it did not start in time; the message ends with its log
   * @throws InterruptedException if interrupted while waiting
   */
  public static LocalMongo start(int heapMb, Duration timeout) throws InterruptedException {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-mongo-");
    BrokerProcess process = null;
    try {
      String classpath = DISTRIBUTION.classpath(scratch.path(), StandInMain.class);
      int port = Loopback.freePort();
      process =
          BrokerProcess.start(
              "local MongoDB stand-in (mongo-java-server)",
              JavaBroker.command(
                  classpath,
                  heapMb,
                  StandInMain.class.getName(),
                  Loopback.HOST,
                  String.valueOf(port)),
              true,
              scratch.path(),
              scratch.path().resolve("server.log"),
              env -> {});
      // bind() is the last step of StandInMain: once the port answers, the server serves.
      process.awaitReady(
          () -> Loopback.answers(Loopback.HOST, port, Duration.ofMillis(500)), timeout);
      return new LocalMongo(scratch, process, port);
    } catch (RuntimeException | InterruptedException e) {
      if (process != null) {
        process.close();
      }
      scratch.close();
      throw e;
    }
  }

  /**
   * @return the connection string, {@code mongodb://127.0.0.1:port}
   */
  public String uri() {
    return "mongodb://" + Loopback.HOST + ":" + port;
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

  /** Stops the stand-in (all its messages are gone) and deletes its directory. Idempotent. */
  @Override
  public void close() {
    process.close();
    scratch.close();
  }
}
