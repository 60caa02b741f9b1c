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
 * {@code release} or {@code keep}, and the hold's longest wait in seconds.
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
    JavaLocalBroker broker =
        new JavaLocalBroker(
            TinyBroker.descriptor(LocalBrokerDescriptor.Readiness.PORTS),
            1,
            TinyBroker.distribution(Path.of(args[0])));
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
    System.out.flush();
    System.exit(0);
  }
}
