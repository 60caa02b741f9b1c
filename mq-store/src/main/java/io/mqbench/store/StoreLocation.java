package io.mqbench.store;

import io.mqbench.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Where a store is: a SQLite file (the default, a path) or a PostgreSQL server ({@code
 * jdbc:postgresql://host:port/db?user=...}), and how to connect to it.
 *
 * @param url the JDBC URL
 * @param shown how it is shown to people: the file, or the URL without credentials
 * @param sqlite true for a SQLite file
 */
public record StoreLocation(String url, String shown, boolean sqlite) {
  private static final String POSTGRES = "jdbc:postgresql:";
  private static final String SQLITE = "jdbc:sqlite:";

  /**
   * @param given a file's path, {@code jdbc:sqlite:FILE} or {@code jdbc:postgresql://...}
   * @return where it is
   * @throws ConfigException in one line when it is neither, or the file's folder cannot be made
   */
  public static StoreLocation parse(String given) {
    if (given == null || given.isBlank()) {
      throw new ConfigException("--store must name a file or a jdbc:postgresql:// URL, was empty");
    }
    if (given.startsWith(POSTGRES)) {
      return new StoreLocation(given, io.mqbench.config.Secrets.redact(given), false);
    }
    if (given.startsWith("jdbc:")) {
      if (!given.startsWith(SQLITE)) {
        throw new ConfigException(
            "--store "
                + given
                + ": a store is a SQLite file (a path) or a PostgreSQL server (jdbc:postgresql://"
                + "HOST:PORT/DB?user=...), not "
                + given.substring(
                    0, given.indexOf(':', 5) < 0 ? given.length() : given.indexOf(':', 5)));
      }
      return file(Path.of(given.substring(SQLITE.length())));
    }
    return file(Path.of(given));
  }

  private static StoreLocation file(Path file) {
    if (Files.isDirectory(file)) {
      throw new ConfigException(
          "--store "
              + file
              + " is a folder: give the store's file, such as "
              + file.resolve("mqbench.db"));
    }
    Path abs = file.toAbsolutePath().normalize();
    return new StoreLocation(SQLITE + abs, abs.toString(), true);
  }

  /**
   * @return what the driver is given beside the URL: for SQLite, the journal that lets readers and
   *     one writer at a time in from several processes and keeps every committed run when a process
   *     dies, a wait for the lock instead of an error, and write transactions that take the lock as
   *     they begin, so that two writers never deadlock on upgrading a read lock
   */
  Properties properties() {
    Properties p = new Properties();
    if (sqlite) {
      p.setProperty("journal_mode", "WAL");
      p.setProperty("synchronous", "FULL");
      p.setProperty("busy_timeout", "60000");
      p.setProperty("transaction_mode", "IMMEDIATE");
    }
    return p;
  }

  /**
   * @return the SQLite file, or null for a server
   */
  public Path file() {
    return sqlite ? Path.of(url.substring(SQLITE.length())) : null;
  }
}
