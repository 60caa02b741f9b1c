package io.mqbench.kafka;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FinalizedVersionRange;
import org.apache.kafka.clients.producer.KafkaProducer;

/** The versions a Kafka run records: the client library's and the cluster's feature level. */
final class KafkaVersions {
  private KafkaVersions() {}

  /**
   * The cluster's finalized {@code metadata.version} feature level: what the protocol tells of the
   * brokers' release (it carries no release number); "unknown: why" where the cluster does not say.
   */
  static String metadataVersion(Admin admin) throws InterruptedException {
    try {
      FinalizedVersionRange range =
          admin
              .describeFeatures()
              .featureMetadata()
              .get(KafkaSettings.REQUEST_TIMEOUT_MS, TimeUnit.MILLISECONDS)
              .finalizedFeatures()
              .get("metadata.version");
      return range == null
          ? "unknown: no finalized metadata.version"
          : "level " + range.maxVersionLevel();
    } catch (ExecutionException | TimeoutException e) {
      return "unknown: " + KafkaMq.rootMessage(e);
    }
  }

  /** The client's version, from the properties file kafka-clients carries for this purpose. */
  static String clientVersion() {
    try (InputStream in =
        KafkaProducer.class.getResourceAsStream("/kafka/kafka-version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }
}
