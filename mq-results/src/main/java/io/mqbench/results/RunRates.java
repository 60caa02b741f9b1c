package io.mqbench.results;

import io.mqbench.engine.Tick;
import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.List;

/**
 * How fast a run went, thread by thread and second by second, and what set its pace: one concern of
 * a {@link RunResult} (its totals stand beside it, in {@link RunResult#totals()}).
 *
 * @param rate rate mode only: how the schedule was kept; null otherwise
 * @param senders per sender thread
 * @param receivers per receiver thread
 * @param timeline counts per second
 * @param limit which side set the pace when the receiving side did (see {@link Limit}); null
 *     otherwise
 */
@RecordBuilder
public record RunRates(
    RateAchieved rate,
    List<ThreadRate> senders,
    List<ThreadRate> receivers,
    List<Tick> timeline,
    Limit limit)
    implements RunRatesBuilder.With {

  /** No threads, no seconds: a run that never measured anything. */
  public static final RunRates NONE = new RunRates(null, List.of(), List.of(), List.of(), null);

  /** Reads missing lists (a file that lacks them) as empty. */
  public RunRates {
    senders = senders == null ? List.of() : senders;
    receivers = receivers == null ? List.of() : receivers;
    timeline = timeline == null ? List.of() : timeline;
  }
}
