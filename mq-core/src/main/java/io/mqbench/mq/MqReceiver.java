package io.mqbench.mq;

import java.time.Duration;
import java.util.List;

/**
 * Receives messages from the queue under a lease and acknowledges them. One receiver belongs to one
 * thread.
 *
 * <p><b>Leases and redelivery.</b> A message returned by {@link #receive} is leased to this
 * receiver: no other receiver gets it while the lease holds. {@link #ack} ends the lease by
 * removing the message for good. If the message is not acknowledged, it comes back to some receiver
 * (this one or another) when the lease ends, which happens when this receiver is closed, when its
 * connection dies, or when a backend-specific timeout passes (a visibility timeout, a session
 * timeout). Which of these apply is the backend's to document.
 *
 * <p><b>Delivery guarantee.</b> At least once. A message may be delivered more than once (after a
 * lease ended, after a broker fail-over, after an acknowledgement was lost); harnesses count such
 * duplicates. A message that was sent and never delivered is a bug in the backend.
 */
public interface MqReceiver extends AutoCloseable {

  /**
   * Returns up to {@code max} messages, waiting at most {@code wait} for the first one.
   *
   * <p>Returns as soon as at least one message is available (a backend may wait briefly to fill a
   * larger batch, but never beyond {@code wait}); returns an empty list when none arrived within
   * {@code wait}. A backend may overshoot {@code wait} by its network round trip, and may round
   * {@code wait} up to its declared polling granularity ({@link MqLimits#receiveGranularity()}: SQS
   * long polling counts whole seconds), not by more.
   *
   * @param max the largest number of messages to return, at least 1
   * @param wait how long to wait when the queue is empty; zero means do not wait
   * @return the received messages, at most {@code max}, in no promised order; never {@code null}
   * @throws MqException if the backend failed; leased messages then come back as described above
   * @throws InterruptedException if the thread was interrupted while waiting
   */
  List<Received> receive(int max, Duration wait) throws InterruptedException;

  /**
   * Acknowledges messages this receiver received, so that they are never delivered again.
   *
   * <p><b>Exactly these messages.</b> Only the given messages are acknowledged: messages this
   * receiver received before or after them and did not pass here stay leased, and come back when
   * their lease ends. A mechanism that acknowledges everything a session received so far (JMS
   * {@code CLIENT_ACKNOWLEDGE}) does not meet this contract; a backend built on one must ack
   * individually or hold messages back. (A backend whose broker keeps one position per partition,
   * such as Kafka, may redeliver acknowledged messages after an unacknowledged one: duplicates are
   * allowed, loss is not.)
   *
   * <p>May complete asynchronously: when it returns, the acknowledgement may still be on its way,
   * and a crash right after it may still redeliver the messages. Acknowledging a message whose
   * lease already ended is harmless (it may or may not prevent the redelivery). An empty list is a
   * no-op.
   *
   * @param messages messages returned by this receiver's {@link #receive}; not {@code null}
   * @throws MqException if the backend failed; the messages may then be redelivered
   */
  void ack(List<Received> messages);

  /**
   * Releases the receiver. Messages it received and did not acknowledge become available to other
   * receivers. Idempotent.
   */
  @Override
  void close();
}
