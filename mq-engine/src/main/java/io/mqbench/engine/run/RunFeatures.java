package io.mqbench.engine.run;

import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.ScheduledFault;
import java.util.ArrayList;
import java.util.List;

/**
 * The watchers of a run, in the order the coordinator asks them at each poll. The standard list
 * follows from the run's settings and faults; {@link #with} adds one more, so that a new feature is
 * a new watcher, not a change to the coordinator.
 */
public final class RunFeatures {
  private final List<RunWatcher> watchers;

  private RunFeatures(List<RunWatcher> watchers) {
    this.watchers = List.copyOf(watchers);
  }

  /**
   * The features every run has, and those its settings and faults ask for. Order matters where two
   * watchers act at the same poll: gaps are read before a phase starts receivers, send gaps before
   * the gate changes, and receiving ends last.
   *
   * @param settings the run's settings
   * @param faults what to inject and when, in any order; empty for none
   * @return the watchers, in order
   */
  public static RunFeatures standard(RunSettings settings, List<ScheduledFault> faults) {
    List<RunWatcher> list = new ArrayList<>();
    list.add(new DeliveryGaps());
    if (!faults.isEmpty()) {
      list.add(new FaultInjection(faults));
    }
    settings.duration().ifPresent(d -> list.add(new SendingDeadline(d, settings.rateMode())));
    if (settings.phases() == Phases.BACKLOG_THEN_CATCH_UP) {
      list.add(new CatchUpPhase(settings));
    }
    list.add(new SendGaps());
    list.add(new SenderPacing(settings));
    if (settings.phases() != Phases.TOGETHER) {
      list.add(new ReceiversAfterSenders());
    }
    list.add(new ReceivingEnd());
    return new RunFeatures(list);
  }

  /**
   * @param watcher a feature to ask after these
   * @return these features and the one more
   */
  public RunFeatures with(RunWatcher watcher) {
    List<RunWatcher> more = new ArrayList<>(watchers);
    more.add(watcher);
    return new RunFeatures(more);
  }

  /**
   * @return the watchers, in the order they are asked
   */
  public List<RunWatcher> watchers() {
    return watchers;
  }
}
