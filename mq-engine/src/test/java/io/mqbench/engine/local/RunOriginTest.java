package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A sending cell and a receiving cell, as on two workers: moving one cell's run origin (its clock
 * measured anew) moves what its receivers read latencies against, or what its senders stamp
 * envelopes against, and nothing else.
 */
class RunOriginTest {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  private static final RunSettings HALF_A_SECOND_AT_200 =
      TestSettings.rate(200, Duration.ofMillis(500));

  private final Mq shared = memory();
  private final LocalCell sending = new LocalCell(s -> new LocalCell.Opened(unclosable(), "s"));
  private final LocalCell receiving = new LocalCell(s -> new LocalCell.Opened(unclosable(), "r"));

  @AfterEach
  void close() {
    sending.close();
    receiving.close();
    shared.close();
  }

  private static Mq memory() {
    MemoryMqProvider p = new MemoryMqProvider();
    return p.open(p.configure(Map.of()));
  }

  /** Both cells use the shared queue; closing a cell leaves it open. */
  private Mq unclosable() {
    return new Mq() {
      @Override
      public MqSender createSender() {
        return shared.createSender();
      }

      @Override
      public MqReceiver createReceiver() {
        return shared.createReceiver();
      }

      @Override
      public void close() {}
    };
  }

  /** What the run did, each cell's report. */
  private record Reports(CellMeasurements sent, CellMeasurements received) {}

  /** A mover of one cell's origin, told the run's start. */
  private interface Move {
    void at(long startNanos);
  }

  /**
   * Starts both cells a second from now, lets the test move an origin before the first send (a
   * second leaves room for a busy host), runs until everything sent was received, and reports.
   */
  private Reports run(Move move) throws InterruptedException {
    sending.prepare(new CellSpec("memory", Map.of(), HALF_A_SECOND_AT_200, 3, 1, 0, 1, 0, "", 0));
    receiving.prepare(new CellSpec("memory", Map.of(), HALF_A_SECOND_AT_200, 3, 1, 0, 0, 1, "", 0));
    long start = System.nanoTime() + TimeUnit.SECONDS.toNanos(1);
    sending.startSenders(start);
    receiving.startSenders(start);
    sending.startReceivers(start);
    receiving.startReceivers(start);
    move.at(start);
    while (sending.poll().sendersRunning() > 0) {
      Thread.sleep(10);
    }
    while (receiving.poll().received() < sending.poll().sent()) {
      Thread.sleep(10);
    }
    sending.stopReceivers();
    receiving.stopReceivers();
    return new Reports(
        sending.finish(Duration.ofSeconds(5)), receiving.finish(Duration.ofSeconds(5)));
  }

  /** The smallest value recorded, to the top of its bucket (the histogram keeps 3 digits). */
  private static long minimum(Histogram h) {
    return h.highestEquivalentValue(h.getMinValue());
  }

  @Test
  @Timeout(30)
  void aReceivingCellReadsLatenciesAgainstItsMovedOrigin() throws Exception {
    // The receiving cell's clock was found 1 s behind where it was thought to be: the run started
    // 1 s earlier on it, and every message is 1 s older than the first translation said.
    Reports r = run(start -> receiving.moveRunOrigin(start - SECOND));

    Histogram e2e = r.received().endToEndMicros().decode();
    assertThat(e2e.getTotalCount()).isEqualTo(r.sent().senders().get(0).sent()).isPositive();
    assertThat(minimum(e2e)).as("min e2e, us").isGreaterThanOrEqualTo(1_000_000);
    assertThat(e2e.getMaxValue()).as("max e2e, us").isLessThan(1_500_000);
  }

  @Test
  @Timeout(30)
  void aSendingCellStampsAgainstItsMovedOriginButKeepsItsSchedule() throws Exception {
    // The sending cell's clock was found 1 s ahead of where it was thought to be: the run started
    // 1 s later on it, so its envelopes carry times since then, 1 s less than before the move.
    Reports r = run(start -> sending.moveRunOrigin(start + SECOND));

    Histogram e2e = r.received().endToEndMicros().decode();
    long sent = r.sent().senders().get(0).sent();
    assertThat(e2e.getTotalCount()).isEqualTo(sent);
    assertThat(minimum(e2e)).as("min e2e, us").isGreaterThanOrEqualTo(1_000_000);
    // Sends stay on the schedule from the run's start: 200 a second for half a second, not none
    // until a second later.
    assertThat(sent).isBetween(90L, 100L);
    assertThat(r.sent().senders().get(0).lastAckNanos())
        .as("ns from the start to the last acknowledgement")
        .isLessThan(SECOND);
  }
}
