package io.mqbench.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.mqbench.mq.Mq;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * The indexes a queue's collection gets. On the stand-in, which uses a unique index only for a
 * filter with exactly its fields and scans the whole collection for any other, the receivers'
 * writes by {@code _id} and claim token need one on both: without it every claim and ack of a batch
 * would scan the backlog once per message.
 */
class ClaimIndexesIT {

  @Test
  void theStandInGetsAUniqueIndexOnIdAndClaimTokenForTheReceiversWrites() throws Exception {
    assumeTrue(
        System.getenv("MONGODB_URI") == null,
        "MONGODB_URI names a real server: the stand-in's index is not made there");
    List<Document> indexes = indexesOfANewQueue();

    assertThat(indexes)
        .filteredOn(i -> "mqbench_id_claim".equals(i.getString("name")))
        .singleElement()
        .satisfies(
            i -> {
              assertThat(i.get("key", Document.class).keySet()).containsExactly("_id", "claim");
              assertThat(i.getBoolean("unique")).isTrue();
            });
    assertThat(indexes).extracting(i -> i.getString("name")).contains("mqbench_visibleAt");
  }

  private static List<Document> indexesOfANewQueue() throws InterruptedException {
    MongoMqProvider provider = new MongoMqProvider();
    String collection = "indexes-" + UUID.randomUUID().toString().substring(0, 8);
    Mq mq =
        provider.open(
            provider.configure(
                TestMongo.config(collection, ClaimStrategy.BATCH, Duration.ofSeconds(30))));
    try (MongoClient client = MongoClients.create(TestMongo.uri())) {
      return client
          .getDatabase(TestMongo.DATABASE)
          .getCollection(collection)
          .listIndexes()
          .into(new ArrayList<>());
    } finally {
      mq.close();
    }
  }
}
