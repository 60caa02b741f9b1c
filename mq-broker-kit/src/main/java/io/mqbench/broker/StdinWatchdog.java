package io.mqbench.broker;

import java.io.File;
import java.io.IOException;

/**
 * The main class a Java broker's process starts with: {@code java -cp ... StdinWatchdog <main>
 * <args...>}. It runs {@code <main>} and exits the JVM when its standard input closes: the parent
 * holds the other end of that pipe, so the broker never outlives the harness, even when the harness
 * is killed.
 *
 * <p>Copied alone next to a broker's jars (see {@link JavaBroker}), so it uses only the JDK and has
 * no nested or anonymous classes.
 */
public final class StdinWatchdog {
  /** The system property naming the directory to remove once the broker is gone. */
  public static final String DATA_PROPERTY = "mqbench.brokerData";

  private StdinWatchdog() {}

  /**
   * @param args the broker's main class, then its arguments
   * @throws Exception whatever the broker's main throws
   */
  public static void main(String[] args) throws Exception {
    if (args.length < 1) {
      System.err.println("usage: StdinWatchdog <main class> [args...]");
      System.exit(2);
    }
    Thread watchdog = new Thread(StdinWatchdog::exitWhenParentGoes, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    String[] rest = new String[args.length - 1];
    System.arraycopy(args, 1, rest, 0, rest.length);
    Class.forName(args[0]).getMethod("main", String[].class).invoke(null, (Object) rest);
  }

  private static void exitWhenParentGoes() {
    try {
      while (System.in.read() != -1) {
        // The parent never writes; a byte is ignored, only the end of the stream counts.
      }
    } catch (IOException e) {
      // A broken pipe means the same as an end of stream: the parent is gone.
    }
    removeDataOnceGone();
    // A graceful stop runs the broker's shutdown hooks; if they hang (a cluster member waiting for
    // peers that are already gone), halt after a grace period so that no broker is left behind.
    Thread halt = new Thread(StdinWatchdog::haltAfterGrace, "halt-after-grace");
    halt.setDaemon(true);
    halt.start();
    System.exit(0);
  }

  /**
   * A harness killed with SIGKILL cannot delete its broker's directory (gigabytes for a Kafka run):
   * a small shell process does, once this JVM is gone, so that the data goes with the broker and
   * not only at a later broker's start. After a clean stop the harness has deleted it already.
   */
  private static void removeDataOnceGone() {
    String dir = System.getProperty(DATA_PROPERTY);
    if (dir == null || dir.isBlank()) {
      return;
    }
    try {
      new ProcessBuilder(
              "sh",
              "-c",
              "while kill -0 \"$1\" 2>/dev/null; do sleep 0.2; done; rm -rf -- \"$2\"",
              "mqbench-broker-reaper",
              String.valueOf(ProcessHandle.current().pid()),
              dir)
          .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .redirectError(ProcessBuilder.Redirect.DISCARD)
          .start();
    } catch (IOException e) {
      // No shell: the next local broker's start removes the directory (ScratchDirectory).
    }
  }

  private static void haltAfterGrace() {
    try {
      Thread.sleep(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Runtime.getRuntime().halt(1);
  }
}
