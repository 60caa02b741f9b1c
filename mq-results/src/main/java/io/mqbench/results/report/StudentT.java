package io.mqbench.results.report;

/**
 * The 97.5th percentile of Student's t distribution, which makes a two-sided 95 % interval. Exact
 * (to the 3 decimals of the printed tables) up to 30 degrees of freedom, where repetitions live;
 * beyond, the Cornish-Fisher expansion around the normal quantile, within 0.0005 of the true value
 * from 31 on. A table instead of a statistics library: this is the only quantile needed.
 */
final class StudentT {
  /** t(0.975, df) for df = 1..30, from the standard tables. */
  private static final double[] TABLE = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042
  };

  /** The standard normal distribution's 97.5th percentile. */
  private static final double Z = 1.959964;

  private StudentT() {}

  /**
   * @param degreesOfFreedom at least 1
   * @return t such that P(T &le; t) = 0.975
   */
  static double quantile975(int degreesOfFreedom) {
    if (degreesOfFreedom < 1) {
      throw new IllegalArgumentException(
          "degrees of freedom must be at least 1, was " + degreesOfFreedom);
    }
    if (degreesOfFreedom <= TABLE.length) {
      return TABLE[degreesOfFreedom - 1];
    }
    double v = degreesOfFreedom;
    double z = Z;
    return z
        + (z * z * z + z) / (4 * v)
        + (5 * Math.pow(z, 5) + 16 * Math.pow(z, 3) + 3 * z) / (96 * v * v)
        + (3 * Math.pow(z, 7) + 19 * Math.pow(z, 5) + 17 * Math.pow(z, 3) - 15 * z)
            / (384 * v * v * v);
  }
}
