package io.mqbench.nats;

import io.mqbench.mq.Durability;
import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.api.ClusterInfo;
import io.nats.client.api.Replica;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import io.nats.client.api.StreamInfo;
import java.io.IOException;
import java.util.List;
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
      Optional<StreamInfo> info = stream(connection, settings);
      Optional<StreamConfiguration> stream = info.map(StreamInfo::getConfiguration);
      String storage =
          info.map(
                  s ->
                      ", stream storage "
                          + s.getConfiguration()
                              .getStorageType()
                              .name()
                              .toLowerCase(java.util.Locale.ROOT)
                          + " with "
                          + s.getConfiguration().getReplicas()
                          + " replica(s)"
                          + replication(s, settings))
              .orElse("");
      String where = stream.map(s -> where(s.getReplicas())).orElse(asked.where());
      String read = "nats-server " + version + " (INFO)" + storage;
      if (stream.isPresent() && stream.get().getStorageType() == StorageType.Memory) {
        return new Durability(
            Durability.Level.MEMORY, "in the memory of the stream's servers", read);
      }
      if (!NatsServer.atLeast(version, 2, 10)) {
        return new Durability(
            Durability.Level.MEMORY,
            where,
            read + ", which cannot fsync before it acknowledges (no sync_interval before 2.10)");
      }
      return new Durability(
          asked.level(), where, read + ", sync_interval as configured, not read back");
    } catch (IOException | JetStreamApiException | RuntimeException e) {
      throw NatsMq.failure(settings, "cannot read the server's version and stream", e);
    } finally {
      NatsMq.close(connection);
    }
  }

  /**
   * @param replicas the stream's replicas
   * @return where a publish acknowledgement says the message is, as the provider declares it
   */
  static String where(int replicas) {
    return replicas == 1
        ? "on the stream's server"
        : "on a majority of the stream's " + replicas + " replicas";
  }

  /** The stream's leader and how many of its other replicas are current, as JetStream says. */
  private static String replication(StreamInfo info, NatsSettings settings) {
    int replicas = info.getConfiguration().getReplicas();
    String fewer =
        replicas < settings.replicas()
            ? " (fewer than " + NatsSettings.REPLICAS.name() + "=" + settings.replicas() + ")"
            : "";
    ClusterInfo cluster = info.getClusterInfo();
    if (cluster == null || cluster.getLeader() == null || replicas == 1) {
      return fewer;
    }
    List<Replica> others = cluster.getReplicas() == null ? List.of() : cluster.getReplicas();
    long current = others.stream().filter(Replica::isCurrent).count();
    return fewer
        + ": leader "
        + cluster.getLeader()
        + ", "
        + current
        + " of "
        + others.size()
        + " other replica(s) current";
  }

  private static Optional<StreamInfo> stream(Connection connection, NatsSettings settings)
      throws IOException, JetStreamApiException {
    try {
      return Optional.of(connection.jetStreamManagement().getStreamInfo(settings.stream()));
    } catch (JetStreamApiException e) {
      if (e.getApiErrorCode() == STREAM_NOT_FOUND) {
        return Optional.empty();
      }
      throw e;
    }
  }
}
