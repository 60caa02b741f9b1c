package io.mqbench.mq;

/**
 * One message handed out by {@link MqReceiver#receive}. Backends implement it with whatever they
 * need to acknowledge the message later (a delivery tag, an offset, a receipt handle).
 */
public interface Received {

  /**
   * The message body, byte-identical to what was sent. The array belongs to the caller; the backend
   * does not reuse it.
   *
   * @return the body; never {@code null}
   */
  byte[] body();
}
