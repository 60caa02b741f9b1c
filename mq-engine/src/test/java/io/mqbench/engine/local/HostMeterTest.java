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
import org.junit.jupiter.api.io.TempDir;

/** What the harness reads of the host: its busy CPUs, and how long the run's processes waited. */
class HostMeterTest {
  @TempDir Path tmp;

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
    // A child that does a fixed amount of work, then idles until it ends by itself, as a broker's
    // process per connection ends when the run closes its connection: what it used is the run's,
    // not other work, also once it has ended. A fixed amount of work, not of time, so that a busy
    // host changes how long it takes, not what it used.
    HostMeter meter = new HostMeter(Set.of());
    Path worked = tmp.resolve("worked");
    Process child =
        new ProcessBuilder(
                "sh",
                "-c",
                "i=0; while [ $i -lt 300000 ]; do i=$((i+1)); done; touch " + worked + "; sleep 1")
            .start();
    try {
      HostLoad before = meter.read(System.nanoTime());
      long jvmBefore = jvmCpuNanos();
      while (!Files.exists(worked)) {
        Thread.sleep(20);
      }
      long childUsed = cpuNanos(child.pid());
      meter.sample();
      assertThat(child.waitFor(10, TimeUnit.SECONDS)).isTrue();
      HostLoad during = meter.read(System.nanoTime()).since(before);
      long jvmUsed = jvmCpuNanos() - jvmBefore;

      assertThat(childUsed).as("the child's work, ns").isGreaterThan(50_000_000L);
      assertThat(during.known()).isTrue();
      assertThat(during.runCpuNanos() - jvmUsed)
          .as("the run's CPU beside this JVM's: the ended child's, ns")
          .isGreaterThanOrEqualTo((long) (0.9 * childUsed));
    } finally {
      child.destroyForcibly();
    }
  }

  /** utime and stime of a live process, ns. */
  private static long cpuNanos(long pid) throws Exception {
    String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
    return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * 10_000_000L;
  }

  private static long jvmCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean)
            java.lang.management.ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
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
