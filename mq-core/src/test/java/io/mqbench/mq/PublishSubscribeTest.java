package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.memory.MemoryMqProvider;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PublishSubscribeTest {

  /** States only how to open several subscriptions; counts what it was asked for. */
  private static final class Demo implements PublishSubscribe {
    final AtomicInteger asked = new AtomicInteger();

    @Override
    public String name() {
      return "demo";
    }

    @Override
    public String description() {
      return "demo";
    }

    @Override
    public List<ConfigKey<?>> configKeys() {
      return List.of();
    }

    @Override
    public String target(MqConfig config) {
      return "nowhere";
    }

    @Override
    public Mq open(MqConfig config, int subscriptions) {
      asked.set(subscriptions);
      return new MemoryMqProvider().open(new MemoryMqProvider().configure(Map.of()), subscriptions);
    }
  }

  @Test
  void theQueueIsOneSubscription() {
    Demo demo = new Demo();

    try (Mq queue = demo.open(demo.configure(Map.of()))) {
      assertThat(demo.asked).hasValue(1);
      assertThat(queue).isNotNull();
    }
  }

  @Test
  void everyQueueTakesSeveralSubscriptions() {
    Demo demo = new Demo();

    assertThat(demo.supportsSubscriptions(demo.configure(Map.of()))).isTrue();
  }
}
