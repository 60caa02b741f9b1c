package io.mqbench.mq;

import io.mqbench.config.MqConfig;

/**
 * A provider whose every queue can be opened with several subscriptions ({@code --subscriptions
 * N}): it states only how to open them, and opening the plain queue is opening one subscription.
 */
public interface PublishSubscribe extends MqProvider {

  /**
   * Opens the queue with {@code subscriptions} subscriptions; see {@link MqProvider#open(MqConfig,
   * int)}.
   */
  @Override
  Mq open(MqConfig config, int subscriptions);

  /** The point-to-point queue: one subscription. */
  @Override
  default Mq open(MqConfig config) {
    return open(config, 1);
  }

  /** Always: every queue of this backend takes several subscriptions. */
  @Override
  default boolean supportsSubscriptions(MqConfig config) {
    return true;
  }
}
