package io.mqbench.runner.cli.terminal;

/** Verdicts in red on a terminal that has colours. */
final class Red {
  private static final String RED = "\u001b[1;31m";
  private static final String RESET = "\u001b[0m";

  private Red() {}

  /** The text in red when the terminal has colours, else as it is. */
  static String when(boolean colour, String text) {
    return colour ? RED + text + RESET : text;
  }
}
