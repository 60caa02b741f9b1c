package io.mqbench.runner.cli.setting;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.config.Preset;
import io.mqbench.runner.config.ScenarioFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Where a setting comes from: the command line, the matrix cell, -D, MQBENCH_, the scenario, the
 * preset, in that order, the first with a value winning; and each answer names its source.
 */
class SettingSourcesTest {
  private static final ScenarioFile SCENARIO =
      new ScenarioFile(
          Path.of("s.yml"),
          Map.of("receiverIdle", "3s", "batch", "7"),
          Map.of(),
          List.of(Map.of()),
          1);

  private static SettingSources sources(Map<String, String> props, Map<String, String> env) {
    return SettingSources.of(List.of("run", "--heap", "2g", "-v"), props, env)
        .withFiles(Optional.of(SCENARIO), Optional.of(Preset.parse("1kb-3k")));
  }

  @Test
  void theFirstSourceWithAValueWinsInTheDocumentedOrder() {
    SettingSources all =
        sources(Map.of("receiverIdle", "5s"), Map.of("MQBENCH_RECEIVER_IDLE", "4s"))
            .inCell(Map.of("receiverIdle", "6s"));

    assertThat(all.belowCommandLine("receiverIdle"))
        .contains(new Setting("receiverIdle", "6s", Source.MATRIX_CELL, "matrix"));
    assertThat(all.inCell(Map.of()).belowCommandLine("receiverIdle"))
        .contains(new Setting("receiverIdle", "5s", Source.SYSTEM_PROPERTY, "-DreceiverIdle"));
    assertThat(
            sources(Map.of(), Map.of("MQBENCH_RECEIVER_IDLE", "4s"))
                .belowCommandLine("receiverIdle"))
        .contains(new Setting("receiverIdle", "4s", Source.ENVIRONMENT, "MQBENCH_RECEIVER_IDLE"));
    assertThat(sources(Map.of(), Map.of()).belowCommandLine("receiverIdle"))
        .contains(new Setting("receiverIdle", "3s", Source.SCENARIO, "scenario"));
    assertThat(sources(Map.of(), Map.of()).belowCommandLine("rate").map(Setting::source))
        .contains(Source.PRESET);
    assertThat(sources(Map.of(), Map.of()).belowCommandLine("inFlight")).isEmpty();
  }

  @Test
  void earlyOptionsAreParsedFromTheCommandLineThenDThenTheEnvironment() {
    SettingSources s = sources(Map.of("heap", "1g", "preset", "5kb-2k"), Map.of());

    assertThat(s.early("heap")).contains(new Setting("heap", "2g", Source.COMMAND_LINE, "--heap"));
    assertThat(s.early("preset").map(Setting::source)).contains(Source.SYSTEM_PROPERTY);
    assertThat(
            SettingSources.of(List.of("run"), Map.of(), Map.of("MQBENCH_SCENARIO", "a.yml"))
                .early("scenario")
                .map(Setting::value))
        .contains("a.yml");
    assertThat(SettingSources.of(List.of("run", "--heap=3g"), Map.of(), Map.of()).early("heap"))
        .map(Setting::value)
        .contains("3g");
  }

  @Test
  void verboseIsAnOptionNotAWordFoundAnywhere() {
    assertThat(sources(Map.of(), Map.of()).verbose()).isTrue();
    assertThat(SettingSources.of(List.of("run", "--verbose"), Map.of(), Map.of()).verbose())
        .isTrue();
    assertThat(SettingSources.of(List.of("run"), Map.of("verbose", ""), Map.of()).verbose())
        .isTrue();
    // The value of another option is not the flag.
    assertThat(SettingSources.of(List.of("run", "--scenario", "-v"), Map.of(), Map.of()).verbose())
        .isFalse();
    assertThat(SettingSources.of(List.of("run", "-q", "memory"), Map.of(), Map.of()).verbose())
        .isFalse();
  }

  @Test
  void namesAreTranslatedBetweenTheirForms() {
    assertThat(SettingSources.camelName("--receiver-idle")).isEqualTo("receiverIdle");
    assertThat(SettingSources.envName("--receiver-idle")).isEqualTo("MQBENCH_RECEIVER_IDLE");
    assertThat(SettingSources.envName("receiverIdle")).isEqualTo("MQBENCH_RECEIVER_IDLE");
    assertThat(SettingSources.kebabName("receiverIdle")).isEqualTo("receiver-idle");
    assertThat(SettingSources.isTrue("")).isTrue();
    assertThat(SettingSources.isTrue("false")).isFalse();
  }

  @Test
  void aDryRunLineNamesEachGivenOptionsSource() {
    assertThat(
            GivenSettings.describe(
                List.of(
                    new Setting("queue", "kafka", Source.COMMAND_LINE, "command line"),
                    new Setting("receiverIdle", "5s", Source.SYSTEM_PROPERTY, "-DreceiverIdle"))))
        .isEqualTo(
            "from: --queue (command line), --receiver-idle (-DreceiverIdle); others by default");
    assertThat(GivenSettings.describe(List.of())).isEqualTo("from: defaults");
  }
}
