package io.mqbench.runner.cli;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.session.Workers;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * One run to make, resolved and validated before anything connects.
 *
 * @param number the run's place among the invocation's runs, from 1
 * @param cell the matrix cell's label (option or {@code properties.<key>} to value, or {@code
 *     workload} to a named workload), secret values hidden: safe to print and write; empty outside
 *     a matrix
 * @param repetition the repetition of its cell, from 1; 0 outside a matrix
 * @param provider the backend
 * @param backend the backend's validated configuration
 * @param config the run's settings
 * @param showProgress whether to draw the progress bar
 * @param workers the workers the run is placed on; empty to run in this process
 * @param cellValues the values the cell sets (its matrix values and its workload's), which the
 *     label may name in short; empty outside a matrix
 */
record RunPlan(
    int number,
    Map<String, String> cell,
    int repetition,
    MqProvider provider,
    MqConfig backend,
    RunConfig config,
    boolean showProgress,
    Optional<Workers> workers,
    Map<String, String> cellValues) {

  RunPlan {
    cell = Collections.unmodifiableMap(new LinkedHashMap<>(cell));
    cellValues = Collections.unmodifiableMap(new LinkedHashMap<>(cellValues));
  }
}
