package io.mqbench.engine.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Locale;

/**
 * The backend errors a run rode through instead of failing on them ({@link
 * io.mqbench.engine.RunSettings#reconnect()}): sends whose batch failed (its messages never counted
 * as sent), receives or acknowledgements that failed (what the receiver held comes back from the
 * queue), and how often a sender or receiver was created anew after one. Reports of several cells
 * add up.
 *
 * @param failedSends batches whose send failed
 * @param failedSendMessages the messages of those batches
 * @param failedReceives receive or acknowledge calls that failed
 * @param reconnects senders and receivers created anew after a failure
 * @param first the first error, as its message said; null if none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClientErrors(
    long failedSends, long failedSendMessages, long failedReceives, long reconnects, String first) {

  /** No error. */
  public static final ClientErrors NONE = new ClientErrors(0, 0, 0, 0, null);

  /**
   * @param other another cell's errors
   * @return both added; this one's first error wins
   */
  public ClientErrors plus(ClientErrors other) {
    return new ClientErrors(
        failedSends + other.failedSends,
        failedSendMessages + other.failedSendMessages,
        failedReceives + other.failedReceives,
        reconnects + other.reconnects,
        first != null ? first : other.first);
  }

  /**
   * @return true when nothing failed and nothing was reconnected
   */
  @JsonIgnore
  public boolean none() {
    return failedSends == 0 && failedReceives == 0 && reconnects == 0;
  }

  /**
   * @return one line for the terminal: {@code 3 sends failed (30 messages, not counted as sent), 2
   *     receives failed; 5 reconnects; first: connection reset}
   */
  public String describe() {
    return String.format(
        Locale.ROOT,
        "%,d send%s failed (%,d message%s, not counted as sent), %,d receive%s failed; %,d"
            + " reconnect%s%s",
        failedSends,
        failedSends == 1 ? "" : "s",
        failedSendMessages,
        failedSendMessages == 1 ? "" : "s",
        failedReceives,
        failedReceives == 1 ? "" : "s",
        reconnects,
        reconnects == 1 ? "" : "s",
        first == null ? "" : "; first: " + first);
  }
}
