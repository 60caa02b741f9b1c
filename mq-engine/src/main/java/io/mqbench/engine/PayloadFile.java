package io.mqbench.engine;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.config.ConfigException;
import io.mqbench.envelope.Envelope;
import io.mqbench.envelope.MessageSizes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Real payloads to send instead of padding ({@code --payload-file [FORMAT:]PATH}): each message is
 * the envelope followed by the file's next record, each sender cycling through them. Read once when
 * the run is planned, which fixes what the run sends: the record count, the sizes and the file's
 * SHA-256 travel with the settings, and a worker on another host loads the same path and refuses a
 * file that is not the same.
 *
 * @param path the file, as given
 * @param format how records are delimited
 * @param records how many records it holds, at least 1
 * @param minBytes the smallest record's size
 * @param maxBytes the largest record's size
 * @param sha256 the file's SHA-256, hex
 */
public record PayloadFile(
    String path, Format format, int records, int minBytes, int maxBytes, String sha256) {

  /** The largest payload file read: its records are held in memory by every sending process. */
  public static final long MAX_FILE_BYTES = 256L << 20;

  /** How a payload file's records are delimited. */
  public enum Format {
    /** One record per line ({@code \n}, a {@code \r} before it dropped); empty lines skipped. */
    LINES("lines"),
    /** Each record preceded by its length as a 4-byte big-endian integer. */
    LENGTH_PREFIXED("length-prefixed");

    private final String label;

    Format(String label) {
      this.label = label;
    }

    /**
     * @return the format's name in options and results
     */
    @JsonValue
    public String label() {
      return label;
    }

    /**
     * @param text a format's label
     * @return the format
     * @throws ConfigException if there is none of that name
     */
    @JsonCreator
    public static Format parse(String text) {
      for (Format f : values()) {
        if (f.label.equals(text)) {
          return f;
        }
      }
      throw new ConfigException(
          "--payload-file: format '" + text + "' is neither lines nor length-prefixed");
    }
  }

  /**
   * @param text {@code PATH} (lines), {@code lines:PATH} or {@code length-prefixed:PATH}
   * @return the file, read to count and measure its records
   * @throws ConfigException in one line naming the file, if it cannot be read or holds no record
   */
  public static PayloadFile read(String text) {
    Format format = Format.LINES;
    String path = text;
    int colon = text.indexOf(':');
    if (colon > 0) {
      String prefix = text.substring(0, colon).toLowerCase(Locale.ROOT);
      for (Format f : Format.values()) {
        if (f.label().equals(prefix)) {
          format = f;
          path = text.substring(colon + 1);
        }
      }
    }
    byte[] content = content(path);
    List<byte[]> records = split(content, format, path);
    int min = Integer.MAX_VALUE;
    int max = 0;
    for (byte[] r : records) {
      min = Math.min(min, r.length);
      max = Math.max(max, r.length);
    }
    return new PayloadFile(path, format, records.size(), min, max, sha256(content));
  }

  /**
   * Reads what the JSON of settings holds: the option's text (the planner's input) or the object
   * this record writes ({@code run.json}, the worker wire).
   *
   * @param node text or object
   * @return the payload file
   */
  @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
  static PayloadFile fromJson(JsonNode node) {
    if (node.isTextual()) {
      return read(node.asText());
    }
    return new PayloadFile(
        node.path("path").asText(),
        Format.parse(node.path("format").asText()),
        node.path("records").asInt(),
        node.path("minBytes").asInt(),
        node.path("maxBytes").asInt(),
        node.path("sha256").asText());
  }

  /**
   * Loads the records to send: the same file the run was planned with.
   *
   * @return the records, in the file's order
   * @throws ConfigException in one line if the file cannot be read here or is not the one planned
   *     with (its SHA-256 differs: another file at that path on this host, or it changed)
   */
  public List<byte[]> load() {
    byte[] content = content(path);
    String hash = sha256(content);
    if (!hash.equals(sha256)) {
      throw new ConfigException(
          "--payload-file "
              + path
              + " is not the file the run was planned with (SHA-256 "
              + hash.substring(0, 12)
              + "..., planned "
              + sha256.substring(0, Math.min(12, sha256.length()))
              + "...): every host must have the same file at that path");
    }
    return List.copyOf(split(content, format, path));
  }

  /**
   * @return the message sizes the records make, envelope included: the smallest and the largest
   */
  public MessageSizes sizes() {
    return minBytes == maxBytes
        ? MessageSizes.of(Envelope.SIZE + minBytes)
        : new MessageSizes(
            List.of(
                new MessageSizes.Share(Envelope.SIZE + minBytes, 1),
                new MessageSizes.Share(Envelope.SIZE + maxBytes, 1)));
  }

  private static byte[] content(String path) {
    try {
      Path p = Path.of(path);
      long size = Files.size(p);
      if (size > MAX_FILE_BYTES) {
        throw new ConfigException(
            "--payload-file " + path + " is " + (size >> 20) + " MiB; at most 256 MiB is read");
      }
      return Files.readAllBytes(p);
    } catch (IOException | RuntimeException e) {
      if (e instanceof ConfigException c) {
        throw c;
      }
      throw new ConfigException("--payload-file " + path + " cannot be read: " + e);
    }
  }

  static List<byte[]> split(byte[] content, Format format, String path) {
    List<byte[]> records = new ArrayList<>();
    if (format == Format.LINES) {
      int start = 0;
      for (int i = 0; i <= content.length; i++) {
        if (i == content.length || content[i] == '\n') {
          int end = i > start && content[i - 1] == '\r' ? i - 1 : i;
          if (end > start) {
            records.add(Arrays.copyOfRange(content, start, end));
          }
          start = i + 1;
        }
      }
    } else {
      ByteBuffer in = ByteBuffer.wrap(content);
      while (in.hasRemaining()) {
        if (in.remaining() < 4) {
          throw malformed(path, in.position(), "a length needs 4 bytes");
        }
        int at = in.position();
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
          throw malformed(path, at, "a record of " + length + " bytes runs past the end");
        }
        byte[] r = new byte[length];
        in.get(r);
        records.add(r);
      }
    }
    if (records.isEmpty()) {
      throw new ConfigException("--payload-file " + path + " holds no record");
    }
    return records;
  }

  private static ConfigException malformed(String path, int offset, String why) {
    return new ConfigException(
        "--payload-file length-prefixed:" + path + " is malformed at byte " + offset + ": " + why);
  }

  private static String sha256(byte[] content) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(content));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
