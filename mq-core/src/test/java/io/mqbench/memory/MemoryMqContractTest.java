package io.mqbench.memory;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

class MemoryMqContractTest extends MqContractKit {
  private static final Duration LEASE = Duration.ofSeconds(3);

  @Override
  protected Mq openFreshQueue(String queueName) {
    MemoryMqProvider provider = new MemoryMqProvider();
    return provider.open(provider.configure(Map.of("memory.visibilityTimeout", "3s")));
  }

  @Override
  protected Optional<Configured> configured(String queueName) {
    MemoryMqProvider provider = new MemoryMqProvider();
    return Optional.of(
        new Configured(provider, provider.configure(Map.of("memory.visibilityTimeout", "3s"))));
  }

  @Override
  protected Optional<Mq> openFreshSubscriptions(String queueName, int subscriptions) {
    MemoryMqProvider provider = new MemoryMqProvider();
    return Optional.of(
        provider.open(provider.configure(Map.of("memory.visibilityTimeout", "3s")), subscriptions));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(10);
  }
}
