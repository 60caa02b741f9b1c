package io.mqbench.kafka;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.InvocationTargetException;

/**
 * The main class of a local broker process, started by {@link LocalKafka} on the broker's own
 * classpath (kafka_2.13 and its jars, plus this one class). It formats the storage directory, then
 * runs {@code kafka.Kafka}, and exits when its standard input closes: the parent holds the other
 * end of that pipe, so the broker never outlives the harness, even when the harness is killed.
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
    Thread watchdog = new Thread(BrokerMain::exitWhenParentGoes, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();

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
          .invoke(null, (Object) args0(args));
    } catch (InvocationTargetException e) {
      e.getCause().printStackTrace();
      System.exit(4);
    }
  }

  private static String[] args0(String[] args) {
    return new String[] {args[0]};
  }

  private static void exitWhenParentGoes() {
    try {
      while (System.in.read() != -1) {
        // The parent never writes; a byte is ignored, only the end of the stream counts.
      }
    } catch (IOException e) {
      // A broken pipe means the same as an end of stream: the parent is gone.
    }
    // A graceful stop runs Kafka's shutdown hook; if that hangs (a cluster member waiting for peers
    // that are already gone), halt after a grace period so no broker is left behind.
    Thread halt =
        new Thread(
            () -> {
              try {
                Thread.sleep(10_000);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              Runtime.getRuntime().halt(1);
            },
            "halt-after-grace");
    halt.setDaemon(true);
    halt.start();
    System.exit(0);
  }
}
