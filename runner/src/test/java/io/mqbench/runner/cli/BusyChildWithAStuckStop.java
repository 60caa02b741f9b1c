package io.mqbench.runner.cli;

import io.mqbench.runner.cli.process.ChildJvm;
import io.mqbench.runner.cli.process.ParentWatch;

/**
 * A load's JVM whose stop never ends, for {@link ParentDeathTest}: every core kept busy by threads
 * that spin and allocate, the parent ({@code -Dmqbench.parent}) watched as {@link Main} watches it,
 * and a stop that does nothing, so only the halt after the grace can end it.
 */
final class BusyChildWithAStuckStop {
  private BusyChildWithAStuckStop() {}

  public static void main(String[] args) throws InterruptedException {
    long parent = Long.parseLong(System.getProperty(ChildJvm.PARENT_PROPERTY));
    ParentWatch.start(parent, () -> {}, ParentWatch.GRACE, System.err);
    int threads = 4 * Runtime.getRuntime().availableProcessors();
    for (int i = 0; i < threads; i++) {
      Thread busy =
          new Thread(
              () -> {
                long sum = 0;
                while (true) {
                  byte[] garbage = new byte[1024];
                  sum += garbage.length;
                  if (sum == 42) {
                    System.out.println(sum); // never: keeps the loop from being optimised away
                  }
                }
              },
              "busy-" + i);
      busy.start(); // not a daemon: the JVM does not end when main does
    }
    System.err.println("busy with " + threads + " threads");
    Thread.sleep(Long.MAX_VALUE);
  }
}
