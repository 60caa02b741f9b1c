package io.mqbench.runner.cli.process;

import io.mqbench.broker.ScratchDirectory;
import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Optional;

/**
 * Where the broker clients' own log lines go (Kafka's, Lettuce's, the AWS SDK's, through
 * slf4j-simple): a file, never the terminal, where a client's warning about a reconnect would bury
 * the results. The file lives in a scratch directory of this process (a child JVM of the load
 * inherits it with the other system properties under {@code exec:java}, and makes its own
 * otherwise); after each run it is copied into the run's results folder when it holds anything, and
 * a run that did not end well names the copy. A user who sets {@value #PROPERTY} (to {@code
 * System.err}, say) keeps that choice; so does a worker, whose stderr is its log.
 */
public final class ClientLog {
  /** slf4j-simple's setting: a file name, {@code System.err} or {@code System.out}. */
  public static final String PROPERTY = "org.slf4j.simpleLogger.logFile";

  /** The scratch directory's name start. */
  private static final String PREFIX = "mqbench-runner-";

  /** The log's name, in the scratch directory and in a results folder. */
  public static final String FILE_NAME = "clients.log";

  private ClientLog() {}

  /**
   * Points the clients' log at a file of a new scratch directory, deleted when this JVM exits,
   * unless the log was pointed somewhere already (by the user, or by the parent of this JVM). Call
   * it before anything logs: slf4j-simple reads the setting once.
   *
   * @param properties this JVM's system properties as the user gave them
   */
  public static void install(Map<String, String> properties) {
    if (properties.containsKey(ChildJvm.PARENT_PROPERTY)) {
      // The load's JVM: a launcher killed with SIGKILL cannot delete its own directory, so this
      // JVM does at its end (which the launcher's death brings), once that owner is gone.
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(() -> ScratchDirectory.removeAbandoned(PREFIX), "mqbench-launcher-log"));
    }
    if (properties.containsKey(PROPERTY)) {
      return;
    }
    ScratchDirectory scratch;
    try {
      scratch = ScratchDirectory.create(PREFIX);
    } catch (MqException e) {
      return; // no place for the file: the clients' lines stay on stderr, as configured
    }
    Runtime.getRuntime().addShutdownHook(new Thread(scratch::close, "mqbench-client-log"));
    System.setProperty(PROPERTY, scratch.path().resolve(FILE_NAME).toString());
  }

  /**
   * @return the file the clients log to, if they log to a file
   */
  public static Optional<Path> file() {
    String where = System.getProperty(PROPERTY);
    return where == null || where.startsWith("System.")
        ? Optional.empty()
        : Optional.of(Path.of(where));
  }

  /**
   * Copies the clients' log, if it holds anything, into a results folder.
   *
   * @param log the clients' log file
   * @param folder a run's results folder
   * @return the copy; empty if the log is empty or missing, or could not be copied
   */
  public static Optional<Path> copyInto(Path log, Path folder) {
    try {
      if (!Files.isRegularFile(log) || Files.size(log) == 0) {
        return Optional.empty();
      }
      Files.createDirectories(folder);
      return Optional.of(
          Files.copy(log, folder.resolve(FILE_NAME), StandardCopyOption.REPLACE_EXISTING));
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
