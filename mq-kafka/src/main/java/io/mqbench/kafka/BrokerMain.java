package io.mqbench.kafka;

import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;

/**
 * The main class of a local Kafka broker process, started by {@link LocalKafka} under mq-core's
 * {@code StdinWatchdog} on the broker's own classpath (mq-kafka-broker's jars, plus this one
 * class). It formats the storage directory, then runs {@code kafka.Kafka}.
 *
 * <p>Uses only the JDK and reflection (it is copied alone, without the rest of mq-kafka, next to
 * the broker's jars); keep it free of nested and anonymous classes for the same reason.
 */
public final class BrokerMain {
  private BrokerMain() {}

  /**
   * @param args the server.properties path and the cluster id to format the storage with
   * @throws Exception if the broker's classes are missing or formatting failed
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: BrokerMain <server.properties> <cluster-id>");
      System.exit(2);
    }
    PrintStream out = System.out;
    int formatted =
        (Integer)
            Class.forName("kafka.tools.StorageTool")
                .getMethod("execute", String[].class, PrintStream.class)
                .invoke(
                    null,
                    new String[] {"format", "--cluster-id=" + args[1], "--config=" + args[0]},
                    out);
    if (formatted != 0) {
      System.err.println("formatting the storage failed with status " + formatted);
      System.exit(3);
    }
    try {
      Class.forName("kafka.Kafka")
          .getMethod("main", String[].class)
          .invoke(null, (Object) new String[] {args[0]});
    } catch (InvocationTargetException e) {
      e.getCause().printStackTrace();
      System.exit(4);
    }
  }
}
