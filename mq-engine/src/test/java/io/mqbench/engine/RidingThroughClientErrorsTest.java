package io.mqbench.engine;

import static io.mqbench.engine.TestRuns.RUN_ID;
import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.measure.ClientErrors;
import io.mqbench.engine.run.Coordinator;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Issue 24: a broker that restarts under a run breaks every connection its clients had. With {@code
 * reconnect}, senders and receivers ride through it (the failed batches not counted as sent, new
 * senders and receivers created once the broker serves again) and the run measures the recovery;
 * without it, as before, the first failure fails the cell.
 */
class RidingThroughClientErrorsTest {

  /**
   * A durable memory queue behind a "broker" that can restart: while it is down, creating a sender
   * or receiver fails; every sender and receiver created before a restart fails on its next call
   * for good, as a client on a dead connection does. Stored messages survive the restart.
   */
  private static final class RestartingQueue implements Mq {
    private final Mq queue = TestRuns.memory();
    private final AtomicInteger epoch = new AtomicInteger();
    private volatile boolean down;

    private void check(int createdIn) {
      if (down || createdIn != epoch.get()) {
        throw new MqException("connection reset by the test broker");
      }
    }

    @Override
    public MqSender createSender() {
      check(epoch.get());
      int mine = epoch.get();
      MqSender s = queue.createSender();
      return new MqSender() {
        @Override
        public void send(List<byte[]> batch) throws InterruptedException {
          check(mine);
          s.send(batch);
        }

        @Override
        public void close() {
          s.close();
        }
      };
    }

    @Override
    public MqReceiver createReceiver() {
      check(epoch.get());
      int mine = epoch.get();
      MqReceiver r = queue.createReceiver();
      return new MqReceiver() {
        @Override
        public List<Received> receive(int max, Duration wait) throws InterruptedException {
          check(mine);
          return r.receive(max, wait);
        }

        @Override
        public void ack(List<Received> messages) {
          check(mine);
          r.ack(messages);
        }

        @Override
        public void close() {
          r.close(); // what it held unacknowledged goes back to the queue
        }
      };
    }

    @Override
    public void close() {
      queue.close();
    }

    String restart(Optional<Duration> length) throws InterruptedException {
      down = true;
      epoch.incrementAndGet();
      TimeUnit.MILLISECONDS.sleep(700);
      down = false;
      return "restarted after 0.7 s";
    }
  }

  private static RunOutcome run(RestartingQueue mq, RunSettings settings)
      throws InterruptedException {
    ScheduledFault restart =
        new ScheduledFault(
            "restart-broker",
            "the test broker",
            Duration.ofMillis(1_500),
            Optional.empty(),
            mq::restart);
    LocalCell cell = new LocalCell(spec -> new LocalCell.Opened(mq, "test"));
    return new Coordinator(
            List.of(
                new Coordinator.Placement(
                    cell, CellSpec.whole("memory", Map.of(), settings, RUN_ID, 1))),
            t -> {},
            List.of(restart))
        .run();
  }

  private static RunSettings rate(boolean reconnect) {
    return TestSettings.rate(2_000, Duration.ofSeconds(4))
        .with(
            b ->
                b.inFlight(4)
                    .receivers(2)
                    .onClientError(reconnect ? OnClientError.RECONNECT : OnClientError.FAIL));
  }

  @Test
  void sendersAndReceiversReconnectAfterABrokerRestartAndNothingAcknowledgedIsLost()
      throws Exception {
    RunOutcome outcome = run(new RestartingQueue(), rate(true));

    assertThat(outcome.failure()).as("the run rides through the restart").isEmpty();
    assertThat(outcome.ledger().lost()).isZero();
    ClientErrors errors = outcome.measurements().clientErrors();
    assertThat(errors.failedSends()).as("sends while it was down").isPositive();
    assertThat(errors.failedSendMessages()).isGreaterThanOrEqualTo(errors.failedSends());
    assertThat(errors.failedReceives()).as("both receivers lost their connection").isGreaterThan(1);
    assertThat(errors.reconnects()).as("1 sender and 2 receivers created anew").isGreaterThan(2);
    assertThat(errors.first()).contains("connection reset by the test broker");
    FaultRecord f = outcome.faults().get(0);
    assertThat(f.after().received() / f.after().seconds())
        .as("received after the restart at about the rate again")
        .isGreaterThan(1_000);
    assertThat(outcome.ledger().sent())
        .as("every message acknowledged once it was up again, at the rate")
        .isGreaterThan(6_000);
  }

  @Test
  void withoutReconnectTheFirstFailureFailsTheCellAsBefore() throws Exception {
    RunOutcome outcome = run(new RestartingQueue(), rate(false));

    assertThat(outcome.failure()).isPresent();
    assertThat(outcome.failure().get().line()).contains("connection reset by the test broker");
    assertThat(outcome.measurements().clientErrors()).isEqualTo(ClientErrors.NONE);
    assertThat(outcome.ledger().lost()).isZero();
  }
}
