package io.mqbench.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.MongoClient;
import io.mqbench.mq.Durability;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;

/**
 * What answered the {@code mongo} backend, read back with {@code buildInfo}: a {@code mongod}
 * reports the commit it was built from ({@code gitVersion}); a wire-compatible stand-in such as
 * mongo-java-server does not, keeps every message in memory whatever the write concern says, and is
 * recorded as a {@link Durability.Level#STAND_IN}. A real server's write concern behaviour is not
 * read back.
 */
final class MongoDurability {
  private MongoDurability() {}

  /**
   * @param asked what the write concern declares
   * @return what was found, on a client of its own closed before this returns
   * @throws io.mqbench.mq.MqException naming the servers if none answers
   */
  static Durability found(MongoSettings settings, Durability asked) {
    try (MongoClient client = MongoQueue.client(settings)) {
      BsonDocument buildInfo =
          client
              .getDatabase(settings.database())
              .runCommand(new BsonDocument("buildInfo", new BsonInt32(1)), BsonDocument.class);
      String version = buildInfo.getString("version", new BsonString("unknown")).getValue();
      if (!MongoQueue.isMongod(buildInfo)) {
        return Durability.standIn(
            "MongoDB",
            "a wire-compatible server without gitVersion in buildInfo, reporting version "
                + version);
      }
      return new Durability(
          asked.level(),
          asked.where(),
          "MongoDB " + version + " (buildInfo); the write concern as configured, not read back");
    } catch (MongoException e) {
      throw MongoQueue.failure("cannot ask the server what it is", e, settings);
    }
  }
}
