package io.mqbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigKeySecretsAndEnumsTest {
  enum Mode {
    BATCH,
    SLIDING_WINDOW
  }

  enum Acks implements ConfigKey.Choice {
    ALL("all"),
    ONE("1");

    private final String text;

    Acks(String text) {
      this.text = text;
    }

    @Override
    public String text() {
      return text;
    }
  }

  private static final ConfigKey<Mode> MODE =
      ConfigKey.enumeration("x.mode", Mode.class, Mode.BATCH, "how");
  private static final ConfigKey<Acks> ACKS =
      ConfigKey.enumeration("x.acks", Acks.class, Acks.ALL, "acks");
  private static final ConfigKey<String> URI =
      ConfigKey.string("x.uri", null, "address").markedSecret();
  private static final ConfigKey<String> PASSWORD =
      ConfigKey.string("x.password", "guest", "password").markedSecret();

  @Test
  void enumKeysReadLowerCaseNamesWithDashesAndPrintThemBack() {
    assertThat(MODE.parse("sliding-window")).isEqualTo(Mode.SLIDING_WINDOW);
    assertThat(MODE.parse("BATCH")).isEqualTo(Mode.BATCH);
    assertThat(MODE.format(Mode.SLIDING_WINDOW)).isEqualTo("sliding-window");
    assertThat(MODE.expected()).isEqualTo("one of batch, sliding-window");
  }

  @Test
  void enumKeysUseTheChoiceTextWhenTheEnumGivesOne() {
    assertThat(ACKS.parse("1")).isEqualTo(Acks.ONE);
    assertThat(ACKS.format(Acks.ALL)).isEqualTo("all");
  }

  @Test
  void anUnknownEnumValueNamesTheKeyAndTheChoices() {
    assertThatThrownBy(() -> MODE.parse("window"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("x.mode: invalid value 'window': expected one of batch, sliding-window");
  }

  @Test
  void secretUrisKeepEverythingButThePassword() {
    assertThat(URI.redact("amqp://bob:s3cret@host:5672/vh"))
        .isEqualTo("amqp://bob:****@host:5672/vh");
    assertThat(URI.redact("amqp://host:5672")).isEqualTo("amqp://host:5672");
    assertThat(PASSWORD.redact("s3cret")).isEqualTo("****");
    assertThat(MODE.isSecret()).isFalse();
  }

  @Test
  void effectiveConfigurationNeverShowsSecrets() {
    MqConfig c =
        MqConfig.of(
            "x",
            List.of(MODE, URI, PASSWORD),
            List.of("x.client."),
            Map.of(
                "x.uri", "amqp://bob:s3cret@host:5672",
                "x.password", "hunter2",
                "x.client.sasl.jaas.config", "user=bob password=s3cret",
                "x.client.linger.ms", "5"));

    assertThat(c.effective())
        .containsEntry("x.uri", "amqp://bob:****@host:5672")
        .containsEntry("x.password", "****")
        .containsEntry("x.client.sasl.jaas.config", "****")
        .containsEntry("x.client.linger.ms", "5")
        .containsEntry("x.mode", "batch");
    assertThat(c.toString()).doesNotContain("s3cret").doesNotContain("hunter2");
    assertThat(c.get(PASSWORD)).isEqualTo("hunter2");
    assertThat(c.given()).containsEntry("x.password", "hunter2");
  }
}
