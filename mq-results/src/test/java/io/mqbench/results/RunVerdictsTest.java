package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** How a run's status follows from what happened to it and from the verdict on its numbers. */
class RunVerdictsTest {
  @Test
  void anInterruptOutranksEverythingElse() {
    assertThat(RunVerdicts.status(true, true, 5, 5, RunStatus.TARGET_NOT_MET))
        .isEqualTo(RunStatus.INTERRUPTED);
  }

  @Test
  void provenLossOutranksAFailureAndTheVerdict() {
    assertThat(RunVerdicts.status(false, true, 1, 0, RunStatus.TARGET_NOT_MET))
        .isEqualTo(RunStatus.LOST_MESSAGES);
  }

  @Test
  void aFailureLeavingMessagesInDoubtIsUnsettledElseFailed() {
    assertThat(RunVerdicts.status(false, true, 0, 3, RunStatus.OK)).isEqualTo(RunStatus.UNSETTLED);
    assertThat(RunVerdicts.status(false, true, 0, 0, RunStatus.OK)).isEqualTo(RunStatus.FAILED);
  }

  @Test
  void aRunThatCompletedGetsTheVerdictOnItsNumbers() {
    assertThat(RunVerdicts.status(false, false, 0, 7, RunStatus.HARNESS_LIMITED))
        .isEqualTo(RunStatus.HARNESS_LIMITED);
  }

  @Test
  void aHostThatSetThePaceAndAFaultNeverRecoveredFromHaveVerdictsOfTheirOwn() {
    assertThat(RunVerdicts.hostVerdict(null)).isEqualTo(RunStatus.OK);
    assertThat(RunVerdicts.recoveryVerdict(List.of())).isEqualTo(RunStatus.OK);
  }
}
