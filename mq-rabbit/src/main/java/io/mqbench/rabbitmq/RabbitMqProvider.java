package io.mqbench.rabbitmq;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqProvider;
import java.util.List;

/**
 * The {@code rabbitmq} backend: persistent messages on a durable quorum queue (by default), sent
 * with publisher confirms and received with manual acknowledgements.
 *
 * <p>There is no local broker: RabbitMQ does not run in a JVM, so with no address {@link #open}
 * fails and says how to start one.
 */
public final class RabbitMqProvider implements MqProvider {

  @Override
  public String name() {
    return "rabbitmq";
  }

  @Override
  public String description() {
    return "RabbitMQ (amqp-client): persistent messages, publisher confirms, quorum queue by"
        + " default";
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return RabbitMqSettings.KEYS;
  }

  @Override
  public List<String> passThroughPrefixes() {
    return List.of(RabbitMqSettings.QUEUE_ARGS_PREFIX);
  }

  @Override
  public String target(MqConfig config) {
    if (!RabbitMqSettings.hasAddress(config)) {
      return "unset (" + RabbitMqSettings.URI.name() + ")";
    }
    return RabbitMqSettings.from(config).address();
  }

  @Override
  public Mq open(MqConfig config) {
    return RabbitMq.open(RabbitMqSettings.from(config));
  }
}
