package io.mqbench.sqs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mqbench.mq.MqException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bad input fails {@code open} in one line naming what to fix, within seconds: no region for Amazon
 * SQS, no credentials for it, an unknown queue. (An unreachable endpoint is the failure kit's.)
 */
class SqsBadInputIT {
  private final SqsMqProvider provider = new SqsMqProvider();

  private Throwable openFailure(Map<String, String> raw) {
    long start = System.nanoTime();
    Throwable[] failure = new Throwable[1];
    assertThatThrownBy(() -> provider.open(provider.configure(raw)).close())
        .satisfies(t -> failure[0] = t);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
    assertThat(failure[0]).isInstanceOf(MqException.class);
    assertThat(failure[0].getMessage()).doesNotContain("\n");
    return failure[0];
  }

  @Test
  void neitherEndpointNorRegionFailsNamingBothKeys() {
    assumeTrue(
        System.getenv("AWS_REGION") == null && System.getProperty("aws.region") == null,
        "a region is set in this environment");
    assertThat(openFailure(Map.of()).getMessage())
        .contains("no region", "sqs.region", "sqs.endpoint");
  }

  @Test
  void aRegionWithoutCredentialsFailsNamingTheProviderChain() {
    assumeTrue(
        System.getenv("AWS_ACCESS_KEY_ID") == null
            && System.getenv("AWS_PROFILE") == null
            && System.getenv("AWS_WEB_IDENTITY_TOKEN_FILE") == null
            && System.getenv("AWS_CONTAINER_CREDENTIALS_FULL_URI") == null
            && System.getenv("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") == null
            && !Files.exists(Path.of(System.getProperty("user.home"), ".aws")),
        "AWS credentials are configured in this environment");
    assertThat(openFailure(Map.of("sqs.region", "eu-west-1")).getMessage())
        .contains("no AWS credentials", "sqs.eu-west-1.amazonaws.com:443", "sqs.endpoint");
  }

  @Test
  void anUnknownQueueFailsNamingTheQueueAndTheKeys() throws Exception {
    String endpoint = TestSqs.endpoint();
    assertThat(
            openFailure(Map.of("sqs.endpoint", endpoint, "sqs.queue", "no-such-queue"))
                .getMessage())
        .contains("'no-such-queue' does not exist", "sqs.queue", "sqs.createQueue");
  }

  @Test
  void anUnknownQueueUrlFailsToo() throws Exception {
    String endpoint = TestSqs.endpoint();
    assertThat(
            openFailure(Map.of("sqs.queue", endpoint + "/000000000000/no-such-queue")).getMessage())
        .contains("does not exist", "sqs.queue");
  }
}
