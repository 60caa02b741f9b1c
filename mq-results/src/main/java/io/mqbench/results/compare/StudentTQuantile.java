package io.mqbench.results.compare;

/**
 * The 97.5th percentile of Student's t distribution at any real number of degrees of freedom, as
 * Welch's interval needs: its Welch-Satterthwaite degrees of freedom are rarely whole. Computed,
 * not looked up: the distribution function through the regularized incomplete beta function
 * (Lentz's continued fraction), inverted by bisection to 1e-9. Matches the printed tables (12.706
 * at 1, 2.776 at 4, 2.042 at 30) to their 3 decimals.
 */
final class StudentTQuantile {
  private StudentTQuantile() {}

  /**
   * @param degreesOfFreedom at least 1, whole or not
   * @return t such that P(T &le; t) = 0.975
   */
  static double quantile975(double degreesOfFreedom) {
    if (!(degreesOfFreedom >= 1)) {
      throw new IllegalArgumentException(
          "degrees of freedom must be at least 1, was " + degreesOfFreedom);
    }
    double low = 0;
    double high = 20; // t(0.975, 1) = 12.706 is the largest at df >= 1
    for (int i = 0; i < 200 && high - low > 1e-9; i++) {
      double mid = (low + high) / 2;
      if (upperTail(mid, degreesOfFreedom) > 0.025) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }

  /** P(T &gt; t) for t &ge; 0: half the regularized incomplete beta I_x(df/2, 1/2). */
  static double upperTail(double t, double df) {
    double x = df / (df + t * t);
    return 0.5 * regularizedBeta(x, df / 2, 0.5);
  }

  /** I_x(a, b), by the continued fraction on whichever side converges (Numerical Recipes 6.4). */
  private static double regularizedBeta(double x, double a, double b) {
    if (x <= 0) {
      return 0;
    }
    if (x >= 1) {
      return 1;
    }
    double front =
        Math.exp(
            logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
    if (x < (a + 1) / (a + b + 2)) {
      return front * continuedFraction(x, a, b) / a;
    }
    return 1 - front * continuedFraction(1 - x, b, a) / b;
  }

  private static double continuedFraction(double x, double a, double b) {
    final double tiny = 1e-300;
    double c = 1;
    double d = 1 - (a + b) * x / (a + 1);
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    double h = d;
    for (int m = 1; m <= 500; m++) {
      int m2 = 2 * m;
      double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      h *= d * c;
      aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
      d = 1 + aa * d;
      d = 1 / (Math.abs(d) < tiny ? tiny : d);
      c = 1 + aa / c;
      c = Math.abs(c) < tiny ? tiny : c;
      double step = d * c;
      h *= step;
      if (Math.abs(step - 1) < 1e-15) {
        break;
      }
    }
    return h;
  }

  /** ln Γ(x) for x &gt; 0, Lanczos' approximation (g = 7, 9 terms), relative error below 1e-14. */
  private static double logGamma(double x) {
    final double[] g = {
      0.99999999999980993,
      676.5203681218851,
      -1259.1392167224028,
      771.32342877765313,
      -176.61502916214059,
      12.507343278686905,
      -0.13857109526572012,
      9.9843695780195716e-6,
      1.5056327351493116e-7
    };
    if (x < 0.5) {
      return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
    }
    x -= 1;
    double sum = g[0];
    for (int i = 1; i < g.length; i++) {
      sum += g[i] / (x + i);
    }
    double t = x + 7.5;
    return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
  }
}
