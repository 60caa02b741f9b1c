package io.mqbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class ValueSyntaxTest {
  enum Mode {
    FAST_LANE,
    SLOW
  }

  @Test
  void oneWholeNumberSyntaxServesEveryWidthAndChecksTheRangeBeforeNarrowing() {
    ValueSyntax<Integer> small = ValueSyntax.wholeNumber(Integer.class, 1, 10, v -> (int) v);
    ValueSyntax<Long> large = ValueSyntax.wholeNumber(Long.class, 0, Long.MAX_VALUE, v -> v);

    assertThat(small.parser().apply(" 1_0 ")).isEqualTo(10);
    assertThat(large.parser().apply("9_000_000_000")).isEqualTo(9_000_000_000L);
    assertThat(small.expected()).isEqualTo("a whole number from 1 to 10");
    // 2^32 + 1 would wrap to 1 as an int: it is refused as out of range instead.
    assertThatThrownBy(() -> small.parser().apply("4294967297"))
        .hasMessage("expected a whole number from 1 to 10");
    assertThatThrownBy(() -> small.parser().apply("ten"))
        .hasMessage("expected a whole number from 1 to 10");
  }

  @Test
  void enumConstantsAreSpelledInLowerCaseWithDashesAndReadIgnoringCase() {
    ValueSyntax<Mode> mode = ValueSyntax.enumeration(Mode.class);

    assertThat(mode.expected()).isEqualTo("one of fast-lane, slow");
    assertThat(mode.parser().apply("FAST-LANE")).isEqualTo(Mode.FAST_LANE);
    assertThat(mode.printer().apply(Mode.SLOW)).isEqualTo("slow");
  }

  @Test
  void restrictedTextsNameWhatTheyExpect() {
    ValueSyntax<String> acks = ValueSyntax.oneOf(List.of("all", "1"));
    ValueSyntax<String> name =
        ValueSyntax.matching(Pattern.compile("[a-z]+"), "lower-case letters");

    assertThat(acks.parser().apply("all")).isEqualTo("all");
    assertThatThrownBy(() -> acks.parser().apply("ALL")).hasMessage("expected one of all, 1");
    assertThatThrownBy(() -> name.parser().apply("A1")).hasMessage("expected lower-case letters");
  }

  @Test
  void durationsWithinARangeSayWhereTheRangeComesFrom() {
    ValueSyntax<Duration> session =
        ValueSyntax.duration(Duration.ofSeconds(6), Duration.ofMinutes(5), "the broker's limits");

    assertThat(session.parser().apply("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThatThrownBy(() -> session.parser().apply("1s"))
        .hasMessage("expected a duration from 6s to 5m (the broker's limits)");
    assertThat(ValueSyntax.bool().parser().apply("On")).isTrue();
  }
}
