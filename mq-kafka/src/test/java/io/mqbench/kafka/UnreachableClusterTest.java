package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mqbench.mq.MqException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Needs no broker: it is about what happens when there is none. */
class UnreachableClusterTest {

  @Test
  void openFailsWithinTenSecondsNamingTheAddress() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    String address = "127.0.0.1:" + port;
    KafkaMqProvider provider = new KafkaMqProvider();

    long start = System.nanoTime();
    MqException e =
        catchThrowableOfType(
            MqException.class,
            () -> provider.open(provider.configure(Map.of("kafka.bootstrapServers", address))));
    Duration took = Duration.ofNanos(System.nanoTime() - start);

    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains(address).doesNotContain("\n");
    assertThat(took).isLessThan(Duration.ofSeconds(12));
  }

  @Test
  void unresolvableHostFailsAtOnceNamingIt() {
    KafkaMqProvider provider = new KafkaMqProvider();

    MqException e =
        catchThrowableOfType(
            MqException.class,
            () ->
                provider.open(
                    provider.configure(
                        Map.of("kafka.bootstrapServers", "no-such-host.invalid:9092"))));

    assertThat(e).isNotNull();
    assertThat(e.getMessage()).contains("no-such-host.invalid:9092").doesNotContain("\n");
  }
}
