package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;

/**
 * What moving a million messages cost on machines paid by the hour ({@code --machine-cost}): the
 * price of the hours the machines spend moving them at the rate the run measured, {@code perHour /
 * 3600 / msgsPerSecond × 1,000,000}. An estimate for a self-hosted queue, beside the per-request
 * cost of a queue billed per request ({@link RequestCost}); it assumes the machines do nothing
 * else, and a run held below the queue's capacity (a fixed rate) pays for the idle share too.
 *
 * @param pricePerHour the price of an hour of all the queue's machines
 * @param currency its currency
 * @param rateBasis which rate the machines' time is divided by: {@code end to end} (senders and
 *     receivers together), {@code sent then drained} (send-then-drain: the messages over the time
 *     from the start to the drain's last delivery), {@code sent} (send-only) or {@code received}
 *     (receive-only)
 * @param msgsPerSecond that rate
 * @param costPerMillionMessages the cost of a million messages; null when the rate is 0
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MachineCost(
    double pricePerHour,
    String currency,
    String rateBasis,
    double msgsPerSecond,
    Double costPerMillionMessages) {

  /**
   * @param price what the machines cost per hour
   * @param run what the run did
   * @param totals what it measured
   * @return the cost per million messages at the run's rate
   */
  public static MachineCost of(MachinePrice price, RunSettings run, Totals totals) {
    String basis;
    double rate;
    if (run.senders() == 0) {
      basis = "received";
      rate = totals.receivedPerSecond();
    } else if (run.receivers() == 0 || run.phases() == Phases.BACKLOG_THEN_CATCH_UP) {
      // A catch-up run sends at its rate throughout, and receives all of it in the end.
      basis = "sent";
      rate = totals.sentPerSecond();
    } else if (run.phases() == Phases.SEND_THEN_DRAIN) {
      basis = "sent then drained";
      double seconds =
          totals.drainStartSeconds() + totals.drainWaitSeconds() + totals.receiveSeconds();
      rate = seconds > 0 ? totals.sent() / seconds : 0;
    } else {
      basis = "end to end";
      rate = totals.endToEndPerSecond();
    }
    Double cost = rate > 0 ? price.perHour() / 3600.0 / rate * 1_000_000.0 : null;
    return new MachineCost(price.perHour(), price.currency(), basis, rate, cost);
  }
}
