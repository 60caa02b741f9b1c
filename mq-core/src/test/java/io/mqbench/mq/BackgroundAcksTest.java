package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BackgroundAcksTest {

  @Test
  void aFailedAckIsThrownOnceByTheReceiversNextCall() {
    try (BackgroundAcks acks = new BackgroundAcks("test", 2)) {
      CountDownLatch ran = new CountDownLatch(1);
      acks.submit(
          () -> {
            ran.countDown();
            throw new IllegalStateException("broker said no");
          });
      awaitQuietly(ran);
      acks.close(Duration.ofSeconds(5));

      assertThatThrownBy(acks::throwFailure)
          .isInstanceOf(MqException.class)
          .hasMessage("test: ack failed: broker said no");
      acks.throwFailure(); // once only
    }
  }

  @Test
  void submitWaitsWhileAsManyAcksAsAllowedAreUnderWay() throws Exception {
    try (BackgroundAcks acks = new BackgroundAcks("test", 2)) {
      CountDownLatch release = new CountDownLatch(1);
      acks.submit(() -> awaitQuietly(release));
      acks.submit(() -> {});
      AtomicBoolean thirdQueued = new AtomicBoolean();
      Thread submitter =
          new Thread(
              () -> {
                acks.submit(() -> {});
                thirdQueued.set(true);
              });
      submitter.start();
      submitter.join(300);
      assertThat(thirdQueued).as("queued while two were under way").isFalse();

      release.countDown();
      submitter.join(5_000);
      assertThat(thirdQueued).as("queued once a slot was free").isTrue();
    }
  }

  @Test
  void closeLetsEverySubmittedAckFinish() {
    AtomicInteger done = new AtomicInteger();
    BackgroundAcks acks = new BackgroundAcks("test", 4);
    for (int i = 0; i < 4; i++) {
      acks.submit(
          () -> {
            sleepQuietly(50);
            done.incrementAndGet();
          });
    }
    acks.close(Duration.ofSeconds(10));
    assertThat(done).hasValue(4);
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void sleepQuietly(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
