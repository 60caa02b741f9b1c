package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.config.MqConfig;
import io.mqbench.mq.MqProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;

/**
 * The compose clusters (docker/*.yml) replicate and persist as the local clusters the runner starts
 * with {@code -p <backend>.localBrokerNodes=3} (Artemis: 2, a primary and its backup), which are
 * what the numbers are measured on: the same number of nodes, replication factors, queue members,
 * acknowledgement and WAIT counts, synchronous standbys and fsync settings. The local side is read
 * from the code that makes those clusters ({@link LocalClusterProbe}: the settings they point a run
 * at, the command lines and files of their nodes), never restated here; ports and host names are
 * not compared. The client settings a local cluster sets by itself (a WAIT, a stream's replicas)
 * must be stated by the compose scenario (docker/bench/&lt;backend&gt;.yml) and by every run
 * command the compose file shows, since the runner sets only the address when it finds the compose
 * cluster.
 */
class ComposeAgreesWithLocalClustersTest {
  /** The size of the replicated set-up the numbers are about. */
  private static final int NODES = 3;

  /** The local Artemis cluster: a primary and its backup. */
  private static final int ARTEMIS_PAIR = 2;

  private static final Pattern SETTING = Pattern.compile("(?:-D|-p\\s+)([\\w.-]+)=(\\S+)");

  @TempDir Path tmp;

  @Test
  void kafkaComposeReplicatesTopicsAsTheLocalCluster() throws IOException {
    ComposeFile compose = ComposeFile.of("kafka");
    try (LocalClusterProbe local = LocalClusterProbe.of("kafka", NODES, Map.of())) {
      Properties server = local.kafkaServerProperties(tmp);
      Map<String, String> replication = new LinkedHashMap<>();
      server.stringPropertyNames().stream()
          .filter(k -> k.matches(".*(replication\\.factor|min\\.isr|min\\.insync.*|unclean.*)"))
          .sorted()
          .forEach(k -> replication.put(k, server.getProperty(k)));
      assertThat(replication).as("the local brokers' replication settings").isNotEmpty();

      assertThat(compose.brokers()).as("brokers").hasSize(NODES);
      compose
          .brokers()
          .forEach(
              (name, service) -> {
                Map<String, String> env = new LinkedHashMap<>();
                ComposeFile.map(service, "environment")
                    .forEach(
                        (k, v) ->
                            env.put(
                                k.replaceFirst("^KAFKA_", "")
                                    .toLowerCase(Locale.ROOT)
                                    .replace('_', '.'),
                                String.valueOf(v)));
                assertThat(env)
                    .as("%s: as the local brokers' server.properties", name)
                    .containsAllEntriesOf(replication)
                    .containsEntry("process.roles", server.getProperty("process.roles"));
              });
      assertRunsStateWhatTheLocalClusterSets(compose, local);
    }
  }

  @Test
  void rabbitmqComposeGivesEachQuorumQueueAsManyMembersAsTheLocalCluster() throws IOException {
    ComposeFile compose = ComposeFile.of("rabbitmq");
    try (LocalClusterProbe local = LocalClusterProbe.of("rabbitmq", NODES, Map.of())) {
      assertThat(compose.brokers()).as("nodes").hasSameSizeAs(local.nodes());
      assertThat(local.imposedSettings())
          .as("the local cluster sizes its queues")
          .containsKey("rabbitmq.queueArgs.x-quorum-initial-group-size");
      assertRunsStateWhatTheLocalClusterSets(compose, local);
      String composeConf = Files.readString(ComposeFile.DOCKER.resolve("rabbitmq/20-mqbench.conf"));
      String handling = rabbitSetting(composeConf, "cluster_partition_handling");
      assertThat(handling)
          .as("docker/rabbitmq/20-mqbench.conf sets partition handling")
          .isNotNull();
      for (Object node : local.nodes()) {
        LocalClusterProbe.command(node, LocalClusterProbe.executable(node));
        String conf = Files.readString(LocalClusterProbe.directory(node).resolve("rabbitmq.conf"));
        assertThat(rabbitSetting(conf, "cluster_partition_handling"))
            .as("a local node's partition handling, as the compose nodes'")
            .isEqualTo(handling);
      }
    }
  }

  /** A setting's value in a rabbitmq.conf ({@code key = value} lines), or null. */
  private static String rabbitSetting(String conf, String key) {
    return conf.lines()
        .map(String::strip)
        .filter(l -> l.startsWith(key + " ") || l.startsWith(key + "="))
        .map(l -> l.substring(l.indexOf('=') + 1).strip())
        .findFirst()
        .orElse(null);
  }

