package io.mqbench.runner.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** The options of {@code mqbench run} that spread a run over {@code mqbench worker} processes. */
public final class WorkerNodeOptions {
  @Option(
      names = {"--workers"},
      paramLabel = "HOST:PORT,...",
      description =
          "Run on these `mqbench worker` processes instead of in this one; a host may hold a"
              + " range (bench-{1..4}.bench:7070). --senders and --receivers are then per node.")
  Optional<String> workers;

  @Option(
      names = {"--nodes"},
      paramLabel = "N",
      description = "With --workers: use the first N of them. Default: all.")
  Optional<Integer> nodes;

  @Option(
      names = {"--sender-nodes"},
      paramLabel = "N",
      description =
          "With --workers: the first N of the run's nodes send (--senders threads each)."
              + " Default: every node.")
  Optional<Integer> senderNodes;

  @Option(
      names = {"--receiver-nodes"},
      paramLabel = "N",
      description =
          "With --workers: the last N of the run's nodes receive (--receivers threads each)."
              + " Default: every node.")
  Optional<Integer> receiverNodes;

  @Option(
      names = {"--worker-token-file"},
      paramLabel = "FILE",
      description = "With --workers: file holding the workers' shared token (never printed).")
  Optional<Path> workerTokenFile;

  @Option(
      names = {"--stop-workers"},
      description =
          "With --workers: after the last run (or a failure), tell every worker given to exit, so"
              + " that a deployment living for one benchmark ends with it (a Kubernetes Job, a"
              + " compose service).")
  boolean stopWorkers;
}
