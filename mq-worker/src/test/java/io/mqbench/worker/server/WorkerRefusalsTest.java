package io.mqbench.worker.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.rabbitmq.RabbitMqProvider;
import io.mqbench.worker.HttpCell;
import io.mqbench.worker.NodeLayout;
import io.mqbench.worker.WorkerAddress;
import io.mqbench.worker.WorkerClient;
import io.mqbench.worker.wire.Protocol;
import io.mqbench.worker.wire.Wire;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Every request a real worker on loopback refuses is answered with an HTTP status and a one-line
 * JSON error, and the coordinator's side shows that line as the worker's cause.
 */
@Timeout(60)
class WorkerRefusalsTest {
  private static final String TOKEN = "token-of-the-test";
  private static final String UNREACHABLE_RABBIT = "amqp://guest:guest@127.0.0.1:1";

  private final List<WorkerServer> servers = new ArrayList<>();
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void stop() {
    servers.forEach(WorkerServer::close);
  }

  /** A worker that makes real cells, as {@code mqbench worker} does, of RabbitMQ only. */
  private WorkerAddress worker() throws Exception {
    MqProvider rabbit = new RabbitMqProvider();
    WorkerServer server =
        WorkerServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            Optional.of(TOKEN),
            "test",
            spec -> LocalCell.of(rabbit, rabbit.configure(spec.backendProperties())),
            0,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    servers.add(server);
    return new WorkerAddress("127.0.0.1", server.address().getPort());
  }

  private static CellSpec unreachableRabbitSpec() {
    NodeLayout layout = new NodeLayout(List.of(new WorkerAddress("127.0.0.1", 1)), 1, 1, 1, 1);
    return layout
        .specs(
            "rabbitmq",
            Map.of("rabbitmq.uri", UNREACHABLE_RABBIT),
            TestSettings.builder()
                .senders(1)
                .receivers(1)
                .messagesPerSender(10)
                .connectTimeout(Duration.ofSeconds(2))
                .build(),
            7,
            1)
        .get(0);
  }

  private HttpResponse<String> post(WorkerAddress worker, String path, String body)
      throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://" + worker.hostAndPort() + "/v1/" + path))
            .header(Protocol.TOKEN_HEADER, TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String error(HttpResponse<String> response) {
    JsonNode body = Wire.parse(response.body().getBytes(StandardCharsets.UTF_8));
    assertThat(response.body().strip().lines()).as(response.body()).hasSize(1);
    return body.path("error").asText("(no error field: " + response.body() + ")");
  }

  @Test
  void aCellWhoseBrokerCannotBeReachedIsA500WithTheCauseAsJson() throws Exception {
    WorkerAddress worker = worker();

    HttpResponse<String> response =
        post(
            worker,
            "cells",
            new String(Wire.bytes(Wire.spec(unreachableRabbitSpec())), StandardCharsets.UTF_8));

    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(response.headers().firstValue("Content-Type")).contains("application/json");
    assertThat(error(response)).contains("127.0.0.1:1");
  }

  @Test
  void theCoordinatorsCellCarriesTheWorkersCause() throws Exception {
    WorkerAddress worker = worker();
    HttpCell cell = new HttpCell(new WorkerClient(worker, Optional.of(TOKEN)));

    assertThatThrownBy(() -> cell.prepare(unreachableRabbitSpec()))
        .isInstanceOf(MqException.class)
        .hasMessageStartingWith("worker " + worker + ": ")
        .hasMessageContaining("127.0.0.1:1")
        .hasMessageNotContaining("unreachable");
  }

  @Test
  void aBodyThatIsNotJsonIsA400() throws Exception {
    HttpResponse<String> response = post(worker(), "cells", "{not json");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response)).contains("JSON");
  }

  @Test
  void aBodyThatIsNotACellSpecIsA400() throws Exception {
    HttpResponse<String> response = post(worker(), "cells", "{\"queue\": 3}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response)).contains("cell spec");
  }

  @Test
  void anActionOnNoSuchCellIsA404() throws Exception {
    HttpResponse<String> response = post(worker(), "cells/nope/start-senders", "{\"at\": 1}");

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(error(response)).contains("no cell nope");
  }

  @Test
  void anEmptyBodyIsA400SayingACellSpecIsNeeded() throws Exception {
    HttpResponse<String> response = post(worker(), "cells", "");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response)).contains("cell spec").doesNotContain("NullPointer");
  }

  @Test
  void anEmptyObjectIsA400NamingWhatIsMissing() throws Exception {
    HttpResponse<String> response = post(worker(), "cells", "{}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response)).contains("queue").doesNotContain("NullPointer");
  }

  @Test
  void anUnknownQueueIsA400() throws Exception {
    // As `mqbench worker` makes its cells: the backend looked up by the spec's queue.
    MqProviders providers = MqProviders.of(List.of(new RabbitMqProvider()));
    WorkerServer server =
        WorkerServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            Optional.of(TOKEN),
            "test",
            spec -> {
              MqProvider provider = providers.find(spec.queue());
              return LocalCell.of(provider, provider.configure(spec.backendProperties()));
            },
            0,
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    servers.add(server);
    WorkerAddress worker = new WorkerAddress("127.0.0.1", server.address().getPort());
    ObjectNode spec = Wire.spec(unreachableRabbitSpec()).put("queue", "nope");

    HttpResponse<String> response =
        post(worker, "cells", new String(Wire.bytes(spec), StandardCharsets.UTF_8));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response)).contains("unknown queue 'nope'");
  }

  @Test
  void anUnknownBackendKeyIsA400() throws Exception {
    ObjectNode spec = Wire.spec(unreachableRabbitSpec());
    ((ObjectNode) spec.get("backendProperties")).put("rabbitmq.nosuchkey", "1");

    HttpResponse<String> response =
        post(worker(), "cells", new String(Wire.bytes(spec), StandardCharsets.UTF_8));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response)).contains("rabbitmq.nosuchkey");
  }
}
