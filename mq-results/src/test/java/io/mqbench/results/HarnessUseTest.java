package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.mqbench.engine.measure.CellMeasurements;
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
                            1)));
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
}
