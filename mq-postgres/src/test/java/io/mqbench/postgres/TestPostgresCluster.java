package io.mqbench.postgres;

import java.nio.file.Path;
import java.util.Map;

/**
 * The tests' replicated PostgreSQL: a primary and two standbys of the installed package, as {@code
 * -p postgres.localBrokerNodes=3} starts them (a commit waiting for one standby, the failover
 * manager watching the primary), every node requiring a password over TCP. Missing PostgreSQL fails
 * the tests loudly: {@code apt-get install postgresql} (.ci/run does).
 */
final class TestPostgresCluster {
  static final int NODES = 3;

  private TestPostgresCluster() {}

  static PostgresCluster start() throws InterruptedException {
    Path bin =
        PostgresServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError("PostgreSQL is not installed: apt-get install postgresql"));
    PostgresCluster cluster = PostgresCluster.of(bin, NODES, true, TestPostgres.PASSWORD);
    cluster.start(new PostgresMqProvider().configure(Map.of()));
    return cluster;
  }
}
