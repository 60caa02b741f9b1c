package io.mqbench.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ShutdownSignalException;
import io.mqbench.mq.Durability;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeoutException;

/**
 * What a publisher confirm means on the RabbitMQ queue a run uses, as far as AMQP lets a client
 * read it: the broker's version, and whether the queue has the configured type and arguments. AMQP
 * has no call that returns a queue's type; redeclaring the queue with the configured arguments
 * answers it, since the broker refuses a declaration that differs from the queue it has ({@code
 * PRECONDITION_FAILED}) and accepts an equal one without changing anything.
 */
final class RabbitDurability {
  private RabbitDurability() {}

  /**
   * @param asked what the settings declare
   * @return what was found, on a connection of its own closed before this returns
   * @throws io.mqbench.mq.MqException naming the broker if it cannot be reached
   */
  static Durability found(RabbitMqSettings settings, Durability asked) {
    Connection c = RabbitMq.connect(settings, "mqbench-durability");
    try {
      Object version = c.getServerProperties().get("version");
      String broker = "RabbitMQ " + (version == null ? "unknown" : version);
      String queue = "queue '" + settings.queue() + "'";
      if (!exists(c, settings)) {
        return new Durability(
            asked.level(),
            asked.where(),
            broker + ", " + queue + " not there: its type as configured, not read back");
      }
      String refused = redeclare(c, settings);
      if (refused == null) {
        return withMembers(
            settings,
            asked,
            broker
                + ", "
                + queue
                + " is x-queue-type="
                + settings.queueType()
                + " with the configured arguments (the broker accepted them redeclared)");
      }
      return new Durability(
          Durability.Level.UNDECLARED,
          "",
          broker + ", " + queue + " is not as configured: " + refused);
    } finally {
      RabbitMq.closeQuietly(c);
    }
  }

  /**
   * A replicated queue's members and leader, read from the cluster when it is a local one: where a
   * confirmed message is then says how many members the queue has, and fewer than asked is said.
   */
  private static Durability withMembers(RabbitMqSettings settings, Durability asked, String read) {
    if (settings.queueType() == QueueType.CLASSIC) {
      return new Durability(asked.level(), asked.where(), read);
    }
    if (!QueueStatus.readable(settings)) {
      return new Durability(
          asked.level(),
          asked.where(),
          read + "; members not read back (a broker given by address)");
    }
    QueueStatus status;
    try {
      status = QueueStatus.read(settings);
    } catch (MqException e) {
      return new Durability(
          asked.level(), asked.where(), read + "; members not read back (" + e.getMessage() + ")");
    }
    int members = status.members().size();
    String arg =
        settings.queueType() == QueueType.STREAM
            ? QueueMembers.STREAM_SIZE_ARG
            : QueueMembers.QUORUM_SIZE_ARG;
    Object wanted = settings.queueArgs().get(arg);
    String fewer =
        wanted instanceof Long w && w > members ? " (fewer than " + arg + "=" + w + ")" : "";
    return new Durability(
        asked.level(),
        QueueMembers.where(settings.queueType(), Optional.of(members)),
        read + "; " + status.describe() + fewer);
  }

  private static boolean exists(Connection c, RabbitMqSettings settings) {
    try (Channel ch = c.createChannel()) {
      ch.queueDeclarePassive(settings.queue());
      return true;
    } catch (IOException | TimeoutException | ShutdownSignalException e) {
      if (Failures.closeCode(e) == AMQP.NOT_FOUND) {
        return false;
      }
      throw Failures.operation("cannot look up queue '" + settings.queue() + "'", e, settings);
    }
  }

  /**
   * @return null when the broker accepted the declaration; else what it said
   */
  private static String redeclare(Connection c, RabbitMqSettings settings) {
    try (Channel ch = c.createChannel()) {
      ch.queueDeclare(settings.queue(), true, false, false, settings.declareArgs());
      return null;
    } catch (IOException | TimeoutException | ShutdownSignalException e) {
      if (Failures.closeCode(e) == AMQP.PRECONDITION_FAILED) {
        return Failures.closeText(e);
      }
      throw Failures.operation("cannot redeclare queue '" + settings.queue() + "'", e, settings);
    }
  }
}
