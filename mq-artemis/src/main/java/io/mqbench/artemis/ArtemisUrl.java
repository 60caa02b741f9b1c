package io.mqbench.artemis;

import io.mqbench.config.ConfigException;
import io.mqbench.config.Suggestions;
import java.beans.IntrospectionException;
import java.beans.Introspector;
import java.beans.PropertyDescriptor;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.apache.activemq.artemis.core.remoting.impl.netty.TransportConstants;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * The checks on {@code artemis.url} and on the client URL parameters passed through under {@code
 * artemis.url.}: what the client would otherwise take silently or fail on late.
 */
final class ArtemisUrl {
  /** URL parameters this backend sets from its own keys; passing them through would fight those. */
  private static final Map<String, String> OWN_PARAMETERS =
      Map.of(
          "user", ArtemisSettings.USER.name(),
          "password", ArtemisSettings.PASSWORD.name(),
          "consumerWindowSize", ArtemisSettings.CONSUMER_WINDOW.name(),
          "confirmationWindowSize", ArtemisSettings.CONFIRMATION_WINDOW.name(),
          "callTimeout", ArtemisSettings.CALL_TIMEOUT.name());

  private static final Pattern ENDPOINT = Pattern.compile("tcp://([^/:?,()]+):(\\d{1,5})");

  private ArtemisUrl() {}

  /**
   * The {@code host:port} of every broker in a URL, checking its form.
   *
   * @param url {@code tcp://host:port[?params]} or {@code (tcp://h:p,tcp://h:p)[?params]}
   * @return {@code host:port[,host:port]}
   * @throws ConfigException naming {@link ArtemisSettings#URL} when the URL is not of that form
   */
  static String endpoints(String url) {
    String u = url.trim();
    int q = u.indexOf('?');
    String hosts = q < 0 ? u : u.substring(0, q);
    if (hosts.startsWith("(") && hosts.endsWith(")")) {
      hosts = hosts.substring(1, hosts.length() - 1);
    }
    List<String> out = new ArrayList<>();
    for (String h : hosts.split(",", -1)) {
      var m = ENDPOINT.matcher(h.trim());
      int port = m.matches() ? Integer.parseInt(m.group(2)) : 0;
      if (port < 1 || port > 65535) {
        throw new ConfigException(
            ArtemisSettings.URL.name()
                + ": invalid value '"
                + url
                + "': expected tcp://host:port or (tcp://host:port,tcp://host:port), optionally"
                + " with ?parameters");
      }
      out.add(m.group(1) + ":" + port);
    }
    if (q >= 0) {
      try {
        new URI("tcp://x" + u.substring(q));
      } catch (URISyntaxException e) {
        throw new ConfigException(
            ArtemisSettings.URL.name() + ": invalid parameters in '" + url + "'");
      }
    }
    return String.join(",", out);
  }

  /**
   * Rejects a pass-through URL parameter the client does not know, or one this backend sets from a
   * key of its own, so that a typo fails instead of being ignored.
   *
   * @param passThrough parameter name to value, without the prefix
   * @throws ConfigException naming the parameter, with the closest known name
   */
  static void checkUrlParameters(Map<String, String> passThrough) {
    Set<String> known = knownParameters();
    for (String name : passThrough.keySet()) {
      String own = OWN_PARAMETERS.get(name);
      if (own != null) {
        throw new ConfigException(
            ArtemisSettings.URL_PREFIX
                + name
                + ": set by the key "
                + own
                + "; give that key instead");
      }
      if (!known.contains(name)) {
        String closest =
            Suggestions.closest(name, known)
                .map(k -> "; did you mean " + ArtemisSettings.URL_PREFIX + k + "?")
                .orElse("");
        throw new ConfigException(
            "unknown Artemis client URL parameter '"
                + ArtemisSettings.URL_PREFIX
                + name
                + "'"
                + closest);
      }
    }
  }

  /** The connector's transport keys and every writable property of the connection factory. */
  static Set<String> knownParameters() {
    Set<String> known = new TreeSet<>(TransportConstants.ALLOWABLE_CONNECTOR_KEYS);
    try {
      for (PropertyDescriptor p :
          Introspector.getBeanInfo(ActiveMQConnectionFactory.class).getPropertyDescriptors()) {
        if (p.getWriteMethod() != null) {
          known.add(p.getName());
        }
      }
    } catch (IntrospectionException e) {
      throw new IllegalStateException("cannot list the Artemis connection factory's settings", e);
    }
    return known;
  }
}
