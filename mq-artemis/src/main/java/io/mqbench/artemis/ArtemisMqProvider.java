package io.mqbench.artemis;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The {@code artemis} backend: persistent messages on a durable ActiveMQ Artemis queue through
 * Artemis' JMS client, committed per batch (or confirmed per message when batches are in flight),
 * received with individual acknowledgements.
 *
 * <p>With no {@code artemis.url} the runner uses the broker on 127.0.0.1:61616 (the port {@code
 * docker/artemis.yml} would publish) if one answers, else starts a local broker ({@link
 * LocalArtemis}).
 */
public final class ArtemisMqProvider implements MqProvider {

  @Override
  public String name() {
    return "artemis";
  }

  @Override
  public String description() {
    return "ActiveMQ Artemis (JMS client, core protocol): persistent messages, one commit per"
        + " batch or completion listeners, individual acknowledge";
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return ArtemisSettings.KEYS;
  }

  @Override
  public List<String> passThroughPrefixes() {
    return List.of(ArtemisSettings.URL_PREFIX);
  }

  /**
   * Also parses the URL and checks the pass-through URL parameters, which connects nothing, so that
   * a bad one fails before the run rather than when the first sender connects.
   */
  @Override
  public MqConfig configure(Map<String, String> raw) {
    MqConfig config = MqProvider.super.configure(raw);
    ArtemisSettings.checkUrlParameters(config.passThrough(ArtemisSettings.URL_PREFIX));
    if (config.find(ArtemisSettings.URL).isPresent()) {
      ArtemisSettings.from(config);
    }
    return config;
  }

  /** Pass-through parameters that let a durable send or an acknowledgement go unconfirmed. */
  @Override
  public List<String> warnings(MqConfig config) {
    List<String> w = new ArrayList<>();
    Map<String, String> params = config.passThrough(ArtemisSettings.URL_PREFIX);
    String block = params.get("blockOnDurableSend");
    if (block != null
        && block.trim().equalsIgnoreCase("false")
        && config.get(ArtemisSettings.SEND_MODE) == SendMode.SYNC) {
      w.add(
          ArtemisSettings.URL_PREFIX
              + "blockOnDurableSend=false: with artemis.sendMode=sync a send returns before the"
              + " broker stored its messages; loss is expected when the broker fails");
    }
    String preAck = params.get("preAcknowledge");
    if (preAck != null && preAck.trim().equalsIgnoreCase("true")) {
      w.add(
          ArtemisSettings.URL_PREFIX
              + "preAcknowledge=true: the broker acknowledges messages as it hands them to a"
              + " receiver; loss is expected when a receiver fails");
    }
    return w;
  }

  @Override
  public String target(MqConfig config) {
    return config
        .find(ArtemisSettings.URL)
        .map(ArtemisSettings::endpoints)
        .orElse("unset (" + ArtemisSettings.URL.name() + ")");
  }

  @Override
  public Mq open(MqConfig config) {
    return ArtemisMq.open(ArtemisSettings.from(config), limits(config));
  }

  @Override
  public Optional<BrokerAddressing> brokerAddressing() {
    return Optional.of(
        new BrokerAddressing(
            List.of(ArtemisSettings.URL.name()),
            "docker/artemis.yml",
            "127.0.0.1:61616",
            ArtemisSettings.COMPOSE_URL,
            ""));
  }

  @Override
  public Optional<LocalBroker> localBroker(MqConfig config) {
    if (config.find(ArtemisSettings.URL).isPresent()) {
      return Optional.empty();
    }
    return Optional.of(new ArtemisLocalBroker(config.get(ArtemisSettings.LOCAL_BROKER_HEAP)));
  }

  /**
   * The largest message is {@code artemis.maxMessageBytes}. A send may take the call timeout for
   * its commit (or each blocking send's), and an asynchronous batch twice that.
   */
  @Override
  public MqLimits limits(MqConfig config) {
    int max = config.get(ArtemisSettings.MAX_MESSAGE_BYTES);
    return MqLimits.UNLIMITED
        .withMaxMessageBytes(max, ArtemisSettings.MAX_MESSAGE_BYTES.name() + "=" + max)
        .withSendTimeout(config.get(ArtemisSettings.CALL_TIMEOUT).multipliedBy(2));
  }
}
