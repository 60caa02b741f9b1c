package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.HostLoad;
import io.mqbench.engine.measure.Latencies;
import io.mqbench.engine.measure.ProcessUsage;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * What the harness used, from a cell report: the process's CPU split by role, per message, and the
 * busiest thread's share of a core, which also judges a rate run.
 */
class HarnessUseTest {
  private static final long SECOND = 1_000_000_000L;

  /** 10 s of sending 50,000 messages; threads' CPU as given; a process of 4 CPU-seconds. */
  private static CellMeasurements report(long senderCpu, long receiverCpu) {
    return CellMeasurements.empty()
        .with(
            m ->
                m.senders(List.of(new SenderStats(0, 50_000, 50_000, 10 * SECOND, senderCpu)))
                    .receivers(List.of(new ReceiverStats(50_000, 0, 1, 10 * SECOND, receiverCpu)))
                    .processUsage(
                        new ProcessUsage(
                            4 * SECOND,
                            3 * SECOND,
                            SECOND,
                            120,
                            6,
                            300L * 1024 * 1024,
                            10 * SECOND,
                            1,
                            HostLoad.NONE)));
  }

  @Test
  void theProcessCpuIsSplitIntoSendersReceiversAndTheRestAndPerMessage() {
    HarnessUse h = HarnessUse.of(report(SECOND, SECOND / 2), 10, 10);

    assertThat(h.cpuSeconds()).isEqualTo(4.0);
    assertThat(h.userSeconds()).isEqualTo(3.0);
    assertThat(h.systemSeconds()).isEqualTo(1.0);
    assertThat(h.senderCpuSeconds() + h.receiverCpuSeconds() + h.otherCpuSeconds())
        .isCloseTo(h.cpuSeconds(), within(1e-9));
    assertThat(h.otherCpuSeconds()).isEqualTo(2.5);
    assertThat(h.cpuMicrosPerMessage()).isEqualTo(80.0); // 4 s over 50,000 messages
    assertThat(h.senderCpuMicrosPerMessage()).isEqualTo(20.0);
    assertThat(h.receiverCpuMicrosPerMessage()).isEqualTo(10.0);
    assertThat(h.busiestSenderShare()).isEqualTo(0.1);
    assertThat(h.gcSeconds()).isEqualTo(0.12);
    assertThat(h.gcCount()).isEqualTo(6);
    assertThat(h.residentPeakMb()).isEqualTo(300.0);
    assertThat(h.describe())
        .contains("CPU 4.00 s (user 3.00, system 1.00) = 80.0 µs/msg")
        .contains("busiest sender thread 10 % of a core");
  }

  @Test
  void aReportWithoutProcessUsageHasNoHarnessFigures() {
    assertThat(HarnessUse.of(CellMeasurements.empty(), 10, 10)).isNull();
  }

  @Test
  void workersUsagesAddUp() {
    CellMeasurements two = report(SECOND, SECOND).plus(report(SECOND, SECOND));

    HarnessUse h = HarnessUse.of(two, 10, 10);

    assertThat(h.processes()).isEqualTo(2);
    assertThat(h.cpuSeconds()).isEqualTo(8.0);
    assertThat(h.residentPeakMb()).isEqualTo(600.0);
    assertThat(h.cpuMicrosPerMessage()).isEqualTo(80.0);
  }

  @Test
  void aRateRunWhoseSenderThreadWasBusyNearAWholeCoreIsHarnessLimitedThoughPunctual() {
    Histogram punctual = Latencies.newHistogram();
    punctual.recordValueWithCount(50, 50_000); // every send 50 µs late: no stall
    HarnessUse busy = HarnessUse.of(report(95 * SECOND / 10, SECOND), 10, 10);
    HarnessUse idle = HarnessUse.of(report(SECOND, SECOND), 10, 10);

    RateAchieved saturated =
        RateAchieved.assess(5_000, 5_000, 50_000, 50_000, 1, 10e6, punctual, busy);
    RateAchieved kept = RateAchieved.assess(5_000, 5_000, 50_000, 50_000, 1, 10e6, punctual, idle);

    assertThat(busy.threadsSaturated()).isTrue();
    assertThat(saturated.harnessLimited()).isTrue();
    assertThat(saturated.assessment())
        .startsWith("HARNESS-LIMITED: a sender or receiver thread was busy near a whole core")
        .contains("busiest sender thread 95 % of a core");
    assertThat(kept.harnessLimited()).isFalse();
    assertThat(kept.assessment()).startsWith("schedule kept");
  }

