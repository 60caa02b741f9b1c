package io.mqbench.runner.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigException;
import io.mqbench.runner.config.FaultSpec.Kind;
import io.mqbench.runner.config.FaultSpec.Target;
import io.mqbench.runner.config.FaultSpec.TargetType;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code --fault KIND@AT[+LENGTH][:TARGET]}: what it reads, and each refusal in one line. */
class FaultSpecTest {

  @Test
  void aKillAndRestartOfTheFirstNodeNeedsOnlyItsKindAndTime() {
    FaultSpec f = FaultSpec.parse("restart-broker@10s");

    assertThat(f.kind()).isEqualTo(Kind.RESTART_BROKER);
    assertThat(f.at()).isEqualTo(Duration.ofSeconds(10));
    assertThat(f.length()).isEmpty();
    assertThat(f.target()).isEqualTo(Target.DEFAULT);
    assertThat(f.text()).isEqualTo("restart-broker@10s");
  }

  @Test
  void aPauseLastsItsLength() {
    FaultSpec f = FaultSpec.parse("pause-broker@PT1M30S+2500ms");

    assertThat(f.kind()).isEqualTo(Kind.PAUSE_BROKER);
    assertThat(f.at()).isEqualTo(Duration.ofSeconds(90));
    assertThat(f.length()).contains(Duration.ofMillis(2500));
    assertThat(f.text()).isEqualTo("pause-broker@90s+2500ms");
  }

  @Test
  void aBrokerFaultNamesANodeFromOneOrTheLeader() {
    assertThat(FaultSpec.parse("kill-broker@15s:node 2").target())
        .isEqualTo(new Target(TargetType.NODE, 2));
    assertThat(FaultSpec.parse("kill-broker@15s:node2").target())
        .isEqualTo(new Target(TargetType.NODE, 2));
    assertThat(FaultSpec.parse(" Kill-Broker @ PT15S : Leader ").target())
        .isEqualTo(new Target(TargetType.LEADER, 0));
    assertThat(FaultSpec.parse("pause-broker@5s+1s:node 3").text())
        .isEqualTo("pause-broker@5s+1s:node 3");
  }

  @Test
  void aReceiverOrSenderKillNamesAThreadOrAWorkerNode() {
    assertThat(FaultSpec.parse("kill-receiver@3s").target()).isEqualTo(Target.DEFAULT);
    assertThat(FaultSpec.parse("kill-receiver@3s:receiver 2").target())
        .isEqualTo(new Target(TargetType.RECEIVER, 2));
    assertThat(FaultSpec.parse("kill-sender@3s:sender 1").target())
        .isEqualTo(new Target(TargetType.SENDER, 1));
    assertThat(FaultSpec.parse("kill-receiver@3s:node 2").target())
        .isEqualTo(new Target(TargetType.NODE, 2));
  }

  @Test
  void refusalsAreOneLineNamingTheOptionAndTheSpec() {
    assertRefused(
        "explode-broker@10s",
        "--fault 'explode-broker@10s': unknown kind 'explode-broker'"
            + " (kinds: kill-broker, restart-broker, pause-broker, partition-broker, kill-receiver,"
            + " kill-sender)");
    assertRefused("restart-broker", "--fault 'restart-broker': expected KIND@AT[+LENGTH][:TARGET]");
    assertRefused("restart-broker@soon", "--fault 'restart-broker@soon': bad AT 'soon'");
    assertRefused(
        "pause-broker@10s",
        "--fault 'pause-broker@10s': pause-broker lasts a while:"
            + " give its LENGTH after a +, such as pause-broker@10s+2s");
    assertRefused("pause-broker@10s+0s", "LENGTH must be above 0");
    assertRefused("pause-broker@10s+x", "bad LENGTH 'x'");
    assertRefused("restart-broker@10s+2s", "restart-broker takes no LENGTH (+2s)");
    assertRefused("kill-receiver@10s+2s", "kill-receiver takes no LENGTH");
    assertRefused(
        "kill-broker@10s:the big one",
        "unknown TARGET 'the big one'; kill-broker takes" + " node N or leader");
    assertRefused("kill-broker@10s:receiver 1", "TARGET 'receiver 1' does not fit kill-broker");
    assertRefused("kill-receiver@10s:leader", "TARGET leader is for broker faults");
    assertRefused("kill-sender@10s:receiver 1", "does not fit kill-sender");
    assertRefused("kill-broker@10s:node 0", "numbers start at 1");
  }

  @Test
  void aParsedSpecReadsBackFromItsText() {
    for (String text :
        new String[] {
          "kill-broker@15s:leader", "pause-broker@500ms+2s:node 2", "kill-receiver@3s:receiver 2"
        }) {
      FaultSpec f = FaultSpec.parse(text);
      assertThat(FaultSpec.parse(f.text())).isEqualTo(f);
      assertThat(f.length().isPresent()).isEqualTo(f.kind().lasts());
    }
    assertThat(Optional.of(FaultSpec.parse("kill-sender@1s")).map(FaultSpec::text))
        .contains("kill-sender@1s");
  }

  private static void assertRefused(String spec, String message) {
    assertThatThrownBy(() -> FaultSpec.parse(spec))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining(message)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }
}
