package io.mqbench.postgres;

import io.mqbench.mq.MqException;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import io.mqbench.mq.Unacknowledged;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Claims messages under a lease, acknowledges them by deleting them, and gives back what it still
 * holds when closed. One connection of its own, one transaction per statement, with {@code
 * postgres.receiverSynchronousCommit} ({@code off} by default: a claim or a delete lost in a crash
 * only makes a message come back).
 *
 * <p><b>Claim.</b> One statement: the first {@code max} rows by {@code id} whose {@code visible_at}
 * has passed, locked with {@code FOR UPDATE SKIP LOCKED} (rows another receiver is claiming at that
 * moment are skipped, not waited for), then updated to {@code visible_at = now() + visibility
 * timeout} and {@code lease_owner} = this receiver, and returned. A row is claimed by one
 * transaction at a time, and a claimed row is not visible again until its lease ends: no message is
 * handed to two receivers while a lease holds. The lease uses the server's clock, so receivers'
 * clocks need not agree. When nothing is claimable, {@code receive} sleeps {@code
 * postgres.pollInterval} and looks again, within its wait.
 *
 * <p><b>Acknowledgement.</b> {@code DELETE ... WHERE id = ANY(ids)}: exactly the given messages. A
 * late acknowledgement (after the lease ended) still deletes the message, which the contract allows
 * (it was received); if another receiver claimed it meanwhile, that receiver's acknowledgement then
 * deletes nothing.
 *
 * <p><b>Release.</b> {@link #close()} sets {@code visible_at = -infinity} on what it holds and has
 * not acknowledged, where it still holds them ({@code lease_owner}), so that they are claimed next.
 *
 * <p>Used by one thread.
 */
final class PostgresReceiver implements MqReceiver {
  private final PostgresSettings settings;
  private final Session session;
  private final long owner = ThreadLocalRandom.current().nextLong();
  private final String claim;
  private final String delete;
  private final String release;
  private final Unacknowledged<Long> unacked =
      new Unacknowledged<>("postgres: the receiver is closed");

  /** A claimed message: its id acknowledges it. */
  private record Message(long id, byte[] body) implements Received {}

  /**
   * Opens the receiver's connection.
   *
   * @throws MqException if the server cannot be reached
   */
  PostgresReceiver(PostgresSettings settings) {
    this.settings = settings;
    String table = settings.quotedTable();
    this.claim =
        "UPDATE "
            + table
            + " SET visible_at = now() + ? * interval '1 millisecond', lease_owner = ?"
            + " WHERE id = ANY(ARRAY(SELECT id FROM "
            + table
            + " WHERE visible_at <= now() ORDER BY id LIMIT ? FOR UPDATE SKIP LOCKED))"
            + " RETURNING id, body";
    this.delete = "DELETE FROM " + table + " WHERE id = ANY(?)";
    this.release =
        "UPDATE "
            + table
            + " SET visible_at = '-infinity', lease_owner = NULL"
            + " WHERE id = ANY(?) AND lease_owner = ?";
    try {
      this.session = new Session(settings, settings.receiverSynchronousCommit(), true);
    } catch (SQLException e) {
      throw PostgresMq.failure(settings, "cannot connect a receiver", e);
    }
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    unacked.checkOpen();
    if (max < 1) {
      throw new IllegalArgumentException("max must be at least 1, was " + max);
    }
    long deadline = System.nanoTime() + wait.toNanos();
    long poll = settings.pollInterval().toNanos();
    while (true) {
      List<Received> got = claim(max);
      long left = deadline - System.nanoTime();
      if (!got.isEmpty() || left <= 0) {
        return got;
      }
      long nanos = Math.min(poll, left);
      Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
    }
  }

  private List<Received> claim(int max) {
    try {
      Connection c = session.connection();
      try (PreparedStatement ps = c.prepareStatement(claim)) {
        ps.setLong(1, settings.visibilityTimeout().toMillis());
        ps.setLong(2, owner);
        ps.setInt(3, max);
        List<Received> out = new ArrayList<>();
        try (ResultSet r = ps.executeQuery()) {
          while (r.next()) {
            long id = r.getLong(1);
            unacked.handedOut(id);
            out.add(new Message(id, r.getBytes(2)));
          }
        }
        return out;
      }
    } catch (SQLException e) {
      session.failed(e);
      throw PostgresMq.failure(settings, "claim from " + settings.tableName() + " failed", e);
    }
  }

  @Override
  public void ack(List<Received> messages) {
    if (messages.isEmpty()) {
      return;
    }
    unacked.checkOpen();
    Long[] ids = new Long[messages.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = ((Message) messages.get(i)).id();
    }
    // In id order, as claims lock them: two deletes of the same rows never wait on each other
    // crosswise.
    Arrays.sort(ids);
    try {
      Connection c = session.connection();
      try (PreparedStatement ps = c.prepareStatement(delete)) {
        ps.setArray(1, c.createArrayOf("bigint", ids));
        ps.executeUpdate();
      }
    } catch (SQLException e) {
      session.failed(e);
      throw PostgresMq.failure(settings, "delete from " + settings.tableName() + " failed", e);
    }
    unacked.acknowledged(Arrays.asList(ids));
  }

  /**
   * Gives back what was claimed and not acknowledged (see the class), and closes the connection.
   * Idempotent; a server that does not answer leaves the messages to the visibility timeout.
   */
  @Override
  public void close() {
    unacked.close(
        held -> {
          if (!held.isEmpty()) {
            Connection c = session.connection();
            try (PreparedStatement ps = c.prepareStatement(release)) {
              ps.setArray(1, c.createArrayOf("bigint", held.toArray(Long[]::new)));
              ps.setLong(2, owner);
              ps.executeUpdate();
            }
          }
        },
        session::close);
  }
}
