package io.mqbench.nats;

import io.mqbench.mq.Durability;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.io.IOException;
import java.util.Optional;

/**
 * What a publish acknowledgement means on the NATS server a run reaches, read back from it: the
 * server's version (before 2.10 there is no {@code sync_interval}, so no fsync before the
 * acknowledgement, whatever {@code nats.syncAlways} says) and, when the stream exists, its storage
 * and replicas. A client cannot read the server's {@code sync_interval} itself; on 2.10 and later
 * the result says it is as configured.
 */
final class NatsDurability {
  private static final int STREAM_NOT_FOUND = 10059;

  private NatsDurability() {}

  /**
   * @param asked what the settings declare
   * @return what was found, on a connection of its own closed before this returns
   * @throws io.mqbench.mq.MqException naming the server if it cannot be reached
   */
  static Durability found(NatsSettings settings, Durability asked) {
    Connection connection = NatsMq.connect(settings, "durability");
    try {
      String version = connection.getServerInfo().getVersion();
      Optional<StreamConfiguration> stream = stream(connection, settings);
      String storage =
          stream
              .map(
                  s ->
                      ", stream storage "
                          + s.getStorageType().name().toLowerCase(java.util.Locale.ROOT)
                          + " with "
                          + s.getReplicas()
                          + " replica(s)")
              .orElse("");
      String read = "nats-server " + version + " (INFO)" + storage;
      if (stream.isPresent() && stream.get().getStorageType() == StorageType.Memory) {
        return new Durability(
            Durability.Level.MEMORY, "in the memory of the stream's servers", read);
      }
      if (!NatsServer.atLeast(version, 2, 10)) {
        return new Durability(
            Durability.Level.MEMORY,
            asked.where(),
            read + ", which cannot fsync before it acknowledges (no sync_interval before 2.10)");
      }
      return new Durability(
          asked.level(), asked.where(), read + ", sync_interval as configured, not read back");
    } catch (IOException | JetStreamApiException | RuntimeException e) {
      throw NatsMq.failure(settings, "cannot read the server's version and stream", e);
    } finally {
      NatsMq.close(connection);
    }
  }

  private static Optional<StreamConfiguration> stream(Connection connection, NatsSettings settings)
      throws IOException, JetStreamApiException {
    try {
      return Optional.of(
          connection.jetStreamManagement().getStreamInfo(settings.stream()).getConfiguration());
    } catch (JetStreamApiException e) {
      if (e.getApiErrorCode() == STREAM_NOT_FOUND) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
