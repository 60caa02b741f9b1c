package io.mqbench.engine.measure;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * Which sequence numbers of each sender were acknowledged to it and which were delivered to some
 * receiver: the raw material of delivery accounting, as a value that merges exactly across cells
 * (bitmaps OR) and serializes to bytes (RoaringBitmap's portable format).
 *
 * <p>The bitmaps are copies owned by this value; never modify them.
 *
 * <p>With several subscriptions (publish/subscribe), every subscription must receive every message:
 * what each one saw is kept apart, under the key {@link #seenKey(int, int)} of the subscription and
 * the sender; subscription 0's keys are the sender ids themselves, as they were before
 * subscriptions existed.
 *
 * @param acknowledged by global sender id, the sequence numbers the backend acknowledged
 * @param seen by {@link #seenKey(int, int) subscription and global sender id}, the sequence numbers
 *     that subscription's receivers got at least once
 * @param subscriptions how many subscriptions every message was sent to, at least 1
 */
public record DeliveryBitmaps(
    Map<Integer, Roaring64NavigableMap> acknowledged,
    Map<Integer, Roaring64NavigableMap> seen,
    int subscriptions) {

  /** Sender ids stay below this: the subscription is counted in its multiples. */
  private static final int SUBSCRIPTION_STRIDE = 1 << 20;

  /** Sorts and freezes the maps. */
  public DeliveryBitmaps {
    acknowledged = Collections.unmodifiableMap(new TreeMap<>(acknowledged));
    seen = Collections.unmodifiableMap(new TreeMap<>(seen));
    if (subscriptions < 1) {
      throw new IllegalArgumentException("subscriptions must be at least 1, was " + subscriptions);
    }
  }

  /**
   * The bitmaps of a point-to-point run: one subscription.
   *
   * @param acknowledged by global sender id, the sequence numbers the backend acknowledged
   * @param seen by global sender id, the sequence numbers receivers got at least once
   */
  public DeliveryBitmaps(
      Map<Integer, Roaring64NavigableMap> acknowledged, Map<Integer, Roaring64NavigableMap> seen) {
    this(acknowledged, seen, 1);
  }

  /**
   * @param subscription from 0
   * @param senderId a global sender id, below 2^20
   * @return the key of what that subscription saw of that sender in {@link #seen()}
   */
  public static int seenKey(int subscription, int senderId) {
    if (senderId < 0 || senderId >= SUBSCRIPTION_STRIDE) {
      throw new IllegalArgumentException("sender id out of range: " + senderId);
    }
    return subscription * SUBSCRIPTION_STRIDE + senderId;
  }

  /**
   * @param seenKey a key of {@link #seen()}
   * @return the sender it counts
   */
  public static int senderOf(int seenKey) {
    return seenKey % SUBSCRIPTION_STRIDE;
  }

  /**
   * @param seenKey a key of {@link #seen()}
   * @return the subscription it counts
   */
  public static int subscriptionOf(int seenKey) {
    return seenKey / SUBSCRIPTION_STRIDE;
  }

  /**
   * @return no messages at all
   */
  public static DeliveryBitmaps empty() {
    return new DeliveryBitmaps(Map.of(), Map.of(), 1);
  }

  /**
   * @param other another cell's bitmaps
   * @return both, OR-ed per sender (and subscription)
   */
  public DeliveryBitmaps plus(DeliveryBitmaps other) {
    return new DeliveryBitmaps(
        or(acknowledged, other.acknowledged),
        or(seen, other.seen),
        Math.max(subscriptions, other.subscriptions));
  }

  private static Map<Integer, Roaring64NavigableMap> or(
      Map<Integer, Roaring64NavigableMap> a, Map<Integer, Roaring64NavigableMap> b) {
    Map<Integer, Roaring64NavigableMap> sum = new TreeMap<>();
    for (Map<Integer, Roaring64NavigableMap> m : List.of(a, b)) {
      m.forEach((id, bits) -> sum.computeIfAbsent(id, i -> new Roaring64NavigableMap()).or(bits));
    }
    return sum;
  }

  /**
   * @return both maps in RoaringBitmap's portable format, prefixed by counts and keys, then the
   *     number of subscriptions (which bytes written before subscriptions existed lack)
   */
  public byte[] serialize() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(out, acknowledged);
      write(out, seen);
      out.writeInt(subscriptions);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  /**
   * @param bytes what {@link #serialize()} wrote
   * @return the bitmaps
   * @throws IllegalArgumentException if the bytes are not such an encoding
   */
  public static DeliveryBitmaps deserialize(byte[] bytes) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
      Map<Integer, Roaring64NavigableMap> acknowledged = read(in);
      Map<Integer, Roaring64NavigableMap> seen = read(in);
      return new DeliveryBitmaps(acknowledged, seen, in.available() >= 4 ? in.readInt() : 1);
    } catch (IOException e) {
      throw new IllegalArgumentException("not serialized delivery bitmaps: " + e.getMessage(), e);
    }
  }

  private static void write(DataOutputStream out, Map<Integer, Roaring64NavigableMap> m)
      throws IOException {
    out.writeInt(m.size());
    for (Map.Entry<Integer, Roaring64NavigableMap> e : m.entrySet()) {
      out.writeInt(e.getKey());
      e.getValue().serializePortable(out);
    }
  }

  private static Map<Integer, Roaring64NavigableMap> read(DataInputStream in) throws IOException {
    int n = in.readInt();
    Map<Integer, Roaring64NavigableMap> m = new TreeMap<>();
    for (int i = 0; i < n; i++) {
      int id = in.readInt();
      Roaring64NavigableMap bits = new Roaring64NavigableMap();
      bits.deserializePortable(in);
      m.put(id, bits);
    }
    return m;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DeliveryBitmaps d
        && acknowledged.equals(d.acknowledged)
        && seen.equals(d.seen)
        && subscriptions == d.subscriptions;
  }

  @Override
  public int hashCode() {
    return Objects.hash(acknowledged, seen, subscriptions);
  }
}
