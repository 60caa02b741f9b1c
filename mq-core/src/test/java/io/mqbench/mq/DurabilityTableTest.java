package io.mqbench.mq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DurabilityTableTest {
  private static final DurabilityTable TABLE =
      DurabilityTable.of("demo", "a reply comes once the server holds it (fsync or memory)")
          .with(Durability.Level.FSYNC, Map.of("demo.sync", "always"))
          .with(Durability.Level.MEMORY, Map.of());

  @Test
  void aLevelInTheTableIsGivenByItsKeys() {
    assertThat(TABLE.keys(Durability.Level.FSYNC))
        .containsExactly(Map.entry("demo.sync", "always"));
  }

  @Test
  void aLevelTheDefaultsGiveNeedsNoKeys() {
    assertThat(TABLE.keys(Durability.Level.MEMORY)).isEmpty();
  }

  @Test
  void aLevelNotInTheTableIsRefusedWithTheBackendsReason() {
    assertThatThrownBy(() -> TABLE.keys(Durability.Level.NONE))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "demo cannot be set to --durability none: a reply comes once the server holds it"
                + " (fsync or memory)");
  }

  @Test
  void addingALevelLeavesTheTableItWasAddedToUnchanged() {
    DurabilityTable none = DurabilityTable.of("demo", "no levels");
    DurabilityTable fsync = none.with(Durability.Level.FSYNC, Map.of());

    assertThat(fsync.keys(Durability.Level.FSYNC)).isEmpty();
    assertThatThrownBy(() -> none.keys(Durability.Level.FSYNC))
        .hasMessage("demo cannot be set to --durability fsync: no levels");
  }

  @Test
  void aLevelGivenTwiceTakesTheLaterKeys() {
    DurabilityTable table =
        TABLE.with(Durability.Level.FSYNC, Map.of("demo.sync", "always", "demo.acks", "all"));

    assertThat(table.keys(Durability.Level.FSYNC)).hasSize(2);
  }
}
