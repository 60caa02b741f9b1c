package io.mqbench.artemis;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.JavaBroker;
import io.mqbench.broker.Loopback;
import io.mqbench.broker.ScratchDirectory;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * One Artemis broker in a JVM process of its own, with exactly one acceptor (core protocol only) on
 * a free loopback port, security on with one user, and a persistent journal in a scratch directory
 * that {@link #close()} removes. Processes, ports, the directory, the classpath (the {@code
 * mq-artemis-broker} distribution) and the stdin watchdog are mq-core's {@code io.mqbench.broker};
 * only Artemis' own part (broker.xml) lives here.
 *
 * <p>The journal is NIO with {@code journal-datasync} on: every commit and every durable send is on
 * disk (fsync) before the broker confirms it. (AIO needs libaio, which a fresh machine may lack.)
 */
public final class LocalArtemis implements AutoCloseable {
  private static final JavaBroker DISTRIBUTION =
      JavaBroker.find("artemis-broker", LocalArtemis.class.getClassLoader());

  /** The broker version whose jars the build resolved (mq-artemis-broker). */
  public static final String VERSION = DISTRIBUTION.version();

  /** The journal as the local broker writes it, for the terminal and the README. */
  public static final String JOURNAL = "NIO journal, datasync on";

  private final ScratchDirectory scratch;
  private final String classpath;
  private final int port;
  private final int heapMb;
  private BrokerProcess process;
  private boolean closed;

  private LocalArtemis(ScratchDirectory scratch, String classpath, int port, int heapMb) {
    this.scratch = scratch;
    this.classpath = classpath;
    this.port = port;
    this.heapMb = heapMb;
  }

  /**
   * Starts a broker and waits until its acceptor answers.
   *
   * @param heapMb the broker JVM's heap
   * @param user the one user the broker accepts
   * @param password that user's password
   * @param timeout how long to wait for it
   * @return the running broker
   * @throws MqException if it did not start in time; the message ends with the broker's log
   * @throws InterruptedException if interrupted while waiting
   */
  public static LocalArtemis start(int heapMb, String user, String password, Duration timeout)
      throws InterruptedException {
    ScratchDirectory scratch = ScratchDirectory.create("mqbench-artemis-");
    LocalArtemis broker = null;
    try {
      String classpath = DISTRIBUTION.classpath(scratch.path(), BrokerMain.class);
      int port = Loopback.freePort();
      Path dir = scratch.path();
      Files.writeString(dir.resolve("broker.xml"), brokerXml(port, dir));
      Path users = dir.resolve("users.properties");
      java.util.Properties p = new java.util.Properties();
      p.setProperty("user", user);
      p.setProperty("password", password);
      try (var out = Files.newOutputStream(users)) {
        p.store(out, "the local broker's one user");
      }
      broker = new LocalArtemis(scratch, classpath, port, heapMb);
      broker.launch(timeout);
      return broker;
    } catch (IOException e) {
      MqException failure = new MqException("cannot start the local Artemis broker: " + e, e);
      closeQuietly(broker, scratch);
      throw failure;
    } catch (RuntimeException | InterruptedException e) {
      closeQuietly(broker, scratch);
      throw e;
    }
  }

  private static void closeQuietly(LocalArtemis broker, ScratchDirectory scratch) {
    if (broker != null) {
      broker.close();
    } else {
      scratch.close();
    }
  }

  private synchronized void launch(Duration timeout) throws InterruptedException {
    Path dir = scratch.path();
    process =
        BrokerProcess.start(
            "local Artemis broker",
            JavaBroker.command(
                classpath,
                heapMb,
                BrokerMain.class.getName(),
                dir.resolve("broker.xml").toString(),
                dir.resolve("users.properties").toString()),
            true,
            dir,
            dir.resolve("broker.log"),
            env -> {});
    process.awaitReady(
        () -> Loopback.answers(Loopback.HOST, port, Duration.ofMillis(500)), timeout);
  }

