package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class AsyncSenderTest {

  /** Sends by recording the batch and answering with the future it was given. */
  private static final class Recording extends AsyncSender {
    final List<List<byte[]>> sent = new ArrayList<>();
    final CompletableFuture<Void> answer;

    Recording(CompletableFuture<Void> answer) {
      this.answer = answer;
    }

    @Override
    public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
      sent.add(batch);
      return answer;
    }

    @Override
    public void close() {}
  }

  @Test
  void sendSendsAsynchronouslyAndReturnsOnceTheBatchIsAcknowledged() throws Exception {
    Recording sender = new Recording(CompletableFuture.completedFuture(null));
    List<byte[]> batch = List.of(new byte[] {1});

    sender.send(batch);

    assertThat(sender.sent).containsExactly(batch);
  }

  @Test
  void aFailedBatchIsThrownBySendAsTheBackendsFailure() {
    Recording sender =
        new Recording(CompletableFuture.failedFuture(new MqException("demo: publish failed")));

    assertThatThrownBy(() -> sender.send(List.of(new byte[] {1})))
        .isInstanceOf(MqException.class)
        .hasMessage("demo: publish failed");
  }

  @Test
  void anyOtherFailureIsWrappedInAnMqException() {
    Recording sender =
        new Recording(CompletableFuture.failedFuture(new IllegalStateException("boom")));

    assertThatThrownBy(() -> sender.send(List.of(new byte[] {1})))
        .isInstanceOf(MqException.class)
        .hasCauseInstanceOf(IllegalStateException.class);
  }
}
