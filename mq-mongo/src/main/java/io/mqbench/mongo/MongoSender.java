package io.mqbench.mongo;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.InsertManyOptions;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqSender;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonBinary;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.types.ObjectId;

/**
 * Sends a batch as one {@code insertMany} under the configured write concern; returns when the
 * server acknowledged it as that concern says. Every message is visible from the epoch, so sending
 * involves no clock.
 */
final class MongoSender implements MqSender {
  private static final BsonDateTime VISIBLE_AT_ONCE = new BsonDateTime(0);

  /** Unordered: the server inserts every document it can rather than stopping at a failure. */
  private static final InsertManyOptions UNORDERED = new InsertManyOptions().ordered(false);

  private final MongoQueue queue;
  private final MongoCollection<BsonDocument> collection;
  private boolean closed;

  MongoSender(MongoQueue queue) {
    this.queue = queue;
    this.collection =
        queue.collection().withWriteConcern(queue.settings().writeConcern().forSends());
  }

  @Override
  public void send(List<byte[]> batch) {
    if (closed) {
      throw new MqException("mongo: this sender is closed");
    }
    queue.checkOpen();
    if (batch.isEmpty()) {
      return;
    }
    List<BsonDocument> docs = new ArrayList<>(batch.size());
    for (byte[] body : batch) {
      docs.add(
          new BsonDocument(MongoQueue.ID, new BsonObjectId(new ObjectId()))
              .append(MongoQueue.BODY, new BsonBinary(body))
              .append(MongoQueue.VISIBLE_AT, VISIBLE_AT_ONCE)
              .append(MongoQueue.CLAIM, BsonNull.VALUE));
    }
    try {
      collection.insertMany(docs, UNORDERED);
    } catch (MongoException | IllegalStateException e) {
      throw e instanceof MongoException m
          ? MongoQueue.failure("send of " + batch.size() + " messages", m, queue.settings())
          : new MqException("mongo: send failed: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    closed = true;
  }
}
