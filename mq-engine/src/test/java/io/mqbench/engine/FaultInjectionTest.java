package io.mqbench.engine;

import static io.mqbench.engine.TestRuns.RUN_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: faults injected while the run goes on, each recorded with the run's windows before,
 * during and after it, and the times nothing was delivered.
 */
class FaultInjectionTest {

  /** A memory queue whose deliveries stop while it is paused, as a frozen broker's would. */
  private static final class PausableQueue implements Mq {
    private final Mq queue = TestRuns.memory();
    private volatile boolean paused;

    @Override
    public MqSender createSender() {
      return queue.createSender();
    }

    @Override
    public MqReceiver createReceiver() {
      MqReceiver r = queue.createReceiver();
      return new MqReceiver() {
        @Override
        public List<Received> receive(int max, Duration wait) throws InterruptedException {
          while (paused) {
            TimeUnit.MILLISECONDS.sleep(5);
          }
          return r.receive(max, wait);
        }

        @Override
        public void ack(List<Received> messages) {
          r.ack(messages);
        }

        @Override
        public void close() {
          r.close();
        }
      };
    }

    @Override
    public void close() {
      queue.close();
    }

    /** Pauses deliveries for the fault's length. */
    String pause(Optional<Duration> length) throws InterruptedException {
      paused = true;
      TimeUnit.NANOSECONDS.sleep(length.orElseThrow().toNanos());
      paused = false;
      return "paused and resumed";
    }
  }

  /**
   * A queue that keeps messages only in memory and loses all it holds when its "broker" restarts:
   * the fault's action says exactly how many.
   */
  private static final class ForgetfulQueue implements Mq {
    private final java.util.concurrent.ConcurrentLinkedDeque<byte[]> stored =
        new java.util.concurrent.ConcurrentLinkedDeque<>();
    private final java.util.concurrent.atomic.AtomicLong forgotten =
        new java.util.concurrent.atomic.AtomicLong();

    @Override
    public MqSender createSender() {
      return new MqSender() {
        @Override
        public void send(List<byte[]> batch) {
          stored.addAll(batch);
        }

        @Override
        public void close() {}
      };
    }

    @Override
    public MqReceiver createReceiver() {
      return new MqReceiver() {
        @Override
        public List<Received> receive(int max, Duration wait) throws InterruptedException {
          List<Received> got = new java.util.ArrayList<>();
          byte[] body;
          while (got.size() < max && (body = stored.poll()) != null) {
            byte[] b = body;
            got.add(() -> b);
          }
          if (got.isEmpty()) {
            TimeUnit.MILLISECONDS.sleep(5);
          }
          return got;
        }

        @Override
        public void ack(List<Received> messages) {}

        @Override
        public void close() {}
      };
    }

    @Override
    public void close() {}

    String restartWithoutItsMessages(Optional<Duration> length) {
      long n = 0;
      while (stored.poll() != null) {
        n++;
      }
      forgotten.addAndGet(n);
      return "restarted, " + n + " messages gone";
    }
  }

  private static RunOutcome run(Mq mq, RunSettings settings, List<ScheduledFault> faults)
      throws InterruptedException {
    LocalCell cell = new LocalCell(spec -> new LocalCell.Opened(mq, "test"));
    return new Coordinator(
            List.of(
                new Coordinator.Placement(
                    cell, CellSpec.whole("memory", Map.of(), settings, RUN_ID, 1))),
            t -> {},
            faults)
        .run();
  }

  private static RunSettings rate(Duration duration) {
    return TestSettings.rate(2_000, duration).with(b -> b.inFlight(16));
  }

