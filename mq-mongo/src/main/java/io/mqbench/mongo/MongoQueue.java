package io.mqbench.mongo;

import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.IndexOptions;
import com.mongodb.client.model.Indexes;
import com.mongodb.internal.build.MongoDriverVersion;
import io.mqbench.config.Durations;
import io.mqbench.mq.Errors;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * One collection used as a queue. A message is one document:
 *
 * <pre>{@code
 * { _id: ObjectId, body: BinData, visibleAt: Date, claim: ObjectId | null }
 * }</pre>
 *
 * <p>A message is visible when {@code visibleAt <= now}: a new or released message is visible from
 * the epoch, a claimed one from the end of its lease ({@code now + mongo.visibilityTimeout}). An
 * index on {@code visibleAt} serves every claim; {@code claim} is null until a receiver claims the
 * message, and again once it released it. One {@link MongoClient} (a connection pool) is shared by
 * every sender and receiver of the run, as MongoDB's drivers intend.
 */
final class MongoQueue implements Mq {
  /** Field names of a message document. */
  static final String ID = "_id";

  static final String BODY = "body";
  static final String VISIBLE_AT = "visibleAt";
  static final String CLAIM = "claim";

  private final MongoSettings settings;
  private final MqLimits limits;
  private final MongoClient client;
  private final MongoCollection<BsonDocument> collection;
  private final String server;
  private final boolean createdCollection;
  // Senders and receivers are not registered: closing the client ends them (see close).
  private final OpenClients state = new OpenClients("mongo: this Mq is closed");

  private MongoQueue(
      MongoSettings settings,
      MqLimits limits,
      MongoClient client,
      MongoCollection<BsonDocument> collection,
      String server,
      boolean createdCollection) {
    this.createdCollection = createdCollection;
    this.settings = settings;
    this.limits = limits;
    this.client = client;
    this.collection = collection;
    this.server = server;
  }

  /**
   * Connects, checks that a server answers (within {@code mongo.connectTimeout}), and creates the
   * index on {@code visibleAt} (a no-op when it exists).
   *
   * @param settings the parsed configuration
   * @param limits what senders accept, checked before each send
   * @return the open queue
   * @throws MqException in one line naming the servers' address
   */
  static MongoQueue open(MongoSettings settings, MqLimits limits) {
    MongoClient client = client(settings);
    try {
      BsonDocument buildInfo =
          client
              .getDatabase(settings.database())
              .runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
      boolean created =
          !client
              .getDatabase(settings.database())
              .listCollectionNames()
              .into(new ArrayList<>())
              .contains(settings.collection());
      MongoCollection<BsonDocument> collection =
          client
              .getDatabase(settings.database())
              .getCollection(settings.collection(), BsonDocument.class);
      collection.createIndex(
          Indexes.ascending(VISIBLE_AT), new IndexOptions().name("mqbench_visibleAt"));
      if (!isMongod(buildInfo)) {
        // The stand-in keeps no secondary index and uses a unique one only for a filter with
        // exactly its fields; every other filter is a scan of the whole collection. This index
        // lets it serve the receivers' writes by _id and claim token (heldBy) without one. A real
        // mongod serves them from its _id index and is not burdened with it.
        collection.createIndex(
            Indexes.ascending(ID, CLAIM), new IndexOptions().name("mqbench_id_claim").unique(true));
      }
      return new MongoQueue(
          settings, limits, client, collection, describeServer(buildInfo), created);
    } catch (MongoException e) {
      client.close();
      throw failure(
          "cannot open " + settings.database() + "." + settings.collection(), e, settings);
    }
  }

  /** A client of the configured servers, timeouts and options; the caller closes it. */
  static MongoClient client(MongoSettings settings) {
    MongoClientSettings clientSettings =
        MongoClientSettings.builder()
            // A benchmark wants failures reported, not retried behind its back (and a retry would
            // double the time a send may take); retryWrites=true in the URI turns it back on.
            .retryWrites(false)
            .retryReads(false)
            .applicationName("mqbench")
            .applyToClusterSettings(
                b ->
                    b.serverSelectionTimeout(
                        settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS))
            .applyToSocketSettings(
                b ->
                    b.connectTimeout(
                            (int) settings.connectTimeout().toMillis(), TimeUnit.MILLISECONDS)
                        .readTimeout(
                            (int) settings.operationTimeout().toMillis(), TimeUnit.MILLISECONDS))
            // Options in the URI win over the keys above: they are applied last.
            .applyConnectionString(MongoSettings.parse(settings.uri()))
            .build();
    return MongoClients.create(clientSettings);
  }

