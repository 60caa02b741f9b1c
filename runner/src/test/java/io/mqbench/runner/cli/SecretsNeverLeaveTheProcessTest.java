package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.ConfigKey;
import io.mqbench.config.MqConfig;
import io.mqbench.memory.MemoryMqProvider;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.results.files.ResultsWriter;
import io.mqbench.runner.cli.process.ExitCodes;
import io.mqbench.runner.cli.process.Invocation;
import io.mqbench.runner.cli.process.StopSignals;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10, point 5: a sentinel password given through every kind of secret (a key marked secret, a
 * URI with credentials, a native property whose name says secret, a matrix axis) appears in no
 * output: terminal, {@code --dry-run}, error messages, and no file written (run.json, CSV, XLSX
 * unpacked, .hgrm, charts).
 */
class SecretsNeverLeaveTheProcessTest {
  private static final String SENTINEL = "S3ntinel-Pa55";

  @TempDir Path tmp;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** The memory queue, configured with secrets as a broker with credentials is. */
  static final class VaultProvider implements MqProvider {
    static final ConfigKey<String> PASSWORD =
        ConfigKey.string("vault.password", "guest", "the broker's password").markedSecret();
    static final ConfigKey<String> URI =
        ConfigKey.string("vault.uri", "amqp://guest:guest@127.0.0.1:5672", "the broker's URI")
            .markedSecret();

    @Override
    public String name() {
      return "vault";
    }

    @Override
    public String description() {
      return "the memory queue behind credentials";
    }

    @Override
    public List<ConfigKey<?>> configKeys() {
      return List.of(PASSWORD, URI);
    }

    @Override
    public List<String> passThroughPrefixes() {
      return List.of("vault.client.");
    }

    @Override
    public String target(MqConfig config) {
      return "memory";
    }

    @Override
    public Mq open(MqConfig config) {
      MemoryMqProvider memory = new MemoryMqProvider();
      return memory.open(memory.configure(Map.of()));
    }
  }

  private int run(String... args) {
    Invocation inv =
        new Invocation(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            Map.of(),
            Map.of("warmup", "0s"),
            false);
    MqProviders providers =
        MqProviders.of(List.of(new VaultProvider(), MqProviders.load().find("kafka")));
    return Main.run(args, inv, providers, StopSignals.manual(inv.err()));
  }

  private List<String> secretFlags() {
    return List.of(
        "-p",
        "vault.password=" + SENTINEL,
        "-p",
        "vault.uri=amqp://bob:" + SENTINEL + "@127.0.0.1:5672/",
        "-p",
        "vault.client.sasl.jaas.config=PlainLoginModule required password=\"" + SENTINEL + "\";");
  }

  private String[] args(String... head) {
    List<String> all = new ArrayList<>(List.of(head));
    all.addAll(secretFlags());
    all.addAll(List.of("--out", tmp.resolve("results").toString(), "--progress", "never"));
    return all.toArray(String[]::new);
  }

  @Test
  void aRunWithSecretsWritesThemNowhere() throws IOException {
    int code = run(args("run", "--queue", "vault", "--messages", "2000"));

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(filesWritten()).hasSizeGreaterThanOrEqualTo(5);
    assertNoSentinelAnywhere();
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain(SENTINEL);
  }

  @Test
  void aDryRunShowsSecretsMasked() throws IOException {
    int code = run(args("run", "--queue", "vault", "--dry-run"));

    assertThat(code).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("vault.password = ****")
        .contains("vault.uri = amqp://bob:****@127.0.0.1:5672/");
    assertNoSentinelAnywhere();
  }

  @Test
  void aMatrixOverASecretShowsItMaskedInTheTableTheSpreadsheetsAndTheLegend() throws IOException {
    Path scenario = tmp.resolve("secret-matrix.yml");
    Files.writeString(
        scenario,
        "queue: vault\nmessages: 500\nmatrix:\n  properties:\n    vault.uri:\n"
            + "      - amqp://bob:"
            + SENTINEL
            + "@127.0.0.1:5672/\n"
            + "      - amqp://ann:"
            + SENTINEL
            + "2@127.0.0.1:5672/\n");

    int code =
        run(
            "run",
            "--scenario",
            scenario.toString(),
            "--out",
            tmp.resolve("results").toString(),
            "--progress",
            "never");

    assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(out.toString(StandardCharsets.UTF_8))
        .contains("vault.uri=amqp://bob:****@127.0.0.1:5672/");
    Path matrix;
    try (Stream<Path> s = Files.list(tmp.resolve("results")).filter(Files::isDirectory)) {
      matrix = s.findFirst().orElseThrow();
    }
    assertThat(Files.readString(matrix.resolve(ResultsWriter.SUMMARY_CSV)))
        .contains("vault.uri=amqp://ann:****@127.0.0.1:5672/");
    // Files.delete: the scenario itself holds the sentinel, as the user wrote it.
    Files.delete(scenario);
    assertNoSentinelAnywhere();
  }

  @Test
  void aMistypedSecretKeyIsRefusedWithoutRepeatingItsValue() throws IOException {
    int code = run("run", "--queue", "vault", "-p", "vault.pasword=" + SENTINEL, "--dry-run");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("vault.password");
    assertNoSentinelAnywhere();
  }

  @Test
  void anUnreachableBrokerWithSecretsFailsWithoutNamingThem() throws IOException {
    int code =
        run(
            "run",
            "--queue",
            "kafka",
            "-p",
            "kafka.bootstrapServers=127.0.0.1:1",
            "-p",
            "kafka.producer.ssl.key.password=" + SENTINEL,
            "-p",
            "kafka.consumer.sasl.jaas.config=x password=\"" + SENTINEL + "\";",
            "--out",
            tmp.resolve("results").toString());

    assertThat(code).isEqualTo(ExitCodes.FAILED);
    assertNoSentinelAnywhere();
  }

  private List<Path> filesWritten() throws IOException {
    try (Stream<Path> s = Files.walk(tmp)) {
      return s.filter(Files::isRegularFile).toList();
    }
  }

  private void assertNoSentinelAnywhere() throws IOException {
    assertThat(out.toString(StandardCharsets.UTF_8)).doesNotContain(SENTINEL);
    assertThat(err.toString(StandardCharsets.UTF_8)).doesNotContain(SENTINEL);
    for (Path f : filesWritten()) {
      byte[] bytes = Files.readAllBytes(f);
      assertThat(new String(bytes, StandardCharsets.ISO_8859_1))
          .as(f.toString())
          .doesNotContain(SENTINEL);
      if (f.toString().endsWith(".xlsx")) {
        try (ZipFile zip = new ZipFile(f.toFile())) {
          for (ZipEntry e : java.util.Collections.list(zip.entries())) {
            try (InputStream in = zip.getInputStream(e)) {
              String entry = new String(in.readAllBytes(), StandardCharsets.UTF_8);
              assertThat(entry).as(f + "!" + e.getName()).doesNotContain(SENTINEL);
            }
          }
        }
      }
    }
  }
}
