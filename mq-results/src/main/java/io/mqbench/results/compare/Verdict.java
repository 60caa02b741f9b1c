package io.mqbench.results.compare;

/** What a comparison says of one figure of one cell. */
public enum Verdict {
  /** The whole 95 % interval of the difference lies on the better side of 0. */
  BETTER("better"),
  /** The whole 95 % interval of the difference lies on the worse side of 0. */
  WORSE("worse"),
  /**
   * The interval holds 0 and stays within the threshold on the worse side: no change, and no
   * regression beyond the threshold, at 95 %.
   */
  NO_CHANGE("no change"),
  /**
   * The interval holds 0 and also reaches beyond the threshold on the worse side: the runs agree
   * with no change and with a regression larger than the threshold alike, so they cannot tell.
   * {@link FigureComparison#smallestDetectablePercent()} says what they could have told.
   */
  INCONCLUSIVE("inconclusive"),
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
