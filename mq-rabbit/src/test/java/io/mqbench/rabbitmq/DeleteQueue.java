package io.mqbench.rabbitmq;

/**
 * Deletes a queue the comparison script made: {@code DeleteQueue URI QUEUE}. A quorum queue cannot
 * be auto-deleted, and neither PerfTest nor the runner removes what it declared.
 */
public final class DeleteQueue {
  private DeleteQueue() {}

  /**
   * @param args the broker's URI and the queue's name
   * @throws Exception if the broker cannot be reached
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: DeleteQueue URI QUEUE");
    }
    QueueDeletingMq.deleteQueue(args[0], args[1]);
  }
}
