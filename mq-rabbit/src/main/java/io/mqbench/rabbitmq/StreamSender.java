package io.mqbench.rabbitmq;

import com.rabbitmq.stream.ConfirmationHandler;
import com.rabbitmq.stream.ConfirmationStatus;
import com.rabbitmq.stream.Constants;
import com.rabbitmq.stream.Producer;
import io.mqbench.config.Durations;
import io.mqbench.mq.AsyncSender;
import io.mqbench.mq.BatchesInFlight;
import io.mqbench.mq.MqException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stream producer of its own per sender. Every message of a batch is published with the client's
 * batching; the batch completes when the broker has confirmed each of its messages (a confirm comes
 * once a majority of the stream's members hold the chunk, see the README for what that means on
 * disk), and fails with the first message the broker refused or did not confirm within {@code
 * rabbitmq-stream.confirmTimeout}.
 */
final class StreamSender extends AsyncSender {
  private final RabbitStreamMq mq;
  private final StreamSettings settings;
  private final Producer producer;
  private final BatchesInFlight inFlight;
  private boolean closed;

  StreamSender(RabbitStreamMq mq) {
    this.mq = mq;
    this.settings = mq.settings();
    this.inFlight = new BatchesInFlight(this::failure);
    try {
      this.producer =
          mq.environment().producerBuilder().stream(settings.stream())
              .confirmTimeout(settings.confirmTimeout())
              // Blocks while the client holds its most unconfirmed messages, for at most this.
              .enqueueTimeout(settings.confirmTimeout())
              .build();
    } catch (RuntimeException e) {
      throw StreamFailures.operation("cannot create a producer", e, settings);
    }
  }

  @Override
  public CompletableFuture<Void> sendAsync(List<byte[]> batch) {
    if (closed) {
      return CompletableFuture.failedFuture(
          new MqException(StreamSettings.NAME + ": the sender is closed"));
    }
    if (batch.isEmpty()) {
      return CompletableFuture.completedFuture(null);
    }
    CompletableFuture<Void> confirmed = inFlight.open();
    ConfirmationHandler onConfirm =
        batch.size() == 1 ? status -> settle(confirmed, status) : counting(confirmed, batch.size());
    try {
      for (byte[] body : batch) {
        producer.send(producer.messageBuilder().addData(body).build(), onConfirm);
      }
    } catch (RuntimeException e) {
      // Messages already handed over may still be confirmed: the batch's fate is unknown.
      inFlight.fail(confirmed, e);
    }
    return confirmed;
  }

  /** Completes a batch of several messages once the broker confirmed each of them. */
  private ConfirmationHandler counting(CompletableFuture<Void> confirmed, int size) {
    AtomicInteger left = new AtomicInteger(size);
    return status -> {
      if (!status.isConfirmed() || left.decrementAndGet() == 0) {
        settle(confirmed, status);
      }
    };
  }

  private void settle(CompletableFuture<Void> confirmed, ConfirmationStatus status) {
    if (status.isConfirmed()) {
      confirmed.complete(null);
    } else {
      inFlight.fail(confirmed, refused(status));
    }
  }

  private MqException refused(ConfirmationStatus status) {
    short code = status.getCode();
    String why =
        switch (code) {
          case Constants.CODE_PUBLISH_CONFIRM_TIMEOUT ->
              "no confirm within "
                  + StreamSettings.CONFIRM_TIMEOUT.name()
                  + "="
                  + Durations.format(settings.confirmTimeout());
          case Constants.RESPONSE_CODE_STREAM_DOES_NOT_EXIST ->
              "stream '" + settings.stream() + "' does not exist (deleted?)";
          case Constants.CODE_PRODUCER_CLOSED -> "the producer was closed before the confirm";
          case Constants.CODE_PRODUCER_NOT_AVAILABLE ->
              "the producer is not available (connection lost, recovering)";
          case Constants.CODE_MESSAGE_ENQUEUEING_FAILED -> "the message could not be enqueued";
          default -> "refused with code " + code;
        };
    return new MqException(
        StreamSettings.NAME
            + ": "
            + settings.address()
            + " did not confirm a message of stream '"
            + settings.stream()
            + "': "
            + why);
  }

  private MqException failure(Throwable e) {
    return e instanceof MqException mq
        ? mq
        : StreamFailures.operation(
            "send to stream '" + settings.stream() + "' failed", e, settings);
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    inFlight.closeThen(
        settings.confirmTimeout(),
        () -> {
          try {
            producer.close();
          } catch (RuntimeException e) {
            // closing is best effort: the broker drops the publisher with its connection
          }
        },
        StreamSettings.NAME + ": the sender was closed before the broker confirmed the batch");
    mq.forget(this);
  }
}