  @Test
  void natsComposeReplicatesStreamsAndSyncsAsTheLocalCluster() throws IOException {
    ComposeFile compose = ComposeFile.of("nats");
    // nats.syncAlways states the servers' sync_interval (the client cannot read it): the local
    // cluster writes it into each node's configuration, so it is compared under the value the
    // compose scenario states. Under its default (false: an fsync every 2 minutes) a local run is
    // weaker than this compose file; that default is the backend's to change, not the file's.
    String syncAlways = compose.scenario().get("nats.syncAlways");
    assertThat(syncAlways).as("docker/bench/nats.yml states nats.syncAlways").isNotNull();
    try (LocalClusterProbe local =
        LocalClusterProbe.of("nats", NODES, Map.of("nats.syncAlways", syncAlways))) {
      assertThat(compose.brokers()).as("servers").hasSameSizeAs(local.nodes());
      // A stand-in that only answers --version with the compose image's release: the local node
      // checks the version before it writes sync_interval, and nats-server 2.9 (installed here)
      // has none.
      Path server = tmp.resolve("nats-server");
      String version =
          compose.images().iterator().next().replaceAll(".*:(\\d+\\.\\d+\\.\\d+).*", "$1");
      Files.writeString(server, "#!/bin/sh\necho 'nats-server: v" + version + "'\n");
      assertThat(server.toFile().setExecutable(true)).isTrue();
      String composeConf = Files.readString(ComposeFile.DOCKER.resolve("nats/nats.conf"));
      for (Object node : local.nodes()) {
        LocalClusterProbe.command(node, server);
        String localConf = Files.readString(LocalClusterProbe.directory(node).resolve("nats.conf"));
        assertThat(jetStreamSetting(composeConf, "sync_interval"))
            .as("docker/nats/nats.conf's JetStream sync_interval, as a local node's")
            .isEqualTo(jetStreamSetting(localConf, "sync_interval"));
      }
      assertRunsStateWhatTheLocalClusterSets(compose, local);
    }
  }

  @Test
  void redisComposeWaitsForTheSameReplicasAsTheLocalCluster() throws IOException {
    ComposeFile compose = ComposeFile.of("redis");
    try (LocalClusterProbe local = LocalClusterProbe.of("redis", NODES, Map.of())) {
      List<List<String>> localNodes =
          local.nodes().stream()
              .map(n -> LocalClusterProbe.command(n, LocalClusterProbe.executable(n)))
              .toList();
      Map<String, List<String>> composeNodes = new LinkedHashMap<>();
      Map<String, List<String>> composeSentinels = new LinkedHashMap<>();
      compose
          .brokers()
          .forEach(
              (name, service) -> {
                List<String> command = ComposeFile.list(service, "command");
                (String.join(" ", command).contains("--sentinel") ? composeSentinels : composeNodes)
                    .put(name, command);
              });
      assertThat(composeNodes).as("data nodes").hasSameSizeAs(localNodes);
      assertThat(composeNodes.values().stream().filter(c -> c.contains("--replicaof")).count())
          .as("replicas")
          .isEqualTo(localNodes.stream().filter(c -> c.contains("--replicaof")).count());
      Set<Map<String, String>> persistence =
          localNodes.stream()
              .map(c -> options(c, "--appendonly", "--appendfsync", "--save"))
              .collect(Collectors.toSet());
      composeNodes.forEach(
          (name, command) ->
              assertThat(persistence)
                  .as("%s: append-only file and snapshots as a local node's", name)
                  .containsExactly(options(command, "--appendonly", "--appendfsync", "--save")));

      assertThat(composeSentinels).as("Sentinels").hasSameSizeAs(local.companions());
      Set<String> localSentinel = new LinkedHashSet<>();
      for (Object sentinel : local.companions()) {
        LocalClusterProbe.command(sentinel, LocalClusterProbe.executable(sentinel));
        localSentinel.addAll(
            sentinelSettings(
                Files.readString(LocalClusterProbe.directory(sentinel).resolve("sentinel.conf"))));
      }
      assertThat(
              sentinelSettings(Files.readString(ComposeFile.DOCKER.resolve("redis/sentinel.conf"))))
          .as("docker/redis/sentinel.conf: the primary's name, quorum and failover timings")
          .containsAll(localSentinel);
      assertRunsStateWhatTheLocalClusterSets(compose, local);
    }
  }

