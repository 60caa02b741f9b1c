package io.mqbench.worker.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.mqbench.engine.CellSpec;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.local.LocalCell;
import io.mqbench.engine.testing.TestSettings;
import io.mqbench.envelope.MessageSizes;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.worker.NodeLayout;
import io.mqbench.worker.WorkerAddress;
import io.mqbench.worker.server.hosting.WorkerLimits;
import io.mqbench.worker.wire.Protocol;
import io.mqbench.worker.wire.Wire;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A real worker on loopback takes on only what it can hold, and says so over HTTP before anything
 * starts: request bodies beyond 1 MiB (413), more cells at once than it runs (409), and settings
 * its heap or threads cannot carry (400), each with a one-line JSON error.
 */
@Timeout(60)
class WorkerLimitsTest {
  private static final String TOKEN = "token-of-the-test";
  private static final long HEAP = 256L << 20;

  private final HttpClient http = HttpClient.newHttpClient();
  private WorkerServer server;
  private String hostAndPort;

  @BeforeEach
  void start() throws Exception {
    MemoryMqProvider memory = new MemoryMqProvider();
    server =
        WorkerServer.start(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0),
            Optional.of(TOKEN),
            "test",
            spec -> LocalCell.of(memory, memory.configure(Map.of())),
            WorkerClock.shifted(0),
            WorkerLimits.forHeap(HEAP),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    hostAndPort = "127.0.0.1:" + server.address().getPort();
  }

  @AfterEach
  void stop() {
    server.close();
  }

  /** The spec of a run on this one worker: every sender and receiver of the settings. */
  private static String spec(RunSettings settings) {
    NodeLayout layout =
        new NodeLayout(
            List.of(new WorkerAddress("127.0.0.1", 1)),
            settings.senders() > 0 ? 1 : 0,
            settings.receivers() > 0 ? 1 : 0,
            settings.senders(),
            settings.receivers());
    CellSpec spec = layout.specs("memory", Map.of(), settings, 7, 1).get(0);
    return new String(Wire.bytes(Wire.spec(spec)), StandardCharsets.UTF_8);
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://" + hostAndPort + "/v1/" + path))
            .header(Protocol.TOKEN_HEADER, TOKEN)
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String error(String body) {
    assertThat(body.strip().lines()).as(body).hasSize(1);
    return Wire.parse(body.getBytes(StandardCharsets.UTF_8)).path("error").asText(body);
  }

  /** Sends the request as given, over a plain socket, and returns the status line and the body. */
  private String[] raw(byte[] head, byte[] body) throws Exception {
    try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), server.address().getPort())) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(head);
      out.write(body);
      out.flush();
      // Read up to the end of the declared body: the server may keep the connection open.
      InputStream in = socket.getInputStream();
      StringBuilder reply = new StringBuilder();
      while (reply.indexOf("\r\n\r\n") < 0) {
        int b = in.read();
        if (b < 0) {
          return new String[] {"(no reply: " + reply + ")", ""};
        }
        reply.append((char) b);
      }
      String status = reply.toString().lines().findFirst().orElseThrow();
      int length =
          reply
              .toString()
              .lines()
              .filter(l -> l.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:"))
              .map(l -> Integer.parseInt(l.substring("content-length:".length()).strip()))
              .findFirst()
              .orElse(0);
      return new String[] {status, new String(in.readNBytes(length), StandardCharsets.UTF_8)};
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }

  @Test
  void aBodyDeclaredAt300MbIsRefusedWith413BeforeItIsRead() throws Exception {
    String[] response =
        raw(
            ascii(
                "POST /v1/cells HTTP/1.1\r\nHost: worker\r\nConnection: close\r\n"
                    + Protocol.TOKEN_HEADER
                    + ": "
                    + TOKEN
                    + "\r\nContent-Length: 300000000\r\n\r\n"),
            ascii("{\"queue\":"));

    assertThat(response[0]).isEqualTo("HTTP/1.1 413 Request Entity Too Large");
    assertThat(error(response[1])).contains("300000000 bytes").contains("1024 KiB");
  }

  @Test
  void aChunkedBodyBeyondOneMibIsRefusedWith413OnceThatMuchIsRead() throws Exception {
    int size = (1 << 20) + 1024;
    byte[] chunk = new byte[size];
    Arrays.fill(chunk, (byte) ' ');
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.write(ascii(Integer.toHexString(size) + "\r\n"));
    body.write(chunk);
    body.write(ascii("\r\n0\r\n\r\n"));

    String[] response =
        raw(
            ascii(
                "POST /v1/cells HTTP/1.1\r\nHost: worker\r\nConnection: close\r\n"
                    + Protocol.TOKEN_HEADER
                    + ": "
                    + TOKEN
                    + "\r\nTransfer-Encoding: chunked\r\n\r\n"),
            body.toByteArray());

    assertThat(response[0]).isEqualTo("HTTP/1.1 413 Request Entity Too Large");
    assertThat(error(response[1])).contains("more than 1048576 bytes");
  }

  @Test
  void aThousandSendersAreRefusedWith400BeforeAnyStarts() throws Exception {
    HttpResponse<String> response =
        post("cells", spec(TestSettings.builder().senders(1_000).receivers(0).build()));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response.body())).contains("1000 senders and receivers").contains("256");
  }

  @Test
  void aMessageOfTwoGibIsRefusedWith400() throws Exception {
    HttpResponse<String> response =
        post(
            "cells",
            spec(TestSettings.builder().messageSizes(MessageSizes.of(Integer.MAX_VALUE)).build()));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response.body())).contains("--size 2147483647").contains("64 MiB");
  }

  @Test
  void batchesThatDoNotFitInHalfTheHeapAreRefusedWith400() throws Exception {
    HttpResponse<String> response =
        post(
            "cells",
            spec(
                TestSettings.builder()
                    .messageSizes(MessageSizes.of(16 << 20))
                    .maxBatch(100)
                    .build()));

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(error(response.body())).contains("half of this worker's heap (256 MiB)");
  }

  @Test
  void moreCellsThanItRunsAtOnceAreRefusedWith409UntilOneIsClosed() throws Exception {
    String spec = spec(TestSettings.builder().build());
    List<String> cells = new ArrayList<>();
    for (int i = 0; i < WorkerLimits.MAX_CELLS; i++) {
      HttpResponse<String> response = post("cells", spec);
      assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
      JsonNode ready = Wire.parse(response.body().getBytes(StandardCharsets.UTF_8));
      cells.add(ready.path("cell").asText());
    }

    HttpResponse<String> oneTooMany = post("cells", spec);
    HttpResponse<String> closed = post("cells/" + cells.get(0) + "/close", "{}");
    HttpResponse<String> afterClose = post("cells", spec);

    assertThat(oneTooMany.statusCode()).isEqualTo(409);
    assertThat(error(oneTooMany.body())).contains("4 cell(s) already");
    assertThat(closed.statusCode()).isEqualTo(200);
    assertThat(afterClose.statusCode()).as(afterClose.body()).isEqualTo(200);
  }
}
