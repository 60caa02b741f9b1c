package io.mqbench.results;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * What moving the run's messages cost: one concern of a {@link RunResult}.
 *
 * @param requests for backends billed per request: the requests made and the estimated cost per
 *     million messages; null for the others
 * @param machines for a run given {@code --machine-cost}: what a million messages cost on machines
 *     paid by the hour, at the run's rate; null otherwise
 */
@RecordBuilder
public record RunCost(RequestCost requests, MachineCost machines) implements RunCostBuilder.With {

  /** No cost known. */
  public static final RunCost NONE = new RunCost(null, null);

  /**
   * @return the cost of moving a million messages: per request for a queue billed so ({@link
   *     #requests}), else on machines paid by the hour ({@link #machines}); null with neither
   */
  public Double perMillionMessages() {
    if (requests != null && requests.costPerMillionMessages() != null) {
      return requests.costPerMillionMessages();
    }
    return machines == null ? null : machines.costPerMillionMessages();
  }

  /**
   * @return what {@link #perMillionMessages} comes from, with its inputs and currency ({@code USD:
   *     machines 0.384 per hour at 41,000.0 msgs/s end to end}); empty with no cost
   */
  public String basis() {
    if (requests != null && requests.costPerMillionMessages() != null) {
      return String.format(
          Locale.ROOT,
          "%s: billed requests x %s per million",
          requests.currency(),
          BigDecimal.valueOf(requests.pricePerMillionRequests())
              .stripTrailingZeros()
              .toPlainString());
    }
    if (machines == null || machines.costPerMillionMessages() == null) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "%s: machines %s per hour at %.1f msgs/s %s",
        machines.currency(),
        BigDecimal.valueOf(machines.pricePerHour()).stripTrailingZeros().toPlainString(),
        machines.msgsPerSecond(),
        machines.rateBasis());
  }
}
