package io.mqbench.runner.progress;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.Tick;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TerminalProgressTest {
  @Test
  void atTheEndTheBarShowsTheWholeRunsRateNotItsLastFewMilliseconds() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    TerminalProgress bar =
        new TerminalProgress(
            new PrintStream(err, true, StandardCharsets.UTF_8),
            0,
            Optional.of(Duration.ofSeconds(2)));
    bar.update(new Tick(1, 1, 4_500_000, 4_500_000, 4_500_000, 4_500_000));
    bar.update(new Tick(2, 1, 9_000_000, 9_000_000, 4_500_000, 4_500_000));
    // 4 ms more: 108 messages, "27k/s" over its own length
    bar.update(new Tick(3, 0.004, 9_000_108, 9_000_108, 108, 108));
    bar.close();

    String shown = err.toString(StandardCharsets.UTF_8);
    String end = shown.substring(shown.lastIndexOf("seconds"));
    assertThat(end).contains("mean 4491k/s sent, 4491k/s received").doesNotContain("27k/s");
  }
}
