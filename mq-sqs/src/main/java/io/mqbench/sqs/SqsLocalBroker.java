package io.mqbench.sqs;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.time.Duration;
import java.util.List;

/**
 * What the runner starts when neither {@code sqs.endpoint} nor {@code sqs.region} is given and
 * nothing answers on 127.0.0.1:9324: the {@link LocalElasticMq} stand-in with the configured queue
 * already created, announced as what it is: not SQS.
 */
final class SqsLocalBroker implements LocalBroker {
  private final int heapMb;
  private LocalElasticMq server;

  SqsLocalBroker(int heapMb) {
    this.heapMb = heapMb;
  }

  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (server != null) {
      throw new MqException("the local SQS stand-in is already started");
    }
    server =
        LocalElasticMq.start(
            heapMb,
            List.of(config.get(SqsSettings.QUEUE)),
            config.get(SqsSettings.VISIBILITY_TIMEOUT).toSeconds(),
            Duration.ofSeconds(60));
    return config.with(SqsSettings.ENDPOINT.name(), server.endpoint());
  }

  /** Says loudly, every time it is printed, that this is not SQS. */
  @Override
  public synchronized String description() {
    return "the ElasticMQ "
        + LocalElasticMq.VERSION
        + " SQS stand-in on "
        + (server == null ? "a free loopback port" : server.address())
        + " (in memory; NOT Amazon SQS: its speed says nothing about SQS's; the cost estimate"
        + " counts its requests at SQS's price; set sqs.region or sqs.endpoint for a real"
        + " service)";
  }

  @Override
  public synchronized void close() {
    if (server != null) {
      server.close();
    }
  }
}
