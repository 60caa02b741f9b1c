package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.engine.CellSpec;
import io.mqbench.engine.Coordinator;
import io.mqbench.engine.Mode;
import io.mqbench.engine.RunOutcome;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Cells on workers in this JVM (one memory queue shared by all, as a broker would be): a run over
 * HTTP cells merges exactly, the run clock corrects a worker whose clock is off, and a worker that
 * vanishes mid-run fails the run naming it, promptly.
 */
class HttpCellTest {
  private final Mq shared = sharedMemoryQueue();
  private final List<WorkerServer> servers = new ArrayList<>();

  @AfterEach
  void stop() {
    servers.forEach(WorkerServer::close);
    shared.close();
  }

  private static Mq sharedMemoryQueue() {
    MemoryMqProvider p = new MemoryMqProvider();
    return p.open(p.configure(Map.of()));
  }

  /** Every cell of every worker uses the shared queue; closing a cell leaves it open. */
  private HttpCell worker(long clockOffsetNanos, Optional<String> token) throws Exception {
    return worker(clockOffsetNanos, 0, HttpCell.CLOCK_RECHECK, token);
  }

  private HttpCell worker(
      long clockOffsetNanos, double clockDriftPpm, Duration clockRecheck, Optional<String> token)
      throws Exception {
    Mq unclosable =
        new Mq() {
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
    WorkerServer server =
        WorkerServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            token,
            "test",
            spec -> new LocalCell(s -> new LocalCell.Opened(unclosable, "shared")),
            clockOffsetNanos,
            clockDriftPpm,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    servers.add(server);
    WorkerAddress address = new WorkerAddress("127.0.0.1", server.address().getPort());
    return new HttpCell(new WorkerClient(address, token), clockRecheck);
  }

  private static RunSettings settings(int senders, int receivers, long messages) {
    return TestSettings.builder()
        .senders(senders)
        .receivers(receivers)
        .messagesPerSender(messages)
        .inFlight(8)
        .receiverIdle(Duration.ofSeconds(2))
        .build();
  }

  private static Coordinator coordinator(
      NodeLayout layout, List<HttpCell> cells, RunSettings settings) {
    List<CellSpec> specs = layout.specs("memory", Map.of(), settings, 7, 1);
    List<Coordinator.Placement> placements = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      placements.add(new Coordinator.Placement(cells.get(i), specs.get(i)));
    }
    return new Coordinator(placements, t -> {});
  }

  private static RunOutcome run(NodeLayout layout, List<HttpCell> cells, RunSettings settings)
      throws InterruptedException {
    return coordinator(layout, cells, settings).run();
  }

