package io.mqbench.engine.local;

import io.mqbench.mq.MqException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** The failure of a batch, unwrapped from the future that completed it. */
final class BatchFailure {
  private BatchFailure() {}

  /**
   * @param failure what completed a batch exceptionally, perhaps wrapped by a future
   * @return the backend's exception, or one that carries a checked cause's message
   * @throws InterruptedException if the batch was interrupted
   */
  static RuntimeException cause(Throwable failure) throws InterruptedException {
    Throwable t = failure;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    if (t instanceof InterruptedException ie) {
      throw ie;
    }
    if (t instanceof RuntimeException re) {
      return re;
    }
    return new MqException(t.getMessage() == null ? t.toString() : t.getMessage(), t);
  }
}
