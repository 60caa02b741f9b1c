package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.mq.MqException;
import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stream URI that names the broker's AMQP port fails in one line saying so, and naming the key
 * and the stream port, rather than "Connection is closed".
 */
class RabbitStreamWrongPortIT {
  @RegisterExtension static final RabbitBrokerExtension BROKER = new RabbitBrokerExtension();

  @Test
  void aStreamUriOnTheAmqpPortSaysItIsTheAmqpPort() {
    String host = URI.create(BROKER.broker().uri()).getHost();
    int amqp = BROKER.broker().port();
    RabbitStreamProvider provider = new RabbitStreamProvider();
    var config =
        provider.configure(
            Map.of(
                "rabbitmq-stream.uri",
                "rabbitmq-stream://guest:guest@" + host + ":" + amqp + "/%2f",
                "rabbitmq-stream.connectTimeout",
                "3s"));

    assertThatThrownBy(() -> provider.open(config).close())
        .isInstanceOf(MqException.class)
        .hasMessage(
            "rabbitmq-stream: "
                + host
                + ":"
                + amqp
                + " speaks AMQP 0-9-1, not the stream protocol: rabbitmq-stream.uri must name the"
                + " broker's stream port (5552 unless the stream plugin listens elsewhere), not its"
                + " AMQP port");
  }

  @Test
  void theStreamPortIsNotTakenForAnAmqpPort() {
    URI stream = URI.create(BROKER.broker().streamUri());

    assertThat(
            AmqpPortProbe.speaksAmqp(
                stream.getHost(), stream.getPort(), java.time.Duration.ofSeconds(2)))
        .isFalse();
    assertThat(
            AmqpPortProbe.speaksAmqp(
                stream.getHost(), BROKER.broker().port(), java.time.Duration.ofSeconds(2)))
        .isTrue();
  }
}
