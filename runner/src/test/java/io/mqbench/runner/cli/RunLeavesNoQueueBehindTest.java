package io.mqbench.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.broker.JavaLocalBroker;
import io.mqbench.config.MqConfig;
import io.mqbench.mongo.MongoMqProvider;
import io.mqbench.mq.Mq;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs on a broker that mqbench did not start (the MongoDB stand-in, started here): a run removes
 * the queue it created, keeps it with {@code --keep-queue}, and never removes a queue that was
 * there before it.
 */
class RunLeavesNoQueueBehindTest {
  private static final MongoMqProvider MONGO = new MongoMqProvider();
  private static JavaLocalBroker broker;
  private static String uri;

  @TempDir Path tmp;

  @BeforeAll
  static void startBroker() throws InterruptedException {
    broker = new JavaLocalBroker(MongoMqProvider.LOCAL_BROKER);
    uri = broker.start(MONGO.configure(Map.of())).effective().get("mongo.uri");
  }

  @AfterAll
  static void stopBroker() {
    broker.close();
  }

  private static MqConfig collection(String name) {
    return MONGO.configure(Map.of("mongo.uri", uri, "mongo.collection", name));
  }

  /** Whether the collection is there: opening it says whether it had to create it; then removed. */
  private static boolean existsThenRemove(String name) {
    try (Mq mq = MONGO.open(collection(name))) {
      boolean existed = !mq.createdQueue().orElseThrow();
      mq.removeQueue();
      return existed;
    }
  }

  private CliCapture run(int expectedCode, String collection, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "--queue",
                "mongo",
                "-p",
                "mongo.uri=" + uri,
                "-p",
                "mongo.collection=" + collection,
                "--messages",
                "300",
                "--warmup",
                "0s",
                "--progress",
                "never",
                "--out",
                tmp.resolve("results").toString()));
    args.addAll(List.of(more));
    CliCapture cli = new CliCapture();
    int code = cli.run(args.toArray(String[]::new));
    assertThat(code).as(cli.err() + cli.out()).isEqualTo(expectedCode);
    return cli;
  }

  @Test
  void aQueueTheRunCreatedIsRemovedAfterIt() {
    CliCapture cli = run(0, "created-by-the-run");

    assertThat(cli.err())
        .contains(
            "mqbench: removed mongo collection 'created-by-the-run' at "
                + MONGO.target(collection("created-by-the-run"))
                + ", which this run created (--keep-queue keeps it)");
    assertThat(existsThenRemove("created-by-the-run")).as("left behind").isFalse();
  }

  @Test
  void withKeepQueueTheQueueTheRunCreatedStays() {
    CliCapture cli = run(0, "kept-by-the-run", "--keep-queue");

    assertThat(cli.err()).contains("kept mongo collection 'kept-by-the-run'", "(--keep-queue)");
    assertThat(existsThenRemove("kept-by-the-run")).as("kept").isTrue();
  }

  @Test
  void aQueueThatWasThereBeforeTheRunIsNeverRemoved() {
    try (Mq mq = MONGO.open(collection("there-before"))) {
      assertThat(mq.createdQueue()).contains(true);
    }

    CliCapture cli = run(0, "there-before");

    assertThat(cli.err()).doesNotContain("removed", "there-before'");
    assertThat(existsThenRemove("there-before")).as("still there").isTrue();
  }
}
