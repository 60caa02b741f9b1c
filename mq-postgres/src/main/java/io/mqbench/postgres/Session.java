package io.mqbench.postgres;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * One connection of a sender or receiver, opened again on the next call after it broke: a statement
 * that timed out (the driver's socket timeout) or lost its server leaves the connection unusable,
 * and the driver does not reconnect by itself.
 *
 * <p>Used by one thread at a time.
 */
final class Session implements AutoCloseable {
  private final PostgresSettings settings;
  private final SynchronousCommit commit;
  private final boolean autoCommit;
  private Connection connection;

  /**
   * Connects at once, so that a server that refuses fails the creation of the sender or receiver.
   *
   * @param commit the connection's {@code synchronous_commit}
   * @param autoCommit true for one transaction per statement
   * @throws java.sql.SQLException if it cannot connect
   */
  Session(PostgresSettings settings, SynchronousCommit commit, boolean autoCommit)
      throws SQLException {
    this.settings = settings;
    this.commit = commit;
    this.autoCommit = autoCommit;
    this.connection = open();
  }

  private Connection open() throws SQLException {
    Connection c = PostgresMq.connect(settings, commit);
    try {
      c.setAutoCommit(autoCommit);
    } catch (SQLException e) {
      PostgresMq.closeQuietly(c);
      throw e;
    }
    return c;
  }

  /**
   * @return the connection, opened again if it broke
   * @throws SQLException if it cannot connect
   */
  Connection connection() throws SQLException {
    if (connection == null) {
      connection = open();
    }
    return connection;
  }

  /**
   * After a failed statement: rolls its transaction back, or drops the connection when it broke, so
   * that the next call starts clean.
   *
   * @param e what the statement threw
   */
  void failed(SQLException e) {
    if (connection == null) {
      return;
    }
    boolean broken;
    try {
      broken = connection.isClosed() || isConnectionLoss(e);
      if (!broken && !autoCommit) {
        connection.rollback();
      }
    } catch (SQLException rollback) {
      broken = true;
    }
    if (broken) {
      PostgresMq.closeQuietly(connection);
      connection = null;
    }
  }

  /** SQL state class 08 (connection exception), or no state at all (an I/O failure). */
  private static boolean isConnectionLoss(SQLException e) {
    String state = e.getSQLState();
    return state == null || state.startsWith("08") || state.startsWith("57P");
  }

  /** Closes the connection. Idempotent. */
  @Override
  public void close() {
    if (connection != null) {
      PostgresMq.closeQuietly(connection);
      connection = null;
    }
  }
}
