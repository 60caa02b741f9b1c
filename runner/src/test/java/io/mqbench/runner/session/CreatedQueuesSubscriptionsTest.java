package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A matrix over {@code subscriptions: [1, 2, 4]} on a broker mqbench did not start left the
 * subscriptions of its publish/subscribe runs behind (seen on the system RabbitMQ: a fanout
 * exchange and queues mqbench-s0 to -s3): the queue was remembered with the subscriptions of its
 * first run only. It is now removed as every run used it.
 */
class CreatedQueuesSubscriptionsTest {

  /** A backend whose queue does not exist until first opened, and which records removals. */
  private static final class Recording implements MqProvider {
    final List<Integer> removedWith = new ArrayList<>();
    boolean exists;

    /** Like a NATS work-queue stream: made for one subscription, it refuses more. */
    boolean refusesMoreThanItWasMadeFor;

    int madeFor;

    @Override
    public String name() {
      return "fake";
    }

    @Override
    public String description() {
      return "records what is opened and removed";
    }

    @Override
    public List<ConfigKey<?>> configKeys() {
      return List.of(ConfigKey.string("fake.queue", "q", "the queue"));
    }

    @Override
    public String target(MqConfig config) {
      return "nowhere";
    }

    @Override
    public boolean supportsSubscriptions(MqConfig config) {
      return true;
    }

    @Override
    public Mq open(MqConfig config) {
      return open(config, 1);
    }

    @Override
    public Mq open(MqConfig config, int subscriptions) {
      if (exists && refusesMoreThanItWasMadeFor && subscriptions > madeFor) {
        throw new MqException("fake: queue 'q' allows " + madeFor + " subscription");
      }
      boolean made = !exists;
      if (made) {
        madeFor = subscriptions;
      }
      exists = true;
      return new Mq() {
        @Override
        public MqSender createSender() {
          throw new UnsupportedOperationException();
        }

        @Override
        public MqReceiver createReceiver() {
          throw new UnsupportedOperationException();
        }

        @Override
        public Optional<Boolean> createdQueue() {
          return Optional.of(made);
        }

        @Override
        public boolean removeQueue() {
          removedWith.add(subscriptions);
          exists = false;
          return true;
        }

        @Override
        public void close() {}
      };
    }
  }

  @Test
  void aQueueUsedWithOneTwoAndFourSubscriptionsIsRemovedWithAllOfThem() {
    Recording fake = new Recording();
    MqConfig config = fake.configure(Map.of());
    CreatedQueues queues = new CreatedQueues();

    for (int subscriptions : List.of(1, 2, 4)) {
      queues.beforeRun(fake, config, subscriptions, false);
      queues.afterRun(fake, config, true);
    }
    List<String> lines = queues.removeAll(false);

    assertThat(fake.removedWith).containsExactly(1, 4);
    assertThat(lines)
        .containsExactly(
            "removed fake queue 'q' at nowhere with its 4 subscriptions, which this run created"
                + " (--keep-queue keeps it)");
  }

  @Test
  void aQueueMadeForOneSubscriptionThatRefusesTwoIsMadeAnewOnceSettled() {
    Recording fake = new Recording();
    fake.refusesMoreThanItWasMadeFor = true;
    MqConfig config = fake.configure(Map.of());
    CreatedQueues queues = new CreatedQueues();
    queues.beforeRun(fake, config, 1, false);
    queues.afterRun(fake, config, true);

    queues.beforeRun(fake, config, 2, false);

    assertThat(fake.removedWith).containsExactly(1);
    assertThat(fake.madeFor).isEqualTo(2);
    queues.afterRun(fake, config, true);
    assertThat(queues.removeAll(false)).hasSize(1).first().asString().startsWith("removed");
  }
}