  @Test
  void postgresComposeWaitsForAsManySynchronousStandbysAsTheLocalCluster() throws IOException {
    ComposeFile compose = ComposeFile.of("postgres");
    try (LocalClusterProbe local = LocalClusterProbe.of("postgres", NODES, Map.of())) {
      List<Object> nodes = local.nodes();
      long localStandbys =
          nodes.stream().filter(n -> LocalClusterProbe.field(n, "following") != null).count();
      Map<String, Map<String, Object>> standbys = new LinkedHashMap<>();
      compose
          .brokers()
          .forEach(
              (name, service) -> {
                if (String.valueOf(service.get("command")).contains("replica.sh")) {
                  standbys.put(name, service);
                }
              });
      assertThat(compose.brokers()).as("servers").hasSameSizeAs(nodes);
      assertThat(standbys).as("streaming standbys").hasSize((int) localStandbys);

      Object member = LocalClusterProbe.call(nodes.get(0), "member");
      @SuppressWarnings("unchecked")
      List<String> settings = (List<String>) LocalClusterProbe.call(member, "settings");
      StandbyNames localNames = StandbyNames.in(String.join("\n", settings));
      StandbyNames composeNames =
          StandbyNames.in(Files.readString(ComposeFile.DOCKER.resolve("postgres/primary-init.sh")));
      assertThat(composeNames.waitedFor())
          .as("synchronous_standby_names: the method and how many a commit waits for")
          .isEqualTo(localNames.waitedFor());
      assertThat(composeNames.listed())
          .as("synchronous_standby_names lists as many servers as the local cluster's")
          .hasSameSizeAs(localNames.listed());
      String replicaScript = Files.readString(ComposeFile.DOCKER.resolve("postgres/replica.sh"));
      for (Map<String, Object> standby : standbys.values()) {
        assertThat(composeNames.listed())
            .as("the standby's application_name (its host name) is listed")
            .contains(String.valueOf(standby.get("hostname")));
      }
      assertThat(replicaScript).contains("application_name=$(hostname)");

      String fsync =
          "fsync=" + ((Boolean) LocalClusterProbe.field(nodes.get(0), "fsync") ? "on" : "off");
      String primary = String.join(" ", compose.primaryCommand());
      assertThat(primary).as("the primary's fsync, as the local nodes'").contains(fsync);
      assertThat(replicaScript)
          .as("the standbys' fsync, as the local nodes'")
          .contains("-c " + fsync);
      String synchronousCommit =
          LocalClusterProbe.value("postgres.synchronousCommit", local.pointed(), local.provider());
      assertThat(primary)
          .as("the primary's synchronous_commit, as the senders' default")
          .contains("synchronous_commit=" + synchronousCommit.toLowerCase(Locale.ROOT));
      assertRunsStateWhatTheLocalClusterSets(compose, local);
    }
  }

  @Test
  void artemisComposeReplicatesAsTheLocalPair() throws Exception {
    ComposeFile compose = ComposeFile.of("artemis");
    // Artemis's replicated set-up is a primary and one backup, not three nodes.
    try (LocalClusterProbe local = LocalClusterProbe.of("artemis", ARTEMIS_PAIR, Map.of())) {
      List<Element> cores = new ArrayList<>();
      for (int node = 1; node <= ARTEMIS_PAIR; node++) {
        cores.add(ArtemisBrokerXml.core(local.artemisBrokerXml(node, tmp)));
      }
      assertThat(cores.stream().map(ArtemisBrokerXml::replicationRole))
          .as("the local nodes' ha-policy: replication, node 1 the primary, node 2 its backup")
          .containsExactly("primary", "backup");
      assertThat(cores)
          .allSatisfy(
              c ->
                  assertThat(c.getElementsByTagName("cluster-connection").getLength())
                      .as("a local node's cluster connection")
                      .isEqualTo(1));
      Set<Map<String, String>> localJournals =
          cores.stream().map(ArtemisBrokerXml::journal).collect(Collectors.toSet());
      assertThat(localJournals).as("the local nodes journal alike").hasSize(1);

      Map<String, List<String>> created = new LinkedHashMap<>();
      compose
          .brokers()
          .forEach(
              (name, service) ->
                  created.put(
                      name,
                      List.of(
                          String.valueOf(ComposeFile.map(service, "environment").get("EXTRA_ARGS"))
                              .trim()
                              .split("\\s+"))));
      assertThat(created).as("brokers").hasSameSizeAs(cores);
      assertThat(created.values())
          .allSatisfy(args -> assertThat(args).contains("--clustered", "--replicated"));
      assertThat(created.values().stream().filter(args -> args.contains("--backup")).count())
          .as("backups (artemis create --backup)")
          .isEqualTo(
              cores.stream()
                  .filter(c -> ArtemisBrokerXml.replicationRole(c).equals("backup"))
                  .count());
      created.forEach(
          (name, args) ->
              assertThat(ArtemisBrokerXml.created(args))
                  .as("%s: its journal type and syncs, as the local nodes'", name)
                  .isEqualTo(localJournals.iterator().next()));
      // The pair sets nothing but its artemis.url (an address key: its two nodes with ha=true,
      // known once started), so the runs are held only to the settings they give besides.
      assertRunsStateWhatTheLocalClusterSets(compose, local);
    }
  }

