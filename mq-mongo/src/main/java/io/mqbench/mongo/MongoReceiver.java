package io.mqbench.mongo;

import static com.mongodb.client.model.Filters.lte;

import com.mongodb.MongoException;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.BulkWriteOptions;
import com.mongodb.client.model.DeleteOneModel;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.UpdateOneModel;
import com.mongodb.client.model.Updates;
import com.mongodb.client.model.WriteModel;
import io.mqbench.mq.BackgroundAcks;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;

/**
 * Claims messages under a lease, acknowledges them by deleting them, and releases what it still
 * holds when closed.
 *
 * <p><b>No double claim.</b> A claim is a write that sets {@code visibleAt = now +
 * visibilityTimeout} and a claim token, and whose filter makes it match only a message nobody else
 * holds. MongoDB applies a write's filter and update to one document atomically, so of two
 * receivers racing for a message exactly one write matches it. The {@code one} strategy does this
 * with {@code findOneAndUpdate} per message, filtered on {@code visibleAt <= now}. The {@code
 * batch} strategy reads up to {@code max} visible candidates with the claim token each carries
 * (none for a new or released message), then claims them all in one unordered bulk write of one
 * update per candidate, filtered on {@code _id} and that same token: a compare-and-set. A candidate
 * another receiver claimed in between carries that receiver's fresh token, does not match, and does
 * not get this claim's token; a token still in place means nobody claimed the message since it was
 * read visible, and time only moves on, so it is still visible. The token is fresh for every claim,
 * so the documents carrying it are exactly the ones this claim won; when the bulk write matched
 * fewer than the candidates, they are read back by {@code _id}. The lease uses this machine's
 * clock: receivers' clocks must agree to well within the visibility timeout.
 *
 * <p>Every write after the candidates' read names each document by {@code _id} and claim token
 * alone, in one bulk write per call: MongoDB serves that from its {@code _id} index, and the
 * stand-in, which evaluates any other filter on every document of the collection, from the unique
 * index on both fields that {@link MongoQueue} gives it. The cost of a batch claim therefore does
 * not grow with the backlog on either.
 *
 * <p><b>Acknowledgement.</b> {@code ack} deletes each given message where its claim token is still
 * this receiver's, in one bulk write on the receiver's acknowledgement thread (the next claim
 * overlaps it; {@link #close()} waits for it). After a lease ended and another receiver claimed the
 * message, a late ack deletes nothing: the other receiver holds it, and will deliver and
 * acknowledge it (a duplicate, never a loss). If the lease ended and nobody claimed it yet, the
 * late ack still deletes it.
 *
 * <p><b>Release.</b> {@link #close()} makes every message it holds unacknowledged visible again at
 * once (where its token is still this receiver's), so that other receivers need not wait for the
 * visibility timeout.
 *
 * <p>Not thread-safe: one receiver belongs to one thread.
 */
final class MongoReceiver implements MqReceiver {
  private static final BsonDateTime VISIBLE_AT_ONCE = new BsonDateTime(0);

  /**
   * Each write of a bulk stands alone (one message's claim, ack or release does not depend on
   * another's), so the server need not stop at a write that matched nothing.
   */
  private static final BulkWriteOptions UNORDERED = new BulkWriteOptions().ordered(false);

  private final MongoQueue queue;
  private final MongoSettings settings;
  private final MongoCollection<BsonDocument> collection;

  /** Messages received and neither acknowledged nor released: id to claim token. */
  private final Map<BsonValue, ObjectId> held = new HashMap<>();

  /** Acknowledgements queued or under way at most, per receiver: back-pressure on {@link #ack}. */
  static final int ACKS_IN_FLIGHT = 4;

  private final BackgroundAcks acks = new BackgroundAcks("mongo", ACKS_IN_FLIGHT);

  private boolean closed;

  MongoReceiver(MongoQueue queue) {
    this.queue = queue;
    this.settings = queue.settings();
    this.collection = queue.collection().withWriteConcern(settings.writeConcern().forReceivers());
  }