  @Test
  void countsOfCellsOnWorkersAddUpExactly() throws Exception {
    List<HttpCell> cells = List.of(worker(0, Optional.empty()), worker(0, Optional.empty()));
    NodeLayout layout =
        new NodeLayout(List.of(cells.get(0).address(), cells.get(1).address()), 2, 2, 2, 1);

    RunOutcome outcome = run(layout, cells, settings(4, 2, 5_000));

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().sent()).isEqualTo(20_000);
    assertThat(outcome.ledger().lost()).isZero();
    long perWorker =
        cells.stream()
            .mapToLong(
                c -> c.report().orElseThrow().senders().stream().mapToLong(s -> s.sent()).sum())
            .sum();
    assertThat(perWorker).isEqualTo(outcome.ledger().sent());
  }

  @Test
  void aWorkerWhoseClockIsThreeSecondsAheadIsMeasuredAndCorrected() throws Exception {
    long ahead = Duration.ofSeconds(3).toNanos();
    List<HttpCell> cells = List.of(worker(ahead, Optional.empty()), worker(0, Optional.empty()));
    // The skewed worker sends, the true one receives: every latency crosses both clocks.
    NodeLayout layout =
        new NodeLayout(List.of(cells.get(0).address(), cells.get(1).address()), 1, 1, 1, 1);

    RunOutcome outcome = run(layout, cells, settings(1, 1, 2_000));

    ClockOffset measured = cells.get(0).clockOffset();
    System.err.println("[clock] measured " + measured + " for a worker 3 s ahead");
    assertThat(Math.abs(measured.offsetNanos() - ahead))
        .as("measured %s", measured)
        .isLessThanOrEqualTo(measured.uncertaintyNanos());
    assertThat(outcome.ledger().lost()).isZero();
    Histogram e2e = outcome.measurements().endToEndMicros().decode();
    // Within the offset's uncertainty a latency of a few microseconds can come out negative: it is
    // counted as such, never recorded as 0.
    assertThat(e2e.getTotalCount() + outcome.measurements().negativeEndToEnd()).isEqualTo(2_000);
    // Uncorrected, every latency would be 3 s off: 0 (clamped) or above 3,000,000 us.
    assertThat(e2e.getMaxValue()).as("max e2e, us").isLessThan(1_500_000);
    assertThat(e2e.getValueAtPercentile(50)).as("p50 e2e, us").isPositive();
  }

  @Test
  void theEndToEndLatencyOfARunAcrossWorkersCarriesTheSumOfTheirOffsetUncertainties()
      throws Exception {
    List<HttpCell> cells =
        List.of(
            worker(Duration.ofSeconds(3).toNanos(), Optional.empty()), worker(0, Optional.empty()));
    NodeLayout layout =
        new NodeLayout(List.of(cells.get(0).address(), cells.get(1).address()), 1, 1, 1, 1);

    RunOutcome outcome = run(layout, cells, settings(1, 1, 2_000));

    long sender = cells.get(0).clockOffset().uncertaintyNanos();
    long receiver = cells.get(1).clockOffset().uncertaintyNanos();
    assertThat(sender).as("a round trip over loopback takes time").isPositive();
    // Sent on one worker's clock, received on the other's: each true within its uncertainty.
    assertThat(outcome.measurements().clockBoundNanos()).isEqualTo(sender + receiver);
    assertThat(cells.get(0).report().orElseThrow().clockUncertaintiesNanos())
        .containsExactly(sender);
    // Every message is either a recorded latency or counted as received before its send time.
    Histogram e2e = outcome.measurements().endToEndMicros().decode();
    assertThat(e2e.getTotalCount() + outcome.measurements().negativeEndToEnd()).isEqualTo(2_000);
  }

  @Test
  void aWorkerClockThatDriftsDuringTheRunIsMeasuredAgainAndItsDriftReported() throws Exception {
    Duration recheck = Duration.ofMillis(200);
    // The receiving worker's clock runs 1 % fast: 10 ms a second against the coordinator's.
    List<HttpCell> cells =
        List.of(
            worker(0, 0, recheck, Optional.empty()), worker(0, 10_000, recheck, Optional.empty()));
    NodeLayout layout =
        new NodeLayout(List.of(cells.get(0).address(), cells.get(1).address()), 1, 1, 1, 1);
    RunSettings twoSeconds =
        TestSettings.builder()
            .senders(1)
            .receivers(1)
            .mode(Mode.RATE)
            .rate(Optional.of(1_000.0))
            .messagesPerSender(Long.MAX_VALUE)
            .duration(Optional.of(Duration.ofSeconds(2)))
            .inFlight(8)
            .receiverIdle(Duration.ofSeconds(2))
            .build();

    RunOutcome outcome = run(layout, cells, twoSeconds);

    long drift = outcome.measurements().clockDriftNanos();
    System.err.println("[clock] drift measured " + drift / 1e6 + " ms over a 2 s run at 1 % fast");
    assertThat(drift).as("ns, beyond the measurements' uncertainties").isGreaterThan(5_000_000);
    assertThat(cells.get(1).clockDriftNanos()).isEqualTo(drift);
    assertThat(cells.get(0).clockDriftNanos()).as("a true clock moves not at all").isZero();
  }

  @Test
  void aWorkerThatVanishesMidRunFailsTheRunNamingIt() throws Exception {
    List<HttpCell> cells = List.of(worker(0, Optional.empty()), worker(0, Optional.empty()));
    NodeLayout layout =
        new NodeLayout(List.of(cells.get(0).address(), cells.get(1).address()), 2, 2, 1, 1);
    RunSettings timed = settings(2, 2, 1).forDuration(Duration.ofSeconds(30));
    Coordinator coordinator = coordinator(layout, cells, timed);
    Thread killer =
        new Thread(
            () -> {
              try {
                while (!coordinator.started()) {
                  Thread.sleep(10);
                }
                Thread.sleep(1_000);
              } catch (InterruptedException e) {
                return;
              }
              servers.get(1).close();
            });
    killer.start();
    long start = System.nanoTime();

    RunOutcome outcome = coordinator.run();

    double seconds = (System.nanoTime() - start) / 1e9;
    assertThat(outcome.failure()).isPresent();
    assertThat(outcome.failure().get().line()).contains("worker " + cells.get(1).address());
    assertThat(seconds).as("seconds to the end of the run").isLessThan(15);
  }

  @Test
  void aWrongTokenIsRefusedBeforeAnythingIsPrepared() throws Exception {
    HttpCell right = worker(0, Optional.of("right"));
    HttpCell wrong = new HttpCell(new WorkerClient(right.address(), Optional.of("wrong")));

    assertThatThrownBy(() -> new WorkerClient(right.address(), Optional.of("wrong")).hello("test"))
        .hasMessageContaining("refused the token")
        .hasMessageNotContaining("wrong\"");
    assertThatThrownBy(
            () -> wrong.prepare(CellSpec.whole("memory", Map.of(), settings(1, 1, 1), 1, 1)))
        .hasMessageContaining("refused the token");
    new WorkerClient(right.address(), Optional.of("right")).hello("test");
  }

  @Test
  void aWorkerOfAnotherVersionIsRefused() throws Exception {
    HttpCell cell = worker(0, Optional.empty());

    assertThatThrownBy(() -> new WorkerClient(cell.address(), Optional.empty()).hello("other"))
        .hasMessageContaining(": runs mqbench test")
        .hasMessageContaining("same version");
  }

  @Test
  void aCoordinatorsShutdownRequestRunsTheWorkersExitActionOnlyWithTheToken() throws Exception {
    HttpCell cell = worker(0, Optional.of("s3cret"));
    WorkerServer server = servers.get(servers.size() - 1);
    java.util.concurrent.CountDownLatch exited = new java.util.concurrent.CountDownLatch(1);
    server.onShutdownRequest(exited::countDown);

    assertThatThrownBy(() -> new WorkerClient(cell.address(), Optional.of("wrong")).shutdown())
        .hasMessageContaining("token");
    assertThat(exited.getCount()).isEqualTo(1);
    new WorkerClient(cell.address(), Optional.of("s3cret")).shutdown();
    assertThat(exited.await(5, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
  }

  @Test
  void anUnreachableWorkerIsNamed() {
    assertThatThrownBy(
            () -> new WorkerClient(new WorkerAddress("127.0.0.1", 1), Optional.empty()).hello("x"))
        .isInstanceOf(MqException.class)
        .hasMessage("worker 127.0.0.1:1: unreachable (connection refused)");
  }
}
