package io.mqbench.postgres;

import java.nio.file.Path;

/**
 * The tests' PostgreSQL: a private server of the installed package (as the runner starts one), on a
 * free loopback port, never the machine's own server on 5432. Missing PostgreSQL fails the tests
 * loudly: {@code apt-get install postgresql} (.ci/run does).
 */
final class TestPostgres {
  static final String PASSWORD = "mqbench-test";

  private TestPostgres() {}

  /**
   * @param fsync the server's fsync
   * @param password the password it requires over TCP, or null to trust
   * @return a started server, closed by the caller
   */
  static PostgresServer start(boolean fsync, String password) throws InterruptedException {
    Path bin =
        PostgresServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError("PostgreSQL is not installed: apt-get install postgresql"));
    PostgresServer server = new PostgresServer(bin, fsync, password);
    try {
      server.start();
    } catch (RuntimeException | InterruptedException e) {
      server.close();
      throw e;
    }
    return server;
  }
}