  /** As {@link #report}, the sender and receiver threads having waited as given for a CPU. */
  private static CellMeasurements waited(Long senderWait, Long receiverWait) {
    return report(SECOND, SECOND)
        .with(
            m ->
                m.senders(
                        List.of(
                            new SenderStats(
                                0, 50_000, 50_000, 10 * SECOND, SECOND, 0, 0, 0, senderWait)))
                    .receivers(
                        List.of(
                            new ReceiverStats(
                                50_000, 0, 1, 10 * SECOND, SECOND, 0, 0, receiverWait))));
  }

  @Test
  void howLongTheSendersAndReceiversWaitedForACpuIsAddedUpAndSaid() {
    CellMeasurements two = waited(2 * SECOND, SECOND / 2).plus(waited(SECOND / 4, SECOND / 4));

    HarnessUse h = HarnessUse.of(two, 10, 10);

    assertThat(h.senderCpuWaitSeconds()).isEqualTo(2.25);
    assertThat(h.receiverCpuWaitSeconds()).isEqualTo(0.75);
    assertThat(h.describe()).contains("; waited for a CPU: senders 2.25 s, receivers 0.75 s;");
  }

  @Test
  void aWaitNotMeasuredOnEveryThreadIsNotAddedUp() {
    // One worker could not tell (not Linux): a sum of the others would read as the whole.
    HarnessUse h = HarnessUse.of(waited(SECOND, SECOND).plus(waited(null, null)), 10, 10);

    assertThat(h.senderCpuWaitSeconds()).isNull();
    assertThat(h.receiverCpuWaitSeconds()).isNull();
    assertThat(h.describe()).doesNotContain("waited for a CPU");
  }

  @Test
  void stallsOfASenderThatWaitedForACpuAreBlamedOnTheCoresNotOnTooManySenders() {
    // Seen on main: one sender at 3 % of a core, Kafka at 5,000 msgs/s on 2 cores, the JVM still
    // compiling: 1.13 % of the run stalled, and the advice was "use fewer senders".
    Histogram lag = Latencies.newHistogram();
    lag.recordValueWithCount(80, 50_000);
    lag.recordValueWithCount(5_000, 30); // 150 ms of 10 s: 1.5 %
    HarnessUse starved = HarnessUse.of(waited(SECOND, SECOND), 10, 10); // waited 1 s: 10 %
    HarnessUse notStarved = HarnessUse.of(waited(SECOND / 20, SECOND), 10, 10); // 50 ms

    RateAchieved onStarved =
        RateAchieved.assess(5_000, 5_000, 50_000, 50_000, 1, 10e6, lag, starved);
    RateAchieved onSlow =
        RateAchieved.assess(5_000, 5_000, 50_000, 50_000, 1, 10e6, lag, notStarved);

    assertThat(onStarved.harnessLimited()).isTrue();
    assertThat(onStarved.assessment())
        .startsWith("HARNESS-LIMITED: the harness stalled")
        .contains("the sender threads waited 1.00 s for a CPU (10.0 % of the sending time)")
        .contains("late for want of a core")
        .contains("partly the machine's, not the backend's alone")
        .contains("a longer --warmup")
        .doesNotContain("fewer senders");
    assertThat(onSlow.harnessLimited()).isTrue();
    assertThat(onSlow.assessment())
        .contains("the sender threads waited 0.05 s for a CPU (0.5 % of the sending time)")
        .endsWith("use fewer senders or a bigger machine");
  }
}
