package io.mqbench.runner.cli.setting;

/**
 * Where a setting's value came from. The constants are in the order the sources are consulted: the
 * first that gives a value wins.
 */
public enum Source {
  /** Given on the command line ({@code --receiver-idle 5s}). */
  COMMAND_LINE("command line"),
  /** The scenario's matrix cell being run; a matrix axis may not also be given above it. */
  MATRIX_CELL("matrix cell"),
  /** A system property named like the option in camelCase ({@code -DreceiverIdle=5s}). */
  SYSTEM_PROPERTY("-D"),
  /** An environment variable ({@code MQBENCH_RECEIVER_IDLE=5s}). */
  ENVIRONMENT("MQBENCH_"),
  /** The scenario file ({@code receiverIdle: 5s}). */
  SCENARIO("scenario"),
  /** The {@code --preset}. */
  PRESET("preset"),
  /** The option's built-in default. */
  DEFAULT("default");

  private final String label;

  Source(String label) {
    this.label = label;
  }

  /**
   * @return how {@code --dry-run} names the source: {@code command line}, {@code -D}, {@code
   *     MQBENCH_}, {@code scenario}...
   */
  public String label() {
    return label;
  }
}
