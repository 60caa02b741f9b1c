package io.mqbench.sqs.broker;

import io.mqbench.broker.LaunchFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.elasticmq.server.Main;

/**
 * The main class of the local SQS stand-in's process: ElasticMQ, in memory. Started by
 * mq-broker-kit's {@code JavaLocalBroker} under its {@code StdinWatchdog}, on the classpath of this
 * module's jars (never the runner's), with the template's launch file as its one argument: it
 * writes an {@code elasticmq.conf} into the node's directory (loopback only, where ElasticMQ's
 * default binds every interface; this port; the queue URLs it hands out naming the same address;
 * strict SQS limits; the queue created at start), points Typesafe Config at it and runs ElasticMQ's
 * own {@code org.elasticmq.server.Main}.
 *
 * <p>It speaks SQS's protocol, so the backend's code runs unchanged, but it is not SQS: one
 * process, nothing on disk, no replication, and its speed and its cost say nothing about SQS's.
 */
public final class ElasticMqMain {
  private ElasticMqMain() {}

  /**
   * @param args the launch file ({@code host}, {@code ports}, {@code directory}, {@code queue},
   *     {@code visibilitySeconds})
   * @throws Exception if the launch file cannot be read or the server cannot start
   */
  public static void main(String[] args) throws Exception {
    LaunchFile launch = LaunchFile.read(args);
    Path conf = launch.directory().resolve("elasticmq.conf");
    Files.writeString(conf, config(launch), StandardCharsets.UTF_8);
    // Read by ConfigFactory.load() in ElasticMQ's Main; set before anything loads a configuration.
    System.setProperty("config.file", conf.toString());
    Main.main(new String[0]);
    // ElasticMQ's own threads serve; the watchdog ends the process when the parent goes.
  }

  static String config(LaunchFile launch) {
    String host = launch.host();
    int port = launch.port();
    StringBuilder b = new StringBuilder();
    b.append("include classpath(\"application.conf\")\n");
    b.append("node-address {\n  protocol = http\n  host = \"")
        .append(host)
        .append("\"\n  port = ")
        .append(port)
        .append("\n  context-path = \"\"\n}\n");
    b.append("rest-sqs {\n  enabled = true\n  bind-port = ")
        .append(port)
        .append("\n  bind-hostname = \"")
        .append(host)
        .append("\"\n  sqs-limits = strict\n}\n");
    b.append("rest-stats {\n  enabled = false\n}\n");
    b.append("queues {\n");
    String queue = launch.get("queue", "");
    if (!queue.isEmpty()) {
      b.append("  \"")
          .append(queue)
          .append("\" {\n    defaultVisibilityTimeout = ")
          .append(launch.get("visibilitySeconds"))
          .append(" seconds\n  }\n");
    }
    b.append("}\n");
    return b.toString();
  }
}