  @Test
  void aPauseIsInjectedOnTimeAndItsWindowsAndItsDeliveryGapAreRecorded() throws Exception {
    PausableQueue queue = new PausableQueue();
    ScheduledFault pause =
        new ScheduledFault(
            "pause-broker",
            "the test queue",
            Duration.ofSeconds(1),
            Optional.of(Duration.ofMillis(800)),
            queue::pause);

    RunOutcome outcome = run(queue, rate(Duration.ofSeconds(3)), List.of(pause));

    assertThat(outcome.ledger().lost()).isZero();
    FaultRecord f = outcome.faults().get(0);
    assertThat(f.injected()).isTrue();
    assertThat(f.detail()).isEqualTo("paused and resumed");
    assertThat(f.error()).isEmpty();
    assertThat(f.startNanos() / 1e9).as("injected when due").isBetween(1.0, 1.2);
    assertThat((f.endNanos() - f.startNanos()) / 1e9).isBetween(0.8, 1.2);
    assertThat(f.before().startNanos()).isZero();
    assertThat(f.before().received() / f.before().seconds())
        .as("received before it at about the rate")
        .isBetween(1_500.0, 2_500.0);
    // (The during window ends when the action returns, after the resume: the memory queue hands
    // out the pause's backlog in that instant, so it says little here; the gap below does.)
    assertThat(f.after().startNanos()).isEqualTo(f.endNanos());
    assertThat(f.after().received())
        .as("the backlog of the pause and the rest arrive after it")
        .isGreaterThan(2_000);
    DeliveryGap longest =
        outcome.deliveryGaps().stream()
            .max(java.util.Comparator.comparingLong(DeliveryGap::nanos))
            .orElseThrow();
    assertThat(longest.nanos() / 1e9).as("the pause is the longest gap").isBetween(0.7, 1.2);
    assertThat(longest.startNanos()).isBetween(f.startNanos() - 50_000_000L, f.endNanos());
  }

  @Test
  void messagesAFaultDestroysAreReportedLostExactly() throws Exception {
    ForgetfulQueue queue = new ForgetfulQueue();
    ScheduledFault restart =
        new ScheduledFault(
            "restart-broker",
            "a broker that keeps nothing",
            Duration.ofSeconds(1),
            Optional.empty(),
            queue::restartWithoutItsMessages);
    // Receivers start once sending is over: at the fault, the queue holds a second of messages.
    RunSettings sendThenDrain =
        rate(Duration.ofSeconds(2))
            .with(b -> b.phases(Phases.SEND_THEN_DRAIN).receiverIdle(Duration.ofSeconds(1)));

    RunOutcome outcome = run(queue, sendThenDrain, List.of(restart));

    assertThat(queue.forgotten.get()).as("the fault destroyed messages").isGreaterThan(1_000);
    assertThat(outcome.ledger().lost()).isEqualTo(queue.forgotten.get());
    assertThat(outcome.faults().get(0).detail())
        .isEqualTo("restarted, " + queue.forgotten.get() + " messages gone");
  }

  @Test
  void aFaultThatFailsIsRecordedWithItsErrorAndTheRunGoesOn() throws Exception {
    ScheduledFault broken =
        new ScheduledFault(
            "kill-broker",
            "nothing",
            Duration.ofMillis(500),
            Optional.empty(),
            length -> {
              throw new IllegalStateException("no such broker");
            });

    RunOutcome outcome = run(TestRuns.memory(), rate(Duration.ofSeconds(2)), List.of(broken));

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().lost()).isZero();
    assertThat(outcome.faults().get(0).injected()).isTrue();
    assertThat(outcome.faults().get(0).error()).contains("no such broker");
  }

  @Test
  void aFaultDueAfterTheRunIsRecordedAsNotInjected() throws Exception {
    ScheduledFault late =
        new ScheduledFault(
            "restart-broker",
            "nothing",
            Duration.ofSeconds(30),
            Optional.empty(),
            length -> "should not happen");

    RunOutcome outcome = run(TestRuns.memory(), rate(Duration.ofSeconds(1)), List.of(late));

    FaultRecord f = outcome.faults().get(0);
    assertThat(f.injected()).isFalse();
    assertThat(f.detail()).contains("not injected");
  }

  @Test
  void aRunWithoutFaultsHasNoFaultRecordsAndNoLongGaps() throws Exception {
    RunOutcome outcome = run(TestRuns.memory(), rate(Duration.ofSeconds(2)), List.of());

    assertThat(outcome.faults()).isEmpty();
    assertThat(outcome.deliveryGaps()).allMatch(g -> g.nanos() < 500_000_000L);
  }
}
