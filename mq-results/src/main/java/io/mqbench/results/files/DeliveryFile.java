package io.mqbench.results.files;

import io.mqbench.engine.measure.DeliveryBitmaps;
import io.mqbench.results.RunResult;
import java.io.BufferedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * {@code delivery.bin} in a results folder: the run id, its sender count and the delivery bitmaps
 * ({@link DeliveryBitmaps#serialize()}), everything {@code mqbench drain} needs to settle the run's
 * unsettled messages later, also from another process.
 *
 * <p>Layout: the ASCII magic {@code MQBD}, a format version (int, 1), the run id (int), the run's
 * sender count (int), the serialized bitmaps' length (int) and the bitmaps; big-endian.
 *
 * @param runId the run's id, as in every envelope
 * @param senders the run's sender count (global sender ids 0 to senders - 1)
 * @param bitmaps acknowledged and received messages per sender
 */
public record DeliveryFile(int runId, int senders, DeliveryBitmaps bitmaps) {
  /** The file's name in a results folder. */
  public static final String NAME = "delivery.bin";

  private static final int MAGIC = 0x4D514244; // "MQBD"
  private static final int VERSION = 1;

  /**
   * Writes {@code delivery.bin} for a result that carries its bitmaps; nothing otherwise.
   *
   * @param result the run's result
   * @param dir its results folder
   * @throws IOException if the file cannot be written
   */
  public static void write(RunResult result, Path dir) throws IOException {
    if (result.delivery().bitmaps() == null) {
      return;
    }
    new DeliveryFile(
            Integer.parseUnsignedInt(result.runId(), 16),
            result.setup().settings().run().senders(),
            result.delivery().bitmaps())
        .writeTo(dir);
  }

  /**
   * @param dir a results folder
   * @throws IOException if the file cannot be written
   */
  public void writeTo(Path dir) throws IOException {
    byte[] bits = bitmaps.serialize();
    Path tmp = dir.resolve(NAME + ".tmp");
    // Straight to the file: two more copies of the bitmaps in memory, each tens of MB after a long
    // fast run, were what ran out of a heap sized from the run (issue 22, point 7).
    try (DataOutputStream out =
        new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
      out.writeInt(MAGIC);
      out.writeInt(VERSION);
      out.writeInt(runId);
      out.writeInt(senders);
      out.writeInt(bits.length);
      out.write(bits);
    }
    // Replaced whole, so that a drain interrupted while writing never leaves half a file.
    Files.move(
        tmp,
        dir.resolve(NAME),
        StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  /**
   * @param dir a results folder
   * @return its {@code delivery.bin}
   * @throws UncheckedIOException if it is missing or unreadable
   * @throws IllegalArgumentException if it is not such a file
   */
  public static DeliveryFile read(Path dir) {
    Path file = dir.resolve(NAME);
    try (DataInputStream in =
        new DataInputStream(new ByteArrayInputStream(Files.readAllBytes(file)))) {
      if (in.readInt() != MAGIC || in.readInt() != VERSION) {
        throw new IllegalArgumentException(file + " is not an mqbench delivery file (version 1)");
      }
      int runId = in.readInt();
      int senders = in.readInt();
      byte[] bits = new byte[in.readInt()];
      in.readFully(bits);
      return new DeliveryFile(runId, senders, DeliveryBitmaps.deserialize(bits));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
