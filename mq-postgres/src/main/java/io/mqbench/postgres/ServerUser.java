package io.mqbench.postgres;

import io.mqbench.mq.MqException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * PostgreSQL's programs ({@code initdb}, {@code pg_basebackup}, {@code pg_rewind}, {@code
 * postgres}) run as the {@code postgres} system user when this JVM is root, since PostgreSQL
 * refuses to run as root: through {@code setpriv}, which changes the user and then executes the
 * program itself (unlike {@code runuser} or {@code su}, which stay as a parent that turns a stop
 * into a kill two seconds later). Otherwise they run as the current user.
 */
final class ServerUser {
  static final String SYSTEM_USER = "postgres";

  private ServerUser() {}

  static boolean runningAsRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  /**
   * @return the command prefix that runs a program as the postgres system user when this JVM is
   *     root; empty otherwise
   */
  static List<String> prefix() {
    if (!runningAsRoot()) {
      return List.of();
    }
    return List.of(
        "setpriv", "--reuid=" + SYSTEM_USER, "--regid=" + SYSTEM_USER, "--init-groups", "--");
  }

  /**
   * Hands a file or directory to the postgres system user (when root).
   *
   * @throws MqException if there is no such user
   */
  static void handOver(Path path) throws IOException {
    if (!runningAsRoot()) {
      return;
    }
    UserPrincipalLookupService users = path.getFileSystem().getUserPrincipalLookupService();
    try {
      Files.setOwner(path, users.lookupPrincipalByName(SYSTEM_USER));
      GroupPrincipal group = users.lookupPrincipalByGroupName(SYSTEM_USER);
      Files.getFileAttributeView(path, PosixFileAttributeView.class).setGroup(group);
    } catch (java.nio.file.attribute.UserPrincipalNotFoundException e) {
      throw new MqException(
          "postgres: PostgreSQL refuses to run as root, and there is no '"
              + SYSTEM_USER
              + "' system user to run it as (the postgresql package creates it)");
    }
  }

  /**
   * Runs one of PostgreSQL's programs to its end, as the server's user.
   *
   * @param what the program, for messages: {@code "initdb"}
   * @param command its command line, without the prefix
   * @param directory its working directory, where its log goes too ({@code <what>.log})
   * @param env variables added to its environment
   * @throws MqException if it fails or does not finish within 120 s, with its log's last lines
   */
  static void run(String what, List<String> command, Path directory, Map<String, String> env)
      throws InterruptedException, IOException {
    List<String> full = new ArrayList<>(prefix());
    full.addAll(command);
    Path log = directory.resolve(what + ".log");
    ProcessBuilder b =
        new ProcessBuilder(full)
            .directory(directory.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    b.environment().putAll(env);
    Process p = b.start();
    if (!p.waitFor(120, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new MqException("postgres: " + what + " did not finish within 120 s (" + log + ")");
    }
    if (p.exitValue() != 0) {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      throw new MqException(
          "postgres: "
              + what
              + " failed with status "
              + p.exitValue()
              + ": "
              + String.join(" | ", lines.subList(Math.max(0, lines.size() - 5), lines.size())));
    }
  }
}
