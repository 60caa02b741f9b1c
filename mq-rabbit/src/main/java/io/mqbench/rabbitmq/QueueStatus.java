package io.mqbench.rabbitmq;

import io.mqbench.mq.MqException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A queue's members and leader as the broker reports them ({@code rabbitmqctl list_queues name type
 * leader members online --formatter json}), asked of a private node this JVM started: AMQP has no
 * call that answers it. A classic queue has no members nor leader in that list.
 *
 * @param type the queue's type: quorum, classic or stream
 * @param leader the node leading it now; empty when none (an election under way, a classic queue)
 * @param members the nodes holding a copy
 * @param online those of them that run now
 */
record QueueStatus(String type, String leader, List<String> members, List<String> online) {
  /** A stopped node fails at once, a frozen one does not: asked for this long at most. */
  private static final long QUERY_SECONDS = 15;

  private static final Pattern ENTRY =
      Pattern.compile(
          "\\{\"name\":\"((?:[^\"\\\\]|\\\\.)*)\",\"type\":\"([^\"]*)\",\"leader\":\"([^\"]*)\","
              + "\"members\":(\\[[^\\]]*\\]|\"\"),\"online\":(\\[[^\\]]*\\]|\"\")\\}");
  private static final Pattern STRING = Pattern.compile("\"([^\"]*)\"");

  QueueStatus {
    members = List.copyOf(members);
    online = List.copyOf(online);
  }

  /**
   * @param settings the backend's settings
   * @return whether the settings point at a private node of this JVM, which {@link #read} can ask
   */
  static boolean readable(RabbitMqSettings settings) {
    return !LocalNodes.at(settings.addresses()).isEmpty();
  }

  /**
   * Asks the first running private node the settings point at, then the others.
   *
   * @param settings the backend's settings, naming the queue and its vhost
   * @return the queue's status
   * @throws MqException if no node answers, or the queue is not there
   */
  static QueueStatus read(RabbitMqSettings settings) {
    return read(
        LocalNodes.at(settings.addresses()), settings.factory().getVirtualHost(), settings.queue());
  }

  /**
   * Asks the first of the nodes that runs, then the others.
   *
   * @param localNodes private nodes of this JVM, members of the queue's cluster
   * @param vhost the queue's virtual host
   * @param queue the queue's (or stream's) name
   * @return the queue's status
   * @throws MqException if no node answers, or the queue is not there
   */
  static QueueStatus read(List<RabbitNode> localNodes, String vhost, String queue) {
    return find(localNodes, vhost, queue)
        .orElseThrow(
            () -> new MqException("rabbitmq: queue '" + queue + "' is not on the cluster"));
  }

  /**
   * As {@link #read(List, String, String)}, for a queue that may not be there yet.
   *
   * @return the queue's status; empty when the cluster has no such queue
   * @throws MqException if no node answers
   */
  static Optional<QueueStatus> find(List<RabbitNode> localNodes, String vhost, String queue) {
    List<RabbitNode> nodes = new ArrayList<>(localNodes);
    nodes.sort((a, b) -> Boolean.compare(!a.isRunning(), !b.isRunning()));
    MqException last = new MqException("rabbitmq: no private node to ask about the queue");
    for (RabbitNode node : nodes) {
      String out;
      try {
        out =
            node.query(
                QUERY_SECONDS,
                "list_queues",
                "-q",
                "-p",
                vhost,
                "name",
                "type",
                "leader",
                "members",
                "online",
                "--formatter",
                "json");
      } catch (MqException e) {
        last = e;
        continue;
      }
      return parse(out, queue);
    }
    throw last;
  }

  /**
   * @param json what {@code list_queues ... --formatter json} printed
   * @param queue the queue's name
   * @return its entry, if listed
   */
  static Optional<QueueStatus> parse(String json, String queue) {
    Matcher m = ENTRY.matcher(json);
    while (m.find()) {
      if (unescape(m.group(1)).equals(queue)) {
        return Optional.of(
            new QueueStatus(m.group(2), m.group(3), strings(m.group(4)), strings(m.group(5))));
      }
    }
    return Optional.empty();
  }

  private static List<String> strings(String array) {
    List<String> out = new ArrayList<>();
    if (array.startsWith("[")) {
      Matcher m = STRING.matcher(array);
      while (m.find()) {
        out.add(m.group(1));
      }
    }
    return out;
  }

  private static String unescape(String s) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c != '\\' || i + 1 == s.length()) {
        b.append(c);
        continue;
      }
      char e = s.charAt(++i);
      switch (e) {
        case 'n' -> b.append('\n');
        case 't' -> b.append('\t');
        case 'r' -> b.append('\r');
        case 'b' -> b.append('\b');
        case 'f' -> b.append('\f');
        case 'u' -> {
          b.append((char) Integer.parseInt(s.substring(i + 1, Math.min(s.length(), i + 5)), 16));
          i += 4;
        }
        default -> b.append(e);
      }
    }
    return b.toString();
  }

  /**
   * @return the members, how many run, and the leader, as a run's durability says them
   */
  String describe() {
    return members.size()
        + " member(s), "
        + online.size()
        + " online, leader "
        + (leader.isEmpty() ? "none now" : leader)
        + " (rabbitmqctl list_queues)";
  }
}
