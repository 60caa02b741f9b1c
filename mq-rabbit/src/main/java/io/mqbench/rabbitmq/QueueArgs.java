package io.mqbench.rabbitmq;

import io.mqbench.config.ConfigException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The queue arguments passed through under {@code rabbitmq.queueArgs.}: checked, then typed. */
final class QueueArgs {
  /** A value the broker takes as a number. */
  static final Pattern WHOLE_NUMBER = Pattern.compile("-?\\d{1,18}");

  private QueueArgs() {}

  /**
   * Queue arguments as the broker expects them: numbers as numbers (x-max-length rejects text),
   * true/false as booleans, anything else as text.
   */
  static Map<String, Object> typed(Map<String, String> raw) {
    Map<String, Object> args = new LinkedHashMap<>();
    raw.forEach(
        (k, v) -> {
          String t = v.trim();
          if (WHOLE_NUMBER.matcher(t).matches()) {
            args.put(k, Long.parseLong(t));
          } else if (t.equals("true") || t.equals("false")) {
            args.put(k, Boolean.parseBoolean(t));
          } else {
            args.put(k, v);
          }
        });
    return args;
  }

  /**
   * Refuses queue arguments the broker would refuse when the queue is declared (a channel error at
   * open): the size limits and TTLs must be whole numbers (TTL and expiry from 0 and 1), and
   * x-overflow one of the broker's three policies.
   *
   * @param raw the pass-through arguments, without their prefix
   * @throws ConfigException naming the argument's key
   */
  static void check(Map<String, String> raw) {
    raw.forEach(
        (name, value) -> {
          String t = value.trim();
          long least =
              switch (name) {
                case "x-max-length", "x-max-length-bytes", "x-message-ttl", "x-delivery-limit" -> 0;
                case "x-expires" -> 1;
                default -> -1;
              };
          if (least >= 0 && (!WHOLE_NUMBER.matcher(t).matches() || Long.parseLong(t) < least)) {
            throw new ConfigException(
                RabbitMqSettings.QUEUE_ARGS_PREFIX
                    + name
                    + ": invalid value '"
                    + value
                    + "': expected a whole number from "
                    + least);
          }
          if (name.equals("x-overflow")
              && !List.of("drop-head", "reject-publish", "reject-publish-dlx").contains(t)) {
            throw new ConfigException(
                RabbitMqSettings.QUEUE_ARGS_PREFIX
                    + name
                    + ": invalid value '"
                    + value
                    + "': expected one of drop-head, reject-publish, reject-publish-dlx");
          }
        });
  }
}
