package io.mqbench.engine;

import static io.mqbench.engine.TestRuns.run;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code --phases backlog-then-catch-up}: senders send at the rate for the whole duration,
 * receivers start only after the backlog, and the run says when the backlog was gone.
 */
class CatchUpTest {

  /** A rate run whose receivers start after {@code backlog}. */
  private static RunSettings catchUp(double rate, Duration backlog, Duration duration) {
    return TestSettings.rate(rate, duration)
        .with(
            b -> b.inFlight(16).phases(Phases.BACKLOG_THEN_CATCH_UP).backlog(Optional.of(backlog)));
  }

  private static Mq memory(int deliveryRate) {
    MemoryMqProvider p = new MemoryMqProvider();
    return p.open(p.configure(Map.of("memory.deliveryRate", String.valueOf(deliveryRate))));
  }

  @Test
  void receiversStartAfterTheBacklogAndCatchUpWhileSendersKeepTheirRate() throws Exception {
    RunOutcome outcome =
        run(memory(0), catchUp(2_000, Duration.ofSeconds(2), Duration.ofSeconds(4)));

    assertThat(outcome.failure()).isEmpty();
    assertThat(outcome.ledger().lost()).isZero();
    CatchUp c = outcome.catchUp().orElseThrow();
    assertThat(c.receiversStartNanos() / 1e9)
        .as("receivers start after the backlog")
        .isBetween(2.0, 2.5);
    assertThat(outcome.drainStartNanos()).isEqualTo(c.receiversStartNanos());
    assertThat(c.caughtUpMessages()).as("one second of sending at the rate").isEqualTo(2_000);
    assertThat(c.backlogAtStart()).as("two seconds at 2,000 msgs/s").isBetween(3_600L, 4_400L);
    assertThat(c.backlog().received()).as("nobody received during the backlog").isZero();
    assertThat(c.backlog().sent()).isEqualTo(c.backlogAtStart());
    assertThat(c.caughtUp()).isTrue();
    assertThat(c.catchUpNanos().orElseThrow() / 1e9)
        .as("the memory queue hands out the backlog at once")
        .isLessThan(1.0);
    assertThat(c.catchUp().received()).isGreaterThanOrEqualTo(c.backlogAtStart() - 2_000);
    CatchUp.Window after = c.after().orElseThrow();
    assertThat(after.startNanos())
        .as("the baseline starts once what was sent at catching up was received")
        .isEqualTo(c.settledNanos().orElseThrow())
        .isGreaterThanOrEqualTo(c.caughtUpNanos().orElseThrow());
    assertThat(after.endNanos() / 1e9).as("the end of sending").isBetween(3.9, 4.6);
    assertThat(after.sent() / after.seconds())
        .as("the same rate after catching up")
        .isBetween(1_700.0, 2_300.0);
    assertThat(after.responseMicros().decode().getTotalCount()).isPositive();
    assertThat(after.endToEndMicros().decode().getTotalCount()).isPositive();
    assertThat(c.backlog().sent() + c.catchUp().sent() + after.sent())
        .as("the windows add up to what was sent by the end of sending, but for settling")
        .isLessThanOrEqualTo(outcome.ledger().sent())
        .isGreaterThan(outcome.ledger().sent() - 2_200);
    assertThat(
            c.backlog().endToEndMicros().decode().getTotalCount()
                + c.catchUp().endToEndMicros().decode().getTotalCount()
                + after.endToEndMicros().decode().getTotalCount())
        .as("each end-to-end latency in the window it was received in")
        .isLessThanOrEqualTo(outcome.measurements().endToEndMicros().decode().getTotalCount());
  }

  @Test
  void receiversSlowerThanTheRateDoNotCatchUpAndTheBacklogLeftIsReported() throws Exception {
    // 2,000 msgs/s sent, at most 1,000 msgs/s delivered: the backlog only grows.
    RunOutcome outcome =
        run(
            memory(1_000),
            catchUp(2_000, Duration.ofSeconds(2), Duration.ofSeconds(4))
                .withReceiverIdle(Duration.ofMillis(300)));

    CatchUp c = outcome.catchUp().orElseThrow();
    assertThat(c.caughtUp()).isFalse();
    assertThat(c.catchUpNanos()).isEmpty();
    assertThat(c.after()).isEmpty();
    assertThat(c.backlogAtEnd())
        .as("about 4,000 left at the start, plus 2 s of 1,000 msgs/s more")
        .isGreaterThan(c.backlogAtStart());
    assertThat(c.catchUp().endNanos()).isEqualTo(c.sendingEndNanos());
    assertThat(outcome.ledger().lost()).as("the rest is drained after sending").isZero();
  }

  @Test
  void theCatchUpPhaseIsRefusedWhereItCannotMeasure() {
    RunSettings ok = catchUp(1_000, Duration.ofSeconds(3), Duration.ofSeconds(10));
    assertThat(ok.describe()).contains("receivers start after a backlog of 3s");
    assertThat(Phases.parse("Backlog-Then-Catch-Up")).isEqualTo(Phases.BACKLOG_THEN_CATCH_UP);

    assertThatThrownBy(
            () ->
                TestSettings.builder()
                    .phases(Phases.BACKLOG_THEN_CATCH_UP)
                    .backlog(Optional.of(Duration.ofSeconds(3)))
                    .build())
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "--phases backlog-then-catch-up needs --mode rate: senders keep a fixed --rate while"
                + " receivers catch up");
    assertThatThrownBy(() -> ok.withBacklog(Optional.empty()))
        .hasMessageStartingWith("--phases backlog-then-catch-up needs --backlog DURATION");
    assertThatThrownBy(() -> ok.withBacklog(Optional.of(Duration.ofSeconds(10))))
        .hasMessage(
            "--backlog 10s must be shorter than --duration 10s: receivers catch up in the rest of"
                + " it");
    assertThatThrownBy(() -> ok.withBacklog(Optional.of(Duration.ofSeconds(1))))
        .hasMessageStartingWith("--backlog must be longer than 1s");
    assertThatThrownBy(() -> ok.withReceivers(0))
        .hasMessage("--phases backlog-then-catch-up needs senders and receivers");
    assertThatThrownBy(() -> ok.withMessagesPerSender(3_000))
        .hasMessage(
            "--messages 3000 ends sending after 3.0 s at --rate, before --backlog 3s is over: give"
                + " more messages, or leave --messages out");
    assertThat(ok.withMessagesPerSender(3_001).messagesPerSender()).isEqualTo(3_001);
    assertThatThrownBy(
            () -> TestSettings.rate(1_000, Duration.ofSeconds(10)).withBacklog(ok.backlog()))
        .hasMessageStartingWith("--backlog applies only to --phases backlog-then-catch-up");
  }

  @Test
  void aWarmUpOfACatchUpRunIsARunOfSendersAndReceiversTogether() {
    RunSettings warm =
        catchUp(1_000, Duration.ofSeconds(3), Duration.ofSeconds(10))
            .forDuration(Duration.ofSeconds(2));

    assertThat(warm.phases()).isEqualTo(Phases.TOGETHER);
    assertThat(warm.backlog()).isEmpty();
  }
}
