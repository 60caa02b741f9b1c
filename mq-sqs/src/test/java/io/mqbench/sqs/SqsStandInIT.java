package io.mqbench.sqs;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqSender;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The stand-in the runner starts when neither an endpoint nor a region is given. */
class SqsStandInIT {
  private final SqsMqProvider provider = new SqsMqProvider();

  @Test
  void theStandInBindsLoopbackOnlyAndServesTheConfiguredQueueFromTheStart() throws Exception {
    MqConfig config =
        provider.configure(
            Map.of(
                "sqs.queue", "stand-in-queue",
                "sqs.visibilityTimeout", "7s",
                "sqs.localServerHeapMb", "256"));
    LocalBroker broker = provider.localBroker(config).orElseThrow();
    Path directory;
    try {
      MqConfig started = broker.start(config);
      String address = ((JavaLocalBroker) broker).address();
      assertThat(started.get(SqsSettings.ENDPOINT)).isEqualTo("http://" + address);
      assertThat(provider.target(started)).isEqualTo(address);
      assertThat(broker.description())
          .startsWith("the ElasticMQ " + ((JavaLocalBroker) broker).version() + " SQS stand-in on ")
          .contains(address, "NOT Amazon SQS");
      directory = ((JavaLocalBroker) broker).directory();
      String conf = Files.readString(directory.resolve("node-1").resolve("elasticmq.conf"));
      assertThat(conf)
          .contains(
              "bind-hostname = \"127.0.0.1\"",
              "bind-port = " + address.split(":")[1],
              "\"stand-in-queue\" {",
              "defaultVisibilityTimeout = 7 seconds")
          .doesNotContain("0.0.0.0");

      // sqs.createQueue is off: the queue is there because the stand-in made it.
      try (Mq mq = provider.open(started);
          MqSender sender = mq.createSender()) {
        sender.send(List.of(new byte[] {1}));
      }
    } finally {
      broker.close();
    }
    assertThat(directory).doesNotExist();
  }
}
