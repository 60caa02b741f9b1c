package io.mqbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.mqbench.config.ConfigException;
import io.mqbench.engine.Phases;
import io.mqbench.engine.RunSettings;
import org.junit.jupiter.api.Test;

/**
 * A self-hosted queue's cost per million messages, from the machines' hourly price and the rate.
 */
class MachineCostTest {
  private static final RunSettings TOGETHER = FixedResults.fixedResult(0).setup().settings().run();

  @Test
  void aMillionMessagesCostTheHoursTheMachinesTakeToMoveThemEndToEnd() {
    Totals totals = TotalsBuilder.builder().sent(10_000).endToEndPerSecond(40_000).build();

    MachineCost cost = MachineCost.of(MachinePrice.parse("0.384"), TOGETHER, totals);

    // A million messages at 40,000 msgs/s take 25 s: 25 / 3600 h x 0.384 USD/h.
    assertThat(cost.costPerMillionMessages()).isCloseTo(25.0 / 3600 * 0.384, offset(1e-12));
    assertThat(cost.rateBasis()).isEqualTo("end to end");
    assertThat(cost.msgsPerSecond()).isEqualTo(40_000);
    assertThat(cost.currency()).isEqualTo("USD");
  }

  @Test
  void aSendThenDrainRunPaysForTheSendingAndTheDrain() {
    RunSettings drain = TOGETHER.withPhases(Phases.SEND_THEN_DRAIN);
    Totals totals =
        TotalsBuilder.builder()
            .sent(100_000)
            .drainStartSeconds(4)
            .drainWaitSeconds(1)
            .receiveSeconds(5)
            .build();

    MachineCost cost = MachineCost.of(new MachinePrice(3.6, "EUR"), drain, totals);

    // 100,000 messages in 10 s: 10,000 msgs/s; a million take 100 s of 3.6 EUR/h = 0.1 EUR.
    assertThat(cost.msgsPerSecond()).isEqualTo(10_000);
    assertThat(cost.costPerMillionMessages()).isCloseTo(0.1, offset(1e-12));
    assertThat(cost.rateBasis()).isEqualTo("sent then drained");
  }

  @Test
  void oneSidedRunsAreCostedAtTheirOwnSidesRate() {
    Totals totals = TotalsBuilder.builder().sentPerSecond(1_000).receivedPerSecond(2_000).build();

    assertThat(MachineCost.of(new MachinePrice(3.6, "USD"), TOGETHER.withReceivers(0), totals))
        .extracting(MachineCost::rateBasis, MachineCost::costPerMillionMessages)
        .containsExactly("sent", 1.0);
    assertThat(MachineCost.of(new MachinePrice(3.6, "USD"), TOGETHER.withSenders(0), totals))
        .extracting(MachineCost::rateBasis, MachineCost::costPerMillionMessages)
        .containsExactly("received", 0.5);
  }

  @Test
  void aRunThatMovedNothingHasNoCostRatherThanAnInfiniteOne() {
    MachineCost cost = MachineCost.of(new MachinePrice(1, "USD"), TOGETHER, Totals.NONE);
    assertThat(cost.costPerMillionMessages()).isNull();
  }

  @Test
  void pricesReadWithOrWithoutCurrencyAndPerHourSuffix() {
    assertThat(MachinePrice.parse("0.384")).isEqualTo(new MachinePrice(0.384, "USD"));
    assertThat(MachinePrice.parse("1.20 eur")).isEqualTo(new MachinePrice(1.2, "EUR"));
    assertThat(MachinePrice.parse("2EUR/h")).isEqualTo(new MachinePrice(2, "EUR"));
    assertThat(MachinePrice.parse("2").text()).isEqualTo("2 USD/h");
  }

  @Test
  void aPriceThatIsNotOneIsRefusedNamingTheOption() {
    for (String bad : new String[] {"cheap", "-1", "0", "1,5", "1.5 euros", ""}) {
      assertThatThrownBy(() -> MachinePrice.parse(bad))
          .as(bad)
          .isInstanceOf(ConfigException.class)
          .hasMessageStartingWith("--machine-cost");
    }
  }

  @Test
  void theCostAndItsBasisStandInTheResultBesideARequestBilledQueues() {
    RunResult r =
        FixedResults.fixedResult(0)
            .withCost(
                new RunCost(
                    null,
                    MachineCost.of(
                        new MachinePrice(0.384, "USD"),
                        TOGETHER,
                        TotalsBuilder.builder().endToEndPerSecond(40_000).build())));

    assertThat(r.cost().perMillionMessages()).isCloseTo(0.002667, offset(1e-6));
    assertThat(r.cost().basis())
        .isEqualTo("USD: machines 0.384 per hour at 40000.0 msgs/s end to end");
  }
}
