package io.mqbench.runner.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.mq.MqProvider;
import io.mqbench.mq.MqProviders;
import io.mqbench.runner.cli.Main;
import io.mqbench.runner.cli.process.Invocation;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * The deployment files (docker/bench.yml with its scenarios, k8s/mqbench.yaml, the Dockerfile)
 * cannot be run here, so they are checked against the runner: the coordinator's command and every
 * scenario it can be given pass the runner's own checks ({@code run --dry-run}), the workers' port,
 * names and counts agree everywhere, and images are pinned.
 */
class DeploymentFilesTest {
  private static final Path ROOT = Path.of("..");
  private static final Path BENCH = ROOT.resolve("docker/bench.yml");
  private static final Path K8S = ROOT.resolve("k8s/mqbench.yaml");
  private static final Path MONITORING = ROOT.resolve("docker/monitoring.yml");
  private static final Path PROMETHEUS = ROOT.resolve("docker/monitoring/prometheus.yml");
  private static final Path GRAFANA = ROOT.resolve("docker/monitoring/grafana");

  @TempDir Path tmp;

  private static Yaml yaml() {
    return new Yaml(new SafeConstructor(new LoaderOptions()));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> load(Path file) throws IOException {
    try (Reader in = Files.newBufferedReader(file)) {
      return yaml().load(in);
    }
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    return (Map<String, Object>) o;
  }

  @SuppressWarnings("unchecked")
  private static List<String> strings(Object o) {
    return ((List<Object>) o).stream().map(String::valueOf).toList();
  }

  private record Cli(int code, String out, String err) {}

  private static Cli mqbench(List<String> args) {
    return mqbench(args, Map.of());
  }

  private static Cli mqbench(List<String> args, Map<String, String> env) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            args.toArray(String[]::new),
            new Invocation(
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                env,
                Map.of(),
                false));
    return new Cli(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  static Stream<MqProvider> backendsWithACluster() {
    return MqProviders.load().all().stream().filter(p -> p.brokerAddressing().isPresent());
  }

  private Map<String, Object> benchService(String name) throws IOException {
    return map(map(load(BENCH).get("services")).get(name));
  }

  /** The coordinator's command from bench.yml, with its in-container paths replaced by ours. */
  private List<String> coordinatorCommandFor(String backend) throws IOException {
    Path token = Files.writeString(tmp.resolve("token"), "t0ken\n");
    List<String> args = new ArrayList<>();
    for (String a : strings(benchService("coordinator").get("command"))) {
      args.add(
          a.replace("/scenarios/${BACKEND:-kafka}.yml", "../docker/bench/" + backend + ".yml")
              .replace("dns:worker:", "dns:localhost:")
              .replace("/token/token", token.toString())
              .replace("/results", tmp.resolve("results").toString()));
    }
    return args;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void theComposeCoordinatorsCommandPassesTheRunnersChecksForEveryBackend(MqProvider backend)
      throws IOException {
    Path scenario = ROOT.resolve("docker/bench/" + backend.name() + ".yml");
    assertThat(scenario).as("docker/bench.yml's scenario for " + backend.name()).exists();
    assertThat(Files.readString(scenario)).contains("queue: " + backend.name());
    List<String> args = coordinatorCommandFor(backend.name());
    args.add(1, "--dry-run");

    Cli cli = mqbench(args);

    assertThat(cli.code()).as("mqbench %s%n%s", String.join(" ", args), cli.err()).isZero();
    assertThat(cli.out()).contains("node 127.0.0.1:7070");
  }

  @Test
  void composeWorkersListenWhereTheCoordinatorAndTheHealthCheckLook() throws IOException {
    List<String> worker = strings(benchService("worker").get("command"));
    String port = worker.get(worker.indexOf("--port") + 1);
    assertThat(worker).containsSequence("--bind", "0.0.0.0").contains("--token-file");
    assertThat(strings(benchService("coordinator").get("command")))
        .contains("dns:worker:" + port)
        .contains("--stop-workers");
    assertThat(strings(map(benchService("worker").get("healthcheck")).get("test")))
        .anySatisfy(t -> assertThat(t).endsWith("/" + port));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void dockerComposeAcceptsTheBenchFileBesideEveryCluster(MqProvider backend) throws Exception {
    DockerCompose.assertAccepts(
        Map.of("BACKEND", backend.name()),
        ROOT.resolve(backend.brokerAddressing().orElseThrow().composeFile()),
        BENCH);
  }

  /**
   * Before, the coordinator waited for healthy workers only: a run could meet a cluster still
   * electing its leaders and fail or measure the election.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void theComposeCoordinatorStartsOnlyOnceEveryBrokerOfTheClusterIsHealthy(MqProvider backend)
      throws IOException {
    Map<String, Object> cluster =
        map(
            load(ROOT.resolve(backend.brokerAddressing().orElseThrow().composeFile()))
                .get("services"));
    Map<String, Object> barrier = map(cluster.get("brokers-healthy"));
    assertThat(barrier).as("%s: a brokers-healthy service", backend.name()).isNotNull();
    Map<String, Object> waitsFor = map(barrier.get("depends_on"));
    for (String service : cluster.keySet()) {
      if (!service.equals("brokers-healthy")) {
        assertThat(map(waitsFor.get(service)))
            .as("%s: brokers-healthy waits for %s", backend.name(), service)
            .containsEntry("condition", "service_healthy");
      }
    }
    assertThat(map(benchService("coordinator").get("depends_on"))).containsKey("brokers-healthy");
  }

  /** Every document of k8s/mqbench.yaml by kind. */
  private static Map<String, Map<String, Object>> k8s() throws IOException {
    Map<String, Map<String, Object>> byKind = new java.util.LinkedHashMap<>();
    try (Reader in = Files.newBufferedReader(K8S)) {
      for (Object doc : yaml().loadAll(in)) {
        Map<String, Object> m = map(doc);
        assertThat(byKind.put(String.valueOf(m.get("kind")), m))
            .as("one %s", m.get("kind"))
            .isNull();
      }
    }
    return byKind;
  }

  @Test
  void theKubernetesJobFailsAfterADeadlineInsteadOfStayingPendingForEver() throws IOException {
    Map<String, Object> spec = map(k8s().get("Job").get("spec"));

    assertThat(spec.get("activeDeadlineSeconds")).isInstanceOf(Integer.class);
    assertThat((Integer) spec.get("activeDeadlineSeconds")).isBetween(600, 24 * 3600);
  }

  @Test
  void theKubernetesJobIsIndexedWithOneCoordinatorAndWorkerCountWorkers() throws IOException {
    Map<String, Map<String, Object>> k8s = k8s();
    Map<String, Object> job = k8s.get("Job");
    Map<String, Object> spec = map(job.get("spec"));
    Map<String, Object> pod = map(map(spec.get("template")).get("spec"));
    Map<String, Object> container = map(((List<?>) pod.get("containers")).get(0));
    int workers =
        ((List<?>) container.get("env"))
            .stream()
                .map(DeploymentFilesTest::map)
                .filter(e -> e.get("name").equals("WORKER_COUNT"))
                .mapToInt(e -> Integer.parseInt(String.valueOf(e.get("value"))))
                .findFirst()
                .orElseThrow();
    Map<String, Object> service = k8s.get("Service");
    String jobName = String.valueOf(map(job.get("metadata")).get("name"));
    String serviceName = String.valueOf(map(service.get("metadata")).get("name"));

    assertThat(spec).containsEntry("completionMode", "Indexed");
    assertThat(spec.get("completions")).isEqualTo(workers + 1);
    assertThat(spec.get("parallelism")).isEqualTo(workers + 1);
    assertThat(pod).containsEntry("subdomain", serviceName);
    assertThat(map(service.get("spec"))).containsEntry("clusterIP", "None");
    assertThat(map(map(service.get("spec")).get("selector"))).containsEntry("job-name", jobName);
    String script = strings(container.get("command")).get(2);
    Object port = map(((List<?>) map(service.get("spec")).get("ports")).get(0)).get("port");
    assertThat(script)
        .contains("--port " + port)
        .contains("\"" + jobName + "-{1..$WORKER_COUNT}." + serviceName + ":" + port + "\"")
        .contains("--stop-workers")
        .contains("--out /results");
    assertThat(container.get("image")).isEqualTo(benchService("worker").get("image"));
  }

  @Test
  void theKubernetesScenarioPassesTheRunnersChecksWithTheJobsOptions() throws IOException {
    String scenario = String.valueOf(map(k8s().get("ConfigMap").get("data")).get("scenario.yml"));
    Path file = Files.writeString(tmp.resolve("scenario.yml"), scenario);
    Path token = Files.writeString(tmp.resolve("token"), "t0ken\n");

    Cli cli =
        mqbench(
            List.of(
                "run",
                "--dry-run",
                "--scenario",
                file.toString(),
                "--workers",
                "mqbench-{1..3}.mqbench:7070",
                "--worker-token-file",
                token.toString(),
                "--stop-workers",
                "--out",
                tmp.resolve("results").toString()));

    assertThat(cli.code()).as(cli.err()).isZero();
    assertThat(cli.out()).contains("node mqbench-3.mqbench:7070");
  }

  @Test
  void theImageBuildsOnPinnedBaseImagesAndRunsAsTheUserKubernetesExpects() throws IOException {
    String dockerfile = Files.readString(ROOT.resolve("Dockerfile"));
    Matcher from = Pattern.compile("(?m)^FROM (\\S+)").matcher(dockerfile);
    List<String> bases = new ArrayList<>();
    while (from.find()) {
      bases.add(from.group(1));
    }
    assertThat(bases).hasSize(2).allMatch(b -> b.matches("[^:]+:\\d+\\.\\d+\\.\\d+[^:]*"));
    assertThat(dockerfile).contains("./mvnw").contains("--uid 10001");
    assertThat(Files.readString(K8S)).contains("runAsUser: 10001").contains("fsGroup: 10001");
  }

  private Map<String, Object> monitoringService(String name) throws IOException {
    return map(map(load(MONITORING).get("services")).get(name));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> environment(Map<String, Object> service) {
    Map<String, String> env = new java.util.TreeMap<>();
    ((Map<String, Object>) service.get("environment"))
        .forEach((k, v) -> env.put(k, String.valueOf(v)));
    return env;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void dockerComposeAcceptsTheMonitoringFileBesideTheBenchFileAndEveryCluster(MqProvider backend)
      throws Exception {
    DockerCompose.assertAccepts(
        Map.of("BACKEND", backend.name()),
        ROOT.resolve(backend.brokerAddressing().orElseThrow().composeFile()),
        BENCH,
        MONITORING);
  }

  @Test
  void prometheusScrapesTheCoordinatorAndEveryWorkerWhereTheyServeMetrics() throws IOException {
    Map<String, String> worker = environment(monitoringService("worker"));
    Map<String, String> coordinator = environment(monitoringService("coordinator"));
    String port = worker.get("MQBENCH_METRICS_PORT");
    Map<String, Object> prometheus = load(PROMETHEUS);
    Map<String, Map<String, Object>> jobs = new java.util.LinkedHashMap<>();
    for (Object job : (List<?>) prometheus.get("scrape_configs")) {
      jobs.put(String.valueOf(map(job).get("job_name")), map(job));
    }

    assertThat(port).matches("\\d+");
    assertThat(coordinator).containsEntry("MQBENCH_METRICS_PORT", port);
    // Prometheus is another container: beyond loopback, on the compose network only.
    assertThat(worker).containsEntry("MQBENCH_METRICS_HOST", "0.0.0.0");
    assertThat(coordinator).containsEntry("MQBENCH_METRICS_HOST", "0.0.0.0");
    assertThat(
            strings(
                map(((List<?>) jobs.get("mqbench-coordinator").get("static_configs")).get(0))
                    .get("targets")))
        .containsExactly("coordinator:" + port);
    Map<String, Object> dns =
        map(((List<?>) jobs.get("mqbench-workers").get("dns_sd_configs")).get(0));
    assertThat(strings(dns.get("names"))).containsExactly("worker");
    assertThat(String.valueOf(dns.get("port"))).isEqualTo(port);
    assertThat(map(load(BENCH).get("services"))).containsKeys("worker", "coordinator");
    // The coordinator serves its final figures longer than one scrape interval after the run.
    java.time.Duration interval =
        java.time.Duration.parse(
            "PT"
                + String.valueOf(map(prometheus.get("global")).get("scrape_interval"))
                    .toUpperCase(java.util.Locale.ROOT));
    java.time.Duration linger =
        java.time.Duration.parse(
            "PT" + coordinator.get("MQBENCH_METRICS_LINGER").toUpperCase(java.util.Locale.ROOT));
    assertThat(linger).isGreaterThan(interval.multipliedBy(2));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("backendsWithACluster")
  void theComposeCoordinatorsMetricsSettingsPassTheRunnersChecks(MqProvider backend)
      throws IOException {
    List<String> args = coordinatorCommandFor(backend.name());
    args.add(1, "--dry-run");

    Cli cli = mqbench(args, environment(monitoringService("coordinator")));

    assertThat(cli.code()).as("mqbench %s%n%s", String.join(" ", args), cli.err()).isZero();
  }

  @Test
  void grafanaIsProvisionedWithThePrometheusOfTheFileAndTheDashboardOfTheRepository()
      throws IOException {
    Map<String, Object> grafana = monitoringService("grafana");
    List<String> volumes = strings(grafana.get("volumes"));
    Map<String, Object> source =
        map(
            ((List<?>)
                    load(GRAFANA.resolve("provisioning/datasources/prometheus.yml"))
                        .get("datasources"))
                .get(0));
    Map<String, Object> provider =
        map(
            ((List<?>)
                    load(GRAFANA.resolve("provisioning/dashboards/mqbench.yml")).get("providers"))
                .get(0));
    String dashboards = String.valueOf(map(provider.get("options")).get("path"));
    com.fasterxml.jackson.databind.JsonNode dashboard =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(GRAFANA.resolve("dashboards/mqbench.json").toFile());
    Map<String, Object> prometheus = load(PROMETHEUS);
    List<String> jobs =
        ((List<?>) prometheus.get("scrape_configs"))
            .stream().map(j -> String.valueOf(map(j).get("job_name"))).toList();

    assertThat(volumes)
        .contains("./monitoring/grafana/provisioning:/etc/grafana/provisioning:ro")
        .contains("./monitoring/grafana/dashboards:" + dashboards + ":ro");
    assertThat(source)
        .containsEntry("type", "prometheus")
        .containsEntry("url", "http://prometheus:9090");
    assertThat(strings(monitoringService("prometheus").get("ports")))
        .containsExactly("127.0.0.1:9090:9090");
    assertThat(strings(grafana.get("ports"))).containsExactly("127.0.0.1:3000:3000");
    assertThat(dashboard.findValues("uid").stream().map(n -> n.asText()).toList())
        .contains("mqbench", String.valueOf(source.get("uid")));
    List<String> exprs = dashboard.findValues("expr").stream().map(n -> n.asText()).toList();
    assertThat(exprs).isNotEmpty();
    assertThat(jobs).isNotEmpty();
  }

  @Test
  void theDashboardWorksWhateverPrometheusNamesItsJobs() throws IOException {
    String dashboard = Files.readString(GRAFANA.resolve("dashboards/mqbench.json"));
    com.fasterxml.jackson.databind.JsonNode tree =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(dashboard);
    List<String> queries = new java.util.ArrayList<>();
    tree.findValues("expr").forEach(n -> queries.add(n.asText()));
    tree.findValues("definition").forEach(n -> queries.add(n.asText()));
    Matcher series =
        Pattern.compile("mqbench_\\w+\\{([^}]*)\\}").matcher(String.join("\n", queries));

    assertThat(dashboard).doesNotContain("job=").doesNotContain("job=~");
    int selected = 0;
    while (series.find()) {
      // The view label, set by mqbench itself, tells a run's whole view from a worker's part.
      assertThat(series.group(1)).as(series.group()).containsPattern("view=\"(run|node)\"");
      selected++;
    }
    assertThat(selected).isGreaterThan(10);
  }

  @Test
  void theMonitoringImagesArePinnedToReleases() throws IOException {
    assertThat(String.valueOf(monitoringService("prometheus").get("image")))
        .matches("prom/prometheus:v\\d+\\.\\d+\\.\\d+");
    assertThat(String.valueOf(monitoringService("grafana").get("image")))
        .matches("grafana/grafana:\\d+\\.\\d+\\.\\d+");
  }
}
