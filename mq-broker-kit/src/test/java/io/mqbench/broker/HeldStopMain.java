package io.mqbench.broker;

import io.mqbench.mq.LocalBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A harness that shuts its JVM down while it holds its local broker's stop, as the runner's JVM
 * does on a hang-up mid-run: when told of the shutdown, its "run" writes its results one second
 * later and then, if {@code release}, releases the hold.
 *
 * <p>Arguments: a directory for the distribution, the broker's stop record, the results file,
 * {@code release} or {@code keep}, the hold's longest wait in seconds, and optionally {@code
 * namespaces}: the broker's node then runs in a network namespace of its own, and the harness also
 * prints the bridge's name.
 */
public final class HeldStopMain {
  private HeldStopMain() {}

  /**
   * @param args see the class comment
   * @throws Exception if the broker does not start
   */
  public static void main(String[] args) throws Exception {
    Path results = Path.of(args[2]);
    boolean release = args[3].equals("release");
    JavaLocalBroker made =
        new JavaLocalBroker(
            TinyBroker.descriptor(LocalBrokerDescriptor.Readiness.PORTS),
            1,
            TinyBroker.distribution(Path.of(args[0])));
    boolean namespaces = args.length > 5 && args[5].equals("namespaces");
    JavaLocalBroker broker = namespaces ? made.inNetworkNamespaces() : made;
    AtomicReference<LocalBroker.Hold> hold = new AtomicReference<>();
    Runnable stopTheRun =
        () ->
            new Thread(
                    () -> {
                      try {
                        Thread.sleep(1_000);
                        Files.writeString(results, "written");
                      } catch (Exception e) {
                        System.err.println("the run could not end: " + e);
                      }
                      if (release) {
                        hold.get().close();
                      }
                    },
                    "the-run")
                .start();
    hold.set(broker.holdStop(stopTheRun, Duration.ofSeconds(Long.parseLong(args[4]))));
    broker.start(
        TinyBroker.config(Map.of("tiny.record", args[1], "tiny.results", results.toString())));
    System.out.println("pid " + broker.process().pid());
    if (namespaces) {
      System.out.println("bridge " + broker.network().orElseThrow().bridge() + " ");
    }
    System.out.flush();
    System.exit(0);
  }
}
