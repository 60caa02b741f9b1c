package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A run's result reads by concern: which run and its verdict, then one group per concern, each a
 * record of its own, rather than thirty-odd figures side by side.
 */
class RunResultShapeTest {
  @Test
  void theResultHoldsWhichRunItsVerdictAndOneGroupPerConcern() {
    assertThat(Arrays.stream(RunResult.class.getRecordComponents()).map(RecordComponent::getName))
        .containsExactly(
            "formatVersion",
            "runId",
            "startedAt",
            "status",
            "failure",
            "queue",
            "target",
            "setup",
            "totals",
            "rates",
            "latency",
            "delivery",
            "harness",
            "faults",
            "catchUp",
            "cost");
  }

  @Test
  void everyGroupIsARecordOfItsOwn() {
    for (RecordComponent c : RunResult.class.getRecordComponents()) {
      if (c.getName().equals("formatVersion") || c.getType().getPackage() == null) {
        continue;
      }
      if (c.getType().getPackageName().equals("io.mqbench.results")
          && c.getType() != RunStatus.class) {
        assertThat(c.getType().isRecord()).as(c.getName()).isTrue();
      }
    }
  }
}
