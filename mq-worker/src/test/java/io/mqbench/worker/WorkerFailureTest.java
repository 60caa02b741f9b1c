package io.mqbench.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.CellFailure;
import io.mqbench.mq.MqException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A cell's failure on a worker is named after the worker, and the first one stays. */
class WorkerFailureTest {
  private final WorkerAddress worker = new WorkerAddress("10.0.0.7", 9870);
  private final WorkerFailure failure = new WorkerFailure(worker);

  @Test
  void noFailureUntilOneHappens() {
    assertThat(failure.get()).isNull();
  }

  @Test
  void theWorkerIsThePlaceAndNotRepeatedInTheMessage() {
    CellFailure f = failure.fail(new MqException("worker 10.0.0.7:9870: connection refused"));

    assertThat(f.where()).isEqualTo("worker 10.0.0.7:9870");
    assertThat(f.message()).isEqualTo("connection refused");
  }

  @Test
  void theFirstFailureStaysSinceLaterOnesAreItsConsequences() {
    CellFailure first = failure.fail(new MqException("timed out"));

    assertThat(failure.fail(new MqException("connection refused"))).isEqualTo(first);
    assertThat(failure.get()).isEqualTo(first);
  }

  @Test
  void aFailureInsideTheWorkersCellNamesTheWorkerAsWell() {
    assertThat(failure.named(Optional.of(new CellFailure("sender 3", "broken pipe"))))
        .contains(new CellFailure("worker 10.0.0.7:9870 sender 3", "broken pipe"));
    assertThat(failure.named(Optional.empty())).isEmpty();
  }
}
