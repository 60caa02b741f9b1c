package io.mqbench.rabbitmq;

/**
 * The contract kit again on a durable classic queue, the {@code rabbitmq.queueType=classic} set-up.
 */
class RabbitMqClassicContractIT extends RabbitMqContractIT {
  @Override
  protected String queueType() {
    return "classic";
  }
}
