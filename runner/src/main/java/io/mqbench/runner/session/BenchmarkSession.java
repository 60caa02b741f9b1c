package io.mqbench.runner.session;

import io.mqbench.broker.BrokerResolution;
import io.mqbench.config.Durations;
import io.mqbench.config.MqConfig;
import io.mqbench.mq.LocalBroker;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import io.mqbench.runner.config.RunConfig;
import io.mqbench.runner.engine.LoadRun;
import io.mqbench.runner.engine.RunOutcome;
import io.mqbench.runner.engine.Tick;
import io.mqbench.runner.progress.ProgressDisplay;
import io.mqbench.runner.results.Environment;
import io.mqbench.runner.results.RunResult;
import io.mqbench.runner.results.RunResults;
import java.io.PrintStream;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * One benchmark run from start to end: starts a local broker when the backend has one and no
 * address was given, opens the backend within the connect timeout, runs, and summarises the
 * outcome.
 */
public final class BenchmarkSession {
  private final MqProvider provider;
  private final MqConfig backendConfig;
  private final RunConfig config;
  private final PrintStream err;
  private volatile LoadRun current;

  /**
   * @param provider the backend
   * @param backendConfig the backend's validated configuration
   * @param config the run's settings
   * @param err where notices go (local broker banner)
   */
  public BenchmarkSession(
      MqProvider provider, MqConfig backendConfig, RunConfig config, PrintStream err) {
    this.provider = provider;
    this.backendConfig = backendConfig;
    this.config = config;
    this.err = err;
  }

  /**
   * Runs the benchmark.
   *
   * @param progress makes the progress display once the run is about to start
   * @return the results
   * @throws MqException if the backend cannot be opened; failures mid-run are in the result instead
   * @throws InterruptedException if interrupted
   */
  public RunResult run(Function<RunConfig, ProgressDisplay> progress) throws InterruptedException {
    BrokerResolution.Resolved resolved = BrokerResolution.resolve(provider, backendConfig);
    resolved.notices().forEach(err::println);
    Optional<LocalBroker> local = resolved.localBroker();
    MqConfig effective = resolved.config();
    Thread stopBroker = null;
    try {
      if (local.isPresent()) {
        LocalBroker broker = local.get();
        // A broker process must not outlive a runner stopped with Ctrl-C.
        stopBroker = new Thread(broker::close, "mqbench-stop-local-broker");
        Runtime.getRuntime().addShutdownHook(stopBroker);
        effective = broker.start(backendConfig);
      }
      Instant startedAt = Instant.now();
      try (Mq mq = open(effective)) {
        Map<String, String> versions = versions(mq);
        long seed = config.seed().orElseGet(() -> new SplittableRandom().nextLong());
        int runId = new SplittableRandom(seed).nextInt();
        RunOutcome outcome;
        try (ProgressDisplay display = progress.apply(config)) {
          if (!config.warmup().isZero()) {
            warmUp(mq, seed);
          }
          current = new LoadRun(mq, config, runId, seed, (Tick t) -> display.update(t));
          outcome = current.execute();
        }
        return RunResults.summarise(
            outcome,
            config,
            provider.name(),
            provider.target(effective),
            effective.effective(),
            startedAt,
            Environment.current(versions));
      }
    } finally {
      local.ifPresent(LocalBroker::close);
      if (stopBroker != null) {
        try {
          Runtime.getRuntime().removeShutdownHook(stopBroker);
        } catch (IllegalStateException e) {
          // Shutting down already: the hook runs, and closing twice is harmless.
        }
      }
    }
  }

  /**
   * Runs unmeasured for the warm-up time (JIT compilation, connections, broker caches), with its
   * own run id so that anything it leaves in the queue is foreign to the measured run.
   */
  private void warmUp(Mq mq, long seed) throws InterruptedException {
    err.println("mqbench: warming up for " + Durations.format(config.warmup()) + " (not measured)");
    current =
        new LoadRun(mq, config.warmupRun(), ~new SplittableRandom(seed).nextInt(), seed, t -> {});
    RunOutcome warm = current.execute();
    if (warm.failure().isPresent()) {
      throw new MqException("warm-up failed: " + warm.failure().get().message());
    }
  }

  /** Stops the run early if one is under way; its results are still summarised and written. */
  public void requestStop() {
    LoadRun run = current;
    if (run != null) {
      run.requestStop();
    }
  }

  private Mq open(MqConfig effective) throws InterruptedException {
    ExecutorService opener =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "mqbench-open");
              t.setDaemon(true);
              return t;
            });
    try {
      Future<Mq> future = opener.submit(() -> provider.open(effective));
      try {
        return future.get(config.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        future.cancel(true);
        throw new MqException(
            "could not open queue "
                + provider.name()
                + " at "
                + provider.target(effective)
                + " within "
                + Durations.format(config.connectTimeout())
                + " (--connect-timeout)");
      } catch (ExecutionException e) {
        if (e.getCause() instanceof RuntimeException re) {
          throw re;
        }
        throw new MqException(
            "could not open queue " + provider.name() + ": " + e.getCause(), e.getCause());
      }
    } finally {
      opener.shutdownNow();
    }
  }

  private Map<String, String> versions(Mq mq) {
    try {
      return mq.versions();
    } catch (RuntimeException e) {
      err.println("mqbench: warning: could not read versions from the backend: " + e.getMessage());
      return Map.of();
    }
  }
}
