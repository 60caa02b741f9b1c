package io.mqbench.results.compare;

import io.mqbench.mq.Durability;
import io.mqbench.results.report.RunFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Where the two sides' runs came from, where they differ: what ran (settings, durability and the
 * backend's configuration of matched cells), the versions (mqbench, clients and brokers) and the
 * machine (host, cores, OS, JVM, heap). A figure may change because the code changed, or because
 * any of these did; the comparison names them so that a reader knows which.
 *
 * @param differences every value that differs, in the order: settings, versions, machine
 */
public record Provenance(List<Difference> differences) {

  /** A difference's kind. */
  public enum Kind {
    /**
     * What ran: a run setting, the durability, a backend key. The two sides did not measure the
     * same thing.
     */
    SETTINGS("settings"),
    /** The tool's, the clients' or the brokers' version. */
    VERSIONS("versions"),
    /**
     * Where it ran: the machine, its JVM, and where the backend was (a local broker's port changes
     * with every run).
     */
    MACHINE("machine");

    private final String label;

    Kind(String label) {
      this.label = label;
    }

    /**
     * @return as printed
     */
    public String label() {
      return label;
    }
  }

  /**
   * One value that differs.
   *
   * @param kind what it is about
   * @param name its name: a setting ({@code duration}), {@code durability}, {@code backend <key>},
   *     an environment value ({@code javaVersion}, {@code versions.kafka-clients}) or {@code
   *     target}
   * @param baseline the baseline's value, several joined by {@code ", "} when its runs differ
   * @param candidate the candidate's
   */
  public record Difference(Kind kind, String name, String baseline, String candidate) {}

  /** Backend keys that say where the broker is, not what it does: they move with a local broker. */
  private static final Pattern WHERE =
      Pattern.compile("(?i).*(servers|uri|url|endpoint|address|host|port)$");

  /** The parent process's id among the load JVM's arguments: different in every run. */
  private static final Pattern PARENT = Pattern.compile("-Dmqbench\\.parent=\\S*");

  /** Environment values that are about the machine; the rest of the environment is versions. */
  private static final List<String> MACHINE_KEYS =
      List.of("host", "cores", "os", "javaVersion", "javaVendor", "jvm", "jvmArguments");

  /**
   * @param pairs the matched cells: the baseline's runs and the candidate's of each
   * @param baseline every run of the baseline
   * @param candidate every run of the candidate
   * @return what differs
   */
  static Provenance of(
      List<List<List<RunFigures>>> pairs, List<RunFigures> baseline, List<RunFigures> candidate) {
    Map<String, Difference> found = new LinkedHashMap<>();
    for (List<List<RunFigures>> pair : pairs) {
      compare(found, Kind.SETTINGS, pair.get(0), pair.get(1), Provenance::settings);
    }
    compare(found, Kind.VERSIONS, baseline, candidate, r -> environment(r, false));
    compare(found, Kind.MACHINE, baseline, candidate, r -> environment(r, true));
    List<Difference> all = new ArrayList<>(found.values());
    all.sort((a, b) -> a.kind().compareTo(b.kind()));
    return new Provenance(List.copyOf(all));
  }

  private static void compare(
      Map<String, Difference> found,
      Kind kind,
      List<RunFigures> baseline,
      List<RunFigures> candidate,
      Function<RunFigures, Map<String, String>> values) {
    Map<String, TreeSet<String>> b = collect(baseline, values);
    Map<String, TreeSet<String>> c = collect(candidate, values);
    TreeSet<String> names = new TreeSet<>(b.keySet());
    names.addAll(c.keySet());
    for (String n : names) {
      TreeSet<String> bv = b.getOrDefault(n, new TreeSet<>(List.of("-")));
      TreeSet<String> cv = c.getOrDefault(n, new TreeSet<>(List.of("-")));
      if (!bv.equals(cv)) {
        Kind k = kind == Kind.SETTINGS && WHERE.matcher(n).matches() ? Kind.MACHINE : kind;
        found.merge(
            k + " " + n,
            new Difference(k, n, String.join(", ", bv), String.join(", ", cv)),
            (old, added) ->
                new Difference(
                    k,
                    n,
                    join(old.baseline(), added.baseline()),
                    join(old.candidate(), added.candidate())));
      }
    }
  }

  private static String join(String a, String b) {
    TreeSet<String> all = new TreeSet<>(List.of(a.split(", ")));
    all.addAll(List.of(b.split(", ")));
    return String.join(", ", all);
  }

  private static Map<String, TreeSet<String>> collect(
      List<RunFigures> runs, Function<RunFigures, Map<String, String>> values) {
    Map<String, TreeSet<String>> all = new LinkedHashMap<>();
    runs.forEach(
        r ->
            values.apply(r).forEach((k, v) -> all.computeIfAbsent(k, x -> new TreeSet<>()).add(v)));
    return all;
  }

  /** What ran: settings but the seed, durability, backend keys. */
  private static Map<String, String> settings(RunFigures r) {
    Map<String, String> s = new LinkedHashMap<>(r.settings().asMap());
    s.remove("seed");
    Durability d = r.result().delivery().durability();
    s.put("durability", d == null ? "not recorded" : d.level().label());
    r.result().setup().backendConfig().forEach((k, v) -> s.put("backend " + k, v));
    return s;
  }

  private static Map<String, String> environment(RunFigures r, boolean machine) {
    Map<String, String> env = new LinkedHashMap<>();
    r.result()
        .setup()
        .environment()
        .asMap()
        .forEach(
            (k, v) -> {
              if (k.equals("peakResidentBytes")) {
                return; // measured, not where it ran
              }
              boolean isMachine =
                  MACHINE_KEYS.contains(k)
                      || k.equals("maxHeapBytes")
                      || k.startsWith("hostFacts.");
              if (isMachine == machine) {
                // The runner's own JVM passes its process id to the JVM that runs the load.
                env.put(k, k.equals("jvmArguments") ? PARENT.matcher(v).replaceAll("").strip() : v);
              }
            });
    if (machine) {
      env.put("target", String.valueOf(r.target()));
    }
    return env;
  }

  /**
   * @return true when the two sides did not run the same settings: their figures may differ for
   *     that alone
   */
  public boolean settingsDiffer() {
    return differences.stream().anyMatch(d -> d.kind() == Kind.SETTINGS);
  }

  /**
   * @param kind a kind
   * @return the differences of that kind
   */
  public List<Difference> of(Kind kind) {
    return differences.stream().filter(d -> d.kind() == kind).toList();
  }
}