  /**
   * What answered, for results. The stand-in reports a MongoDB version number (5.0.0) it is not; a
   * real {@code mongod} also reports the commit it was built from ({@code gitVersion}), which the
   * stand-in does not, so results say which of the two was measured.
   */
  static String describeServer(BsonDocument buildInfo) {
    String version = buildInfo.getString("version", new BsonString("unknown")).getValue();
    if (isMongod(buildInfo)) {
      return "MongoDB " + version;
    }
    return "NOT MongoDB: a wire-compatible server without gitVersion in buildInfo (such as the"
        + " mongo-java-server stand-in), reporting version "
        + version;
  }

  static boolean isMongod(BsonDocument buildInfo) {
    return buildInfo.containsKey("gitVersion");
  }

  /**
   * The filter naming one message as long as the given claim holds it: by {@code _id} and claim
   * token only, as a plain document ({@code Filters.and} would render {@code $and}, which the
   * stand-in cannot serve from an index).
   *
   * @param id the message's {@code _id}
   * @param claim the claim token, or {@link org.bson.BsonNull} for a message nobody holds
   * @return {@code {_id: id, claim: claim}}
   */
  static BsonDocument heldBy(BsonValue id, BsonValue claim) {
    return new BsonDocument(ID, id).append(CLAIM, claim);
  }

  /**
   * One line for a failed operation, naming the servers and the key to check.
   *
   * @param what what was being done
   * @param e the driver's exception
   * @param settings for the address and timeouts
   * @return the exception to throw
   */
  static MqException failure(String what, MongoException e, MongoSettings settings) {
    if (e instanceof MongoTimeoutException) {
      // The driver's text is a dump of its view of the cluster; the address and the timeout are
      // what a user can act on (the dump stays in the cause, for --verbose).
      return new MqException(
          "mongo: "
              + what
              + ": no server answered at "
              + settings.address()
              + " within "
              + Durations.format(settings.connectTimeout())
              + " (check "
              + MongoSettings.URI.name()
              + "; the wait is "
              + MongoSettings.CONNECT_TIMEOUT.name()
              + ")",
          e);
    }
    return new MqException(
        "mongo: " + what + " at " + settings.address() + ": " + Errors.oneLine(e), e);
  }

  MongoSettings settings() {
    return settings;
  }

  MongoCollection<BsonDocument> collection() {
    return collection;
  }

  void checkOpen() {
    state.checkOpen();
  }

  @Override
  public MqSender createSender() {
    checkOpen();
    return limits.enforce("mongo", new MongoSender(this));
  }

  @Override
  public MqReceiver createReceiver() {
    checkOpen();
    return new MongoReceiver(this);
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    // The driver's own constant: in the runner's shaded jar the package's manifest version is the
    // runner's.
    v.put("mongodb-driver-sync", MongoDriverVersion.VERSION);
    v.put("server", server);
    v.put("writeConcern", settings.writeConcern().toString());
    v.put("claim", settings.claim().toString());
    return v;
  }

  @Override
  public Optional<Boolean> createdQueue() {
    return Optional.of(createdCollection);
  }

  /** Drops the collection, its messages and indexes with it. */
  @Override
  public boolean removeQueue() {
    checkOpen();
    try {
      collection.drop();
      return true;
    } catch (MongoException e) {
      throw failure(
          "cannot drop " + settings.database() + "." + settings.collection(), e, settings);
    }
  }

  /**
   * Closes the client. Receivers still open no longer release their claims: their messages come
   * back when their leases end.
   */
  @Override
  public void close() {
    if (state.closeAll()) {
      client.close();
    }
  }
}
