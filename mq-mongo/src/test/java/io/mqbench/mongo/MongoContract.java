package io.mqbench.mongo;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Optional;

/**
 * The contract kit against a real server ({@code MONGODB_URI}, else the local stand-in process),
 * once per claim strategy: see the subclasses.
 */
abstract class MongoContract extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  abstract ClaimStrategy claim();

  @Override
  protected Optional<Configured> configured(String queueName) throws InterruptedException {
    MongoMqProvider provider = new MongoMqProvider();
    return Optional.of(
        new Configured(provider, provider.configure(TestMongo.config(queueName, claim(), LEASE))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) throws InterruptedException {
    MongoMqProvider provider = new MongoMqProvider();
    return provider.open(provider.configure(TestMongo.config(queueName, claim(), LEASE)));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }
}
