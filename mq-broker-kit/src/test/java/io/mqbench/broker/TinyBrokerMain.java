package io.mqbench.broker;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A broker for the template's tests: binds its first port on the launch file's host and answers
 * every connection with {@code tiny <node>}. With {@code fail=true} it exits at once with status 3;
 * with {@code record} and {@code results} set, its JVM's shutdown writes to {@code record} whether
 * {@code results} existed by then.
 *
 * <p>Copied alone into a jar by the tests (JDK only, no nested or anonymous classes).
 */
public final class TinyBrokerMain {
  private TinyBrokerMain() {}

  /**
   * @param args the launch file
   * @throws Exception if the launch file cannot be read or the port cannot be bound
   */
  public static void main(String[] args) throws Exception {
    LaunchFile launch = LaunchFile.read(args);
    if (Boolean.parseBoolean(launch.get("fail", "false"))) {
      System.out.println("the tiny broker refuses to start");
      System.exit(3);
    }
    String record = launch.get("record", null);
    if (record != null) {
      Path results = Path.of(launch.get("results"));
      Runtime.getRuntime()
          .addShutdownHook(
              new Thread(
                  () -> {
                    try {
                      Files.writeString(Path.of(record), "results=" + Files.exists(results));
                    } catch (IOException e) {
                      System.err.println("cannot record the stop: " + e);
                    }
                  }));
    }
    int port = launch.port();
    ServerSocket server = new ServerSocket(port, 50, InetAddress.getByName(launch.host()));
    byte[] hello = ("tiny " + launch.node() + "\n").getBytes(StandardCharsets.UTF_8);
    System.out.println("the tiny broker serves on " + port);
    while (true) {
      try (Socket s = server.accept();
          OutputStream out = s.getOutputStream()) {
        out.write(hello);
      }
    }
  }
}
