package io.mqbench.mongo;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.LocalBrokerDescriptor;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.StatedProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code mongo} backend: a MongoDB collection used as a queue. A send is one {@code insertMany}
 * under the configured write concern (majority by default); a receive claims visible messages under
 * a lease ({@code mongo.visibilityTimeout}) one {@code findOneAndUpdate} at a time or as a batch
 * ({@code mongo.claim}); an ack deletes. See {@link MongoReceiver} for why no message is claimed
 * twice within its lease.
 *
 * <p>With no {@code mongo.uri} the runner uses a server answering on 127.0.0.1:27017 if one does,
 * else starts the local stand-in ({@link #LOCAL_BROKER}), which is not MongoDB.
 */
public final class MongoMqProvider extends StatedProvider implements BrokerBackend {
  /**
   * The local stand-in: {@code mongo-java-server} with its in-memory backend, in a JVM of its own
   * (mq-mongo-broker's jars and main class), announced as what it is: not MongoDB. It keeps nothing
   * on disk, has no replication, and its speed says nothing about MongoDB's.
   */
  public static final LocalBrokerDescriptor LOCAL_BROKER =
      new LocalBrokerDescriptor(
          "local MongoDB stand-in (mongo-java-server)",
          "mongo-broker",
          "io.mqbench.mongo.broker.MongoStandInMain",
          1,
          MongoSettings.URI,
          "mongodb://",
          MongoSettings.LOCAL_SERVER_HEAP,
          LocalBrokerDescriptor.NO_SETTINGS,
          LocalBrokerDescriptor.Readiness.PORTS,
          "the mongo-java-server {version} stand-in on {address} (in memory; NOT MongoDB: its"
              + " numbers say nothing about MongoDB's; set mongo.uri for a real server)");

  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(MongoSettings.URI.name()),
          "docker/mongo.yml",
          "127.0.0.1:27017",
          MongoSettings.COMPOSE_URI,
          "");

  /**
   * MongoDB's largest document is 16 MiB; a message's document adds its id, the lease fields and
   * BSON framing to the body, well under this.
   */
  static final int DOCUMENT_OVERHEAD = 1024;

  static final int MAX_DOCUMENT_BYTES = 16 * 1024 * 1024;

  /**
   * The backend's facts. Levels: the write concern, majority for fsync, w1 for memory,
   * unacknowledged for none.
   *
   * <p>A given URI is parsed when configuring, which connects nothing, so that a malformed one
   * fails before the run rather than when the first sender connects. (An unknown write concern or
   * claim strategy is already refused by its key, by name.)
   *
   * <p>A queue of its own is a collection of its own, the one name of the queue (its indexes are
   * named within it). (No publish/subscribe: a claimed document has one reader.)
   *
   * <p>The durability found is what answered: a stand-in (mongo-java-server) is {@link
   * Durability.Level#STAND_IN} whatever the write concern asks ({@link MongoDurability}).
   */
  private static final BackendFacts FACTS =
      BackendFacts.of(
              "mongo",
              MongoSettings.KEYS,
              "MongoDB collection as a queue (mongodb-driver-sync): insertMany with write concern"
                  + " majority, leased claims (batch or one findOneAndUpdate each), delete on ack")
          .levelsByKey(
              MongoSettings.WRITE_CONCERN.name(),
              Map.of(
                  Durability.Level.FSYNC,
                  WriteConcernChoice.MAJORITY.toString(),
                  Durability.Level.MEMORY,
                  WriteConcernChoice.W1.toString(),
                  Durability.Level.NONE,
                  WriteConcernChoice.UNACKNOWLEDGED.toString()),
              "fsync, memory or none")
          .lease(MongoSettings.VISIBILITY_TIMEOUT)
          .queueName(MongoSettings.COLLECTION, MongoSettings.MAX_COLLECTION_LENGTH)
          .durabilityFoundBy(
              (config, declared) -> MongoDurability.found(MongoSettings.from(config), declared))
          .brokerAt(ADDRESSING, config -> Optional.of(new JavaLocalBroker(LOCAL_BROKER)))
          .checkedWhenAddressed(config -> MongoSettings.address(config.get(MongoSettings.URI)));

  /** The backend as the runner loads it. */
  public MongoMqProvider() {
    super(FACTS);
  }

  /**
   * What the write concern waits for on a real MongoDB; the local stand-in (mongo-java-server)
   * keeps everything in memory whatever it is told.
   */
  @Override
  public Durability durability(MqConfig config) {
    WriteConcernChoice wc = config.get(MongoSettings.WRITE_CONCERN);
    String settings = MongoSettings.WRITE_CONCERN.name() + "=" + wc;
    return switch (wc) {
      case MAJORITY ->
          new Durability(
              Durability.Level.FSYNC,
              "in the journal of a majority of the replica set",
              settings + " (writeConcernMajorityJournalDefault)");
      case ACKNOWLEDGED ->
          new Durability(
              Durability.Level.FSYNC,
              "as the server's default write concern says (a journaled majority from MongoDB 5.0)",
              settings);
      case JOURNALED ->
          new Durability(Durability.Level.FSYNC, "in the primary's journal", settings);
      case W1 -> new Durability(Durability.Level.MEMORY, "on the primary", settings);
      case UNACKNOWLEDGED ->
          new Durability(Durability.Level.NONE, "(the send does not wait)", settings);
    };
  }

  /** An unacknowledged or w:1 write concern: sends that may be lost by design. */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>();
    WriteConcernChoice wc = config.get(MongoSettings.WRITE_CONCERN);
    String key = MongoSettings.WRITE_CONCERN.name() + "=" + wc;
    if (wc == WriteConcernChoice.UNACKNOWLEDGED) {
      w.add(
          key
              + ": a send returns without waiting for the server (w:0); messages the server"
              + " rejects or loses are lost without an error, so loss is expected");
    } else if (wc == WriteConcernChoice.W1) {
      w.add(
          key
              + ": a send waits for the primary only; a fail-over before the secondaries have it"
              + " rolls it back, so loss is expected when a primary fails");
    }
    return w;
  }

  @Override
  public Mq open(MqConfig config) {
    return MongoQueue.open(MongoSettings.from(config), limits(config));
  }

  /** The servers of the URI, without credentials. */
  @Override
  public String address(String key, String value) {
    return MongoSettings.address(value);
  }

  /**
   * The largest message is MongoDB's largest document less {@value #DOCUMENT_OVERHEAD} bytes; the
   * driver splits a large {@code insertMany} itself, so batches are unlimited. A send may take the
   * server selection (or connect) timeout, then the socket read timeout.
   */
  @Override
  public MqLimits limits(MqConfig config) {
    return MqLimits.UNLIMITED
        .withMaxMessageBytes(
            MAX_DOCUMENT_BYTES - DOCUMENT_OVERHEAD,
            "MongoDB's 16 MiB document limit, less "
                + DOCUMENT_OVERHEAD
                + " bytes of document overhead")
        .withSendTimeout(
            config
                .get(MongoSettings.CONNECT_TIMEOUT)
                .plus(config.get(MongoSettings.OPERATION_TIMEOUT)));
  }
}
