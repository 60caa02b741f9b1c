package io.mqbench.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.envelope.Envelope;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.runner.config.Mode;
import io.mqbench.runner.config.RunConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class LoadRunTest {
  private static RunConfig config(int senders, int receivers, long messages, Optional<Duration> d) {
    return new RunConfig(
        "memory",
        Mode.THROUGHPUT,
        senders,
        receivers,
        d.isPresent() ? Long.MAX_VALUE : messages,
        d,
        Optional.empty(),
        10,
        100,
        Duration.ofSeconds(1),
        Duration.ofMillis(100),
        Duration.ofSeconds(10),
        Duration.ZERO,
        Optional.of(1L),
        Path.of("unused"),
        Map.of());
  }

  private static Mq memory() {
    MemoryMqProvider p = new MemoryMqProvider();
    return p.open(p.configure(Map.of()));
  }

  @Test
  void everySenderSendsItsMessagesAndReceiversGetAllOfThem() throws Exception {
    try (Mq mq = memory()) {
      RunOutcome outcome =
          new LoadRun(mq, config(3, 2, 10_000, Optional.empty()), 5, 1, t -> {}).execute();

      assertThat(outcome.failure()).isEmpty();
      assertThat(outcome.senders()).allSatisfy(s -> assertThat(s.sentCount()).isEqualTo(10_000));
      assertThat(outcome.ledger().sent()).isEqualTo(30_000);
      assertThat(outcome.ledger().distinct()).isEqualTo(30_000);
      assertThat(outcome.ledger().lost()).isZero();
      assertThat(outcome.endedIdle()).as("stopped because everything arrived").isFalse();
    }
  }

  @Test
  void timedRunStopsSendersAfterTheDuration() throws Exception {
    try (Mq mq = memory()) {
      long start = System.nanoTime();
      RunOutcome outcome =
          new LoadRun(mq, config(1, 1, 0, Optional.of(Duration.ofMillis(1500))), 5, 1, t -> {})
              .execute();
      double seconds = (System.nanoTime() - start) / 1e9;

      assertThat(outcome.failure()).isEmpty();
      assertThat(outcome.ledger().sent()).isPositive();
      assertThat(outcome.ledger().lost()).isZero();
      assertThat(outcome.timeline()).isNotEmpty();
      assertThat(seconds).isBetween(1.4, 10.0);
    }
  }

  @Test
  void aBackendThatDropsAcknowledgedMessagesIsCaughtAsLoss() throws Exception {
    // A broken backend: acknowledges every send but never stores sequence numbers divisible by 100.
    try (Mq mq =
        new SenderWrappingMq(
            memory(),
            (batch, next) ->
                next.send(batch.stream().filter(b -> Envelope.sequence(b) % 100 != 0).toList()))) {
      RunOutcome outcome =
          new LoadRun(mq, config(2, 2, 5_000, Optional.empty()), 5, 1, t -> {}).execute();

      assertThat(outcome.ledger().sent()).isEqualTo(10_000);
      assertThat(outcome.ledger().lost()).isEqualTo(100);
      assertThat(outcome.endedIdle()).isTrue();
    }
  }

  @Test
  void aFailingSenderStopsTheRunAndIsReported() throws Exception {
    try (Mq mq =
        new SenderWrappingMq(
            memory(),
            (batch, next) -> {
              throw new io.mqbench.mq.MqException("broker said no");
            })) {
      RunOutcome outcome =
          new LoadRun(mq, config(2, 1, 5_000, Optional.empty()), 5, 1, t -> {}).execute();

      assertThat(outcome.failure()).isPresent();
      assertThat(outcome.failure().get().message())
          .startsWith("sender ")
          .contains("broker said no");
    }
  }

  @Test
  void aStopRequestEndsTheRunEarlyAndMessagesInFlightAreNotCountedLost() throws Exception {
    try (Mq mq = memory()) {
      LoadRun run =
          new LoadRun(mq, config(2, 1, 0, Optional.of(Duration.ofSeconds(60))), 5, 1, t -> {});
      Thread stopper =
          new Thread(
              () -> {
                try {
                  Thread.sleep(500);
                } catch (InterruptedException e) {
                  return;
                }
                run.requestStop();
              });
      long start = System.nanoTime();
      stopper.start();
      RunOutcome outcome = run.execute();
      double seconds = (System.nanoTime() - start) / 1e9;

      assertThat(outcome.interrupted()).isTrue();
      assertThat(outcome.failure()).isEmpty();
      assertThat(outcome.ledger().sent()).isPositive();
      assertThat(outcome.ledger().lost()).isZero();
      assertThat(seconds).isLessThan(10);
    }
  }
}
