package io.mqbench.rabbitmq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The settings of a local cluster, and what is read back from it, without a broker. */
class RabbitLocalClusterSettingsTest {
  private final RabbitMqProvider provider = new RabbitMqProvider();

  @Test
  void theNodesOfAClusterAreOneUriSeparatedByCommasAndTheTargetNamesThemAll() {
    MqConfig config =
        provider.configure(
            Map.of("rabbitmq.uri", "amqp://u:secret@h1:7000/v,amqp://u:secret@h2:7001/v"));

    RabbitMqSettings s = RabbitMqSettings.from(config);
    assertThat(s.address()).isEqualTo("h1:7000,h2:7001");
    assertThat(s.addresses()).hasSize(2);
    assertThat(s.factory().getVirtualHost()).isEqualTo("v");
    assertThat(
            RabbitMqSettings.from(provider.configure(Map.of("rabbitmq.uri", "amqp://h1:7000")))
                .address())
        .isEqualTo("h1:7000");
    assertThatThrownBy(
            () ->
                RabbitMqSettings.from(
                    provider.configure(Map.of("rabbitmq.uri", "amqp://h1:7000,http://h2:7001"))))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("rabbitmq.uri");
  }

  @Test
  void aLocalClusterOfSeveralNodesIsAskedWithOneKeyAndTooManyAreRefused() {
    assertThat(
            provider
                .configure(Map.of("rabbitmq.localBrokerNodes", "3"))
                .get(QueueMembers.LOCAL_BROKER_NODES))
        .isEqualTo(3);
    assertThatThrownBy(() -> provider.configure(Map.of("rabbitmq.localBrokerNodes", "6")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("rabbitmq.localBrokerNodes");
  }

  @Test
  void aLocalBrokerGivesQueuesAMemberPerNodeUnlessTheirSizeIsGiven() {
    MqConfig quorum = QueueMembers.sizedFor(provider.configure(Map.of()), 3);
    MqConfig given =
        QueueMembers.sizedFor(
            provider.configure(Map.of("rabbitmq.queueArgs.x-quorum-initial-group-size", "2")), 3);
    MqConfig classic =
        QueueMembers.sizedFor(provider.configure(Map.of("rabbitmq.queueType", "classic")), 3);

    assertThat(provider.durability(quorum).where())
        .isEqualTo("on a majority of the queue's 3 members");
    assertThat(provider.durability(given).where())
        .isEqualTo("on a majority of the queue's 2 members");
    assertThat(provider.durability(QueueMembers.sizedFor(provider.configure(Map.of()), 1)).where())
        .isEqualTo("on the queue's only member (one node, not replicated)");
    assertThat(provider.durability(provider.configure(Map.of())).where())
        .isEqualTo("on a majority of the queue's members (how many not read back)");
    assertThat(classic.passThrough(RabbitMqSettings.QUEUE_ARGS_PREFIX)).isEmpty();
  }

  @Test
  void aQueuesMembersAndLeaderAreReadFromWhatRabbitmqctlPrints() {
    String json =
        "[\n"
            + "{\"name\":\"other\",\"type\":\"quorum\",\"leader\":\"a@localhost\","
            + "\"members\":[\"a@localhost\"],\"online\":[\"a@localhost\"]}\n"
            + ",{\"name\":\"q \\\"1\\\"\",\"type\":\"quorum\",\"leader\":\"b@localhost\","
            + "\"members\":[\"b@localhost\",\"c@localhost\",\"a@localhost\"],"
            + "\"online\":[\"b@localhost\",\"a@localhost\"]}\n"
            + ",{\"name\":\"c\",\"type\":\"classic\",\"leader\":\"\",\"members\":\"\",\"online\":\"\"}\n"
            + "]\n";

    QueueStatus q = QueueStatus.parse(json, "q \"1\"").orElseThrow();
    assertThat(q.leader()).isEqualTo("b@localhost");
    assertThat(q.members()).hasSize(3);
    assertThat(q.online()).isEqualTo(List.of("b@localhost", "a@localhost"));
    assertThat(q.describe()).startsWith("3 member(s), 2 online, leader b@localhost");
    assertThat(QueueStatus.parse(json, "c").orElseThrow().members()).isEmpty();
    assertThat(QueueStatus.parse(json, "missing")).isEmpty();
  }
}
