package io.mqbench.runner.cli;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqProvider;
import io.mqbench.results.MachinePrice;
import java.time.Duration;
import java.util.Optional;

/**
 * The checks and derived values of one run's options that need nothing but the options (and the
 * backend for the price): what {@link RunPlanner} asks of every run it plans.
 */
final class RunChecks {
  private RunChecks() {}

  /** Refuses message and queue options that contradict each other or are out of range. */
  static void checkMessageOptions(RunOptions o) {
    if (o.size.isPresent() && o.payloadFile.isPresent()) {
      throw new ConfigException(
          "--size and --payload-file both say how big messages are (with a payload file, the"
              + " records' sizes are the sizes): give one");
    }
    if (o.compressibility != 0 && o.payloadFile.isPresent()) {
      throw new ConfigException(
          "--compressibility shapes padding, and --payload-file sends records, not padding:"
              + " give one");
    }
    // Checked here: the settings read 0 as 1, the value of results written before these existed.
    if (o.queues < 1) {
      throw new ConfigException("--queues must be at least 1, was " + o.queues);
    }
    if (o.subscriptions < 1) {
      throw new ConfigException("--subscriptions must be at least 1, was " + o.subscriptions);
    }
  }

  /**
   * The machines' price: for a queue billed per request the price is per request (its own key), and
   * an hourly price beside it would count the service's machines twice.
   */
  static Optional<MachinePrice> machinePrice(RunOptions o, MqProvider provider, MqConfig backend) {
    Optional<MachinePrice> price = o.machineCost.map(MachinePrice::parse);
    if (price.isPresent() && provider.requestPrice(backend).isPresent()) {
      throw new ConfigException(
          "--machine-cost is for self-hosted queues; "
              + provider.name()
              + " is billed per request, and its cost per million messages comes from "
              + provider.requestPrice(backend).get().source());
    }
    return price;
  }

  static Duration limitProbe(RunOptions o) {
    if (o.limitProbe.isNegative()) {
      throw new ConfigException("--limit-probe must not be negative");
    }
    return o.limitProbe;
  }

  /**
   * The warm-up: as given, else the default for a run with senders and receivers. A one-sided run
   * gets none by default, and a receive-only run may not have one: it would drain, unmeasured, the
   * backlog the run is meant to time.
   */
  static Duration warmup(RunOptions o) {
    if (o.senders == 0 && o.warmup.isPresent() && !o.warmup.get().isZero()) {
      throw new ConfigException(
          "--warmup "
              + Durations.format(o.warmup.get())
              + ": a receive-only run (--senders 0) takes no warm-up; it would drain the backlog"
              + " unmeasured");
    }
    return o.warmup.orElse(
        o.senders > 0 && o.receivers > 0 ? RunOptions.DEFAULT_WARMUP_DURATION : Duration.ZERO);
  }
}
