package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What the harness reads of its own threads: their CPU, and how long they waited for one. */
class HarnessMeterTest {
  private static final boolean LINUX_TELLS_WAITS =
      Files.isReadable(Path.of("/proc/thread-self/schedstat"));

  @Test
  void aThreadReadyToRunWhileOthersHoldEveryCoreIsMeasuredWaitingForACpu() throws Exception {
    if (!LINUX_TELLS_WAITS) {
      assertThat(HarnessMeter.currentThreadCpuWaitNanos())
          .as("no schedstat: unknown")
          .isEqualTo(-1);
      return;
    }
    // Twice as many busy threads as cores, and this one busy too: each gets well under a core.
    int cores = Runtime.getRuntime().availableProcessors();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> spinners = new ArrayList<>();
    for (int i = 0; i < 2 * cores; i++) {
      Thread t = new Thread(() -> spinUntil(stop));
      t.setDaemon(true);
      t.start();
      spinners.add(t);
    }
    HarnessMeter.ThreadCpu own = new HarnessMeter.ThreadCpu(Thread.currentThread().getId());
    long wall;
    try {
      long from = System.nanoTime();
      own.started();
      long until = System.nanoTime() + 600_000_000L;
      long x = 0;
      while (System.nanoTime() < until) {
        x += System.nanoTime() & 1;
      }
      assertThat(own.waitedNanos()).as("read by the thread itself only once it ended").isNull();
      own.ended();
      wall = System.nanoTime() - from;
      assertThat(x).isNotNegative();
    } finally {
      stop.set(true);
      for (Thread t : spinners) {
        t.join();
      }
    }

    // Over 600 ms among 2 x cores + 1 busy threads, it waited about half the time.
    assertThat(own.waitedNanos()).as("waited for a CPU, ns").isGreaterThan(100_000_000L);
    assertThat(own.usedNanos()).as("and still ran, ns").isPositive();
    // Never asleep, it was always either running or waiting: the two make up its wall time.
    assertThat((double) own.usedNanos() + own.waitedNanos())
        .as("running and waiting, ns, against the %,d ns between the readings", wall)
        .isCloseTo(wall, within(0.1 * wall));
  }

  static void spinUntil(AtomicBoolean stop) {
    long x = 0;
    while (!stop.get()) {
      x += System.nanoTime() & 1;
    }
    if (x == -1) {
      System.out.println(x); // keeps the loop from being optimised away
    }
  }
}