  private static String brokerXml(int port, Path dir) {
    String data = dir.resolve("data").toString().replace('\\', '/');
    StringBuilder permissions = new StringBuilder();
    for (String type :
        List.of(
            "createAddress",
            "deleteAddress",
            "createDurableQueue",
            "deleteDurableQueue",
            "createNonDurableQueue",
            "deleteNonDurableQueue",
            "send",
            "consume",
            "browse",
            "manage")) {
      permissions
          .append("        <permission type=\"")
          .append(type)
          .append("\" roles=\"mqbench\"/>\n");
    }
    return String.join(
        "\n",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        "<configuration xmlns=\"urn:activemq\">",
        "  <core xmlns=\"urn:activemq:core\">",
        "    <name>mqbench-local</name>",
        "    <persistence-enabled>true</persistence-enabled>",
        "    <journal-type>NIO</journal-type>",
        "    <journal-datasync>true</journal-datasync>",
        "    <journal-sync-transactional>true</journal-sync-transactional>",
        "    <journal-sync-non-transactional>true</journal-sync-non-transactional>",
        "    <journal-directory>" + data + "/journal</journal-directory>",
        "    <bindings-directory>" + data + "/bindings</bindings-directory>",
        "    <paging-directory>" + data + "/paging</paging-directory>",
        "    <large-messages-directory>" + data + "/large-messages</large-messages-directory>",
        "    <journal-file-size>10M</journal-file-size>",
        "    <journal-min-files>2</journal-min-files>",
        // A nearly full disk must not block producers of a benchmark run on a shared machine.
        "    <max-disk-usage>100</max-disk-usage>",
        "    <jmx-management-enabled>false</jmx-management-enabled>",
        "    <security-enabled>true</security-enabled>",
        // Exactly one acceptor: the default set would also open 5672, 1883 and 61613.
        "    <acceptors>",
        "      <acceptor name=\"core\">tcp://127.0.0.1:" + port + "?protocols=CORE</acceptor>",
        "    </acceptors>",
        "    <security-settings>",
        "      <security-setting match=\"#\">",
        permissions.toString().stripTrailing(),
        "      </security-setting>",
        "    </security-settings>",
        "    <address-settings>",
        "      <address-setting match=\"#\">",
        // Redelivered messages are never dropped nor moved (no dead-letter address): no loss.
        "        <max-delivery-attempts>-1</max-delivery-attempts>",
        "        <redelivery-delay>0</redelivery-delay>",
        "        <address-full-policy>PAGE</address-full-policy>",
        "        <auto-create-queues>true</auto-create-queues>",
        "        <auto-create-addresses>true</auto-create-addresses>",
        "        <auto-delete-queues>false</auto-delete-queues>",
        "        <auto-delete-addresses>false</auto-delete-addresses>",
        "      </address-setting>",
        "    </address-settings>",
        "  </core>",
        "</configuration>",
        "");
  }

  /**
   * @return the broker URL, {@code tcp://127.0.0.1:port}
   */
  public String url() {
    return "tcp://" + Loopback.HOST + ":" + port;
  }

  /**
   * @return the broker's process, to freeze or thaw it in tests
   */
  public synchronized BrokerProcess process() {
    return process;
  }

  /**
   * @return the temporary directory holding the journal, configuration and log
   */
  public Path directory() {
    return scratch.path();
  }

  /**
   * Kills the broker (SIGKILL, as a crash would) and starts it again on the same port with the same
   * journal.
   *
   * @param timeout how long to wait for it to answer again
   * @throws InterruptedException if interrupted while waiting
   */
  public synchronized void crashAndRestart(Duration timeout) throws InterruptedException {
    process.kill();
    process.close();
    launch(timeout);
  }

  /** Stops the broker (gracefully, then forcibly after a grace period) and deletes its data. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (process != null) {
      process.close();
    }
    scratch.close();
  }
}
