package io.mqbench.runner.config;

import io.mqbench.broker.BrokerResolution.LocalPolicy;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import io.mqbench.results.MachinePrice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Everything one run of the CLI needs: what the engine runs, plus what only the runner reads.
 *
 * @param queue the backend's name
 * @param run how the engine drives the backend
 * @param warmup how long to run unmeasured, with the same settings, before the measured run
 * @param seed the seed of batch sizes and padding; random when empty (recorded either way)
 * @param outputDir the folder under which the run's results folder is made
 * @param backendProperties the backend's keys, such as {@code kafka.acks -> all}
 * @param limitProbe how long the probe with twice the receivers runs when the receiving side was
 *     the limit (the senders were held back, or the receivers trailed them); zero for none
 * @param machinePrice what the queue's machines cost per hour, for a cost per million messages;
 *     empty when not given
 * @param faults what to inject during the measured run ({@code --fault}), in the order given
 * @param localBroker when the runner starts a local broker ({@code --local-broker})
 */
public record RunConfig(
    String queue,
    RunSettings run,
    Duration warmup,
    Optional<Long> seed,
    Path outputDir,
    Map<String, String> backendProperties,
    Duration limitProbe,
    Optional<MachinePrice> machinePrice,
    List<FaultSpec> faults,
    LocalPolicy localBroker) {

  /** Validates and copies. */
  public RunConfig {
    if (queue == null || queue.isBlank()) {
      throw new ConfigException("--queue must name a backend");
    }
    if (warmup.isNegative()) {
      throw new ConfigException("--warmup must not be negative");
    }
    if (limitProbe.isNegative()) {
      throw new ConfigException("--limit-probe must not be negative");
    }
    backendProperties = Map.copyOf(new TreeMap<>(backendProperties));
    machinePrice = machinePrice == null ? Optional.empty() : machinePrice;
    faults = faults == null ? List.of() : List.copyOf(faults);
    localBroker = localBroker == null ? LocalPolicy.AUTO : localBroker;
  }

  /**
   * @return a short description for the terminal
   */
  public String describe() {
    return run.describe();
  }
}
