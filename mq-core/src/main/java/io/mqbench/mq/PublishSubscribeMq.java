package io.mqbench.mq;

/**
 * An {@link Mq} opened with one subscription or several (see {@link PublishSubscribe}): it states
 * only how to create a receiver of a given subscription, and the plain receiver is subscription
 * 0's, the queue itself when there is one subscription.
 */
public interface PublishSubscribeMq extends Mq {

  /**
   * A receiver of one subscription; see {@link Mq#createReceiver(int)}.
   *
   * @throws IllegalArgumentException if that subscription was not opened
   */
  @Override
  MqReceiver createReceiver(int subscription);

  /** A receiver of subscription 0: the queue's, opened with one subscription. */
  @Override
  default MqReceiver createReceiver() {
    return createReceiver(0);
  }
}
