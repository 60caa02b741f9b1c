package io.mqbench.artemis.broker;

import io.mqbench.broker.LaunchFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

/**
 * The main class of a local Artemis broker's process. Started by mq-broker-kit's {@code
 * JavaLocalBroker} under its {@code StdinWatchdog}, on the classpath of this module's jars (never
 * the runner's), with the template's launch file as its one argument: it writes a {@code
 * broker.xml} into the node's directory and starts {@code EmbeddedActiveMQ} from it, with one user
 * (read from the launch file, so that the password is not on the command line) in a role allowed
 * everything.
 *
 * <p>Exactly one acceptor (core protocol only) on the node's port, security on, and a persistent
 * NIO journal with {@code journal-datasync} on: every commit and every durable send is on disk
 * (fsync) before the broker confirms it. (AIO needs libaio, which a fresh machine may lack.)
 * Redelivered messages are never dropped nor moved to a dead-letter address.
 *
 * <p>Started as two nodes, the pair of {@code docker/artemis.yml} ({@link ArtemisPairXml}): node 1
 * the primary, node 2 its backup, replicating over a cluster connection of static connectors.
 */
public final class ArtemisBrokerMain {
  private static EmbeddedActiveMQ broker;

  private ArtemisBrokerMain() {}

  /**
   * @param args the launch file ({@code host}, {@code ports}, {@code directory}, {@code user},
   *     {@code password})
   * @throws Exception if the launch file cannot be read or the broker did not start
   */
  public static void main(String[] args) throws Exception {
    LaunchFile launch = LaunchFile.read(args);
    Path dir = launch.directory();
    Path xml = dir.resolve("broker.xml");
    String ha = "";
    if (launch.nodes() > 1) {
      ha = ArtemisPairXml.of(launch);
      // The pair's roles and replication (AMQ221024 "synchronized with primary", AMQ221007 "now
      // active") are logged at INFO: in the node's log, for readiness failures and post-mortems.
      System.setProperty(
          "org.slf4j.simpleLogger.log.org.apache.activemq.artemis.core.server", "info");
      System.setProperty("org.slf4j.simpleLogger.showDateTime", "true");
      System.setProperty("org.slf4j.simpleLogger.dateTimeFormat", "HH:mm:ss.SSS");
    }
    Files.writeString(
        xml, brokerXml(launch.host(), launch.port(), dir, ha), StandardCharsets.UTF_8);
    String user = launch.get("user");
    SecurityConfiguration users =
        new SecurityConfiguration(
            Map.of(user, launch.get("password")), Map.of(user, List.of("mqbench")));
    EmbeddedActiveMQ b = new EmbeddedActiveMQ();
    b.setConfigResourcePath(xml.toUri().toString());
    b.setSecurityManager(new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users));
    b.start();
    broker = b;
    // A graceful stop (the watchdog's System.exit) closes the journal cleanly.
    Runtime.getRuntime().addShutdownHook(new Thread(ArtemisBrokerMain::stop, "stop-artemis"));
    System.out.println("mqbench: Artemis broker started");
    new CountDownLatch(1).await();
  }

  private static void stop() {
    try {
      broker.stop();
    } catch (Exception e) {
      System.err.println("stopping the broker failed: " + e);
    }
  }

  static String brokerXml(String host, int port, Path dir) {
    return brokerXml(host, port, dir, "");
  }

  /**
   * @param ha the pair's elements (connectors, HA policy, cluster connection), or empty
   */
  static String brokerXml(String host, int port, Path dir, String ha) {
    String data = dir.resolve("data").toString().replace('\\', '/');
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
        "      <acceptor name=\"core\">tcp://" + host + ":" + port + "?protocols=CORE</acceptor>",
        "    </acceptors>",
        ha,
        securitySettings(),
        addressSettings(),
        "  </core>",
        "</configuration>",
        "");
  }

  /** Every permission, on every address, to the one role the launch file's user has. */
  private static String securitySettings() {
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
        "    <security-settings>",
        "      <security-setting match=\"#\">",
        permissions.toString().stripTrailing(),
        "      </security-setting>",
        "    </security-settings>");
  }

  private static String addressSettings() {
    return String.join(
        "\n",
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
        "    </address-settings>");
  }
}
