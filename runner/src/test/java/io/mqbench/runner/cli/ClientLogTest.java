package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ClientLog;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A client library's warnings (Lettuce's reconnect watchdog after a Redis restart, say) go to the
 * clients' log file, never to the terminal; the file is copied into a run's results folder.
 */
class ClientLogTest {
  @TempDir Path tmp;

  /** Stands in for the runner's start: the log is installed first, then a client warns. */
  public static final class ReconnectingClient {
    public static void main(String[] args) throws Exception {
      Map<String, String> props = new TreeMap<>();
      System.getProperties().forEach((k, v) -> props.put(String.valueOf(k), String.valueOf(v)));
      ClientLog.install(props);
      LoggerFactory.getLogger("io.lettuce.core.protocol.ConnectionWatchdog")
          .warn("Cannot reconnect to [127.0.0.1:6391]: Connection refused");
      Path log = ClientLog.file().orElseThrow();
      Files.copy(log, Path.of(args[0]));
      System.out.println(log);
    }
  }

  @Test
  void aClientsWarningGoesToTheClientLogAndNotToTheTerminal() throws Exception {
    Path copy = tmp.resolve("seen.log");
    try (RunnerProcess p =
        new RunnerProcess(
            ReconnectingClient.class.getName(), List.of(), Map.of(), List.of(copy.toString()))) {
      assertThat(p.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.process.exitValue()).as(p.err()).isZero();
      assertThat(p.err()).isEmpty();
    }
    assertThat(Files.readString(copy, StandardCharsets.UTF_8))
        .contains("WARN io.lettuce.core.protocol.ConnectionWatchdog - Cannot reconnect");
  }

  @Test
  void aLogWithLinesIsCopiedIntoTheResultsFolderAndAnEmptyOneIsNot() throws Exception {
    Path log = Files.writeString(tmp.resolve("clients.log"), "12:00:00.000 [x] WARN a - b\n");
    Path empty = Files.writeString(tmp.resolve("empty.log"), "");

    assertThat(ClientLog.copyInto(log, tmp.resolve("run-1")))
        .hasValue(tmp.resolve("run-1").resolve(ClientLog.FILE_NAME));
    assertThat(tmp.resolve("run-1").resolve(ClientLog.FILE_NAME)).hasContent(Files.readString(log));
    assertThat(ClientLog.copyInto(empty, tmp.resolve("run-2"))).isEmpty();
    assertThat(tmp.resolve("run-2")).doesNotExist();
  }
}
