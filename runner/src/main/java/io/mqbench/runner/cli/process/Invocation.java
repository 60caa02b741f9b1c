package io.mqbench.runner.cli.process;

import java.io.PrintStream;
import java.util.Map;

/**
 * What one invocation of the CLI sees of the outside world, passed in so that tests control it and
 * nothing reads global state below {@code main}.
 *
 * @param out standard output: results
 * @param err standard error: progress, warnings, errors
 * @param env environment variables
 * @param systemProperties {@code -D} properties
 * @param terminal whether output goes to an interactive terminal (progress bar, colours)
 */
public record Invocation(
    PrintStream out,
    PrintStream err,
    Map<String, String> env,
    Map<String, String> systemProperties,
    boolean terminal) {}