  /**
   * The compose scenario and every run command the compose file shows give the settings the local
   * cluster sets by itself, with its values; what else they give has the local cluster's value.
   */
  private static void assertRunsStateWhatTheLocalClusterSets(
      ComposeFile compose, LocalClusterProbe local) throws IOException {
    MqProvider provider = local.provider();
    MqConfig pointed = local.pointed();
    Set<String> addressKeys = Set.copyOf(provider.brokerAddressing().orElseThrow().keys());
    Map<String, Map<String, String>> runs = new LinkedHashMap<>();
    runs.put("docker/bench/" + provider.name() + ".yml", compose.scenario());
    compose.runCommands().forEach(c -> runs.put("the command `" + c + "`", settings(c)));
    assertThat(compose.runCommands()).as("%s shows how to run on it", compose.file()).isNotEmpty();
    runs.forEach(
        (run, given) -> {
          MqConfig stated = provider.configure(given);
          Set<String> keys = new LinkedHashSet<>(local.imposedSettings().keySet());
          keys.addAll(given.keySet());
          keys.removeAll(addressKeys);
          for (String key : keys) {
            assertThat(LocalClusterProbe.value(key, stated, provider))
                .as("%s: %s, as the local cluster of %d nodes has it", run, key, NODES)
                .isEqualTo(LocalClusterProbe.value(key, pointed, provider));
          }
        });
  }

  /** The {@code -D}/{@code -p} settings of a run command. */
  private static Map<String, String> settings(String command) {
    Map<String, String> out = new LinkedHashMap<>();
    Matcher m = SETTING.matcher(command);
    while (m.find()) {
      if (!m.group(1).equals("queue")) {
        out.put(m.group(1), m.group(2));
      }
    }
    return out;
  }

  /** The values of some options of a command line ({@code --option value}). */
  private static Map<String, String> options(List<String> command, String... names) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String name : names) {
      int i = command.indexOf(name);
      out.put(name, i < 0 || i + 1 >= command.size() ? null : command.get(i + 1));
    }
    return out;
  }

  /** A setting of a nats-server configuration's jetstream block, or null. */
  private static String jetStreamSetting(String conf, String name) {
    Matcher block = Pattern.compile("jetstream\\s*\\{([^}]*)}").matcher(conf);
    assertThat(block.find()).as("a jetstream block").isTrue();
    Matcher m = Pattern.compile("(?m)^\\s*" + name + "\\s*:\\s*(\\S+)").matcher(block.group(1));
    return m.find() ? m.group(1) : null;
  }

  /**
   * A Sentinel configuration's settings about the primary, its address aside: {@code monitor <name>
   * <quorum>} and every other {@code sentinel <setting> <name> <value>}.
   */
  private static Set<String> sentinelSettings(String conf) {
    Set<String> out = new LinkedHashSet<>();
    for (String line : conf.lines().map(String::trim).toList()) {
      String[] w = line.split("\\s+");
      if (w.length == 6 && w[0].equals("sentinel") && w[1].equals("monitor")) {
        out.add("monitor " + w[2] + " quorum " + w[5]);
      } else if (w.length == 4 && w[0].equals("sentinel") && !w[1].equals("auth-pass")) {
        out.add(w[1] + " " + w[2] + " " + w[3]);
      }
    }
    return out;
  }

  /** {@code synchronous_standby_names}: how a commit waits ({@code ANY 1}) and whom it lists. */
  private record StandbyNames(String waitedFor, List<String> listed) {
    private static final Pattern SETTING =
        Pattern.compile("synchronous_standby_names\\s*=\\s*'([^']*)'");
    private static final Pattern LIST =
        Pattern.compile("(?i)(ANY|FIRST)?\\s*(\\d+)\\s*\\(([^)]*)\\)");

    static StandbyNames in(String text) {
      Matcher s = SETTING.matcher(text);
      assertThat(s.find()).as("synchronous_standby_names is set").isTrue();
      String value = s.group(1).trim();
      Matcher m = LIST.matcher(value);
      if (!m.matches()) {
        // A bare list is FIRST 1 (PostgreSQL's older form).
        return new StandbyNames("FIRST 1", names(value));
      }
      String method = m.group(1) == null ? "FIRST" : m.group(1).toUpperCase(Locale.ROOT);
      return new StandbyNames(method + " " + m.group(2), names(m.group(3)));
    }

    private static List<String> names(String list) {
      List<String> out = new ArrayList<>();
      for (String n : list.split(",")) {
        out.add(n.trim().replace("\"", ""));
      }
      return out;
    }
  }
}
