package io.mqbench.mongo;

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
 * The failure kit against a stand-in process of its own (it freezes the server, so it does not
 * share the other tests' one), once per claim strategy. Credentials do not apply: the stand-in
 * authenticates nobody.
 */
abstract class MongoFailures extends MqFailureKit {
  private static JavaLocalBroker mongo;
  private static String uri;

  @BeforeAll
  static void startServer() throws InterruptedException {
    mongo = new JavaLocalBroker(MongoMqProvider.LOCAL_BROKER);
    uri =
        mongo
            .start(new MongoMqProvider().configure(Map.of("mongo.localServerHeapMb", "512")))
            .get(MongoSettings.URI);
  }

  @AfterAll
  static void stopServer() {
    if (mongo != null) {
      mongo.close();
    }
  }

  abstract ClaimStrategy claim();

  @Override
  protected MqProvider provider() {
    return new MongoMqProvider();
  }

  /** A short read timeout, so that a frozen server fails a send within seconds. */
  @Override
  protected Map<String, String> brokerConfig(String queueName) {
    Map<String, String> raw = new HashMap<>();
    raw.put("mongo.uri", uri);
    raw.put("mongo.database", TestMongo.DATABASE);
    raw.put("mongo.collection", queueName);
    raw.put("mongo.claim", claim().toString());
    raw.put("mongo.operationTimeout", "3s");
    raw.put("mongo.connectTimeout", "2s");
    return raw;
  }

  @Override
  protected Optional<Map<String, String>> configAt(String host, int port) {
    return Optional.of(Map.of("mongo.uri", "mongodb://" + host + ":" + port));
  }

  @Override
  protected Optional<BrokerControl> brokerControl() {
    BrokerProcess server = mongo.process();
    return Optional.of(
        new BrokerControl() {
          @Override
          public void suspend() throws Exception {
            server.suspend();
          }

          @Override
          public void resume() throws Exception {
            server.resume();
          }
        });
  }
}
