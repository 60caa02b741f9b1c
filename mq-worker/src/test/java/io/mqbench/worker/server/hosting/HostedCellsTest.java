package io.mqbench.worker.server.hosting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The cells a worker hosts: a place each, given back on close; what they reported, kept. */
class HostedCellsTest {
  private static final long HEAP = 256L << 20;

  private final MemoryMqProvider memory = new MemoryMqProvider();
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();
  private final HostedCells hosted =
      new HostedCells(
          spec -> LocalCell.of(memory, memory.configure(Map.of())),
          new WorkerLimits(WorkerLimits.MAX_REQUEST_BYTES, 2, 8, 1 << 20, HEAP),
          new PrintStream(log, true, StandardCharsets.UTF_8));

  @AfterEach
  void close() {
    hosted.close();
  }

  private static CellSpec spec(RunSettings settings) {
    return CellSpec.whole("memory", Map.of(), settings, 1, 42L);
  }

  private static CellSpec small() {
    return spec(TestSettings.builder().senders(1).receivers(1).build());
  }

  @Test
  void aPreparedCellIsFoundByItsIdAndNamedInTheLog() throws Exception {
    HostedCells.Prepared prepared = hosted.prepare(small());

    assertThat(hosted.find(prepared.id())).isPresent();
    assertThat(hosted.find("no-such-cell")).isEmpty();
    assertThat(log.toString(StandardCharsets.UTF_8))
        .contains("cell " + prepared.id().substring(0, 8));
  }

  @Test
  void aCellBeyondTheLimitsIsRefusedWithoutTakingAPlace() throws Exception {
    CellSpec tooMany = spec(TestSettings.builder().senders(5).receivers(5).build());

    assertThatThrownBy(() -> hosted.prepare(tooMany))
        .isInstanceOfSatisfying(HostedCells.Refused.class, e -> assertThat(e.full()).isFalse())
        .hasMessageContaining("10 senders and receivers on one worker, at most 8");
    hosted.prepare(small());
    hosted.prepare(small());
  }

  @Test
  void everyPlaceTakenRefusesTheNextCellUntilOneIsClosed() throws Exception {
    HostedCells.Prepared first = hosted.prepare(small());
    hosted.prepare(small());

    assertThatThrownBy(() -> hosted.prepare(small()))
        .isInstanceOfSatisfying(HostedCells.Refused.class, e -> assertThat(e.full()).isTrue())
        .hasMessageContaining("hosts 2 cell(s) already");

    hosted.close(hosted.find(first.id()).orElseThrow());
    assertThat(hosted.find(first.id())).isEmpty();
    assertThat(hosted.prepare(small()).id()).isNotEqualTo(first.id());
  }

  @Test
  void theLastCellClosedStaysInTheReportsUntilAnotherIsPrepared() throws Exception {
    HostedCell cell = hosted.find(hosted.prepare(small()).id()).orElseThrow();
    cell.finish(Duration.ofSeconds(5));
    hosted.close(cell);

    assertThat(hosted.reported()).singleElement().satisfies(r -> assertThat(r.finished()).isTrue());

    hosted.prepare(small());
    assertThat(hosted.reported())
        .singleElement()
        .satisfies(r -> assertThat(r.finished()).isFalse());
  }

  @Test
  void aCellInUseIsNeverReapedAndAnIdleOneIsOnlyAfterItsCoordinatorWasSilentLongEnough()
      throws Exception {
    HostedCell cell = hosted.find(hosted.prepare(small()).id()).orElseThrow();
    long later = System.nanoTime() + HostedCells.ABANDONED_AFTER.toNanos() + 1;

    cell.requestStarted();
    assertThat(cell.abandoned(later, HostedCells.ABANDONED_AFTER)).isFalse();
    cell.requestEnded();
    assertThat(cell.abandoned(System.nanoTime(), HostedCells.ABANDONED_AFTER)).isFalse();
    assertThat(cell.abandoned(later + 1_000_000_000L, HostedCells.ABANDONED_AFTER)).isTrue();
  }
}
