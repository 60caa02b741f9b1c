package io.mqbench.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BrokerResolutionTest {
  private static final ConfigKey<String> URI =
      ConfigKey.string("b.uri", null, "address").markedSecret();
  private static final ConfigKey<String> HOST = ConfigKey.string("b.host", null, "host");

  /**
   * A backend with an address key, a compose port, and a local broker if {@code canRunLocal}; its
   * target, broker addressing and local broker are {@link BrokerBackend}'s.
   */
  private static final class Backend implements BrokerBackend {
    private final boolean canRunLocal;

    Backend(boolean canRunLocal) {
      this.canRunLocal = canRunLocal;
    }

    @Override
    public String name() {
      return "b";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public List<ConfigKey<?>> configKeys() {
      return List.of(URI, HOST);
    }

    @Override
    public Mq open(MqConfig config) {
      throw new UnsupportedOperationException();
    }

    @Override
    public BrokerAddressing addressing() {
      return new BrokerAddressing(
          List.of("b.uri", "b.host"),
          "docker/b.yml",
          "127.0.0.1:5999",
          "b://guest:guest@127.0.0.1:5999",
          "apt-get install b-server");
    }

    @Override
    public String address(String key, String value) {
      return key.equals("b.uri") ? value.replaceAll("^b://([^@]*@)?", "") : value + ":5999";
    }

    @Override
    public Optional<LocalBroker> newLocalBroker(MqConfig config) {
      if (!canRunLocal) {
        return Optional.empty();
      }
      return Optional.of(
          new LocalBroker() {
            @Override
            public MqConfig start(MqConfig c) {
              return c.with("b.uri", "b://127.0.0.1:1234");
            }

            @Override
            public String description() {
              return "a private b node";
            }

            @Override
            public Hold holdStop(Runnable onShutdown, Duration atMost) {
              return () -> {};
            }

            @Override
            public void close() {}
          });
    }
  }

  private static MqConfig config(MqProvider p, Map<String, String> raw) {
    return p.configure(raw);
  }

  @Test
  void anAddressGivenIsUsedAsGivenWithoutProbing() {
    Backend b = new Backend(true);
    MqConfig given = config(b, Map.of("b.uri", "b://elsewhere:1"));

    BrokerResolution.Resolved r =
        BrokerResolution.resolve(
            b,
            given,
            hp -> {
              throw new AssertionError("probed " + hp);
            });

    assertThat(r.config()).isSameAs(given);
    assertThat(r.localBroker()).isEmpty();
    assertThat(r.notices()).isEmpty();
  }

  @Test
  void withNoAddressTheComposePortIsUsedWhenItAnswersAndTheRunnerSaysSo() {
    Backend b = new Backend(true);

    BrokerResolution.Resolved r =
        BrokerResolution.resolve(b, config(b, Map.of()), "127.0.0.1:5999"::equals);

    assertThat(r.config().find(URI)).contains("b://guest:guest@127.0.0.1:5999");
    assertThat(r.localBroker()).isEmpty();
    assertThat(String.join("\n", r.notices()))
        .contains("127.0.0.1:5999", "docker/b.yml", "b://guest:****@127.0.0.1:5999")
        .doesNotContain("guest@");
  }

  @Test
  void aBrokerFoundOnTheComposePortIsNotPassedOffAsTheComposeCluster() {
    Backend b = new Backend(true);

    BrokerResolution.Resolved r =
        BrokerResolution.resolve(b, config(b, Map.of()), "127.0.0.1:5999"::equals);

    assertThat(String.join("\n", r.notices()))
        .contains("using whatever broker answers on 127.0.0.1:5999")
        .contains("nothing says this broker is that cluster");
  }

  @Test
  void withNoAddressAndNothingAnsweringALocalBrokerIsStartedAndTheRunnerSaysSo() {
    Backend b = new Backend(true);

    BrokerResolution.Resolved r = BrokerResolution.resolve(b, config(b, Map.of()), hp -> false);

    assertThat(r.localBroker()).isPresent();
    assertThat(r.notices().get(0)).contains("starting a private b node", "b.uri");
  }

  @Test
  void withNothingAtAllItFailsInOneLineNamingKeyComposeFileAndInstallCommand() {
    Backend b = new Backend(false);

    assertThatThrownBy(() -> BrokerResolution.resolve(b, config(b, Map.of()), hp -> false))
        .isInstanceOf(MqException.class)
        .hasMessage(
            "no b broker: b.uri is not set, nothing answers on 127.0.0.1:5999 (start the cluster"
                + " with `docker compose -f docker/b.yml up -d --wait`), and no local broker can"
                + " be started here (apt-get install b-server)");
  }

  @Test
  void aBrokerBackendsTargetIsTheFirstAddressGivenAsItShowsIt() {
    Backend b = new Backend(true);

    assertThat(b.target(config(b, Map.of("b.uri", "b://u:secret@h:1", "b.host", "other"))))
        .isEqualTo("h:1");
    assertThat(b.target(config(b, Map.of("b.host", "h2")))).isEqualTo("h2:5999");
    assertThat(b.target(config(b, Map.of()))).isEqualTo("unset (b.uri, b.host)");
  }

  @Test
  void aBrokerBackendOffersALocalBrokerOnlyWhenNoAddressKeyIsGiven() {
    Backend b = new Backend(true);

    assertThat(b.localBroker(config(b, Map.of()))).isPresent();
    assertThat(b.localBroker(config(b, Map.of("b.uri", "b://h:1")))).isEmpty();
    assertThat(b.localBroker(config(b, Map.of("b.host", "h")))).isEmpty();
    assertThat(new Backend(false).localBroker(config(b, Map.of()))).isEmpty();
    assertThat(b.brokerAddressing()).contains(b.addressing());
  }

  @Test
  void localBrokerAlwaysStartsOneOfItsOwnEvenWhereTheComposePortAnswersAndSaysSo() {
    Backend b = new Backend(true);

    BrokerResolution.Resolved r =
        BrokerResolution.resolve(
            b,
            config(b, Map.of()),
            hp -> {
              throw new AssertionError("probed " + hp + ": always never asks");
            },
            BrokerResolution.LocalPolicy.ALWAYS);

    assertThat(r.localBroker()).isPresent();
    assertThat(r.notices().get(0))
        .isEqualTo(
            "mqbench: --local-broker always: starting a private b node in its own process,"
                + " deleted at the end (whatever answers on 127.0.0.1:5999 is left alone).");
  }

  @Test
  void localBrokerAlwaysWithoutALocalBrokerFailsInOneLine() {
    Backend b = new Backend(false);

    assertThatThrownBy(
            () ->
                BrokerResolution.resolve(
                    b, config(b, Map.of()), hp -> true, BrokerResolution.LocalPolicy.ALWAYS))
        .isInstanceOf(MqException.class)
        .hasMessage(
            "--local-broker always: no local b broker can be started here (apt-get install"
                + " b-server)");
  }

  @Test
  void localBrokerNeverUsesTheComposePortOnlyAndFailsWhenNothingAnswers() {
    Backend b = new Backend(true);

    assertThat(
            BrokerResolution.resolve(
                    b,
                    config(b, Map.of()),
                    "127.0.0.1:5999"::equals,
                    BrokerResolution.LocalPolicy.NEVER)
                .localBroker())
        .isEmpty();
    assertThatThrownBy(
            () ->
                BrokerResolution.resolve(
                    b, config(b, Map.of()), hp -> false, BrokerResolution.LocalPolicy.NEVER))
        .isInstanceOf(MqException.class)
        .hasMessageContaining("nothing answers on 127.0.0.1:5999")
        .hasMessageEndingWith("and --local-broker is never");
  }
}
