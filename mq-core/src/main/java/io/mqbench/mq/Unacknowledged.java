package io.mqbench.mq;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a receiver handed out and has not had acknowledged yet, and whether the receiver is closed:
 * the bookkeeping of a receiver that, when it closes, gives back what it still holds, so that other
 * receivers get those messages at once rather than after the queue's visibility timeout.
 *
 * <p>Not thread-safe: a receiver is used by one thread, as {@link MqReceiver} requires.
 *
 * @param <K> how the receiver names a message to the server (an id, or the client's message)
 */
public final class Unacknowledged<K> {
  private final String closedMessage;
  private final Set<K> held = new LinkedHashSet<>();
  private boolean closed;

  /**
   * How a closing receiver gives messages back; a failure is ignored, as the server delivers them
   * again when their visibility timeout ends.
   *
   * @param <K> how the receiver names a message
   */
  @FunctionalInterface
  public interface GiveBack<K> {
    /**
     * @param held what was handed out and not acknowledged, in the order it was, possibly none
     * @throws Exception ignored, and an {@link InterruptedException} keeps the thread interrupted
     */
    void giveBack(List<K> held) throws Exception;
  }

  /**
   * @param closedMessage the message of the {@link MqException} that {@link #checkOpen} throws once
   *     closed, such as {@code "redis: the receiver is closed"}
   */
  public Unacknowledged(String closedMessage) {
    this.closedMessage = closedMessage;
  }

  /**
   * @throws MqException with the message given at construction once {@link #close} ran
   */
  public void checkOpen() {
    if (closed) {
      throw new MqException(closedMessage);
    }
  }

  /**
   * @param message a message just handed out
   */
  public void handedOut(K message) {
    held.add(message);
  }

  /**
   * @param message a message the server took as acknowledged
   */
  public void acknowledged(K message) {
    held.remove(message);
  }

  /**
   * @param messages messages the server took as acknowledged
   */
  public void acknowledged(Collection<? extends K> messages) {
    // Not removeAll: on a set no larger than the list it scans the list for every element.
    for (K message : messages) {
      held.remove(message);
    }
  }

  /**
   * Closes once: gives back what is held, then, whatever that did, runs {@code disconnect}.
   *
   * @param giveBack gives the messages back to the server
   * @param disconnect closes the receiver's connection
   * @return false if closed already (and nothing was done)
   */
  public boolean close(GiveBack<K> giveBack, Runnable disconnect) {
    if (closed) {
      return false;
    }
    closed = true;
    List<K> back = new ArrayList<>(held);
    held.clear();
    try {
      giveBack.giveBack(back);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (Exception e) {
      // what is not given back now is delivered again after the visibility timeout
    } finally {
      disconnect.run();
    }
    return true;
  }
}
