package io.mqbench.sqs;

import io.mqbench.config.Durations;
import io.mqbench.mq.Errors;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqLimits;
import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.MqSender;
import io.mqbench.mq.OpenClients;
import io.mqbench.mq.RequestCounts;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.UnaryOperator;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProviderChain;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.EnvironmentVariableCredentialsProvider;
import software.amazon.awssdk.auth.credentials.ProfileCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.auth.credentials.SystemPropertyCredentialsProvider;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.sqs.SqsClient;
import software.amazon.awssdk.services.sqs.SqsClientBuilder;
import software.amazon.awssdk.services.sqs.model.QueueAttributeName;
import software.amazon.awssdk.services.sqs.model.QueueDoesNotExistException;
import software.amazon.awssdk.services.sqs.model.SendMessageBatchRequestEntry;

/**
 * One SQS queue, and the one {@link SqsClient} (a synchronous client over the JDK's {@code
 * HttpURLConnection}, no Netty) shared by every sender and receiver of the run, as the SDK intends.
 * Counts every call it and they make ({@link #requests()}).
 */
final class SqsQueue implements Mq {
  /** SQS takes at most 10 entries per batch call and returns at most 10 messages per receive. */
  static final int MAX_ENTRIES = 10;

  private final SqsSettings settings;
  private final MqLimits limits;
  private final SqsClient client;
  private final String queueUrl;
  private final AwsCredentialsProvider credentials;
  private final SqsRequests requests;
  private final UnaryOperator<SendMessageBatchRequestEntry> entries;
  // Senders and receivers are not registered: closing the client ends them (see close).
  private final OpenClients state = new OpenClients("sqs: this Mq is closed");

  private SqsQueue(
      SqsSettings settings,
      MqLimits limits,
      SqsClient client,
      AwsCredentialsProvider credentials,
      String queueUrl,
      SqsRequests requests,
      UnaryOperator<SendMessageBatchRequestEntry> entries) {
    this.settings = settings;
    this.limits = limits;
    this.client = client;
    this.credentials = credentials;
    this.queueUrl = queueUrl;
    this.requests = requests;
    this.entries = entries;
  }

  /**
   * Checks that credentials are found (for Amazon SQS), then finds the queue (creating it when
   * {@code sqs.createQueue} says so), within {@code sqs.connectTimeout} per call.
   *
   * @param settings the parsed configuration
   * @param limits what senders accept, checked before each send
   * @param entries shapes every entry before it is sent: the identity, except in tests that make
   *     the server refuse one entry
   * @return the open queue
   * @throws MqException in one line naming the address and the key to check
   */
  static SqsQueue open(
      SqsSettings settings, MqLimits limits, UnaryOperator<SendMessageBatchRequestEntry> entries) {
    AwsCredentialsProvider credentials = credentials(settings);
    SqsClientBuilder builder =
        SqsClient.builder()
            .httpClient(
                UrlConnectionHttpClient.builder()
                    .connectionTimeout(settings.connectTimeout())
                    // A receive's socket stays silent for its whole long poll.
                    .socketTimeout(SqsSettings.MAX_WAIT.plus(settings.requestTimeout()))
                    .build())
            .region(Region.of(settings.region()))
            .credentialsProvider(credentials)
            .overrideConfiguration(
                o ->
                    o.apiCallTimeout(settings.requestTimeout())
                        .apiCallAttemptTimeout(settings.requestTimeout()));
    settings.endpoint().ifPresent(builder::endpointOverride);
    SqsClient client = builder.build();
    SqsRequests requests = new SqsRequests();
    try {
      String url = queueUrl(client, settings, requests);
      return new SqsQueue(settings, limits, client, credentials, url, requests, entries);
    } catch (RuntimeException e) {
      client.close();
      closeQuietly(credentials);
      throw e;
    }
  }

  /**
   * Amazon SQS: the SDK's standard chain, resolved now so that missing credentials fail the open in
   * one line rather than the first send. An SQS-compatible server (an endpoint that is not AWS's):
   * credentials from the environment, system properties or a profile if there are any, else
   * placeholders, which stand-ins such as ElasticMQ accept.
   */
  static AwsCredentialsProvider credentials(SqsSettings settings) {
    boolean aws = settings.endpoint().map(u -> u.getHost().endsWith(".amazonaws.com")).orElse(true);
    if (!aws) {
      return AwsCredentialsProviderChain.builder()
          .credentialsProviders(
              EnvironmentVariableCredentialsProvider.create(),
              SystemPropertyCredentialsProvider.create(),
              ProfileCredentialsProvider.create(),
              StaticCredentialsProvider.create(
                  AwsBasicCredentials.create("mqbench-placeholder", "mqbench-placeholder")))
          .build();
    }
    DefaultCredentialsProvider chain = DefaultCredentialsProvider.builder().build();
    try {
      chain.resolveCredentials();
    } catch (SdkClientException e) {
      chain.close();
      throw new MqException(
          "sqs: no AWS credentials for "
              + settings.address()
              + ": the SDK's standard provider chain found none (AWS_ACCESS_KEY_ID and"
              + " AWS_SECRET_ACCESS_KEY, AWS_PROFILE and ~/.aws/credentials, a container or"
              + " instance role); or set "
              + SqsSettings.ENDPOINT.name()
              + " for an SQS-compatible server",
          e);
    }
    return chain;
  }

