package io.mqbench.sqs;

import io.mqbench.broker.BrokerProcess;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.contract.MqFailureKit;
import io.mqbench.mq.MqProvider;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The failure kit against an ElasticMQ process of its own (it freezes the server, so it does not
 * share the other tests' one). Credentials do not apply: ElasticMQ checks no signature.
 */
class SqsFailureIT extends MqFailureKit {
  private static JavaLocalBroker server;
  private static String endpoint;

  @BeforeAll
  static void startServer() throws InterruptedException {
    server = new JavaLocalBroker(SqsMqProvider.LOCAL_BROKER);
    endpoint =
        server
            .start(new SqsMqProvider().configure(Map.of("sqs.localServerHeapMb", "512")))
            .get(SqsSettings.ENDPOINT);
  }

  @AfterAll
  static void stopServer() {
    if (server != null) {
      server.close();
    }
  }

  @Override
  protected MqProvider provider() {
    return new SqsMqProvider();
  }

  /** A short request timeout, so that a frozen server fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>();
    raw.put("sqs.endpoint", endpoint);
    raw.put("sqs.queue", queueName);
    raw.put("sqs.createQueue", "true");
    raw.put("sqs.requestTimeout", "3s");
    raw.put("sqs.connectTimeout", "2s");
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of("sqs.endpoint", "http://" + host + ":" + port));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    BrokerProcess process = server.process();
    return Optional.of(
        new BrokerControl() {
          @Override
          public void suspend() throws Exception {
            process.suspend();
          }

          @Override
          public void resume() throws Exception {
            process.resume();
          }
        });
  }
}
