package io.mqbench.nats;

import io.mqbench.mq.MqReceiver;
import io.mqbench.mq.Received;
import io.mqbench.mq.Unacknowledged;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.PullSubscribeOptions;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A receiver of the stream's durable pull consumer. It pulls only when {@link #receive} has nothing
 * at hand: one pull request for up to {@code max} messages that expires with the call's wait, and
 * returns as soon as the first message is there with whatever else has arrived. What that request
 * brings later is kept for the next call. A receiver that stops calling therefore stops taking
 * messages within one wait, and what it holds goes to the others when {@code nats.ackWait} ends (a
 * client that kept pulling in the background would go on taking them). An acknowledgement is an
 * explicit ack per message. Closing gives back at once (a nak) what it holds and did not
 * acknowledge.
 */
final class NatsReceiver implements MqReceiver {
  /** The shortest pull request: the server needs some time to answer even when it has messages. */
  private static final Duration SHORTEST_PULL = Duration.ofMillis(10);

  private final NatsSettings settings;
  private final Connection connection;
  private final JetStreamSubscription subscription;
  private final Unacknowledged<Message> handedOut =
      new Unacknowledged<>("nats: the receiver is closed");
  private int requested; // messages the open pull request may still bring
  private long requestEndsNanos;

  /** A message handed out; acknowledging it acks the JetStream message. */
  private record Delivery(Message message, byte[] body) implements Received {}

  private NatsReceiver(
      NatsSettings settings, Connection connection, JetStreamSubscription subscription) {
    this.settings = settings;
    this.connection = connection;
    this.subscription = subscription;
  }

  static NatsReceiver start(NatsSettings settings, Connection connection) {
    try {
      JetStreamSubscription subscription =
          connection
              .jetStream()
              // Bound to the durable consumer, whatever its filter: no subject of its own.
              .subscribe(null, PullSubscribeOptions.bind(settings.stream(), settings.consumer()));
      return new NatsReceiver(settings, connection, subscription);
    } catch (IOException | JetStreamApiException | RuntimeException e) {
      NatsMq.close(connection);
      throw NatsMq.failure(settings, "cannot consume from stream '" + settings.stream() + "'", e);
    }
  }

  @Override
  public List<Received> receive(int max, Duration wait) throws InterruptedException {
    handedOut.checkOpen();
    if (max < 1) {
      return List.of();
    }
    List<Message> got = new ArrayList<>();
    try {
      takeArrived(got, max);
      if (got.isEmpty()) {
        long now = System.nanoTime();
        if (requested < max || now - requestEndsNanos >= 0) {
          Duration expires = wait.compareTo(SHORTEST_PULL) < 0 ? SHORTEST_PULL : wait;
          subscription.pullExpiresIn(max, expires);
          requested = max;
          requestEndsNanos = now + expires.toNanos();
        }
        Duration first = wait.isZero() || wait.isNegative() ? SHORTEST_PULL : wait;
        Message m = subscription.nextMessage(first);
        if (m != null) {
          got.add(m);
          requested--;
          takeArrived(got, max);
        }
      }
    } catch (IllegalStateException e) {
      throw NatsMq.failure(settings, "cannot read stream '" + settings.stream() + "'", e);
    }
    List<Received> out = new ArrayList<>(got.size());
    for (Message m : got) {
      handedOut.handedOut(m);
      byte[] data = m.getData();
      out.add(new Delivery(m, data == null ? new byte[0] : data));
    }
    return out;
  }

  /** Adds what has arrived already, without waiting, up to {@code max} in all. */
  private void takeArrived(List<Message> into, int max) throws InterruptedException {
    while (into.size() < max && subscription.getPendingMessageCount() > 0) {
      Message m = subscription.nextMessage(Duration.ofMillis(1));
      if (m == null) {
        return;
      }
      if (m.isJetStream()) {
        into.add(m);
        requested--;
      }
    }
  }

  @Override
  public void ack(List<Received> messages) {
    for (Received r : messages) {
      Message m = ((Delivery) r).message();
      try {
        m.ack();
      } catch (IllegalStateException e) {
        throw NatsMq.failure(settings, "cannot acknowledge", e);
      }
      handedOut.acknowledged(m);
    }
  }

  /**
   * Gives back (nak) what it holds and did not acknowledge; keeps the connection until its open
   * pull request has ended, giving back whatever that still brings (the server may hand a nak'd
   * message to it), so that the messages go to other receivers at once rather than after {@code
   * nats.ackWait}. Idempotent.
   */
  @Override
  public void close() {
    handedOut.close(this::giveBack, () -> NatsMq.close(connection));
  }

  /** Naks what it holds and whatever its open pull request still brings. */
  private void giveBack(List<Message> held) throws Exception {
    List<Message> back = new ArrayList<>(held);
    takeArrived(back, Integer.MAX_VALUE);
    back.forEach(Message::nak);
    while (System.nanoTime() - requestEndsNanos < 0) {
      Message late = subscription.nextMessage(Duration.ofMillis(20));
      if (late != null && late.isJetStream()) {
        late.nak();
      }
    }
    connection.flush(settings.requestTimeout());
  }
}
