package io.mqbench.envelope;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sizes of the messages a run sends: one size, or a weighted mix of sizes such as {@code
 * 100:70,1kb:25,64kb:5} (70 % of messages 100 bytes, 25 % 1 KiB, 5 % 64 KiB), as production traffic
 * is. Every size includes the {@link Envelope}.
 *
 * <p>Sizes are bytes, or with a unit: {@code kb} (also {@code k}, {@code kib}) is 1,024 bytes and
 * {@code mb} ({@code m}, {@code mib}) 1,048,576. A weight is a whole number; weights need not add
 * up to 100.
 *
 * @param shares the sizes with their weights, in the order given; one share for a single size
 */
public record MessageSizes(List<Share> shares) {
  private static final Pattern SIZE = Pattern.compile("([0-9]{1,10})\\s*(b|k|kb|kib|m|mb|mib)?");

  /**
   * One size of a mix.
   *
   * @param bytes the message size, envelope included
   * @param weight how often it is sent relative to the other sizes, at least 1
   */
  public record Share(int bytes, int weight) {}

  /**
   * @throws IllegalArgumentException if there is no share, a size is below the envelope's or a
   *     weight below 1
   */
  public MessageSizes {
    shares = List.copyOf(shares);
    if (shares.isEmpty()) {
      throw new IllegalArgumentException("--size needs at least one size");
    }
    long total = 0;
    for (Share s : shares) {
      if (s.bytes() < Envelope.SIZE) {
        throw new IllegalArgumentException(
            "--size must be at least "
                + Envelope.SIZE
                + " bytes (the envelope every message carries), was "
                + s.bytes());
      }
      if (s.weight() < 1) {
        throw new IllegalArgumentException(
            "--size: the weight of " + s.bytes() + " bytes must be at least 1, was " + s.weight());
      }
      total += s.weight();
    }
    if (total > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--size: the weights add up to more than 2^31 - 1");
    }
  }

  /**
   * @param bytes the size of every message
   * @return that single size
   */
  public static MessageSizes of(int bytes) {
    return new MessageSizes(List.of(new Share(bytes, 1)));
  }

  /**
   * @param text a size ({@code 100}, {@code 1kb}) or a mix of {@code SIZE:WEIGHT} separated by
   *     commas ({@code 100:70,1kb:25,64kb:5})
   * @return the sizes
   * @throws IllegalArgumentException naming {@code --size} and what it takes, if the text is not
   *     one
   */
  public static MessageSizes parse(String text) {
    String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
    String[] parts = t.split(",", -1);
    List<Share> shares = new ArrayList<>();
    for (String part : parts) {
      String[] sizeAndWeight = part.split(":", -1);
      if (sizeAndWeight.length > 2 || (parts.length > 1 && sizeAndWeight.length != 2)) {
        throw malformed(text);
      }
      int weight = 1;
      if (sizeAndWeight.length == 2) {
        String w = sizeAndWeight[1].strip();
        if (!w.matches("[0-9]{1,9}")) {
          throw malformed(text);
        }
        weight = Integer.parseInt(w);
      }
      shares.add(new Share(bytes(sizeAndWeight[0].strip(), text), weight));
    }
    return new MessageSizes(shares);
  }

  private static int bytes(String size, String text) {
    Matcher m = SIZE.matcher(size);
    if (!m.matches()) {
      throw malformed(text);
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "b" : m.group(2);
    long multiplier =
        switch (unit) {
          case "k", "kb", "kib" -> 1L << 10;
          case "m", "mb", "mib" -> 1L << 20;
          default -> 1;
        };
    long bytes = n * multiplier;
    if (bytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--size " + size + " is larger than 2 GiB");
    }
    return (int) bytes;
  }

  private static IllegalArgumentException malformed(String text) {
    return new IllegalArgumentException(
        "--size '"
            + text
            + "' is neither a size (100, 1kb) nor a weighted mix of SIZE:WEIGHT"
            + " (100:70,1kb:25,64kb:5)");
  }

  /**
   * @return true for one size
   */
  public boolean single() {
    return shares.size() == 1;
  }

  /**
   * @return the smallest size
   */
  public int min() {
    return shares.stream().mapToInt(Share::bytes).min().orElseThrow();
  }

  /**
   * @return the largest size: what heap and in-flight limits are sized by
   */
  public int max() {
    return shares.stream().mapToInt(Share::bytes).max().orElseThrow();
  }

  /**
   * @return the mean size the weights give
   */
  public double mean() {
    double sum = 0;
    long weights = 0;
    for (Share s : shares) {
      sum += (double) s.bytes() * s.weight();
      weights += s.weight();
    }
    return sum / weights;
  }

  /**
   * @param random the sender's generator
   * @return a size drawn with the shares' weights; the single size without drawing
   */
  public int pick(SplittableRandom random) {
    if (shares.size() == 1) {
      return shares.get(0).bytes();
    }
    int total = 0;
    for (Share s : shares) {
      total += s.weight();
    }
    int at = random.nextInt(total);
    for (Share s : shares) {
      at -= s.weight();
      if (at < 0) {
        return s.bytes();
      }
    }
    throw new AssertionError("weights changed while drawing");
  }

  /**
   * @return the sizes as {@link #parse} reads them, in bytes: {@code 100}, or {@code
   *     100:70,1024:25,65536:5}
   */
  public String text() {
    if (single()) {
      return Integer.toString(shares.get(0).bytes());
    }
    StringBuilder b = new StringBuilder();
    for (Share s : shares) {
      b.append(b.length() == 0 ? "" : ",").append(s.bytes()).append(':').append(s.weight());
    }
    return b.toString();
  }

  @Override
  public String toString() {
    return text();
  }
}
