package io.mqbench.postgres;

import io.mqbench.mq.Errors;
import io.mqbench.mq.MqException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.postgresql.Driver;

/**
 * Where the primary is now: of the hosts {@code postgres.url} names, the first that answers and is
 * not in recovery ({@code pg_is_in_recovery()}); the one host of a URL that names one.
 */
final class PostgresPrimary {
  private PostgresPrimary() {}

  /**
   * @param settings the backend's settings
   * @return the primary's {@code host:port}, as the URL names it
   * @throws MqException in one line if no host answers as a primary
   */
  static String address(PostgresSettings settings) {
    List<String> hosts = PostgresSettings.hosts(settings.url());
    if (hosts.size() == 1) {
      return hosts.get(0);
    }
    StringBuilder seen = new StringBuilder();
    for (String host : hosts) {
      String url = "jdbc:postgresql://" + host + "/" + settings.database();
      try (Connection c = new Driver().connect(url, settings.connectionProperties());
          Statement s = c.createStatement();
          ResultSet r = s.executeQuery("SELECT pg_is_in_recovery()")) {
        r.next();
        if (!r.getBoolean(1)) {
          return host;
        }
        seen.append("; ").append(host).append(" a standby");
      } catch (SQLException e) {
        seen.append("; ").append(host).append(": ").append(Errors.rootMessage(e));
      }
    }
    throw new MqException("postgres: none of " + settings.address() + " is a primary now" + seen);
  }
}