  /** A claimed message: the body, and what acknowledging it needs. */
  private record Message(BsonValue id, ObjectId token, byte[] body) implements Received {}

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    checkOpen();
    acks.throwFailure();
    long deadline = System.nanoTime() + wait.toNanos();
    while (true) {
      List<Received> got = claim(max);
      if (!got.isEmpty()) {
        return got;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return List.of();
      }
      Thread.sleep(Math.max(1, Math.min(settings.pollInterval().toMillis(), left / 1_000_000)));
    }
  }

  private List<Received> claim(int max) {
    long now = System.currentTimeMillis();
    BsonDateTime nowDate = new BsonDateTime(now);
    ObjectId token = new ObjectId(); // fresh per claim: the documents carrying it are this claim's
    Bson lease =
        Updates.combine(
            Updates.set(
                MongoQueue.VISIBLE_AT,
                new BsonDateTime(now + settings.visibilityTimeout().toMillis())),
            Updates.set(MongoQueue.CLAIM, new BsonObjectId(token)));
    try {
      List<BsonDocument> claimed =
          settings.claim() == ClaimStrategy.ONE
              ? claimOneByOne(max, nowDate, lease)
              : claimBatch(max, nowDate, lease, token);
      List<Received> out = new ArrayList<>(claimed.size());
      for (BsonDocument d : claimed) {
        BsonValue id = d.get(MongoQueue.ID);
        held.put(id, token);
        out.add(new Message(id, token, d.getBinary(MongoQueue.BODY).getData()));
      }
      return out;
    } catch (MongoException e) {
      throw MongoQueue.failure("claim", e, settings);
    } catch (IllegalStateException e) {
      throw new MqException("mongo: claim failed: " + e.getMessage(), e);
    }
  }

  /** The original method: one atomic find-and-modify per message. */
  private List<BsonDocument> claimOneByOne(int max, BsonDateTime now, Bson lease) {
    Bson visible = lte(MongoQueue.VISIBLE_AT, now);
    FindOneAndUpdateOptions options =
        new FindOneAndUpdateOptions().returnDocument(ReturnDocument.BEFORE);
    List<BsonDocument> out = new ArrayList<>();
    while (out.size() < max) {
      BsonDocument d = collection.findOneAndUpdate(visible, lease, options);
      if (d == null) {
        break;
      }
      out.add(d);
    }
    return out;
  }

  /**
   * Candidates, then one bulk write claiming each of them on condition that its claim token is
   * still the one read, and a read-back only when some were lost.
   */
  private List<BsonDocument> claimBatch(int max, BsonDateTime now, Bson lease, ObjectId token) {
    Bson visible = lte(MongoQueue.VISIBLE_AT, now);
    // The projection asks for nothing more than a receiver needs, and it matters for the
    // stand-in: without one, mongo-java-server replies with its stored documents themselves and
    // encodes them after releasing its lock, so a concurrent claim of the same documents fails the
    // encoding (ConcurrentModificationException) and the stand-in closes the connection. A
    // projection makes it reply with copies.
    List<BsonDocument> candidates =
        collection
            .find(visible)
            .projection(Projections.include(MongoQueue.ID, MongoQueue.BODY, MongoQueue.CLAIM))
            .limit(max)
            .into(new ArrayList<>());
    if (candidates.isEmpty()) {
      return candidates;
    }
    List<WriteModel<BsonDocument>> claims = new ArrayList<>(candidates.size());
    for (BsonDocument d : candidates) {
      claims.add(new UpdateOneModel<>(MongoQueue.heldBy(d.get(MongoQueue.ID), claimOf(d)), lease));
    }
    BulkWriteResult result = collection.bulkWrite(claims, UNORDERED);
    if (result.getMatchedCount() == candidates.size()) {
      return candidates;
    }
    if (result.getMatchedCount() == 0) {
      return List.of();
    }
    // Another receiver took some candidates between the read and the claim.
    BsonArray ids = new BsonArray(candidates.size());
    candidates.forEach(d -> ids.add(d.get(MongoQueue.ID)));
    BsonObjectId ours = new BsonObjectId(token);
    Set<BsonValue> won = new HashSet<>();
    collection
        .find(new BsonDocument(MongoQueue.ID, new BsonDocument("$in", ids)))
        .projection(Projections.include(MongoQueue.ID, MongoQueue.CLAIM))
        .forEach(
            d -> {
              if (ours.equals(d.get(MongoQueue.CLAIM))) {
                won.add(d.get(MongoQueue.ID));
              }
            });
    return candidates.stream().filter(d -> won.contains(d.get(MongoQueue.ID))).toList();
  }

  /** The claim token a candidate was read with: null for a message never claimed or released. */
  private static BsonValue claimOf(BsonDocument candidate) {
    return candidate.get(MongoQueue.CLAIM, BsonNull.VALUE);
  }

  /**
   * Deletes the messages on this receiver's acknowledgement thread: {@code ack} returns once the
   * delete is queued (at most {@value #ACKS_IN_FLIGHT} at a time; it waits for a slot), so that the
   * next claim overlaps it, as the contract allows. If a delete fails, the next {@code receive} or
   * {@code ack} throws, and those messages come back when their leases end.
   */
  @Override
  public void ack(List<Received> messages) {
    checkOpen();
    if (messages.isEmpty()) {
      acks.throwFailure();
      return;
    }
    List<WriteModel<BsonDocument>> deletes = new ArrayList<>(messages.size());
    for (Received r : messages) {
      if (!(r instanceof Message m)) {
        throw new IllegalArgumentException("not a message of the mongo backend: " + r);
      }
      deletes.add(new DeleteOneModel<>(MongoQueue.heldBy(m.id(), new BsonObjectId(m.token()))));
    }
    acks.submit(() -> delete(deletes));
    messages.forEach(r -> held.remove(((Message) r).id()));
  }

  private void delete(List<WriteModel<BsonDocument>> deletes) {
    try {
      collection.bulkWrite(deletes, UNORDERED);
    } catch (MongoException e) {
      throw MongoQueue.failure("ack of " + deletes.size() + " messages", e, settings);
    } catch (IllegalStateException e) {
      throw new MqException("mongo: ack failed: " + e.getMessage(), e);
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new MqException("mongo: this receiver is closed");
    }
    queue.checkOpen();
  }

  /**
   * Releases every message this receiver holds unacknowledged, so that other receivers get them at
   * once. Best effort: if the server cannot be reached, they come back when their leases end.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    // What was acknowledged is deleted before close returns, so that nobody receives it again.
    acks.close(settings.operationTimeout().multipliedBy(ACKS_IN_FLIGHT + 1));
    if (held.isEmpty()) {
      return;
    }
    Bson release =
        Updates.combine(
            Updates.set(MongoQueue.VISIBLE_AT, VISIBLE_AT_ONCE),
            Updates.set(MongoQueue.CLAIM, BsonNull.VALUE));
    List<WriteModel<BsonDocument>> releases = new ArrayList<>(held.size());
    held.forEach(
        (id, token) ->
            releases.add(
                new UpdateOneModel<>(MongoQueue.heldBy(id, new BsonObjectId(token)), release)));
    try {
      collection.bulkWrite(releases, UNORDERED);
    } catch (MongoException | IllegalStateException e) {
      // The leases end by themselves after the visibility timeout; nothing is lost.
    }
    held.clear();
  }
}
