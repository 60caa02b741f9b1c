package io.mqbench.runner.session;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.Errors;
import io.mqbench.mq.Mq;
import io.mqbench.mq.MqException;
import io.mqbench.mq.MqProvider;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The queues (topics, collections) that one invocation's runs created on brokers mqbench did not
 * start, to remove once the last run is over: a run leaves no queue of its own making behind, and
 * never removes one it found, which may be someone's. A queue is kept when told ({@code
 * --keep-queue}), and when its last run left acknowledged messages unsettled: {@code mqbench drain}
 * needs them where they are. A broker mqbench started goes with its data, queue and all.
 *
 * <p>Used by one thread, the one that runs the invocation's runs one after the other.
 */
public final class CreatedQueues {
  /**
   * A queue the runs created, the numbers of subscriptions they used it with (a matrix may vary
   * them: each publish/subscribe run adds its subscriptions beside the queue), and whether its last
   * run settled every acknowledged message.
   */
  private record Created(
      MqProvider provider, MqConfig config, SortedSet<Integer> subscriptions, boolean settled) {}

  private final Map<String, Created> created = new LinkedHashMap<>();
  private final Set<String> found = new HashSet<>();

  /**
   * Before a run on a broker that mqbench did not start: opens the run's queue once per invocation
   * (creating it if missing, as the run would), and notes whether it was there.
   *
   * @param provider the backend
   * @param config its configuration, broker address resolved
   * @param subscriptions the run's subscriptions, which opening creates with the queue and removing
   *     removes
   * @param onWorkers whether the run is on workers: this process may then be unable to reach the
   *     broker, which is not a failure of the run; such a queue is never removed
   * @throws io.mqbench.mq.MqException for a run in this process whose broker cannot be opened: the
   *     run's own failure, found a moment earlier
   */
  void beforeRun(MqProvider provider, MqConfig config, int subscriptions, boolean onWorkers) {
    String key = key(provider, config);
    Created before = created.get(key);
    if (before != null && !refusesSubscriptions(before, subscriptions)) {
      before.subscriptions().add(subscriptions); // the run creates any it adds, which go too
      return;
    }
    if (before != null) {
      // Made by these runs for fewer subscriptions than this run needs, in a shape that cannot
      // take more (a NATS work-queue stream), and left settled: nothing is lost by making it anew.
      remove(before, describe(provider, config));
      created.remove(key);
    }
    if (found.contains(key)) {
      return;
    }
    try (Mq mq = provider.open(config, subscriptions)) {
      Optional<Boolean> made = mq.createdQueue();
      if (made.orElse(false)) {
        created.put(
            key, new Created(provider, config, new TreeSet<>(Set.of(subscriptions)), false));
      } else {
        found.add(key); // there before, or the backend cannot tell: never removed
      }
    } catch (RuntimeException e) {
      if (!onWorkers) {
        throw e;
      }
      found.add(key);
    }
  }

  /**
   * Whether a queue these runs made, and left settled, refuses a run's subscriptions that none of
   * its runs used yet: the backend says so when the queue is opened with them.
   */
  private static boolean refusesSubscriptions(Created c, int subscriptions) {
    if (c.subscriptions().contains(subscriptions) || !c.settled()) {
      return false;
    }
    try {
      c.provider().open(c.config(), subscriptions).close();
      return false;
    } catch (MqException e) {
      return true;
    }
  }

  /**
   * After a run: whether every message acknowledged to its senders was received or settled.
   *
   * @param provider the backend
   * @param config its configuration, as given to {@link #beforeRun}
   * @param settled true if nothing acknowledged is left unsettled
   */
  void afterRun(MqProvider provider, MqConfig config, boolean settled) {
    created.computeIfPresent(
        key(provider, config),
        (k, c) -> new Created(c.provider(), c.config(), c.subscriptions(), settled));
  }

  /**
   * After the last run: removes every queue the runs created and left settled.
   *
   * @param keep true to keep them all ({@code --keep-queue})
   * @return one line for each queue created, saying what became of it; a queue that could not be
   *     removed is a line too, never an exception
   */
  public List<String> removeAll(boolean keep) {
    List<String> lines = new ArrayList<>();
    for (Created c : created.values()) {
      String what = describe(c.provider(), c.config());
      if (keep) {
        lines.add("kept " + what + " that this run created (--keep-queue)");
      } else if (!c.settled()) {
        lines.add(
            "kept "
                + what
                + " that this run created: it holds acknowledged messages not settled"
                + " (`mqbench drain RESULTS_FOLDER` settles them)");
      } else {
        lines.add(remove(c, what));
      }
    }
    created.clear();
    return lines;
  }

  /**
   * Removes the queue as the point-to-point runs used it, and with the most subscriptions any run
   * used (which covers the fewer: subscription i is named alike whatever their number).
   */
  private static String remove(Created c, String what) {
    List<Integer> ways = new ArrayList<>();
    if (c.subscriptions().first() == 1) {
      ways.add(1);
    }
    if (c.subscriptions().last() > 1) {
      ways.add(c.subscriptions().last());
    }
    String with =
        c.subscriptions().last() > 1
            ? " with its " + c.subscriptions().last() + " subscriptions"
            : "";
    try {
      for (int subscriptions : ways) {
        try (Mq mq = c.provider().open(c.config(), subscriptions)) {
          if (!mq.removeQueue()) {
            return "kept " + what + ": " + c.provider().name() + " does not remove queues";
          }
        }
      }
      return "removed " + what + with + ", which this run created (--keep-queue keeps it)";
    } catch (RuntimeException e) {
      return "could not remove " + what + with + ", which this run created: " + Errors.oneLine(e);
    }
  }

  /** The queue by its key ({@code rabbitmq.queue}, {@code kafka.topic}, ...) and the broker. */
  private static String describe(MqProvider provider, MqConfig config) {
    for (String suffix : List.of(".queue", ".topic", ".stream", ".collection", ".table")) {
      Object name = config.effective().get(provider.name() + suffix);
      if (name != null) {
        return provider.name()
            + " "
            + suffix.substring(1)
            + " '"
            + name
            + "' at "
            + provider.target(config);
      }
    }
    return "the " + provider.name() + " queue at " + provider.target(config);
  }

  private static String key(MqProvider provider, MqConfig config) {
    return provider.name() + " " + config.effective();
  }
}
