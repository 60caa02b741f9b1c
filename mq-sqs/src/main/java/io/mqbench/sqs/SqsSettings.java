package io.mqbench.sqs;

import io.mqbench.config.ConfigException;
import io.mqbench.config.ConfigKey;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The configuration keys of the {@code sqs} backend and the settings parsed from them. Credentials
 * are no key: they come from the AWS SDK's standard provider chain (environment, system properties,
 * {@code ~/.aws}, container and instance roles) and are never printed or recorded.
 *
 * @param endpoint the endpoint override (an SQS-compatible server), or empty for AWS's endpoint of
 *     the region
 * @param region the region to sign for; with an endpoint and none given, {@value #ANY_REGION}
 * @param queue a queue name, or empty when {@link #queueUrl} is given
 * @param queueUrl a queue URL, or empty when {@link #queue} is given
 * @param createQueue whether a missing queue is created
 * @param visibilityTimeout the lease of a received message, whole seconds
 * @param waitTime the longest long poll of one {@code ReceiveMessage}, whole seconds up to 20
 * @param pricePerMillionRequests the price of a million billed requests, USD
 * @param connectTimeout TCP connect timeout, and the bound of the calls {@code open} makes
 * @param requestTimeout the longest a request may take (beyond its long poll)
 * @param entryRetries how often failed entries of a batch are resent before {@code send} throws
 * @param asyncSendThreads threads per sender issuing {@code sendAsync} batches
 * @param maxPayloadBytes the largest payload of one message and of one batch call, as SQS counts it
 *     (the Base64 text of the bodies)
 */
record SqsSettings(
    Optional<URI> endpoint,
    String region,
    Optional<String> queue,
    Optional<String> queueUrl,
    boolean createQueue,
    Duration visibilityTimeout,
    Duration waitTime,
    double pricePerMillionRequests,
    Duration connectTimeout,
    Duration requestTimeout,
    int entryRetries,
    int asyncSendThreads,
    int maxPayloadBytes) {

  /** The region signed for when an endpoint is given without one: stand-ins accept any. */
  static final String ANY_REGION = "us-east-1";

  /** ElasticMQ's usual port, which docker/sqs.yml publishes. */
  static final String COMPOSE_ENDPOINT = "http://127.0.0.1:9324";

  /** SQS's largest payload per message and per batch call in its current API reference, 1 MiB. */
  static final int SQS_MAX_PAYLOAD = 1024 * 1024;

  /** SQS's longest long poll. */
  static final Duration MAX_WAIT = Duration.ofSeconds(20);

  static final ConfigKey<String> ENDPOINT =
      ConfigKey.matching(
          "sqs.endpoint",
          null,
          Pattern.compile("https?://[^/?#\\s]+(:[0-9]{1,5})?/?"),
          "http://host:port or https://host[:port]",
          "endpoint override for an SQS-compatible server (ElasticMQ: http://127.0.0.1:9324);"
              + " unset with sqs.region: Amazon SQS in that region; both unset: 127.0.0.1:9324"
              + " if it answers, else a local ElasticMQ stand-in");

  static final ConfigKey<String> REGION =
      ConfigKey.matching(
          "sqs.region",
          null,
          Pattern.compile("[a-z]{2}(-[a-z]+)+-[0-9]+"),
          "an AWS region such as us-east-1",
          "AWS region of the queue (credentials: the SDK's standard provider chain); with"
              + " sqs.endpoint and no region: "
              + ANY_REGION);

  /** SQS's longest queue name. */
  static final int MAX_QUEUE_NAME_LENGTH = 80;

  static final ConfigKey<String> QUEUE =
      ConfigKey.matching(
          "sqs.queue",
          "mqbench",
          Pattern.compile(
              "[A-Za-z0-9_-]{1,"
                  + MAX_QUEUE_NAME_LENGTH
                  + "}|https?://\\S+/[A-Za-z0-9_-]{1,"
                  + MAX_QUEUE_NAME_LENGTH
                  + "}"),
          "a standard queue's name (1 to 80 letters, digits, - or _) or its URL",
          "the queue, by name (looked up in the region or at the endpoint) or by URL");

  static final ConfigKey<Boolean> CREATE_QUEUE =
      ConfigKey.bool(
          "sqs.createQueue",
          false,
          "create the queue (standard, with sqs.visibilityTimeout) when it does not exist; off:"
              + " a missing queue fails the run (the local stand-in creates its queue itself)");

  static final ConfigKey<Duration> VISIBILITY_TIMEOUT =
      ConfigKey.duration(
          "sqs.visibilityTimeout",
          Duration.ofSeconds(30),
          Duration.ofSeconds(1),
          Duration.ofHours(12),
          "whole seconds, SQS's range",
          "a received message not deleted within this time is visible to every receiver again"
              + " (set on every ReceiveMessage)");

  static final ConfigKey<Duration> WAIT_TIME =
      ConfigKey.duration(
          "sqs.waitTime",
          MAX_WAIT,
          Duration.ZERO,
          MAX_WAIT,
          "whole seconds, SQS's long-polling range",
          "the longest long poll of one ReceiveMessage; a receive waits its own wait rounded up to"
              + " whole seconds, in polls of at most this");

  static final ConfigKey<String> PRICE =
      ConfigKey.matching(
          "sqs.pricePerMillionRequests",
          "0.40",
          Pattern.compile("[0-9]{1,6}(\\.[0-9]{1,6})?"),
          "a decimal number such as 0.40",
          "USD per million billed requests, for the cost estimate; default: AWS's published"
              + " price for standard queues (first tier, us-east-1); FIFO queues cost more");

  static final ConfigKey<Duration> CONNECT_TIMEOUT =
      ConfigKey.duration(
          "sqs.connectTimeout",
          Duration.ofSeconds(5),
          Duration.ofMillis(100),
          Duration.ofMinutes(1),
          "",
          "TCP connect timeout; also the bound of the calls opening the queue");

  static final ConfigKey<Duration> REQUEST_TIMEOUT =
      ConfigKey.duration(
          "sqs.requestTimeout",
          Duration.ofSeconds(10),
          Duration.ofSeconds(1),
          Duration.ofMinutes(5),
          "",
          "the longest one request may take (beyond its long poll), the SDK's retries included;"
              + " a send fails after it when the server stops answering");

  static final ConfigKey<Integer> ENTRY_RETRIES =
      ConfigKey.integer(
          "sqs.entryRetries",
          3,
          0,
          10,
          "",
          "how often the failed entries of a SendMessageBatch or DeleteMessageBatch response are"
              + " sent again before send or ack fails");

  static final ConfigKey<Integer> ASYNC_SEND_THREADS =
      ConfigKey.integer(
          "sqs.asyncSendThreads",
          4,
          1,
          256,
          "threads",
          "threads per sender that issue batches sent with sendAsync (the synchronous client has"
              + " one request in flight per thread)");

  static final ConfigKey<Integer> MAX_PAYLOAD =
      ConfigKey.integer(
          "sqs.maxPayloadBytes",
          SQS_MAX_PAYLOAD,
          1024,
          SQS_MAX_PAYLOAD,
          "bytes",
          "largest payload of one message and of one SendMessageBatch call as SQS counts it (the"
              + " Base64 text of the bodies): 1 MiB in the current SQS API, 262144 for servers with the older"
              + " limit");

  static final ConfigKey<Integer> LOCAL_SERVER_HEAP =
      ConfigKey.integer(
          "sqs.localServerHeapMb",
          512,
          128,
          1 << 20,
          "MiB",
          "heap of the local ElasticMQ stand-in started when neither sqs.endpoint nor sqs.region"
              + " is set; it holds every message in memory");

  static final List<ConfigKey<?>> KEYS =
      List.of(
          ENDPOINT,
          REGION,
          QUEUE,
          CREATE_QUEUE,
          VISIBILITY_TIMEOUT,
          WAIT_TIME,
          PRICE,
          CONNECT_TIMEOUT,
          REQUEST_TIMEOUT,
          ENTRY_RETRIES,
          ASYNC_SEND_THREADS,
          MAX_PAYLOAD,
          LOCAL_SERVER_HEAP);

  /**
   * Parses and cross-checks the configuration; connects nothing and reads no credentials.
   *
   * @param config the validated configuration
   * @param environmentRegion the region the SDK's environment gives ({@code AWS_REGION}, {@code
   *     aws.region}), if any
   * @return the settings
   * @throws ConfigException naming the key when a value cannot be used
   * @throws MqException in one line naming the keys when neither an endpoint nor a region is known
   */
  static SqsSettings from(MqConfig config, Optional<String> environmentRegion) {
    Optional<URI> endpoint = config.find(ENDPOINT).map(SqsSettings::endpoint);
    String queue = config.get(QUEUE);
    boolean isUrl = queue.startsWith("http://") || queue.startsWith("https://");
    Optional<String> region = config.find(REGION).or(() -> environmentRegion);
    if (region.isEmpty() && endpoint.isEmpty()) {
      throw new MqException(
          "sqs: no region: set "
              + REGION.name()
              + " (or AWS_REGION) for Amazon SQS, or "
              + ENDPOINT.name()
              + " for an SQS-compatible server such as "
              + COMPOSE_ENDPOINT);
    }
    return new SqsSettings(
        endpoint,
        region.orElse(ANY_REGION),
        isUrl ? Optional.empty() : Optional.of(queue),
        isUrl ? Optional.of(queue) : Optional.empty(),
        config.get(CREATE_QUEUE),
        wholeSeconds(VISIBILITY_TIMEOUT, config.get(VISIBILITY_TIMEOUT)),
        wholeSeconds(WAIT_TIME, config.get(WAIT_TIME)),
        Double.parseDouble(config.get(PRICE)),
        config.get(CONNECT_TIMEOUT),
        config.get(REQUEST_TIMEOUT),
        config.get(ENTRY_RETRIES),
        config.get(ASYNC_SEND_THREADS),
        config.get(MAX_PAYLOAD));
  }

  /**
   * The largest body a message may have: SQS carries text, so bodies travel as Base64, four
   * characters for every three bytes.
   */
  int maxBodyBytes() {
    return maxPayloadBytes / 4 * 3;
  }

  /**
   * @return where requests go, for messages: the endpoint's {@code host:port}, or SQS's regional
   *     endpoint
   */
  String address() {
    return endpoint.map(SqsSettings::hostPort).orElse("sqs." + region + ".amazonaws.com:443");
  }

  /**
   * @return the queue as configured: its name or URL
   */
  String queueText() {
    return queue.or(() -> queueUrl).orElseThrow();
  }

  static String hostPort(URI uri) {
    int port = uri.getPort();
    if (port < 0) {
      port = "https".equals(uri.getScheme()) ? 443 : 80;
    }
    return uri.getHost() + ":" + port;
  }

  static URI endpoint(String text) {
    try {
      URI uri = new URI(text);
      if (uri.getHost() == null) {
        throw new URISyntaxException(text, "no host");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw new ConfigException(
          ENDPOINT.name() + ": invalid value '" + text + "': " + e.getMessage());
    }
  }

  /** SQS counts these in whole seconds; a fraction would be cut silently by the request. */
  static Duration wholeSeconds(ConfigKey<Duration> key, Duration d) {
    if (d.getNano() != 0) {
      throw new ConfigException(
          key.name()
              + ": invalid value '"
              + Durations.format(d)
              + "': expected whole seconds (SQS counts this in seconds)");
    }
    return d;
  }
}
