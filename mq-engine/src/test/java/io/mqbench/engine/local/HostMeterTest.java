package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.HostLoad;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** What the harness reads of the host: its busy CPUs, and how long the run's processes waited. */
class HostMeterTest {
  private static final boolean LINUX = Files.isReadable(Path.of("/proc/stat"));

  @Test
  void aRunWhoseThreadsCompeteWithOtherProcessesForEveryCpuIsStarved() throws Exception {
    if (!LINUX) {
      assertThat(HostMeter.readOnce(0).known()).as("no /proc: unknown").isFalse();
      return;
    }
    int cpus = Runtime.getRuntime().availableProcessors();
    // Other work: three busy processes per CPU, started in the background of a shell that exits,
    // so that they are re-parented and not this JVM's descendants.
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> ours = new ArrayList<>();
    Path pids = Files.createTempFile("burners", ".pids");
    try {
      new ProcessBuilder(
              "sh",
              "-c",
              "for i in $(seq "
                  + 3 * cpus
                  + "); do (timeout 20 sh -c 'while :; do :; done' &"
                  + " echo $! >> "
                  + pids
                  + ") ; done")
          .start()
          .waitFor();
      for (int i = 0; i < cpus; i++) {
        Thread t = new Thread(() -> HarnessMeterTest.spinUntil(stop));
        t.setDaemon(true);
        t.start();
        ours.add(t);
      }
      Thread.sleep(300);
      HostLoad before = HostMeter.readOnce(System.nanoTime());
      Thread.sleep(1_500);
      HostLoad during = HostMeter.readOnce(System.nanoTime()).since(before);

      assertThat(during.known()).isTrue();
      assertThat(during.cpus()).isEqualTo(cpus);
      // Our busy threads got about a quarter of their time: they waited the rest.
      assertThat(during.runWaitShare()).as("run's wait share").isGreaterThan(0.6);
      assertThat(during.otherWorkShare()).as("other work's share of the host").isGreaterThan(0.4);
      assertThat(during.starved()).isTrue();
    } finally {
      stop.set(true);
      for (Thread t : ours) {
        t.join();
      }
      // SIGTERM, which timeout passes on to the loop it runs (SIGKILL would orphan the loop).
      for (String pid : Files.readAllLines(pids)) {
        ProcessHandle.of(Long.parseLong(pid.trim())).ifPresent(ProcessHandle::destroy);
      }
      Files.delete(pids);
    }
  }

  @Test
  void aProcessOfTheRunThatEndsBeforeTheLastReadingStillCountsAsTheRunsUpToItsLastSample()
      throws Exception {
    if (!LINUX) {
      return;
    }
    // A busy child that ends by itself, as a broker's process per connection ends when the run
    // closes its connection: on a quiet host, what it used is the run's, not other work.
    HostMeter meter = new HostMeter(Set.of());
    Process child =
        new ProcessBuilder("sh", "-c", "timeout 1.5 sh -c 'while :; do :; done'").start();
    try {
      HostLoad before = meter.read(System.nanoTime());
      Thread.sleep(1_200);
      meter.sample();
      assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
      HostLoad during = meter.read(System.nanoTime()).since(before);

      assertThat(during.known()).isTrue();
      assertThat(during.runCpuNanos())
          .as("the ended child's CPU up to its last sample, ns")
          .isGreaterThan(800_000_000L);
    } finally {
      child.descendants().forEach(ProcessHandle::destroyForcibly);
      child.destroyForcibly();
    }
  }

  @Test
  void aProcessThisRunStartedCountsAsTheRunsNotAsOtherWork() throws Exception {
    if (!LINUX) {
      return;
    }
    // A busy child, like a local broker: its CPU is the run's.
    Process child =
        new ProcessBuilder("sh", "-c", "timeout 10 sh -c 'while :; do :; done'").start();
    try {
      Thread.sleep(200);
      HostLoad before = HostMeter.readOnce(System.nanoTime());
      Thread.sleep(1_000);
      HostLoad during = HostMeter.readOnce(System.nanoTime()).since(before);

      assertThat(during.runCpuNanos()).as("the child's CPU, ns").isGreaterThan(300_000_000L);
    } finally {
      child.descendants().forEach(ProcessHandle::destroyForcibly);
      child.destroyForcibly();
    }
  }
}
