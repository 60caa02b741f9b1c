package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.runner.cli.process.ExitCodes;
import org.junit.jupiter.api.Test;

/** The node options are checked and placed before anything connects (parse only, no worker). */
class NodeOptionsTest {
  @Test
  void theDryRunShowsEachNodesPartWithThreadsPerNode() {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--dry-run",
            "--queue",
            "kafka",
            "--workers",
            "bench-{1..3}.bench:7070",
            "--sender-nodes",
            "1",
            "--receiver-nodes",
            "2",
            "--senders",
            "4",
            "--receivers",
            "3");

    assertThat(code).as(cli.err()).isZero();
    assertThat(cli.out())
        .contains("4 senders")
        .contains("6 receivers")
        .contains("node bench-1.bench:7070: sender, 4 sender(s), 0 receiver(s)")
        .contains("node bench-3.bench:7070: receiver, 0 sender(s), 3 receiver(s)");
  }

  @Test
  void nodeOptionsWithoutWorkersAreRefused() {
    CliCapture cli = new CliCapture();

    assertThat(cli.run("run", "--dry-run", "--nodes", "2")).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err().strip())
        .isEqualTo("mqbench: --nodes needs --workers (the worker processes to run on)");
  }

  @Test
  void moreNodesThanWorkersAreRefused() {
    CliCapture cli = new CliCapture();

    assertThat(cli.run("run", "--dry-run", "--workers", "a:1,b:1", "--nodes", "3"))
        .isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("--nodes must be 1..2");
  }

  @Test
  void theMemoryQueueCannotHaveSendersAndReceiversOnDifferentNodes() {
    CliCapture cli = new CliCapture();

    int code =
        cli.run(
            "run",
            "--dry-run",
            "--workers",
            "a:1,b:1",
            "--sender-nodes",
            "1",
            "--receiver-nodes",
            "1");

    assertThat(code).isEqualTo(ExitCodes.USAGE);
    assertThat(cli.err()).contains("the queue lives inside each worker");
  }
}
