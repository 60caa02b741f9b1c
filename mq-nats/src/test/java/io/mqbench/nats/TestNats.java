package io.mqbench.nats;

import java.nio.file.Path;

/**
 * The tests' NATS: a private nats-server with JetStream of the installed package (as the runner
 * starts one), requiring a password so that refused credentials can be tested. Missing nats-server
 * fails the tests loudly: {@code apt-get install nats-server} (.ci/run does).
 */
final class TestNats {
  static final String PASSWORD = "mqbench-test";

  private TestNats() {}

  static NatsServer start() throws InterruptedException {
    Path bin =
        NatsServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "nats-server is not installed: apt-get install nats-server"));
    NatsServer server = new NatsServer(bin, false, PASSWORD);
    server.start();
    return server;
  }
}
