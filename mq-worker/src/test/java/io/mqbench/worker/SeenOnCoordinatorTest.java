package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.CellMeasurements;
import io.mqbench.engine.measure.CellMeasurementsBuilder;
import io.mqbench.engine.measure.ReceiverStats;
import io.mqbench.engine.measure.SenderStats;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A worker's instants stay as it read them while they lie where the coordinator's polls saw them
 * happen, and are moved into that window when its clock put them elsewhere.
 */
class SeenOnCoordinatorTest {
  private static final long MS = 1_000_000L;
  private static final long START = 1_000_000 * MS;

  /** Polls every 20 ms; the last ack and delivery change between the polls at 2,980 and 3,000. */
  private static SeenOnCoordinator polledFor3Seconds() {
    SeenOnCoordinator seen = new SeenOnCoordinator();
    seen.runStarts(START);
    for (long t = 20; t <= 3_100; t += 20) {
      long count = Math.min(t, 2_990);
      seen.polled(START + t * MS, START + (t + 1) * MS, count, count);
    }
    return seen;
  }

  private static CellMeasurements report(long lastAckMs, long firstMs, long lastMs) {
    return CellMeasurementsBuilder.builder(CellMeasurements.empty())
        .senders(List.of(new SenderStats(0, 2_990, 299, lastAckMs * MS, 0)))
        .receivers(List.of(new ReceiverStats(2_990, 0, firstMs * MS, lastMs * MS, 0)))
        .build();
  }

  @Test
  void instantsInsideTheirWindowsAreLeftAsTheWorkerReadThem() {
    CellMeasurements r = report(2_990, 15, 2_991);

    assertThat(polledFor3Seconds().onCoordinatorClock(r, START + 5_000 * MS, MS)).isSameAs(r);
  }

  @Test
  void instantsOfAClockThatJumpedAreMovedIntoTheWindowsTheCoordinatorSawThemIn() {
    // The worker's clock jumped 5 s ahead mid-run: its last ack and delivery read 7.99 s.
    CellMeasurements moved =
        polledFor3Seconds().onCoordinatorClock(report(7_990, 15, 7_991), START + 5_000 * MS, MS);

    assertThat(moved.senders().get(0).lastAckNanos()).isEqualTo(3_002 * MS);
    assertThat(moved.receivers().get(0).lastReceiveNanos()).isEqualTo(3_002 * MS);
    assertThat(moved.receivers().get(0).firstReceiveNanos())
        .as("before the jump")
        .isEqualTo(15 * MS);
  }

  @Test
  void aFinalCountBeyondTheLastPollHappenedBetweenThatPollAndTheReport() {
    CellMeasurements r =
        CellMeasurementsBuilder.builder(report(2_990, 15, 9_000))
            .receivers(List.of(new ReceiverStats(3_500, 0, 15 * MS, 9_000 * MS, 0)))
            .build();

    CellMeasurements moved = polledFor3Seconds().onCoordinatorClock(r, START + 3_500 * MS, MS);

    assertThat(moved.receivers().get(0).lastReceiveNanos()).isEqualTo(3_501 * MS);
  }
}
