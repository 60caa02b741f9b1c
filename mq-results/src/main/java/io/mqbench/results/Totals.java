package io.mqbench.results;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.soabase.recordbuilder.core.RecordBuilder;

/**
 * The run's totals and rates. Every component has a generated {@code with…} copy ({@link
 * TotalsBuilder.With}), and {@link TotalsBuilder} builds one from scratch (components not given are
 * 0 or false).
 *
 * @param sent messages acknowledged to senders
 * @param received deliveries of this run's messages, duplicates included
 * @param distinct distinct messages delivered
 * @param lost acknowledged messages proven lost: never delivered although the queue was drained
 *     (receivers ran to their idle end without failure or interrupt, or a settle drain completed)
 * @param unsettled acknowledged messages neither delivered nor proven lost: the run failed or was
 *     interrupted (or had no receivers) and the queue could not be drained afterwards; they may
 *     still be in the queue ({@code mqbench drain} looks)
 * @param settled acknowledged messages that a settle drain found in the queue after a failure or
 *     interrupt; included in {@code received} and {@code distinct}
 * @param duplicates deliveries beyond the first of a message
 * @param foreign bodies received that were not this run's messages (leftovers of earlier runs)
 * @param unacknowledgedDelivered delivered messages whose send was not acknowledged
 * @param sendSeconds from the start to the last acknowledged send
 * @param receiveSeconds from the receivers' start to the last delivery; send-then-drain: from the
 *     first delivery of the drain to the last
 * @param sentPerSecond {@code sent / sendSeconds}
 * @param receivedPerSecond {@code received / receiveSeconds}: in a send-then-drain run, the drain
 *     rate
 * @param drainStartSeconds send-then-drain: from the start to the drain's start; 0 otherwise
 * @param drainWaitSeconds send-then-drain: from the drain's start to its first delivery
 *     (connecting, a consumer group's join); 0 otherwise
 * @param endedIdle true if receivers stopped because nothing more arrived
 * @param endToEndPerSecond senders and receivers together: messages received while senders were
 *     sending, per second of sending; what the queue moved end to end in steady state. 0 in a
 *     send-then-drain, send-only or receive-only run
 * @param sendersHeldShare the share of the sending time senders were held back because the backlog
 *     was above {@code --max-backlog} (0 to 1): above a tenth, the receiving side set the pace
 * @param sentBytes the bytes of the messages acknowledged to senders, envelopes included: the sizes
 *     actually sent, whatever mix was asked for; 0 in results written before sizes were counted
 * @param sentBytesPerSecond {@code sentBytes / sendSeconds}
 * @param minMessageBytes the smallest message acknowledged; 0 if none (or not counted)
 * @param maxMessageBytes the largest message acknowledged; 0 if none (or not counted)
 */
@RecordBuilder
public record Totals(
    long sent,
    long received,
    long distinct,
    long lost,
    long unsettled,
    long settled,
    long duplicates,
    long foreign,
    long unacknowledgedDelivered,
    double sendSeconds,
    double receiveSeconds,
    double sentPerSecond,
    double receivedPerSecond,
    double drainStartSeconds,
    double drainWaitSeconds,
    boolean endedIdle,
    double endToEndPerSecond,
    double sendersHeldShare,
    long sentBytes,
    double sentBytesPerSecond,
    int minMessageBytes,
    int maxMessageBytes)
    implements TotalsBuilder.With {

  /** The totals of a run that measured nothing: every count and rate 0. */
  public static final Totals NONE = TotalsBuilder.builder().build();

  /**
   * @return the mean size of the messages acknowledged, bytes; 0 when none (or not counted)
   */
  @JsonIgnore
  public double meanMessageBytes() {
    return sent > 0 && sentBytes > 0 ? (double) sentBytes / sent : 0;
  }
}
