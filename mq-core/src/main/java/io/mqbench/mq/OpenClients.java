package io.mqbench.mq;

import java.util.ArrayList;
import java.util.List;

/**
 * The senders and receivers an {@link Mq} handed out and must close with itself, and whether it is
 * closed: {@link #checkOpen} refuses a new client once {@link #closeAll} ran, which closes every
 * client still registered, newest first, once.
 *
 * <p>A client that closes on its own may {@link #remove} itself, so that a long run does not keep
 * every client it ever made. Thread-safe; no method blocks on anything but this object, except
 * {@link #closeAll} while it closes the clients.
 */
public final class OpenClients {
  private final String closedMessage;
  private final List<AutoCloseable> open = new ArrayList<>();
  // Volatile: checkOpen reads it without the lock, as senders may on every batch.
  private volatile boolean closed;

  /**
   * How {@link #closeAll} closes one client; a failure is ignored (closing the rest matters more).
   */
  @FunctionalInterface
  public interface Closing {
    /**
     * @param client a client still registered
     * @throws Exception ignored by {@link #closeAll}
     */
    void close(AutoCloseable client) throws Exception;
  }

  /**
   * @param closedMessage the message of the {@link MqException} that {@link #checkOpen} throws once
   *     closed, such as {@code "nats: the backend is closed"}
   */
  public OpenClients(String closedMessage) {
    this.closedMessage = closedMessage;
  }

  /**
   * @throws MqException with the message given at construction if {@link #closeAll} ran
   */
  public void checkOpen() {
    if (closed) {
      throw new MqException(closedMessage);
    }
  }

  /**
   * @return whether {@link #closeAll} ran
   */
  public boolean isClosed() {
    return closed;
  }

  /**
   * Registers a client for {@link #closeAll}. Should this have closed since the caller {@linkplain
   * #checkOpen checked}, the client is closed at once instead.
   *
   * @param client a sender or receiver just made
   * @param <C> its type
   * @return {@code client}
   * @throws MqException with the message given at construction if {@link #closeAll} ran
   */
  public synchronized <C extends AutoCloseable> C add(C client) {
    if (closed) {
      try {
        client.close();
      } catch (Exception e) {
        // closing what was just made; its failure changes nothing
      }
      throw new MqException(closedMessage);
    }
    open.add(client);
    return client;
  }

  /**
   * Forgets a client that closed on its own; one not registered is ignored.
   *
   * @param client a client
   */
  public synchronized void remove(AutoCloseable client) {
    open.remove(client);
  }

  /**
   * Marks this closed and closes every registered client with {@link AutoCloseable#close}.
   *
   * @return false if this was closed already (and nothing was done)
   */
  public boolean closeAll() {
    return closeAll(AutoCloseable::close);
  }

  /**
   * Marks this closed and closes every registered client, newest first, as {@code closing} says,
   * outside this object's lock (a client may {@link #remove} itself meanwhile).
   *
   * @param closing how to close one client
   * @return false if this was closed already (and nothing was done)
   */
  public boolean closeAll(Closing closing) {
    List<AutoCloseable> left;
    synchronized (this) {
      if (closed) {
        return false;
      }
      closed = true;
      left = new ArrayList<>(open);
      open.clear();
    }
    for (int i = left.size() - 1; i >= 0; i--) {
      try {
        closing.close(left.get(i));
      } catch (Exception e) {
        // closing the rest matters more
      }
    }
    return true;
  }
}
