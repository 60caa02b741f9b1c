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
 * @param cell the matrix cell's values (option or {@code properties.<key>} to value), secret values
 *     hidden: safe to print and write; empty outside a matrix
 * @param repetition the repetition of its cell, from 1; 0 outside a matrix
 * @param provider the backend
 * @param backend the backend's validated configuration
 * @param config the run's settings
 * @param showProgress whether to draw the progress bar
 * @param workers the workers the run is placed on; empty to run in this process
 */
record RunPlan(
    int number,
    Map<String, String> cell,
    int repetition,
    MqProvider provider,
    MqConfig backend,
    RunConfig config,
    boolean showProgress,
    Optional<Workers> workers) {

  RunPlan {
    cell = Collections.unmodifiableMap(new LinkedHashMap<>(cell));
  }
}
