package io.mqbench.engine;

import static io.mqbench.engine.TestRuns.memory;
import static io.mqbench.engine.TestRuns.run;
import static io.mqbench.engine.TestRuns.throughput;
import static io.mqbench.engine.TestRuns.timed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.measure.SenderStats;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.envelope.Envelope;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CoordinatorTest {

  @Test
  void everySenderSendsItsMessagesAndReceiversGetAllOfThem() throws Exception {
    RunOutcome outcome = run(memory(), throughput(3, 2, 10_000));

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.measurements().senders())
        .extracting(SenderStats::sent)
        .containsExactly(10_000L, 10_000L, 10_000L);
    assertThat(outcome.ledger().sent()).isEqualTo(30_000);
    assertThat(outcome.ledger().distinct()).isEqualTo(30_000);
    assertThat(outcome.ledger().lost()).isZero();
    assertThat(outcome.endedIdle()).as("stopped because everything arrived").isFalse();
    assertThat(outcome.cells()).singleElement().extracting(CellReady::target).isEqualTo("test");
  }

  @Test
  void timedRunStopsSendersAfterTheDuration() throws Exception {
    long start = System.nanoTime();
    RunOutcome outcome = run(memory(), timed(1, 1, Duration.ofMillis(1500)));
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().sent()).isPositive();
    assertThat(outcome.ledger().lost()).isZero();
    assertThat(outcome.timeline()).isNotEmpty();
    assertThat(seconds).isBetween(1.4, 10.0);
  }

  @Test
  void timelineKeepsTheLastPartialSecond() throws Exception {
    List<Tick> seen = new java.util.ArrayList<>();
    RunOutcome outcome =
        TestRuns.coordinator(memory(), timed(1, 1, Duration.ofMillis(1500)), seen::add).run();

    List<Tick> timeline = outcome.timeline();
    assertThat(timeline.stream().mapToLong(Tick::sentInSecond).sum())
        .as("every message sent is in some tick")
        .isEqualTo(outcome.ledger().sent());
    assertThat(timeline.stream().mapToLong(Tick::receivedInSecond).sum())
        .as("every message received is in some tick")
        .isEqualTo(outcome.ledger().received());
    assertThat(timeline.get(timeline.size() - 1).sentTotal()).isEqualTo(outcome.ledger().sent());
    assertThat(seen).as("the progress display sees the last tick too").isEqualTo(timeline);
    assertThat(timeline.subList(0, timeline.size() - 1))
        .as("whole seconds")
        .extracting(Tick::seconds)
        .containsOnly(1.0);
    Tick last = timeline.get(timeline.size() - 1);
    assertThat(last.seconds()).as("the remainder after the last whole second").isLessThan(1.0);
    assertThat(last.elapsedSeconds()).as("the run's end").isBetween(1.5, 3.0);
    assertThat(last.sentPerSecond()).isEqualTo(last.sentInSecond() / last.seconds());
  }

  @Test
  void aRunShorterThanASecondHasATimelineOfOnePartialTick() throws Exception {
    RunOutcome outcome = run(memory(), throughput(2, 1, 1_000));

    assertThat(outcome.timeline()).hasSize(1);
    Tick only = outcome.timeline().get(0);
    assertThat(only.second()).isEqualTo(1);
    assertThat(only.sentInSecond()).isEqualTo(2_000);
    assertThat(only.receivedInSecond()).isEqualTo(2_000);
    assertThat(only.seconds()).isStrictlyBetween(0.0, 1.0);
  }

  @Test
  void aBackendThatDropsAcknowledgedMessagesIsCaughtAsLoss() throws Exception {
    // A broken backend: acknowledges every send but never stores sequence numbers divisible by 100.
    Mq dropping =
        new SenderWrappingMq(
            memory(),
            (batch, next) ->
                next.send(batch.stream().filter(b -> Envelope.sequence(b) % 100 != 0).toList()));

    RunOutcome outcome = run(dropping, throughput(2, 2, 5_000));

    assertThat(outcome.ledger().sent()).isEqualTo(10_000);
    assertThat(outcome.ledger().lost()).isEqualTo(100);
    assertThat(outcome.endedIdle()).isTrue();
  }

  @Test
  void aFailingSenderStopsTheRunAndIsReported() throws Exception {
    Mq refusing =
        new SenderWrappingMq(
            memory(),
            (batch, next) -> {
              throw new MqException("broker said no");
            });

    RunOutcome outcome = run(refusing, throughput(2, 1, 5_000));

    assertThat(outcome.failure()).isPresent();
    assertThat(outcome.failure().get().line()).startsWith("sender ").contains("broker said no");
  }

  @Test
  void aStopRequestEndsTheRunEarlyAndMessagesInFlightAreNotCountedLost() throws Exception {
    Coordinator coordinator =
        TestRuns.coordinator(memory(), timed(2, 1, Duration.ofSeconds(60)), t -> {});
    long start = System.nanoTime();
    stopAfter(coordinator, 500);
    RunOutcome outcome = coordinator.run();
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(outcome.interrupted()).isTrue();
    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().sent()).isPositive();
    assertThat(outcome.ledger().lost()).isZero();
    assertThat(seconds).isLessThan(10);
  }

  @Test
  void aStopWithABacklogEndsWithinTwoSecondsInsteadOfDrainingIt() throws Exception {
    // One receiver that takes a millisecond per message against four fast senders.
    Mq queue = memory();
    Mq slowReceiving =
        new Mq() {
          @Override
          public io.mqbench.mq.MqSender createSender() {
            return queue.createSender();
          }

          @Override
          public io.mqbench.mq.MqReceiver createReceiver() {
            io.mqbench.mq.MqReceiver inner = queue.createReceiver();
            return new io.mqbench.mq.MqReceiver() {
              @Override
              public List<io.mqbench.mq.Received> receive(int max, Duration wait)
                  throws InterruptedException {
                Thread.sleep(1);
                return inner.receive(1, wait);
              }

              @Override
              public void ack(List<io.mqbench.mq.Received> messages) {
                inner.ack(messages);
              }

              @Override
              public void close() {
                inner.close();
              }
            };
          }

          @Override
          public void close() {
            queue.close();
          }
        };
    Coordinator coordinator =
        TestRuns.coordinator(slowReceiving, timed(4, 1, Duration.ofSeconds(60)), t -> {});
    stopAfter(coordinator, 1_500);
    long start = System.nanoTime();

    RunOutcome outcome = coordinator.run();
    double seconds = (System.nanoTime() - start) / 1e9;

    assertThat(outcome.interrupted()).isTrue();
    assertThat(outcome.ledger().sent() - outcome.ledger().distinct())
        .as("a backlog was left")
        .isGreaterThan(10_000);
    assertThat(seconds).isLessThan(1.5 + 2 + 1.5);
  }

  @Test
  void sendThenDrainStartsReceiversOnlyAfterEverySenderFinished() throws Exception {
    RunOutcome outcome = run(memory(), throughput(2, 2, 20_000).withPhases(Phases.SEND_THEN_DRAIN));

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().sent()).isEqualTo(40_000);
    assertThat(outcome.ledger().lost()).isZero();
    long lastAck =
        outcome.measurements().senders().stream()
            .mapToLong(SenderStats::lastAckNanos)
            .max()
            .orElseThrow();
    assertThat(outcome.drainStartNanos()).isGreaterThanOrEqualTo(lastAck);
    // A receiver may get nothing (the other drained the queue first): it has no first receive.
    assertThat(outcome.measurements().receivers())
        .filteredOn(r -> r.received() > 0)
        .isNotEmpty()
        .allSatisfy(r -> assertThat(r.firstReceiveNanos()).isGreaterThanOrEqualTo(lastAck));
  }

  @Test
  void aSendOnlyRunLeavesItsBacklogAndAReceiveOnlyRunDrainsIt() throws Exception {
    Mq queue = memory();
    Mq keptOpen = new SenderWrappingMq(queue, (batch, next) -> next.send(batch), false);

    RunOutcome sendOnly = run(keptOpen, throughput(2, 0, 5_000));
    RunOutcome receiveOnly = run(keptOpen, throughput(0, 2, 1));
    queue.close();

    assertThat(sendOnly.ledger().sent()).isEqualTo(10_000);
    assertThat(sendOnly.measurements().receivers()).isEmpty();
    assertThat(receiveOnly.measurements().received()).isEqualTo(10_000);
    assertThat(receiveOnly.measurements().foreign()).isZero();
    assertThat(receiveOnly.endedIdle()).isTrue();
  }

  @Test
  void aWindowKeepsSeveralBatchesInFlightPerSenderAndLosesNothing() throws Exception {
    // A backend that completes every batch 5 ms later on its own thread, as pipelining clients do.
    ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    AtomicInteger inFlight = new AtomicInteger();
    AtomicInteger mostInFlight = new AtomicInteger();
    try {
      Mq delayed =
          SenderWrappingMq.pipelined(
              memory(),
              later,
              5,
              () -> mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max),
              inFlight::decrementAndGet);

      RunOutcome outcome = run(delayed, throughput(1, 1, 2_000).withInFlight(8));

      assertThat(outcome.failure()).isEmpty();
      assertThat(outcome.ledger().sent()).isEqualTo(2_000);
      assertThat(outcome.ledger().lost()).isZero();
      assertThat(mostInFlight.get()).isEqualTo(8);
    } finally {
      later.shutdownNow();
    }
  }

  @Test
  void everySenderIsToldHowManyBatchesItKeepsInFlightBeforeItSends() throws Exception {
    List<Integer> told = new CopyOnWriteArrayList<>();

    RunOutcome one = run(telling(memory(), told), throughput(2, 1, 1_000).withInFlight(1));
    RunOutcome eight = run(telling(memory(), told), throughput(1, 1, 1_000).withInFlight(8));

    assertThat(one.failure()).isEmpty();
    assertThat(eight.failure()).isEmpty();
    assertThat(told).containsExactlyInAnyOrder(1, 1, 8);
  }

  /** The real queue, its senders recording what they are told of the window before any send. */
  private static Mq telling(Mq inner, List<Integer> told) {
    return new Mq() {
      @Override
      public MqSender createSender() {
        MqSender next = inner.createSender();
        return new MqSender() {
          private boolean sent;

          @Override
          public void expectInFlight(int batches) {
            told.add(sent ? -batches : batches);
            next.expectInFlight(batches);
          }

          @Override
          public void send(List<byte[]> batch) throws InterruptedException {
            sent = true;
            next.send(batch);
          }

          @Override
          public void close() {
            next.close();
          }
        };
      }

      @Override
      public MqReceiver createReceiver() {
        return inner.createReceiver();
      }

      @Override
      public void close() {
        inner.close();
      }
    };
  }

  @Test
  void aStopWaitsForEveryBatchInFlightToComplete() throws Exception {
    ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    AtomicInteger issued = new AtomicInteger();
    AtomicInteger completed = new AtomicInteger();
    try {
      Mq slow =
          SenderWrappingMq.pipelined(
              memory(), later, 200, issued::incrementAndGet, completed::incrementAndGet);
      Coordinator coordinator =
          TestRuns.coordinator(slow, timed(1, 1, Duration.ofSeconds(60)).withInFlight(16), t -> {});
      stopAfter(coordinator, 700);

      RunOutcome outcome = coordinator.run();

      assertThat(outcome.interrupted()).isTrue();
      assertThat(issued.get()).isGreaterThan(16);
      assertThat(completed.get())
          .as("every issued batch completed before the sender finished")
          .isEqualTo(issued.get());
      assertThat(outcome.measurements().senders().get(0).batches()).isEqualTo(issued.get());
      assertThat(outcome.ledger().lost()).isZero();
    } finally {
      later.shutdownNow();
    }
  }

  @Test
  void aBatchThatCompletesExceptionallyFailsTheRunLikeAFailedSend() throws Exception {
    AtomicInteger batches = new AtomicInteger();
    Mq failingLater =
        new SenderWrappingMq(
            memory(),
            (batch, next) -> next.send(batch),
            true,
            (batch, next) ->
                batches.incrementAndGet() == 50
                    ? CompletableFuture.failedFuture(new MqException("nacked by the broker"))
                    : CompletableFuture.runAsync(() -> sendQuietly(next, batch)));

    RunOutcome outcome = run(failingLater, throughput(1, 1, 100_000).withInFlight(4));

    assertThat(outcome.failure()).isPresent();
    assertThat(outcome.failure().get().line()).isEqualTo("sender 0: nacked by the broker");
  }

  @Test
  void aCellThatCannotOpenItsBackendFailsInOneLine() {
    LocalCell cell =
        new LocalCell(
            spec -> {
              throw new MqException("kafka: no broker answers at 127.0.0.1:1");
            });
    Coordinator coordinator =
        new Coordinator(
            List.of(
                new Coordinator.Placement(
                    cell, CellSpec.whole("kafka", Map.of(), throughput(1, 1, 10), 1, 1))),
            t -> {});

    assertThatThrownBy(coordinator::run)
        .isInstanceOf(MqException.class)
        .hasMessage("kafka: no broker answers at 127.0.0.1:1");
  }

  private static void sendQuietly(MqSender next, List<byte[]> batch) {
    try {
      next.send(batch);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new MqException("interrupted", e);
    }
  }

  private static void stopAfter(Coordinator coordinator, long millis) {
    Thread stopper =
        new Thread(
            () -> {
              try {
                Thread.sleep(millis);
              } catch (InterruptedException e) {
                return;
              }
              coordinator.requestStop();
            });
    stopper.setDaemon(true);
    stopper.start();
  }

  @Test
  void aRunOverTwoCellsAccountsExactlyAcrossThem() throws Exception {
    // Two cells on one queue: each cell's receivers get messages of both cells' senders.
    Mq queue = memory();
    RunSettings settings = throughput(4, 2, 5_000);
    LocalCell a =
        new LocalCell(
            spec ->
                new LocalCell.Opened(new SenderWrappingMq(queue, (b, n) -> n.send(b), false), "a"));
    LocalCell b =
        new LocalCell(
            spec ->
                new LocalCell.Opened(new SenderWrappingMq(queue, (x, n) -> n.send(x), false), "b"));
    Coordinator coordinator =
        new Coordinator(
            List.of(
                new Coordinator.Placement(
                    a, new CellSpec("memory", Map.of(), settings, 9, 1, 0, 3, 1, "", 0)),
                new Coordinator.Placement(
                    b, new CellSpec("memory", Map.of(), settings, 9, 1, 3, 1, 1, "", 0))),
            t -> {});

    RunOutcome outcome = coordinator.run();
    queue.close();

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.measurements().senders())
        .extracting(SenderStats::senderId)
        .containsExactly(0, 1, 2, 3);
    assertThat(outcome.ledger().sent()).isEqualTo(20_000);
    assertThat(outcome.ledger().distinct()).isEqualTo(20_000);
    assertThat(outcome.ledger().lost()).isZero();
    assertThat(outcome.measurements().receivers()).hasSize(2);
    assertThat(outcome.cells()).extracting(CellReady::target).containsExactly("a", "b");
  }

  @Test
  void rateModeOffersItsTargetThroughABackendSlowerThanThePeriodWhenBatchesArePipelined()
      throws Exception {
    // Each batch takes 20 ms to be acknowledged: one at a time, a sender manages 50 per second.
    ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    try {
      Mq slow = SenderWrappingMq.pipelined(memory(), later, 20, () -> {}, () -> {});
      RunSettings oneThousandPerSecond =
          TestSettings.builder()
              .mode(Mode.RATE)
              .messagesPerSender(Long.MAX_VALUE)
              .duration(java.util.Optional.of(Duration.ofSeconds(2)))
              .rate(java.util.Optional.of(1_000.0))
              .maxBatch(1)
              .inFlight(64)
              .receiveWait(Duration.ofMillis(50))
              .build();

      RunOutcome outcome = run(slow, oneThousandPerSecond);

      assertThat(outcome.failure()).isEmpty();
      assertThat(outcome.ledger().sent()).as("every scheduled message was sent").isEqualTo(2_000);
      long lastAck = outcome.measurements().senders().get(0).lastAckNanos();
      // One batch at a time would take 40 s and queue responses up to about 2 s; the bounds leave
      // room for a busy machine (the suite builds two modules at once) and still tell the two
      // apart.
      assertThat(lastAck / 1e9).as("within the 2 s schedule plus a few round trips").isLessThan(3);
      assertThat(outcome.measurements().responseMicros().decode().getValueAtPercentile(99) / 1e3)
          .as("p99 response time, ms")
          .isLessThan(500);
    } finally {
      later.shutdownNow();
    }
  }

  @Test
  void theEndOfTheDurationAlsoWaitsForEveryBatchInFlight() throws Exception {
    ScheduledExecutorService later = Executors.newSingleThreadScheduledExecutor();
    AtomicInteger issued = new AtomicInteger();
    AtomicInteger completed = new AtomicInteger();
    try {
      Mq slow =
          SenderWrappingMq.pipelined(
              memory(), later, 200, issued::incrementAndGet, completed::incrementAndGet);

      RunOutcome outcome = run(slow, timed(1, 1, Duration.ofMillis(700)).withInFlight(16));

      assertThat(outcome.interrupted()).isFalse();
      assertThat(completed.get()).isEqualTo(issued.get()).isGreaterThan(16);
      assertThat(outcome.ledger().sent()).isEqualTo(outcome.ledger().distinct());
      assertThat(outcome.ledger().lost()).isZero();
    } finally {
      later.shutdownNow();
    }
  }
}
