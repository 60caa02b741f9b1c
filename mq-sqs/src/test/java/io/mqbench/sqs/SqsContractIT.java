package io.mqbench.sqs;

import io.mqbench.contract.MqContractKit;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.Optional;

/** Every test of the contract kit against ElasticMQ (or {@code SQS_ENDPOINT}). */
class SqsContractIT extends MqContractKit {
  /** Short, so that the kit's hung-receiver test finishes in seconds; SQS counts whole seconds. */
  private static final Duration LEASE = Duration.ofSeconds(3);

  @Override
  protected Optional<Configured> configured(String queueName) throws Exception {
    SqsMqProvider provider = new SqsMqProvider();
    return Optional.of(
        new Configured(provider, provider.configure(TestSqs.config(queueName, LEASE))));
  }

  @Override
  protected Mq openFreshQueue(String queueName) throws InterruptedException {
    SqsMqProvider provider = new SqsMqProvider();
    return provider.open(provider.configure(TestSqs.config(queueName, LEASE)));
  }

  @Override
  protected Optional<Duration> abandonedLeaseTimeout() {
    return Optional.of(LEASE);
  }

  /** 1 MiB of Base64 text, SQS's payload limit: 786,432 bytes. */
  @Override
  protected int maxMessageSizeBytes() {
    return SqsSettings.SQS_MAX_PAYLOAD / 4 * 3;
  }

  @Override
  protected Duration receiveGranularity() {
    return Duration.ofSeconds(1);
  }
}
