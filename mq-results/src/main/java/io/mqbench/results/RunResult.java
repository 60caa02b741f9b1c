package io.mqbench.results;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Map;

/**
 * Everything one run measured, grouped by concern: which run and its verdict at the top, then
 * {@link RunSetup what was asked and where}, the {@link Totals totals}, {@link RunRates rates},
 * {@link RunLatency latencies}, {@link RunDelivery delivery}, {@link HarnessUse the harness's own
 * use}, {@link RunFaults faults}, {@link CatchUpResult catching up} and {@link RunCost cost}.
 * Written in full to {@code run.json} (whose fields stay side by side, as every version of the file
 * had them), summarised in one row of {@code summary.csv} and {@code summary.xlsx}, and read back
 * typed from {@code run.json} by reports and {@code mqbench drain}. Every component has a generated
 * {@code with…} copy ({@link RunResultBuilder.With}), and {@link RunResultBuilder} builds one from
 * scratch.
 *
 * @param formatVersion the version of {@code run.json}'s format this result was written in: {@link
 *     #FORMAT_VERSION} for a new result; a file written before versions were (which has no {@code
 *     formatVersion}) reads as 1
 * @param runId the run's id in hex, as in every envelope
 * @param startedAt when the run started, ISO-8601 UTC
 * @param status the verdict
 * @param failure what failed, in one line, when the status is {@link RunStatus#FAILED}
 * @param queue the backend's name
 * @param target where the backend connected
 * @param setup what the run was asked to do and where it ran
 * @param totals counts and rates over the whole run
 * @param rates per thread, per second, and what set the pace
 * @param latency the latencies by kind
 * @param delivery how safely messages were kept, and each queue's and subscription's share
 * @param harness what the harness's own processes used over the run (CPU by thread role, GC,
 *     memory); null in files before version 5 and for a run that never started
 * @param faults what each fault did, the client errors ridden through, the outages
 * @param catchUp {@code --phases backlog-then-catch-up} only: how long catching up took, and the
 *     publish rate and latencies during and after it (see {@link CatchUpResult}); null otherwise,
 *     and in files before version 7
 * @param cost what a million messages cost, when it is known
 */
@RecordBuilder
public record RunResult(
    @RecordBuilder.Initializer("FORMAT_VERSION") int formatVersion,
    String runId,
    String startedAt,
    RunStatus status,
    String failure,
    String queue,
    String target,
    RunSetup setup,
    Totals totals,
    RunRates rates,
    RunLatency latency,
    RunDelivery delivery,
    HarnessUse harness,
    RunFaults faults,
    CatchUpResult catchUp,
    RunCost cost)
    implements RunResultBuilder.With {

  /**
   * The version of {@code run.json}'s format written now. Version 1 (no {@code formatVersion} in
   * the file) had the same fields; version 2 added {@code formatVersion} itself; version 3 added
   * {@code endToEndClock} (absent, null, in older files); version 4 added {@code partial} (absent,
   * empty, in older files); version 5 added {@code harness} (absent, null, in older files); version
   * 6 added {@code machineCost} (absent, null, in older files); version 7 added {@code byQueue} and
   * {@code bySubscription} (absent, empty, in older files), the settings {@code queues} and {@code
   * subscriptions} (absent, 1) and {@code catchUp} (absent, null, in older files and for other
   * phases); version 8 added {@code faults} (absent, empty, in older files); version 9 added {@code
   * clientErrors} (absent, null, in older files and runs without errors); version 10 added {@code
   * outages} (absent, empty, in older files and runs without outages) and {@code durabilityCheck}
   * (absent, null, in older files); version 11 added the environment's {@code mqbenchCommit} and
   * {@code hostFacts} (absent, null, in older files). A field added later raises it, and the tests
   * of reading a version-1 file name the new field with the value it reads as.
   */
  public static final int FORMAT_VERSION = 11;

  /** Reads a missing format version as 1, and a missing group as an empty one. */
  public RunResult {
    formatVersion = formatVersion == 0 ? 1 : formatVersion;
    setup = setup == null ? new RunSetup(null, null, 0, null, null, null) : setup;
    totals = totals == null ? Totals.NONE : totals;
    rates = rates == null ? RunRates.NONE : rates;
    latency = latency == null ? new RunLatency(null, null) : latency;
    delivery = delivery == null ? RunDelivery.NONE : delivery;
    faults = faults == null ? RunFaults.NONE : faults;
    cost = cost == null ? RunCost.NONE : cost;
  }

  /**
   * @param cellValues the matrix cell's values
   * @param repetitionNumber the repetition, from 1 (0 outside a matrix)
   * @return this result, placed in a matrix cell
   */
  public RunResult inCell(Map<String, String> cellValues, int repetitionNumber) {
    return withSetup(setup.inCell(cellValues, repetitionNumber));
  }

  /**
   * @return true unless the run failed, lost messages or was harness-limited
   */
  public boolean ok() {
    return status == RunStatus.OK;
  }

  /**
   * @return the status for people: its label, and for a failure what failed ({@code failed: sender
   *     0: broker said no})
   */
  public String statusLine() {
    return failure == null ? status.label() : status.label() + ": " + failure;
  }
}