  private static String queueUrl(SqsClient client, SqsSettings settings, SqsRequests requests) {
    AwsRequestOverrideConfiguration bounded = openBound(settings);
    if (settings.queueUrl().isPresent()) {
      String url = settings.queueUrl().get();
      requests.count(SqsRequests.OTHER, 0);
      try {
        client.getQueueAttributes(
            b ->
                b.queueUrl(url)
                    .attributeNames(QueueAttributeName.VISIBILITY_TIMEOUT)
                    .overrideConfiguration(bounded));
        return url;
      } catch (QueueDoesNotExistException e) {
        throw unknownQueue(settings, e);
      } catch (SdkException e) {
        throw failure("cannot open queue " + url, e, settings);
      }
    }
    String name = settings.queue().orElseThrow();
    requests.count(SqsRequests.OTHER, 0);
    try {
      return client.getQueueUrl(b -> b.queueName(name).overrideConfiguration(bounded)).queueUrl();
    } catch (QueueDoesNotExistException e) {
      if (!settings.createQueue()) {
        throw unknownQueue(settings, e);
      }
    } catch (SdkException e) {
      throw failure("cannot open queue " + name, e, settings);
    }
    requests.count(SqsRequests.OTHER, 0);
    try {
      return client
          .createQueue(
              b ->
                  b.queueName(name)
                      .attributes(
                          Map.of(
                              QueueAttributeName.VISIBILITY_TIMEOUT,
                              String.valueOf(settings.visibilityTimeout().toSeconds())))
                      .overrideConfiguration(bounded))
          .queueUrl();
    } catch (SdkException e) {
      throw failure("cannot create queue " + name, e, settings);
    }
  }

  /** Calls that open the queue fail within the connect timeout, retries included. */
  private static AwsRequestOverrideConfiguration openBound(SqsSettings settings) {
    Duration bound = settings.connectTimeout().plusSeconds(1);
    return AwsRequestOverrideConfiguration.builder()
        .apiCallTimeout(bound)
        .apiCallAttemptTimeout(bound)
        .build();
  }

  private static MqException unknownQueue(SqsSettings settings, Exception e) {
    return new MqException(
        "sqs: queue '"
            + settings.queueText()
            + "' does not exist at "
            + settings.address()
            + " (check "
            + SqsSettings.QUEUE.name()
            + "; create the queue, or set "
            + SqsSettings.CREATE_QUEUE.name()
            + "=true)",
        e);
  }

  /**
   * One line for a failed call, naming the address and the key to check.
   *
   * @param what what was being done
   * @param e the SDK's exception
   * @param settings for the address and timeouts
   * @return the exception to throw
   */
  static MqException failure(String what, SdkException e, SqsSettings settings) {
    if (e instanceof ApiCallTimeoutException || e instanceof ApiCallAttemptTimeoutException) {
      return new MqException(
          "sqs: "
              + what
              + ": "
              + settings.address()
              + " did not answer in time (check "
              + SqsSettings.ENDPOINT.name()
              + "; the waits are "
              + SqsSettings.CONNECT_TIMEOUT.name()
              + " and "
              + SqsSettings.REQUEST_TIMEOUT.name()
              + ")",
          e);
    }
    if (e instanceof AwsServiceException s && s.awsErrorDetails() != null) {
      String code = s.awsErrorDetails().errorCode();
      String hint =
          s.statusCode() == 403 || (code != null && code.contains("Signature"))
              ? " (credentials: the SDK's standard provider chain)"
              : "";
      return new MqException(
          "sqs: "
              + what
              + " at "
              + settings.address()
              + ": "
              + code
              + ": "
              + Errors.oneLine(String.valueOf(s.awsErrorDetails().errorMessage()))
              + hint,
          e);
    }
    return new MqException(
        "sqs: " + what + " at " + settings.address() + ": " + Errors.oneLine(e), e);
  }

  SqsSettings settings() {
    return settings;
  }

  SqsClient client() {
    return client;
  }

  String queueUrl() {
    return queueUrl;
  }

  SqsRequests counter() {
    return requests;
  }

  SendMessageBatchRequestEntry shape(SendMessageBatchRequestEntry entry) {
    return entries.apply(entry);
  }

  void checkOpen() {
    state.checkOpen();
  }

  @Override
  public MqSender createSender() {
    checkOpen();
    return limits.enforce("sqs", new SqsSender(this, limits.sendTimeout()));
  }

  @Override
  public MqReceiver createReceiver() {
    checkOpen();
    return new SqsReceiver(this);
  }

  @Override
  public RequestCounts requests() {
    return requests.snapshot();
  }

  @Override
  public Map<String, String> versions() {
    Map<String, String> v = new LinkedHashMap<>();
    v.put("aws-sdk-java-v2", software.amazon.awssdk.core.util.VersionInfo.SDK_VERSION);
    v.put("http-client", "url-connection");
    v.put(
        "server",
        settings
            .endpoint()
            .map(URI::toString)
            .map(e -> "endpoint " + e)
            .orElse("Amazon SQS, " + settings.region()));
    v.put("queue", queueUrl);
    v.put("visibilityTimeout", Durations.format(settings.visibilityTimeout()));
    return v;
  }

  /**
   * Closes the client. Receivers still open no longer release what they hold: their messages come
   * back when their visibility timeout ends.
   */
  @Override
  public void close() {
    if (state.closeAll()) {
      client.close();
      closeQuietly(credentials); // the client does not close a provider it was given
    }
  }

  private static void closeQuietly(AwsCredentialsProvider credentials) {
    if (credentials instanceof AutoCloseable c) {
      try {
        c.close();
      } catch (Exception e) {
        // Nothing is left to do with credentials at close.
      }
    }
  }
}
