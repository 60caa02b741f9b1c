package io.mqbench.artemis;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.api.core.Interceptor;
import org.apache.activemq.artemis.core.protocol.core.Packet;
import org.apache.activemq.artemis.core.protocol.core.impl.PacketImpl;
import org.apache.activemq.artemis.spi.core.protocol.RemotingConnection;

/**
 * Counts the acknowledgement packets the client sends, as an outgoing interceptor the client
 * creates by name ({@code artemis.url.outgoingInterceptorList}); hence the counts are static.
 */
public final class AckPacketCounter implements Interceptor {
  static final AtomicInteger INDIVIDUAL = new AtomicInteger();
  static final AtomicInteger CUMULATIVE = new AtomicInteger();

  static void reset() {
    INDIVIDUAL.set(0);
    CUMULATIVE.set(0);
  }

  @Override
  public boolean intercept(Packet packet, RemotingConnection connection) {
    if (packet.getType() == PacketImpl.SESS_INDIVIDUAL_ACKNOWLEDGE) {
      INDIVIDUAL.incrementAndGet();
    } else if (packet.getType() == PacketImpl.SESS_ACKNOWLEDGE) {
      CUMULATIVE.incrementAndGet();
    }
    return true;
  }
}
