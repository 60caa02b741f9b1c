package io.mqbench.artemis;

import io.mqbench.mq.Durability;
import javax.jms.Connection;
import javax.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;

/**
 * What a send's return means on the Artemis broker a run reaches, asked of its management address:
 * whether it persists messages, and whether its journal syncs a commit ({@code
 * journal-sync-transactional}, for {@code artemis.sendMode=transacted}) or a durable send ({@code
 * journal-sync-non-transactional}, for {@code sync}) before answering. Where management is closed
 * to the user, the journal's sync is as configured, not read back.
 */
final class ArtemisDurability {
  private ArtemisDurability() {}

  /**
   * @param asked what the settings declare
   * @return what was found, on a connection of its own closed before this returns
   * @throws io.mqbench.mq.MqException naming the broker if it cannot be reached
   */
  static Durability found(ArtemisSettings s, Durability asked) {
    if (asked.level() == Durability.Level.NONE) {
      return asked; // the send does not wait for the broker: nothing the broker does changes that
    }
    String sync =
        s.sendMode() == SendMode.TRANSACTED
            ? "journalSyncTransactional"
            : "journalSyncNonTransactional";
    try (ActiveMQConnectionFactory factory =
            new ActiveMQConnectionFactory(s.url(), s.user(), s.password());
        Connection c = factory.createConnection()) {
      Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      ClientSession core = ((ActiveMQSession) session).getCoreSession();
      ClientRequestor requestor = new ClientRequestor(core, SimpleString.of("activemq.management"));
      try {
        core.start();
        Object persistent = attribute(core, requestor, s, "persistenceEnabled");
        Object synced = attribute(core, requestor, s, sync);
        Object version = attribute(core, requestor, s, "version");
        if (persistent == null || synced == null) {
          return new Durability(
              asked.level(),
              asked.where(),
              "the management address did not answer: the journal's sync as configured, not read"
                  + " back");
        }
        String read =
            "Artemis "
                + version
                + " persistenceEnabled="
                + persistent
                + ", "
                + sync
                + "="
                + synced
                + " (management)";
        boolean fsyncs = Boolean.TRUE.equals(persistent) && Boolean.TRUE.equals(synced);
        return new Durability(
            fsyncs ? asked.level() : Durability.Level.MEMORY,
            fsyncs ? asked.where() : "in the live broker's memory",
            read);
      } finally {
        requestor.close();
      }
    } catch (ManagementRefused e) {
      return new Durability(
          asked.level(),
          asked.where(),
          "management refused ("
              + e.getMessage()
              + "): the journal's sync as configured, not"
              + " read back");
    } catch (Exception e) { // JMS, the core client and the requestor throw Exception

      throw Failures.of("read the broker's journal settings", e, s);
    }
  }

  /** The attribute's value; null when the management address did not answer in time. */
  private static Object attribute(
      ClientSession core, ClientRequestor requestor, ArtemisSettings s, String name)
      throws Exception {
    ClientMessage ask = core.createMessage(false);
    ManagementHelper.putAttribute(ask, ResourceNames.BROKER, name);
    ClientMessage reply = requestor.request(ask, s.callTimeout().toMillis());
    if (reply == null) {
      return null;
    }
    Object result = ManagementHelper.getResult(reply);
    if (!ManagementHelper.hasOperationSucceeded(reply)) {
      throw new ManagementRefused(String.valueOf(result));
    }
    return result;
  }

  /** The broker refused a management request: the user may not manage it. */
  private static final class ManagementRefused extends Exception {
    private static final long serialVersionUID = 1L;

    ManagementRefused(String why) {
      super(why);
    }
  }
}
