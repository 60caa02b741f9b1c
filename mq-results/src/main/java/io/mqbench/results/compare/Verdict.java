package io.mqbench.results.compare;

/** What a comparison says of one figure of one cell. */
public enum Verdict {
  /** The whole 95 % interval of the difference lies on the better side of 0. */
  BETTER("better"),
  /** The whole 95 % interval of the difference lies on the worse side of 0. */
  WORSE("worse"),
  /** The interval holds 0: any change is within the runs' noise. */
  NO_CHANGE("no change"),
  /**
   * A side has a single run (or none with this figure): one run says nothing about its spread, so
   * no interval can be drawn; repeat the runs ({@code repeat: 3} in a scenario).
   */
  CANNOT_JUDGE("cannot judge");

  private final String label;

  Verdict(String label) {
    this.label = label;
  }

  /**
   * @return as the table prints it
   */
  public String label() {
    return label;
  }
}
