package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A worker started without --token-file on loopback still wants a token: it makes one, prints it
 * and where the coordinator takes it, and refuses requests without it; any local process could
 * otherwise make cells or stop the worker.
 */
@Timeout(120)
class WorkerWithoutTokenFileTest {
  private static final Pattern GENERATED =
      Pattern.compile("needs the token (\\S+), written to (\\S+);.*--worker-token-file (\\S+)");

  @TempDir Path tmp;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void refusesAnUnauthenticatedCellWith401AndPrintsATokenThatWorks() throws Exception {
    try (WorkerProcesses processes = new WorkerProcesses(tmp)) {
      WorkerProcesses.Worker worker = processes.startAsGiven(List.of(), "--port", "0");
      Matcher printed = GENERATED.matcher(worker.logText());
      assertThat(printed.find()).as(worker.logText()).isTrue();
      String token = printed.group(1);
      Path file = Path.of(printed.group(2));
      assertThat(printed.group(3)).isEqualTo(printed.group(2));

      HttpResponse<String> anonymous = postCell(worker, null);
      HttpResponse<String> wrong = postCell(worker, "not-" + token);

      assertThat(anonymous.statusCode()).as(anonymous.body()).isEqualTo(401);
      assertThat(anonymous.body()).contains("\"error\"");
      assertThat(wrong.statusCode()).isEqualTo(401);
      assertThat(Files.readString(file).strip()).isEqualTo(token);
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo("rw-------");

      CliCapture cli = new CliCapture();
      int code =
          cli.run(
              "run",
              "--queue",
              "memory",
              "--messages",
              "200",
              "--workers",
              worker.address(),
              "--worker-token-file",
              file.toString(),
              "--out",
              tmp.resolve("results").toString());

      assertThat(code).as(cli.err() + cli.out()).isZero();
      assertThat(cli.err() + cli.out()).contains("lost 0");

      worker.process().destroy();
      assertThat(worker.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
      assertThat(file).as("the token file, removed at exit").doesNotExist();
    }
  }

  private HttpResponse<String> postCell(WorkerProcesses.Worker worker, String token)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://" + worker.address() + "/v1/cells"))
            .POST(HttpRequest.BodyPublishers.ofString("{}"));
    if (token != null) {
      request.header("X-Mqbench-Token", token);
    }
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }
}
