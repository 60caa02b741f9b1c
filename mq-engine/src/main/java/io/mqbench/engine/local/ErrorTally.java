package io.mqbench.engine.local;

import io.mqbench.engine.measure.ClientErrors;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The backend errors one cell's senders and receivers rode through ({@link
 * io.mqbench.engine.RunSettings#reconnect()}), counted from any of its threads.
 */
final class ErrorTally {
  private final AtomicLong failedSends = new AtomicLong();
  private final AtomicLong failedSendMessages = new AtomicLong();
  private final AtomicLong failedReceives = new AtomicLong();
  private final AtomicLong reconnects = new AtomicLong();
  private final AtomicReference<String> first = new AtomicReference<>();

  void failedSend(int messages, Throwable why) {
    failedSends.incrementAndGet();
    failedSendMessages.addAndGet(messages);
    note(why);
  }

  void failedReceive(Throwable why) {
    failedReceives.incrementAndGet();
    note(why);
  }

  void reconnected() {
    reconnects.incrementAndGet();
  }

  /** Keeps the first error's words: the rest of an outage usually repeats them. */
  void note(Throwable why) {
    if (first.get() == null) {
      first.compareAndSet(null, why.getMessage() == null ? why.toString() : why.getMessage());
    }
  }

  ClientErrors read() {
    return new ClientErrors(
        failedSends.get(),
        failedSendMessages.get(),
        failedReceives.get(),
        reconnects.get(),
        first.get());
  }
}
