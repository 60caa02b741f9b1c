package io.mqbench.runner.session;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Durability;
import io.mqbench.mq.MqProvider;
import io.mqbench.results.DurabilityCheck;
import java.io.PrintStream;
import java.util.Optional;

/**
 * Reads what the broker does with an acknowledged message before the measured run and after it, so
 * that a result groups by what was found as well as what was asked, and a broker reconfigured
 * mid-run is a status ({@link io.mqbench.results.RunStatus#DURABILITY_CHANGED}). A reading that
 * fails is said on stderr and recorded as not read back: the run's own verdict on the broker is its
 * status, not this.
 */
final class DurabilityReadings {
  private final MqProvider provider;
  private final MqConfig config;
  private final PrintStream err;
  private Optional<Durability> atStart = Optional.empty();

  /**
   * @param config the first queue's configuration, pointing at the broker the run uses
   */
  DurabilityReadings(MqProvider provider, MqConfig config, PrintStream err) {
    this.provider = provider;
    this.config = config;
    this.err = err;
  }

  /** The reading before the measured run. */
  void atStart() {
    atStart = read("before the run");
  }

  /**
   * @return the reading after the run beside the one before it and what the settings ask
   */
  DurabilityCheck atEnd() {
    return DurabilityCheck.of(provider.durability(config), atStart, read("after the run"));
  }

  private Optional<Durability> read(String when) {
    try {
      return provider.durabilityFound(config);
    } catch (RuntimeException e) { // a reading must not end a run the broker serves
      err.println(
          "mqbench: could not read back the broker's durability "
              + when
              + " ("
              + e.getMessage()
              + "); recorded as configured");
      return Optional.empty();
    }
  }
}
