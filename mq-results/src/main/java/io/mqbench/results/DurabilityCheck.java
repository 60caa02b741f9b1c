package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.mqbench.mq.Durability;
import java.util.Optional;

/**
 * The durability a run asked for beside what the broker was found doing, read back once before the
 * measured run and once after it ({@link io.mqbench.mq.MqProvider#durabilityFound}). A result
 * groups by {@link #effective()}: the weaker of what was asked and what was found, so that a broker
 * that cannot do what its settings ask is never counted with those that do.
 *
 * @param asked what the backend's settings declare
 * @param atStart what was found before the measured run; null when it could not be read back
 * @param atEnd what was found after it; null when it could not be read back
 */
public record DurabilityCheck(
    Durability asked,
    @JsonInclude(JsonInclude.Include.NON_NULL) Durability atStart,
    @JsonInclude(JsonInclude.Include.NON_NULL) Durability atEnd) {

  /** What an effective durability says when the broker could not be asked what it does. */
  public static final String NOT_READ_BACK = "as configured, not read back";

  /** Requires what was asked. */
  public DurabilityCheck {
    if (asked == null) {
      throw new IllegalArgumentException("a durability check needs what was asked");
    }
  }

  /**
   * @param asked what the backend's settings declare
   * @param atStart found before the measured run; empty when not read back
   * @param atEnd found after it; empty when not read back
   * @return the check
   */
  public static DurabilityCheck of(
      Durability asked, Optional<Durability> atStart, Optional<Durability> atEnd) {
    return new DurabilityCheck(asked, atStart.orElse(null), atEnd.orElse(null));
  }

  /**
   * @return true when both readings were made and their levels differ: the broker was reconfigured
   *     (or replaced) while the run went on, and its figures mix two promises. Readings that differ
   *     only in what could be read (a queue the run created, there at the end only) are no change.
   */
  @JsonIgnore
  public boolean changed() {
    return atStart != null && atEnd != null && atStart.level() != atEnd.level();
  }

  /**
   * @return the durability results group by: what was asked when the broker was found doing at
   *     least that (its settings then say what was read back, or {@value #NOT_READ_BACK}); else the
   *     weakest reading, its settings also naming what was asked
   */
  @JsonIgnore
  public Durability effective() {
    Durability found = weakestFound();
    if (found == null) {
      return new Durability(asked.level(), asked.where(), join(asked.settings(), NOT_READ_BACK));
    }
    if (asked.level().weaker(found.level()) == asked.level()) {
      return new Durability(
          asked.level(), asked.where(), join(asked.settings(), "read back: " + found.settings()));
    }
    return new Durability(
        found.level(),
        found.where(),
        join(found.settings(), "asked " + asked.level().key() + ": " + asked.settings()));
  }

  /** The weaker of the two readings; the one made when only one was. */
  private Durability weakestFound() {
    if (atStart == null || atEnd == null) {
      return atStart == null ? atEnd : atStart;
    }
    // Equally strong: the later one, which may have read what the first could not yet.
    return atStart.level().weaker(atEnd.level()) == atEnd.level() ? atEnd : atStart;
  }

  private static String join(String settings, String more) {
    return settings.isEmpty() ? more : settings + "; " + more;
  }
}
