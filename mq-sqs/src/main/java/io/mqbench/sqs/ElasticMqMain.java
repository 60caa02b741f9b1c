package io.mqbench.sqs;

/**
 * The main class of the local ElasticMQ process, started by {@link LocalElasticMq} under mq-core's
 * {@code StdinWatchdog} on the server's own classpath (mq-sqs-server's jars, plus this one class):
 * points Typesafe Config at the configuration file {@link LocalElasticMq} wrote (bind address,
 * port, queues) and runs ElasticMQ's own {@code org.elasticmq.server.Main}.
 *
 * <p>Uses only the JDK and reflection (it is copied alone, without the rest of mq-sqs, next to the
 * server's jars); keep it free of nested and anonymous classes for the same reason.
 */
public final class ElasticMqMain {
  private ElasticMqMain() {}

  /**
   * @param args the configuration file
   * @throws Exception if the server's classes are missing or it cannot start
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: ElasticMqMain <elasticmq.conf>");
    }
    // Read by ConfigFactory.load() in ElasticMQ's Main; set before anything loads a configuration.
    System.setProperty("config.file", args[0]);
    Class.forName("org.elasticmq.server.Main")
        .getMethod("main", String[].class)
        .invoke(null, (Object) new String[0]);
    // ElasticMQ's own threads serve; the watchdog ends the process when the parent goes.
  }
}
