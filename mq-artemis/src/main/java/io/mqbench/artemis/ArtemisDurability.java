package io.mqbench.artemis;

import io.mqbench.mq.Durability;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What a send's return means on the Artemis broker a run reaches, asked of its management address:
 * whether it persists messages, and whether its journal syncs a commit ({@code
 * journal-sync-transactional}, for {@code artemis.sendMode=transacted}) or a durable send ({@code
 * journal-sync-non-transactional}, for {@code sync}) before answering. Where management is closed
 * to the user, the journal's sync is as configured, not read back.
 *
 * <p>For a URL naming a primary/backup pair, also whether a backup replicates the live broker in
 * sync, asked of each node ({@link ArtemisPair}): found, never declared.
 */
final class ArtemisDurability {
  private ArtemisDurability() {}

  /**
   * @param asked what the settings declare
   * @return what was found, on a connection of its own closed before this returns
   * @throws io.mqbench.mq.MqException naming the broker if it cannot be reached
   */
  static Durability found(ArtemisSettings s, Durability asked) {
    if (asked.level() == Durability.Level.NONE) {
      return asked; // the send does not wait for the broker: nothing the broker does changes that
    }
    String sync =
        s.sendMode() == SendMode.TRANSACTED
            ? "journalSyncTransactional"
            : "journalSyncNonTransactional";
    try (ArtemisManagement m =
        ArtemisManagement.open(s.url(), s.user(), s.password(), s.callTimeout())) {
      Object persistent = m.attribute("persistenceEnabled");
      Object synced = m.attribute(sync);
      Object version = m.attribute("version");
      if (persistent == null || synced == null) {
        return new Durability(
            asked.level(),
            asked.where(),
            "the management address did not answer: the journal's sync as configured, not read"
                + " back");
      }
      String read =
          "Artemis "
              + version
              + " persistenceEnabled="
              + persistent
              + ", "
              + sync
              + "="
              + synced
              + " (management)";
      boolean fsyncs = Boolean.TRUE.equals(persistent) && Boolean.TRUE.equals(synced);
      if (!fsyncs) {
        return new Durability(Durability.Level.MEMORY, "in the live broker's memory", read);
      }
      return pairs(s)
          ? replication(s, asked, read)
          : new Durability(asked.level(), asked.where(), read);
    } catch (ArtemisManagement.Refused e) {
      return new Durability(
          asked.level(),
          asked.where(),
          "management refused ("
              + e.getMessage()
              + "): the journal's sync as configured, not"
              + " read back");
    } catch (Exception e) { // JMS, the core client and the requestor throw Exception
      throw Failures.of("read the broker's journal settings", e, s);
    }
  }

  /** Whether the URL names more than one broker: a primary/backup pair. */
  private static boolean pairs(ArtemisSettings s) {
    return s.address().contains(",");
  }

  /**
   * A pair's replication, asked of each node: the live node (two after a split, which is said) and
   * whether a backup replicates it in sync. A pair without a backup in sync stores an acknowledged
   * message in one journal only: still synced, but said in capitals.
   */
  static Durability replication(ArtemisSettings s, Durability asked, String read) {
    List<ArtemisPair.Live> live =
        ArtemisPair.liveNodes(
            List.of(s.address().split(",")), s.user(), s.password(), s.callTimeout());
    if (live.isEmpty()) {
      return new Durability(
          asked.level(),
          asked.where(),
          read + "; replication: no node answered as live, not read back");
    }
    String found =
        live.stream().map(ArtemisPair.Live::describe).collect(Collectors.joining("; "))
            + (live.size() > 1 ? "; WARNING " + live.size() + " live brokers (split brain)" : "");
    if (live.size() == 1 && live.get(0).replicated()) {
      return new Durability(
          asked.level(),
          "in the live broker's journal and its backup's (replication in sync)",
          read + "; replication: " + found);
    }
    return new Durability(
        asked.level(),
        "in the live broker's journal only: WARNING no backup in sync",
        read + "; replication: " + found);
  }
}
