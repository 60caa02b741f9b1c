package io.mqbench.runner.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.Tick;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WarmUpProgressTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final WarmUpProgress progress =
      new WarmUpProgress(
          Duration.ofSeconds(5),
          Duration.ofSeconds(10),
          new PrintStream(out, true, StandardCharsets.UTF_8));

  private String said() {
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theWarmUpAnnouncesItselfOnlyOnceItRuns() {
    assertThat(said()).isEmpty();

    progress.accept(new Tick(1, 1, 100, 90, 100, 90));
    progress.accept(new Tick(2, 1, 200, 190, 100, 100));

    assertThat(said().lines()).containsExactly("mqbench: warming up for 5s (not measured)");
  }

  @Test
  void aWarmUpThatOutlastsItsSendersSaysEveryFewSecondsThatItIsDraining() {
    for (int s = 1; s <= 16; s++) {
      progress.accept(new Tick(s, 1, 500, 100L * s, s <= 5 ? 100 : 0, 100));
    }

    assertThat(said().lines().filter(l -> l.contains("draining")))
        .containsExactly(
            "mqbench: warm-up: senders stopped after 5s; receivers are draining what the queue"
                + " holds (left by earlier runs too) until it is idle for 10s: 10 s so far, 1,000"
                + " received",
            "mqbench: warm-up: senders stopped after 5s; receivers are draining what the queue"
                + " holds (left by earlier runs too) until it is idle for 10s: 15 s so far, 1,500"
                + " received");
  }
}
