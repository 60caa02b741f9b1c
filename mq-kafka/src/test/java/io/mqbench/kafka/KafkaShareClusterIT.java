package io.mqbench.kafka;

import io.mqbench.contract.MqClusterKit;
import io.mqbench.mq.MqProvider;
import java.util.Map;

/**
 * {@code -p kafka-share.localBrokerNodes=3}: the {@code kafka-share} backend's local broker is a
 * three-broker KRaft cluster with share groups enabled (the cluster kit: the leader is one of its
 * nodes, killing it while a sender sends loses no acknowledged message). Its brokers are the {@code
 * kafka} backend's, whose topics {@link KafkaClusterContractIT} finds replicated three ways; one
 * test more here would cost a cluster of its own.
 */
class KafkaShareClusterIT extends MqClusterKit {
  private final KafkaShareMqProvider provider = new KafkaShareMqProvider();

  @Override
  protected MqProvider provider() {
    return provider;
  }

  @Override
  protected Map<String, String> clusterKeys() {
    return Map.of(
        "kafka-share.localBrokerNodes",
        String.valueOf(NODES),
        "kafka-share.localBrokerHeapMb",
        "384",
        "kafka-share.topic",
        "replicated",
        "kafka-share.leaseTimeout",
        "5s");
  }
}
