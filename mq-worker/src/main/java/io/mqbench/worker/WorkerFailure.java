package io.mqbench.worker;

import io.mqbench.engine.measure.CellFailure;
import io.mqbench.mq.Errors;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first failure of a cell on a worker, seen from the coordinator, named after the worker: once
 * set it stays, and later failures are consequences of it.
 */
final class WorkerFailure {
  private final WorkerAddress worker;
  private final AtomicReference<CellFailure> first = new AtomicReference<>();

  WorkerFailure(WorkerAddress worker) {
    this.worker = worker;
  }

  /**
   * @return the first failure, or null while there is none
   */
  CellFailure get() {
    return first.get();
  }

  /**
   * @param e why a call to the worker failed
   * @return the first failure: this one unless another came before
   */
  CellFailure fail(Exception e) {
    // The client's messages begin with "worker host:port"; the failure names it as its place.
    String message = Errors.oneLine(e);
    String prefix = "worker " + worker + ": ";
    if (message.startsWith(prefix)) {
      message = message.substring(prefix.length());
    }
    first.compareAndSet(null, new CellFailure("worker " + worker, message));
    return first.get();
  }

  /** A failure inside the worker's cell ("sender 3"), named after the worker as well. */
  Optional<CellFailure> named(Optional<CellFailure> f) {
    return f.map(x -> new CellFailure("worker " + worker + " " + x.where(), x.message()));
  }
}
