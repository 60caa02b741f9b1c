package io.mqbench.artemis;

import java.time.Duration;
import javax.jms.Connection;
import javax.jms.JMSException;
import javax.jms.Session;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;
import org.apache.activemq.artemis.jms.client.ActiveMQSession;

/**
 * The broker's management address, asked with core management messages (JMX is off on the local
 * broker): attributes and operations of its {@code ActiveMQServerControl}, on a connection of its
 * own.
 */
final class ArtemisManagement implements AutoCloseable {
  private final ActiveMQConnectionFactory factory;
  private final Connection connection;
  private final ClientSession core;
  private final ClientRequestor requestor;
  private final Duration timeout;

  private ArtemisManagement(
      ActiveMQConnectionFactory factory,
      Connection connection,
      ClientSession core,
      ClientRequestor requestor,
      Duration timeout) {
    this.factory = factory;
    this.connection = connection;
    this.core = core;
    this.requestor = requestor;
    this.timeout = timeout;
  }

  /**
   * @param url the connection factory URL
   * @param user the user, or null
   * @param password the password, or null
   * @param timeout how long a request waits for its answer
   * @return the open management address
   * @throws Exception if the broker cannot be reached or refuses the user
   */
  static ArtemisManagement open(String url, String user, String password, Duration timeout)
      throws Exception {
    ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url, user, password);
    Connection c = null;
    try {
      c = factory.createConnection();
      Session session = c.createSession(false, Session.AUTO_ACKNOWLEDGE);
      ClientSession core = ((ActiveMQSession) session).getCoreSession();
      ClientRequestor requestor = new ClientRequestor(core, SimpleString.of("activemq.management"));
      core.start();
      return new ArtemisManagement(factory, c, core, requestor, timeout);
    } catch (Exception e) {
      Failures.closeQuietly(c);
      factory.close();
      throw e;
    }
  }

  /**
   * One node of a pair alone, never failing over to the other, failing fast when it is down (a
   * passive backup opens no port).
   *
   * @param endpoint {@code host:port}
   * @param timeout for the connection and each request
   * @return its URL
   */
  static String nodeUrl(String endpoint, Duration timeout) {
    long ms = timeout.toMillis();
    return "tcp://"
        + endpoint
        + "?reconnectAttempts=0&initialConnectAttempts=1&callTimeout="
        + ms
        + "&"
        + TransportConstants.NETTY_CONNECT_TIMEOUT
        + "="
        + ms;
  }

  /**
   * @param name an attribute of the broker ({@code replicaSync})
   * @return its value; null when the management address did not answer in time
   * @throws Refused if the broker refused the request (the user may not manage it)
   * @throws Exception if the request could not be made
   */
  Object attribute(String name) throws Exception {
    ClientMessage ask = core.createMessage(false);
    ManagementHelper.putAttribute(ask, ResourceNames.BROKER, name);
    return answer(ask);
  }

  /**
   * @param name an operation of the broker without parameters ({@code listNetworkTopology})
   * @return its result; null when the management address did not answer in time
   * @throws Refused if the broker refused the request
   * @throws Exception if the request could not be made
   */
  Object operation(String name) throws Exception {
    ClientMessage ask = core.createMessage(false);
    ManagementHelper.putOperationInvocation(ask, ResourceNames.BROKER, name);
    return answer(ask);
  }

  private Object answer(ClientMessage ask) throws Exception {
    ClientMessage reply = requestor.request(ask, timeout.toMillis());
    if (reply == null) {
      return null;
    }
    Object result = ManagementHelper.getResult(reply);
    if (!ManagementHelper.hasOperationSucceeded(reply)) {
      throw new Refused(String.valueOf(result));
    }
    return result;
  }

  @Override
  public void close() {
    try {
      requestor.close();
    } catch (Exception e) {
      // closing with the connection below
    }
    try {
      connection.close();
    } catch (JMSException | RuntimeException e) {
      // the broker is gone: nothing left to close cleanly
    }
    factory.close();
  }

  /** The broker refused a management request: the user may not manage it. */
  static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String why) {
      super(why);
    }
  }
}
