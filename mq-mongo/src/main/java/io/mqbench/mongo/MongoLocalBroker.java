package io.mqbench.mongo;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.MqException;
import java.time.Duration;

/**
 * What the runner starts when no {@code mongo.uri} is given and nothing answers on 127.0.0.1:27017:
 * the {@link LocalMongo} stand-in, announced as what it is: not MongoDB.
 */
final class MongoLocalBroker implements LocalBroker {
  private final int heapMb;
  private LocalMongo mongo;

  MongoLocalBroker(int heapMb) {
    this.heapMb = heapMb;
  }

  @Override
  public synchronized MqConfig start(MqConfig config) throws InterruptedException {
    if (mongo != null) {
      throw new MqException("the local MongoDB stand-in is already started");
    }
    mongo = LocalMongo.start(heapMb, Duration.ofSeconds(60));
    return config.with(MongoSettings.URI.name(), mongo.uri());
  }

  /** Says loudly, every time it is printed, that this is not MongoDB. */
  @Override
  public synchronized String description() {
    return "the mongo-java-server "
        + LocalMongo.VERSION
        + " stand-in on "
        + (mongo == null ? "a free loopback port" : mongo.address())
        + " (in memory; NOT MongoDB: its numbers say nothing about MongoDB's; set mongo.uri for a"
        + " real server)";
  }

  @Override
  public synchronized void close() {
    if (mongo != null) {
      mongo.close();
    }
  }
}
