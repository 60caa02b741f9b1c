package io.mqbench.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.postgres.PostgresServer;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A team's store on a PostgreSQL server: a private server of the installed package. */
class TeamStoreOnPostgresIT {

  @Test
  void runsRecordedByTwoHostsMeetInATeamsPostgresStore() throws Exception {
    Path bin =
        PostgresServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError("PostgreSQL is not installed: apt-get install postgresql"));
    try (PostgresServer server = new PostgresServer(bin, false, null)) {
      server.start();
      String url = server.url() + "?user=mqbench";
      ResultsStore first = ResultsStore.open(StoreLocation.parse(url));
      first.record(StoreFixtures.run("r1", 0), StoreFixtures.BATCH, "a", "{}");
      var otherHost =
          StoreFixtures.run("r2", 5)
              .withSetup(
                  StoreFixtures.run("r2", 5)
                      .setup()
                      .withEnvironment(
                          StoreFixtures.run("r2", 5)
                              .setup()
                              .environment()
                              .withHost("other")
                              .withCores(64)));
      ResultsStore second = ResultsStore.open(StoreLocation.parse(url));
      assertThat(second.record(otherHost, StoreFixtures.BATCH, "b", "{}")).isTrue();
      assertThat(second.record(otherHost, StoreFixtures.BATCH, "b", "{}")).isFalse();

      List<StoredRun> runs = ResultsStore.open(StoreLocation.parse(url)).runs(null);
      assertThat(runs).extracting(StoredRun::runId).containsExactly("r1", "r2");
      assertThat(runs.get(0).hostId()).isNotEqualTo(runs.get(1).hostId());
      assertThat(runs.get(0).workloadId()).isEqualTo(runs.get(1).workloadId());
      assertThat(runs.get(1).figures()).isEqualTo(runs.get(0).figures());
      assertThat(first.runs("no-such-queue")).isEmpty();
    }
  }
}
