package io.mqbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.mqbench.mq.MqException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Needs no broker: it is about what happens when there is none. */
class UnreachableClusterTest {

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
