package io.mqbench.redis;

import java.nio.file.Path;

/**
 * The tests' Redis: a private redis-server process of the installed package (as the runner starts
 * one), with a password so that refused credentials can be tested. Missing redis-server fails the
 * tests loudly: {@code apt-get install redis-server} (.ci/run does).
 */
final class TestRedis {
  static final String PASSWORD = "mqbench-test";

  private TestRedis() {}

  /**
   * @return a started server, closed by the caller
   */
  static RedisServer start(FsyncPolicy fsync) throws InterruptedException {
    Path bin =
        RedisServer.installed()
            .orElseThrow(
                () ->
                    new AssertionError(
                        "redis-server is not installed: apt-get install redis-server"));
    RedisServer server = new RedisServer(bin, fsync, PASSWORD);
    server.start();
    return server;
  }
}
