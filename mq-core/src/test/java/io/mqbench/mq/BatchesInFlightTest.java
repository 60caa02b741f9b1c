package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class BatchesInFlightTest {
  private final BatchesInFlight inFlight =
      new BatchesInFlight(e -> new MqException("backend: " + e.getMessage(), e));

  @Test
  void aBatchCompletesOnlyWhenEveryReplyHas() {
    CompletableFuture<String> first = new CompletableFuture<>();
    CompletableFuture<String> second = new CompletableFuture<>();

    CompletableFuture<Void> batch = inFlight.track(first, second);
    first.complete("ok");

    assertThat(batch).isNotDone();
    second.complete("ok");
    assertThat(batch).isCompleted();
  }

  @Test
  void aBatchOfOneReplyFailsWithTheBackendsOwnError() {
    CompletableFuture<String> reply = new CompletableFuture<>();

    CompletableFuture<Void> batch = inFlight.track(reply);
    reply.completeExceptionally(new IllegalStateException("refused"));

    assertThat(batch)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .isInstanceOf(MqException.class)
        .withMessage("backend: refused");
  }

  @Test
  void anOpenedBatchIsCompletedOrFailedByTheBackend() {
    CompletableFuture<Void> confirmed = inFlight.open();
    CompletableFuture<Void> refused = inFlight.open();

    confirmed.complete(null);
    inFlight.fail(
        refused, new java.util.concurrent.CompletionException(new RuntimeException("no")));

    assertThat(confirmed).isCompleted();
    assertThat(refused)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .withMessage("backend: no");
  }

  @Test
  void closingFailsTheBatchesStillPendingAfterTheConnectionClosedAndLeavesTheOthers() {
    CompletableFuture<Void> done = inFlight.open();
    CompletableFuture<Void> pending = inFlight.open();
    done.complete(null);
    AtomicBoolean pendingWhenClosed = new AtomicBoolean();

    inFlight.closeThen(
        Duration.ofMillis(50),
        () -> pendingWhenClosed.set(!pending.isDone()),
        "closed before the reply");

    assertThat(pendingWhenClosed).isTrue();
    assertThat(done).isCompleted();
    assertThat(pending)
        .failsWithin(Duration.ZERO)
        .withThrowableOfType(java.util.concurrent.ExecutionException.class)
        .havingCause()
        .withMessage("closed before the reply");
  }

  @Test
  void closingWaitsForTheRepliesThatComeInTime() throws Exception {
    CompletableFuture<Void> batch = inFlight.open();
    Thread replier = new Thread(() -> batch.complete(null));

    replier.start();
    inFlight.closeThen(Duration.ofSeconds(10), () -> {}, "closed before the reply");
    replier.join();

    assertThat(batch).isCompleted();
  }

  @Test
  void batchesThatCompletedAreForgottenAlsoBehindOneThatStaysPending() {
    CompletableFuture<Void> stuck = inFlight.open();
    List<CompletableFuture<Void>> pending = new ArrayList<>();
    for (int i = 0; i < 1_000_000; i++) {
      inFlight.open().complete(null);
      if (i % 100_000 == 0) {
        pending.add(inFlight.open());
      }
    }

    assertThat(stuck).isNotDone();
    assertThat(inFlight.kept()).isLessThan(10_000);
    inFlight.closeThen(Duration.ZERO, () -> {}, "closed");
    assertThat(pending).allMatch(CompletableFuture::isCompletedExceptionally);
  }
}
