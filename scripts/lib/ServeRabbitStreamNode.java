import io.mqbench.rabbitmq.RabbitNode;
import java.nio.file.Path;

/**
 * Starts the private RabbitMQ node the runner starts for {@code --queue rabbitmq-stream} (the
 * installed rabbitmq-server, its own node name, epmd, free ports on 127.0.0.1 and data directory,
 * the stream plugin enabled) for scripts/compare-rabbitmq-stream.sh, prints "STREAM_URI AMQP_URI"
 * on one line, and stops the node, deleting its data, when stdin closes. Run as a single source
 * file on the runner's jar, which holds the class: {@code java -cp mqbench.jar
 * ServeRabbitStreamNode.java}.
 */
public final class ServeRabbitStreamNode {
  private ServeRabbitStreamNode() {}

  public static void main(String[] args) throws Exception {
    Path bin =
        RabbitNode.installed()
            .orElseThrow(
                () -> new IllegalStateException("no rabbitmq-server installed (apt-get install rabbitmq-server)"));
    try (RabbitNode node = RabbitNode.withStreams(bin)) {
      node.start();
      System.out.println(node.streamUri() + " " + node.uri());
      System.out.flush();
      while (System.in.read() != -1) {
        // wait for the script to go away
      }
    }
  }
}
