package io.mqbench.engine.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * A cell's checkpoint, taken while its senders and receivers run (as a worker reports it every
 * second): each part agrees with itself (counts, histograms, bitmaps of one instant), checkpoints
 * never go back, and the final report holds at least what the last checkpoint did.
 */
class CheckpointTest {
  private final MemoryMqProvider provider = new MemoryMqProvider();
  private final LocalCell cell = LocalCell.of(provider, provider.configure(Map.of()));

  @AfterEach
  void close() {
    cell.close();
  }

  @Test
  @Timeout(30)
  void checkpointsTakenWhileTheCellRunsAgreeWithThemselvesAndNeverGoBack() throws Exception {
    RunSettings settings =
        TestSettings.rate(20_000, Duration.ofSeconds(3)).withSenders(2).withReceivers(2);
    cell.prepare(new CellSpec("memory", Map.of(), settings, 11, 5, 0, 2, 2, "", 0));
    long start = System.nanoTime();
    cell.startSenders(start);
    cell.startReceivers(start);
    long receivedBefore = 0;
    long sentBefore = 0;
    int taken = 0;
    while (System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(2_500)) {
      Thread.sleep(100);
      CellMeasurements c = cell.checkpoint();
      taken++;
      agreesWithItself(c);
      long sent = c.senders().stream().mapToLong(SenderStats::sent).sum();
      assertThat(sent).isGreaterThanOrEqualTo(sentBefore);
      assertThat(c.received()).isGreaterThanOrEqualTo(receivedBefore);
      sentBefore = sent;
      receivedBefore = c.received();
    }
    assertThat(receivedBefore).as("received by the last checkpoint").isGreaterThan(10_000);
    cell.stopSenders();
    Thread.sleep(200);
    cell.stopReceivers();
    CellMeasurements last = cell.finish(Duration.ofSeconds(5));
    agreesWithItself(last);
    assertThat(last.received()).isGreaterThanOrEqualTo(receivedBefore);
    assertThat(taken).isGreaterThan(10);
  }

  /** Counts, histograms and bitmaps of each sender and receiver are of one instant. */
  private static void agreesWithItself(CellMeasurements c) {
    long sent = c.senders().stream().mapToLong(SenderStats::sent).sum();
    long batches = c.senders().stream().mapToLong(SenderStats::batches).sum();
    long acknowledged =
        c.delivery().acknowledged().values().stream()
            .mapToLong(Roaring64NavigableMap::getLongCardinality)
            .sum();
    long seen =
        c.delivery().seen().values().stream()
            .mapToLong(Roaring64NavigableMap::getLongCardinality)
            .sum();
    assertThat(acknowledged).as("acknowledged bits against sent").isEqualTo(sent);
    assertThat(c.serviceMicros().decode().getTotalCount()).as("batches timed").isEqualTo(batches);
    assertThat(c.responseMicros().decode().getTotalCount()).isEqualTo(batches);
    long received = c.receivers().stream().mapToLong(ReceiverStats::received).sum();
    assertThat(seen).as("seen bits against received (no duplicates here)").isEqualTo(received);
    assertThat(c.endToEndMicros().decode().getTotalCount() + c.negativeEndToEnd())
        .as("end-to-end samples against received")
        .isEqualTo(received);
  }
}
