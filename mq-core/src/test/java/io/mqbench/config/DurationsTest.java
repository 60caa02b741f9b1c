package io.mqbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void acceptsTheFormsUsersType() {
    assertThat(Durations.parse("250ms")).isEqualTo(Duration.ofMillis(250));
    assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(Durations.parse("30")).isEqualTo(Duration.ofSeconds(30));
    assertThat(Durations.parse("1.5")).isEqualTo(Duration.ofMillis(1500));
    assertThat(Durations.parse("5m")).isEqualTo(Duration.ofMinutes(5));
    assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(Durations.parse("PT2S")).isEqualTo(Duration.ofSeconds(2));
    assertThat(Durations.parse("10us")).isEqualTo(Duration.ofNanos(10_000));
  }

  @Test
  void rejectsNegativeAndMalformedDurations() {
    assertThatThrownBy(() -> Durations.parse("-1s")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Durations.parse("PT-1S")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Durations.parse("fast")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void formatReadsBackToTheSameDuration() {
    for (String s : new String[] {"0s", "250ms", "30s", "5m", "1h", "10us", "7ns"}) {
      assertThat(Durations.format(Durations.parse(s))).isEqualTo(s);
    }
  }
}
