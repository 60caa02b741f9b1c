package io.mqbench.sqs;

import io.mqbench.broker.BrokerBackend;
import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.broker.LocalBrokerDescriptor;
import io.mqbench.config.ConfigException;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.BackendFacts;
import io.mqbench.mq.BrokerAddressing;
import io.mqbench.mq.Durability;
import io.mqbench.mq.DurabilityTable;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.RequestPrice;
import io.mqbench.mq.StatedProvider;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.regions.providers.SystemSettingsRegionProvider;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * The {@code sqs} backend: an Amazon SQS standard queue through the AWS SDK for Java v2. A send is
 * {@code SendMessageBatch} calls of up to 10 entries, every entry of every response checked; a
 * receive is a {@code ReceiveMessage} long poll under a visibility timeout; an ack is {@code
 * DeleteMessageBatch}. Every call is counted, and results carry an estimated cost per million
 * messages at {@code sqs.pricePerMillionRequests}.
 *
 * <p>With neither {@code sqs.endpoint} nor {@code sqs.region} the runner uses a server answering on
 * 127.0.0.1:9324 if one does, else starts the local ElasticMQ stand-in ({@link #LOCAL_BROKER}),
 * which is not SQS.
 */
public final class SqsMqProvider extends StatedProvider implements BrokerBackend {
  /**
   * The local stand-in: ElasticMQ, in memory, in a JVM of its own (mq-sqs-broker's jars and main
   * class), bound to 127.0.0.1 only, the configured queue created at start with the configured
   * visibility timeout; announced as what it is: not SQS.
   */
  public static final LocalBrokerDescriptor LOCAL_BROKER =
      new LocalBrokerDescriptor(
          "local SQS stand-in (ElasticMQ)",
          "sqs-broker",
          "io.mqbench.sqs.broker.ElasticMqMain",
          1,
          SqsSettings.ENDPOINT,
          "http://",
          SqsSettings.LOCAL_SERVER_HEAP,
          config ->
              Map.of(
                  "queue",
                  config.get(SqsSettings.QUEUE),
                  "visibilitySeconds",
                  String.valueOf(config.get(SqsSettings.VISIBILITY_TIMEOUT).toSeconds())),
          LocalBrokerDescriptor.Readiness.PORTS,
          "the ElasticMQ {version} SQS stand-in on {address} (in memory; NOT Amazon SQS: its speed"
              + " says nothing about SQS's; the cost estimate counts its requests at SQS's price;"
              + " set sqs.region or sqs.endpoint for a real service)");

  private static final BrokerAddressing ADDRESSING =
      new BrokerAddressing(
          List.of(SqsSettings.ENDPOINT.name(), SqsSettings.REGION.name()),
          "docker/sqs.yml",
          "127.0.0.1:9324",
          SqsSettings.COMPOSE_ENDPOINT,
          "");

  private static final Pattern AWS_QUEUE_HOST =
      Pattern.compile("sqs\\.([a-z]{2}(?:-[a-z]+)+-[0-9]+)\\.amazonaws\\.com");

  /** SQS keeps messages as its contract says; nothing else can be asked of it. */
  private static final DurabilityTable LEVELS =
      DurabilityTable.of(
              "sqs", "it stores messages as its service contract says (--durability service)")
          .with(Durability.Level.SERVICE, Map.of());

  private static final BackendFacts FACTS =
      BackendFacts.of(
              "sqs",
              SqsSettings.KEYS,
              "Amazon SQS standard queue (AWS SDK for Java v2): SendMessageBatch with every entry"
                  + " checked, long-polling receives, DeleteMessageBatch acks; counts requests and"
                  + " estimates the cost per million messages")
          .levels(LEVELS)
          .lease(SqsSettings.VISIBILITY_TIMEOUT)
          .brokerAt(ADDRESSING, config -> Optional.of(new JavaLocalBroker(LOCAL_BROKER)));

  private final UnaryOperator<SendMessageBatchRequestEntry> entries;

  /** The backend as the runner loads it. */
  public SqsMqProvider() {
    this(UnaryOperator.identity());
  }

  /**
   * @param entries shapes every entry a sender sends; tests use it to make the server refuse one
   */
  SqsMqProvider(UnaryOperator<SendMessageBatchRequestEntry> entries) {
    super(FACTS);
    this.entries = entries;
  }

  /**
   * Also checks what SQS counts in whole seconds, and makes a queue URL given without an endpoint
   * name its own endpoint (and, for an Amazon SQS URL, its region), so that a URL is an address.
   */
  @Override
  public MqConfig configure(Map<String, String> raw) {
    MqConfig config = super.configure(raw);
    SqsSettings.wholeSeconds(
        SqsSettings.VISIBILITY_TIMEOUT, config.get(SqsSettings.VISIBILITY_TIMEOUT));
    SqsSettings.wholeSeconds(SqsSettings.WAIT_TIME, config.get(SqsSettings.WAIT_TIME));
    config.find(SqsSettings.ENDPOINT).ifPresent(SqsSettings::endpoint);
    String queue = config.get(SqsSettings.QUEUE);
    if ((queue.startsWith("http://") || queue.startsWith("https://"))
        && config.find(SqsSettings.ENDPOINT).isEmpty()) {
      URI url = SqsSettings.endpoint(queue);
      config =
          config.with(SqsSettings.ENDPOINT.name(), url.getScheme() + "://" + url.getRawAuthority());
      Matcher aws = AWS_QUEUE_HOST.matcher(url.getHost());
      if (aws.matches() && config.find(SqsSettings.REGION).isEmpty()) {
        config = config.with(SqsSettings.REGION.name(), aws.group(1));
      }
    }
    return config;
  }

  /**
   * Amazon SQS acknowledges a send once it stored the message redundantly, by its contract; an
   * SQS-compatible stand-in such as the local ElasticMQ keeps messages in memory.
   */
  @Override
  public Durability durability(MqConfig config) {
    return new Durability(
        Durability.Level.SERVICE,
        "redundantly across Amazon SQS's servers (a stand-in such as ElasticMQ: in memory)",
        "SendMessageBatch acknowledged");
  }

  /**
   * Amazon SQS itself when the queue is reached through a region or an endpoint under {@code
   * amazonaws.com}; any other endpoint (the local ElasticMQ, a compose service, LocalStack) is an
   * SQS-compatible stand-in: {@link Durability.Level#STAND_IN}. The service's storage cannot be
   * read by a client: Amazon SQS's is as its contract says.
   */
  @Override
  public Optional<Durability> durabilityFound(MqConfig config) {
    Optional<String> endpoint = config.find(SqsSettings.ENDPOINT);
    if (endpoint.isEmpty()) {
      return Optional.empty();
    }
    URI url = SqsSettings.endpoint(endpoint.get());
    if (url.getHost().endsWith(".amazonaws.com") || url.getHost().endsWith(".amazonaws.com.cn")) {
      return Optional.empty();
    }
    return Optional.of(
        Durability.standIn(
            "Amazon SQS", "an SQS-compatible server at " + SqsSettings.hostPort(url)));
  }

  /** An endpoint's {@code host:port}; a region's SQS endpoint. */
  @Override
  public String address(String key, String value) {
    return key.equals(SqsSettings.REGION.name())
        ? "sqs." + value + ".amazonaws.com:443"
        : SqsSettings.hostPort(SqsSettings.endpoint(value));
  }

  /**
   * The queue, by name or by URL: a URL's last segment is the queue's name, suffixed there (that
   * queue must exist, or {@code sqs.createQueue} be on, as for the configured one). A name too long
   * with the suffix is cut to SQS's 80 characters, the suffix kept, so that two suffixes still name
   * two queues. (No publish/subscribe: SQS delivers a message to one receiver; fan-out needs SNS.)
   */
  @Override
  public Optional<Map<String, String>> keysForQueue(MqConfig config, String suffix) {
    int max = SqsSettings.MAX_QUEUE_NAME_LENGTH;
    if (suffix.length() >= max) {
      throw new ConfigException("queue suffix '" + suffix + "' is too long for an SQS queue name");
    }
    String queue = config.get(SqsSettings.QUEUE);
    int name = queue.lastIndexOf('/') + 1; // 0 for a plain name
    String cut = queue.substring(name, Math.min(queue.length(), name + max - suffix.length()));
    return Optional.of(Map.of(SqsSettings.QUEUE.name(), queue.substring(0, name) + cut + suffix));
  }

  @Override
  public Mq open(MqConfig config) {
    SqsSettings settings = SqsSettings.from(config, environmentRegion());
    return SqsQueue.open(settings, limits(config), entries);
  }

  /**
   * {@code AWS_REGION} or {@code -Daws.region}: the SDK's own settings, never instance metadata.
   */
  private static Optional<String> environmentRegion() {
    try {
      return Optional.of(new SystemSettingsRegionProvider().getRegion().id());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  /**
   * The largest message is {@code sqs.maxPayloadBytes} as Base64, three bytes per four characters;
   * batches are unlimited, because a send splits them into calls of at most 10 entries and {@code
   * sqs.maxPayloadBytes}. A send fails after {@code sqs.requestTimeout} when the server stops
   * answering; receives wait in whole seconds.
   */
  @Override
  public MqLimits limits(MqConfig config) {
    int payload = config.get(SqsSettings.MAX_PAYLOAD);
    return MqLimits.UNLIMITED
        .withMaxMessageBytes(
            payload / 4 * 3,
            SqsSettings.MAX_PAYLOAD.name()
                + "="
                + payload
                + " characters of Base64, 3 bytes per 4 characters")
        .withSendTimeout(config.get(SqsSettings.REQUEST_TIMEOUT))
        .withReceiveGranularity(Duration.ofSeconds(1));
  }

  @Override
  public Optional<RequestPrice> requestPrice(MqConfig config) {
    String price = config.get(SqsSettings.PRICE);
    return Optional.of(
        new RequestPrice(Double.parseDouble(price), "USD", SqsSettings.PRICE.name() + "=" + price));
  }
}
