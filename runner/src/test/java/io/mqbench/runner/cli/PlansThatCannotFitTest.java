package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run whose plan cannot fit the machine (threads, heap, queues) is refused before anything
 * starts, in one line saying the rule, with exit code 2.
 */
class PlansThatCannotFitTest {
  @TempDir Path tmp;
  private final CliCapture cli = new CliCapture();

  @Test
  void aHundredThousandSendersReceiversAndQueuesAreRefusedAtOnceInOneLine() {
    long started = System.nanoTime();

    int code =
        cli.run(
            "run",
            "--queue",
            "memory",
            "--queues",
            "100000",
            "--senders",
            "100000",
            "--receivers",
            "100000",
            "--dry-run",
            "--out",
            tmp.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .contains("200,000 sender and receiver threads, more than this machine runs usefully")
        .doesNotContain("\n");
    assertThat(System.nanoTime() - started).isLessThan(5_000_000_000L);
    assertThat(tmp).isEmptyDirectory();
  }

  @Test
  void aHeapAboveTheMachinesMemoryIsRefused() {
    int code =
        cli.run("run", "--queue", "memory", "--heap", "64t", "--dry-run", "--out", tmp.toString());

    assertThat(code).as(cli.err()).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .startsWith("mqbench: --heap 64t: more than this machine's memory")
        .doesNotContain("\n");
  }
}
