package io.mqbench.postgres;

import io.mqbench.mq.MqException;
import io.mqbench.mq.TrackingSender;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * Inserts a batch with one statement on a connection of the sender's own, {@code INSERT INTO table
 * (body) SELECT unnest(?::bytea[])} with the bodies as one array parameter: one round trip, one
 * transaction (autocommit), committed when the statement returns, which is once {@code
 * synchronous_commit} holds (by default: the WAL fsynced). Every row or none is stored.
 *
 * <p>With {@code postgres.sendConnections=1} (the default) a batch is sent on the calling thread,
 * {@link #sendAsync} returning once it is stored: one batch at a time. With N connections, {@link
 * #sendAsync} hands each batch to a free connection's thread and waits only when all N are busy, so
 * that N transactions commit together and share WAL flushes (PostgreSQL's group commit).
 *
 * <p>Used by one thread.
 */
final class PostgresSender extends TrackingSender {
  private final PostgresSettings settings;
  private final String insert;
  private final List<Session> sessions = new ArrayList<>();
  private final BlockingQueue<Session> free;
  private final ExecutorService threads;

  /**
   * Opens the sender's connections.
   *
   * @throws MqException if the server cannot be reached
   */
  PostgresSender(PostgresSettings settings) {
    super(
        "postgres",
        e -> PostgresMq.failure(settings, "insert failed", e),
        "postgres: the sender closed before the batch was committed");
    this.settings = settings;
    this.insert = "INSERT INTO " + settings.quotedTable() + " (body) SELECT unnest(?::bytea[])";
    int n = settings.sendConnections();
    this.free = new ArrayBlockingQueue<>(n);
    try {
      for (int i = 0; i < n; i++) {
        Session s = new Session(settings, settings.synchronousCommit(), true);
        sessions.add(s);
        free.add(s);
      }
    } catch (SQLException e) {
      sessions.forEach(Session::close);
      throw PostgresMq.failure(settings, "cannot connect a sender", e);
    }
    this.threads =
        n == 1
            ? null
            : Executors.newFixedThreadPool(
                n,
                r -> {
                  Thread t = new Thread(r, "mqbench-postgres-send");
                  t.setDaemon(true);
                  return t;
                });
  }

  @Override
  protected CompletableFuture<Void> sendBatch(List<byte[]> batch) {
    if (threads == null) {
      try {
        insert(sessions.get(0), batch);
        return CompletableFuture.completedFuture(null);
      } catch (RuntimeException e) {
        return CompletableFuture.failedFuture(e);
      }
    }
    Session session;
    try {
      session = free.take(); // back-pressure: every connection has a batch in flight
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CompletableFuture.failedFuture(e);
    }
    CompletableFuture<Void> done = new CompletableFuture<>();
    CompletableFuture<Void> tracked = track(done);
    try {
      threads.execute(
          () -> {
            try {
              insert(session, batch);
              done.complete(null);
            } catch (RuntimeException e) {
              done.completeExceptionally(e);
            } finally {
              free.add(session);
            }
          });
    } catch (RuntimeException e) {
      free.add(session);
      done.completeExceptionally(e);
    }
    return tracked;
  }

  /** One statement, its own transaction: every row of the batch, committed. */
  private void insert(Session session, List<byte[]> batch) {
    int inserted;
    try {
      Connection c = session.connection();
      try (PreparedStatement ps = c.prepareStatement(insert)) {
        ps.setArray(1, c.createArrayOf("bytea", batch.toArray(byte[][]::new)));
        inserted = ps.executeUpdate();
      }
    } catch (SQLException e) {
      session.failed(e);
      throw PostgresMq.failure(settings, "insert into " + settings.tableName() + " failed", e);
    }
    if (inserted != batch.size()) {
      throw new MqException(
          "postgres: the insert into "
              + settings.tableName()
              + " stored "
              + inserted
              + " rows of a batch of "
              + batch.size());
    }
  }

  /** Closing lets the batches in flight finish, each within the command timeout. */
  @Override
  protected Duration drainTimeout() {
    return settings.commandTimeout().plus(settings.connectTimeout());
  }

  @Override
  protected void disconnect() {
    if (threads != null) {
      threads.shutdown();
      try {
        if (!threads.awaitTermination(1, TimeUnit.SECONDS)) {
          threads.shutdownNow();
        }
      } catch (InterruptedException e) {
        threads.shutdownNow();
        Thread.currentThread().interrupt();
      }
    }
    sessions.forEach(Session::close);
  }
}
