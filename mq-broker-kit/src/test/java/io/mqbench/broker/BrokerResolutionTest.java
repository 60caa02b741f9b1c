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
  private static final ConfigKey<Integer> NODES =
      ConfigKey.integer("b.localBrokerNodes", 1, 1, 9, "nodes", "local nodes");

  /**
   * A backend with an address key, a compose port, and a local broker if {@code canRunLocal}; its
   * target, broker addressing and local broker are {@link BrokerBackend}'s.
   */
  private static class Backend implements BrokerBackend {
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
      return List.of(URI, HOST, NODES);
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
  void aLocalClusterAskedForIsStartedEvenWhenSomethingAnswersOnTheComposePort() {
    Backend b = new Backend(true);

    BrokerResolution.Resolved r =
        BrokerResolution.resolve(
            b, config(b, Map.of("b.localBrokerNodes", "3")), "127.0.0.1:5999"::equals);

    assertThat(r.localBroker()).isPresent();
    assertThat(String.join("\n", r.notices()))
        .contains("b.localBrokerNodes asks for a local cluster")
        .contains("whatever answers on 127.0.0.1:5999 is left alone");
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

  /** A local broker that records its close, and may run in network namespaces (as {@code twin}). */
  private static final class Recording implements LocalBroker {
    private final String description;
    private final Recording twin;
    private boolean closed;

    Recording(String description, Recording twin) {
      this.description = description;
      this.twin = twin;
    }

    @Override
    public MqConfig start(MqConfig c) {
      return c;
    }

    @Override
    public String description() {
      return description;
    }

    @Override
    public Hold holdStop(Runnable onShutdown, Duration atMost) {
      return () -> {};
    }

    @Override
    public LocalBroker inNetworkNamespaces() {
      return twin == null ? LocalBroker.super.inNetworkNamespaces() : twin;
    }

    @Override
    public void close() {
      closed = true;
    }
  }

  private static Backend backendWith(Recording local) {
    return new Backend(true) {
      @Override
      public Optional<LocalBroker> newLocalBroker(MqConfig config) {
        return Optional.of(local);
      }
    };
  }

  @Test
  void aRunThatCutsNodesOffGetsTheBrokerInNetworkNamespacesAndTheOtherIsClosed() {
    Recording isolated = new Recording("b in network namespaces", null);
    Recording first = new Recording("b on loopback", isolated);
    Backend b = backendWith(first);

    BrokerResolution.Resolved r =
        BrokerResolution.resolve(b, config(b, Map.of()), BrokerResolution.LocalPolicy.ALWAYS, true);

    assertThat(r.localBroker()).containsSame(isolated);
    assertThat(r.notices().get(0)).contains("starting b in network namespaces in its own process");
    assertThat(first.closed).as("never started, and given back").isTrue();
    assertThat(isolated.closed).isFalse();

    Recording plain = new Recording("b on loopback", isolated);
    Backend other = backendWith(plain);
    assertThat(
            BrokerResolution.resolve(
                    other, config(other, Map.of()), BrokerResolution.LocalPolicy.ALWAYS, false)
                .localBroker())
        .as("other runs keep 127.0.0.1")
        .containsSame(plain);
    assertThat(plain.closed).isFalse();
  }

  @Test
  void aBrokerThatCannotRunInNetworkNamespacesIsRefusedInOneLineAndClosed() {
    Recording nativeServer = new Recording("a private b-server", null);
    Backend b = backendWith(nativeServer);

    assertThatThrownBy(
            () ->
                BrokerResolution.resolve(
                    b, config(b, Map.of()), BrokerResolution.LocalPolicy.ALWAYS, true))
        .isInstanceOf(MqException.class)
        .hasMessage(
            "it is a single native server bound to 127.0.0.1; a local cluster of several nodes"
                + " (the backend's localBrokerNodes) and mqbench's Java local brokers run in network"
                + " namespaces of their own");
    assertThat(nativeServer.closed).isTrue();
  }
}
