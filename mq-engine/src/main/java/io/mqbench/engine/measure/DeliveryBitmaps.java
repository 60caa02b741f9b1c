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
 * @param acknowledged by global sender id, the sequence numbers the backend acknowledged
 * @param seen by global sender id, the sequence numbers receivers got at least once
 */
public record DeliveryBitmaps(
    Map<Integer, Roaring64NavigableMap> acknowledged, Map<Integer, Roaring64NavigableMap> seen) {

  /** Sorts and freezes the maps. */
  public DeliveryBitmaps {
    acknowledged = Collections.unmodifiableMap(new TreeMap<>(acknowledged));
    seen = Collections.unmodifiableMap(new TreeMap<>(seen));
  }

  /**
   * @return no messages at all
   */
  public static DeliveryBitmaps empty() {
    return new DeliveryBitmaps(Map.of(), Map.of());
  }

  /**
   * @param other another cell's bitmaps
   * @return both, OR-ed per sender
   */
  public DeliveryBitmaps plus(DeliveryBitmaps other) {
    return new DeliveryBitmaps(or(acknowledged, other.acknowledged), or(seen, other.seen));
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
   * @return both maps in RoaringBitmap's portable format, prefixed by counts and sender ids
   */
  public byte[] serialize() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      write(out, acknowledged);
      write(out, seen);
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
      return new DeliveryBitmaps(read(in), read(in));
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
        && seen.equals(d.seen);
  }

  @Override
  public int hashCode() {
    return Objects.hash(acknowledged, seen);
  }
}
