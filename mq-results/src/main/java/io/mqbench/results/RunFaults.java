package io.mqbench.results;

import io.mqbench.engine.measure.ClientErrors;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * What went wrong during a run, injected or not: one concern of a {@link RunResult}.
 *
 * @param injected with {@code --fault}: what each fault did to the run, in the order they were due
 *     (see {@link FaultResult}); empty otherwise, and in files before version 8
 * @param clientErrors with {@code --on-client-error reconnect} (the default of a run with faults):
 *     the backend errors the run rode through, counted (see {@link ClientErrors}); null when there
 *     were none, and in files before version 9
 * @param outages the times the run went without an acknowledged send or without a delivery for at
 *     least {@link Outage#threshold the outage threshold}, whether or not the client threw (see
 *     {@link Outage}); empty when there were none, and in files before version 10
 */
@RecordBuilder
public record RunFaults(List<FaultResult> injected, ClientErrors clientErrors, List<Outage> outages)
    implements RunFaultsBuilder.With {

  /** No fault, no error, no outage. */
  public static final RunFaults NONE = new RunFaults(List.of(), null, List.of());

  /** Reads missing lists (a file that lacks them) as empty, and copies them. */
  public RunFaults {
    injected = injected == null ? List.of() : List.copyOf(injected);
    outages = outages == null ? List.of() : List.copyOf(outages);
  }
}
