package io.mqbench.mongo;

import static com.mongodb.client.model.Filters.and;
import static com.mongodb.client.model.Filters.eq;
import static com.mongodb.client.model.Filters.in;
import static com.mongodb.client.model.Filters.lte;

import com.mongodb.MongoException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.FindOneAndUpdateOptions;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.ReturnDocument;
import com.mongodb.client.model.Updates;
import com.mongodb.client.result.UpdateResult;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDateTime;
import org.bson.BsonDocument;
import org.bson.BsonObjectId;
import org.bson.BsonValue;
import org.bson.conversions.Bson;
import org.bson.types.ObjectId;

/**
 * Claims messages under a lease, acknowledges them by deleting them, and releases what it still
 * holds when closed.
 *
 * <p><b>No double claim.</b> A claim is a write whose filter includes {@code visibleAt <= now} and
 * which sets {@code visibleAt = now + visibilityTimeout} and a claim token. MongoDB applies a
 * write's filter and update to one document atomically, so of two receivers racing for a visible
 * document exactly one write matches it; the other finds it invisible. The {@code one} strategy
 * does this with {@code findOneAndUpdate} per message. The {@code batch} strategy reads up to
 * {@code max} visible candidates, then claims them all in one {@code updateMany} whose filter is
 * {@code _id in candidates and visibleAt <= now}: each document is still claimed atomically, so a
 * candidate another receiver took in between does not match, and does not get this claim's token.
 * The token is fresh for every claim, so the documents carrying it are exactly the ones this claim
 * won; when the update matched fewer than the candidates, they are read back by token. (Atomicity
 * per document is all this needs: {@code updateMany} is not atomic as a whole, and does not have to
 * be.) The lease uses this machine's clock: receivers' clocks must agree to well within the
 * visibility timeout.
 *
 * <p><b>Acknowledgement.</b> {@code ack} deletes the given messages in one {@code deleteMany}, only
 * where their claim token is still this receiver's. After a lease ended and another receiver
 * claimed the message, a late ack deletes nothing: the other receiver holds it, and will deliver
 * and acknowledge it (a duplicate, never a loss). If the lease ended and nobody claimed it yet, the
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

  private final MongoQueue queue;
  private final MongoSettings settings;
  private final MongoCollection<BsonDocument> collection;

  /** Messages received and neither acknowledged nor released: id to claim token. */
  private final Map<BsonValue, ObjectId> held = new HashMap<>();

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

  /** Candidates, one updateMany stamping the token, and a read-back only when some were lost. */
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
            .projection(Projections.include(MongoQueue.ID, MongoQueue.BODY))
            .limit(max)
            .into(new ArrayList<>());
    if (candidates.isEmpty()) {
      return candidates;
    }
    List<BsonValue> ids = new ArrayList<>(candidates.size());
    candidates.forEach(d -> ids.add(d.get(MongoQueue.ID)));
    UpdateResult result = collection.updateMany(candidatesStillVisible(ids, now), lease);
    if (result.getMatchedCount() == candidates.size()) {
      return candidates;
    }
    if (result.getMatchedCount() == 0) {
      return List.of();
    }
    // Another receiver took some candidates between the read and the update.
    Set<BsonValue> won = new HashSet<>();
    collection
        .find(and(eq(MongoQueue.CLAIM, new BsonObjectId(token)), in(MongoQueue.ID, ids)))
        .projection(Projections.include(MongoQueue.ID))
        .forEach(d -> won.add(d.get(MongoQueue.ID)));
    return candidates.stream().filter(d -> won.contains(d.get(MongoQueue.ID))).toList();
  }

  /**
   * {@code _id in ids and visibleAt <= now}, with the ids' range stated as well. The range changes
   * nothing about which documents match (every id lies in it), and MongoDB's planner intersects it
   * with the {@code $in} on the {@code _id} index; but the stand-in evaluates the filter on every
   * document of the collection, and the range fails at once for all but the candidates, where the
   * {@code $in} alone would compare each document with every id.
   */
  private static Bson candidatesStillVisible(List<BsonValue> ids, BsonDateTime now) {
    BsonDocument id = new BsonDocument();
    if (ids.stream().allMatch(BsonValue::isObjectId)) {
      BsonObjectId min = ids.get(0).asObjectId();
      BsonObjectId max = min;
      for (BsonValue v : ids) {
        BsonObjectId o = v.asObjectId();
        min = o.compareTo(min) < 0 ? o : min;
        max = o.compareTo(max) > 0 ? o : max;
      }
      id.append("$gte", min).append("$lte", max);
    }
    id.append("$in", new BsonArray(ids));
    return new BsonDocument(MongoQueue.ID, id)
        .append(MongoQueue.VISIBLE_AT, new BsonDocument("$lte", now));
  }

  @Override
  public void ack(List<Received> messages) {
    checkOpen();
    if (messages.isEmpty()) {
      return;
    }
    List<BsonValue> ids = new ArrayList<>(messages.size());
    Set<BsonValue> tokens = new LinkedHashSet<>();
    for (Received r : messages) {
      if (!(r instanceof Message m)) {
        throw new IllegalArgumentException("not a message of the mongo backend: " + r);
      }
      ids.add(m.id());
      tokens.add(new BsonObjectId(m.token()));
    }
    try {
      // The token condition first: MongoDB's planner ignores the order (it uses the _id index),
      // but the stand-in evaluates conditions in order over every document, and most documents
      // carry no token of this receiver's, so they fail at once.
      collection.deleteMany(
          and(in(MongoQueue.CLAIM, new ArrayList<>(tokens)), in(MongoQueue.ID, ids)));
    } catch (MongoException e) {
      throw MongoQueue.failure("ack of " + ids.size() + " messages", e, settings);
    } catch (IllegalStateException e) {
      throw new MqException("mongo: ack failed: " + e.getMessage(), e);
    }
    ids.forEach(held::remove);
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
    if (held.isEmpty()) {
      return;
    }
    Set<BsonValue> tokens = new LinkedHashSet<>();
    held.values().forEach(t -> tokens.add(new BsonObjectId(t)));
    try {
      collection.updateMany(
          and(
              in(MongoQueue.ID, new ArrayList<>(held.keySet())),
              in(MongoQueue.CLAIM, new ArrayList<>(tokens))),
          Updates.combine(
              Updates.set(MongoQueue.VISIBLE_AT, VISIBLE_AT_ONCE),
              Updates.unset(MongoQueue.CLAIM)));
    } catch (MongoException | IllegalStateException e) {
      // The leases end by themselves after the visibility timeout; nothing is lost.
    }
    held.clear();
  }
}
