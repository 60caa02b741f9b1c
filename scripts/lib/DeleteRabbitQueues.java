import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;

/**
 * Deletes the queues scripts/compare-rabbitmq.sh declared (a quorum queue cannot be auto-deleted,
 * and neither PerfTest nor the runner removes what it declared). Run as a single source file on
 * PerfTest's classpath, which holds amqp-client: {@code java -cp CP DeleteRabbitQueues.java URI
 * QUEUE...}. Prints one line per queue; a queue that does not exist counts as deleted.
 */
public final class DeleteRabbitQueues {
  private DeleteRabbitQueues() {}

  public static void main(String[] args) throws Exception {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setUri(args[0]);
    factory.setAutomaticRecoveryEnabled(false);
    try (Connection connection = factory.newConnection("mqbench-compare-cleanup")) {
      for (int i = 1; i < args.length; i++) {
        try (Channel channel = connection.createChannel()) {
          int left = channel.queueDelete(args[i]).getMessageCount();
          System.out.println("deleted queue " + args[i] + " (" + left + " messages left in it)");
        }
      }
    }
  }
}
