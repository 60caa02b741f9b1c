package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.Durability;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A result groups by the weaker of what its settings asked and what the broker was found doing, and
 * a broker found doing something else at the end than at the start changed under the run.
 */
class DurabilityCheckTest {
  private static final Durability ASKED_FSYNC =
      new Durability(Durability.Level.FSYNC, "on the primary", "redis.fsync=always");
  private static final Durability FOUND_FSYNC =
      new Durability(Durability.Level.FSYNC, "on the primary", "appendfsync always (CONFIG GET)");
  private static final Durability FOUND_MEMORY =
      new Durability(Durability.Level.MEMORY, "on the primary", "appendfsync no (CONFIG GET)");

  @Test
  void aBrokerThatCannotDoWhatWasAskedIsRecordedAtWhatItDoes() {
    DurabilityCheck c =
        DurabilityCheck.of(ASKED_FSYNC, Optional.of(FOUND_MEMORY), Optional.of(FOUND_MEMORY));

    assertThat(c.effective().level()).isEqualTo(Durability.Level.MEMORY);
    assertThat(c.effective().settings())
        .isEqualTo("appendfsync no (CONFIG GET); asked fsync: redis.fsync=always");
    assertThat(c.changed()).isFalse();
  }

  @Test
  void aBrokerDoingWhatWasAskedKeepsTheLevelAndSaysWhatWasReadBack() {
    DurabilityCheck c =
        DurabilityCheck.of(ASKED_FSYNC, Optional.of(FOUND_FSYNC), Optional.of(FOUND_FSYNC));

    assertThat(c.effective().describe())
        .isEqualTo(
            "fsynced to disk on the primary (redis.fsync=always; read back: appendfsync always"
                + " (CONFIG GET))");
  }

  @Test
  void whatCannotBeReadBackIsSaidToBeAsConfigured() {
    DurabilityCheck c = DurabilityCheck.of(ASKED_FSYNC, Optional.empty(), Optional.empty());

    assertThat(c.effective().level()).isEqualTo(Durability.Level.FSYNC);
    assertThat(c.effective().settings())
        .isEqualTo("redis.fsync=always; " + DurabilityCheck.NOT_READ_BACK);
    assertThat(c.changed()).isFalse();
  }

  @Test
  void aBrokerReconfiguredMidRunChangedAndGroupsByItsWeakerReading() {
    DurabilityCheck c =
        DurabilityCheck.of(ASKED_FSYNC, Optional.of(FOUND_FSYNC), Optional.of(FOUND_MEMORY));

    assertThat(c.changed()).isTrue();
    assertThat(c.effective().level()).isEqualTo(Durability.Level.MEMORY);
  }

  @Test
  void readingsThatDifferOnlyInWhatCouldBeReadAreNoChange() {
    Durability before =
        new Durability(
            Durability.Level.MEMORY, "on every in-sync replica", "topic 'q' not there yet");
    Durability after =
        new Durability(
            Durability.Level.MEMORY, "on every in-sync replica", "topic 'q' flush.messages=...");

    DurabilityCheck c = DurabilityCheck.of(before, Optional.of(before), Optional.of(after));

    assertThat(c.changed()).isFalse();
    assertThat(c.effective().settings()).endsWith("read back: topic 'q' flush.messages=...");
  }

  @Test
  void aReadingMissingAtTheEndIsNoChange() {
    assertThat(
            DurabilityCheck.of(ASKED_FSYNC, Optional.of(FOUND_FSYNC), Optional.empty()).changed())
        .isFalse();
  }

  @Test
  void aStandInIsWeakerThanAnyLevelAsked() {
    Durability standIn = Durability.standIn("MongoDB", "no gitVersion in buildInfo");
    for (Durability.Level asked : Durability.Level.values()) {
      if (asked == Durability.Level.STAND_IN) {
        continue; // no setting asks for one
      }
      Durability askedFor = new Durability(asked, "", "");
      assertThat(
              DurabilityCheck.of(askedFor, Optional.of(standIn), Optional.of(standIn))
                  .effective()
                  .describe())
          .as(asked.key())
          .startsWith("stand-in (in memory), not MongoDB (no gitVersion in buildInfo");
    }
  }

  @Test
  void durabilityChangedRanksAboveReceiversBehindAndBelowAFailure() {
    assertThat(RunStatus.RECEIVERS_BEHIND.worst(RunStatus.DURABILITY_CHANGED))
        .isEqualTo(RunStatus.DURABILITY_CHANGED);
    assertThat(RunStatus.DURABILITY_CHANGED.worst(RunStatus.FAILED)).isEqualTo(RunStatus.FAILED);
    assertThat(RunStatus.DURABILITY_CHANGED.exitCode()).isEqualTo(10);
    assertThat(RunStatus.ofLabel("durability changed")).isEqualTo(RunStatus.DURABILITY_CHANGED);
  }
}
