package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.Tick;
import io.mqbench.engine.json.EngineJson;
import io.mqbench.results.Environment;
import io.mqbench.results.Latency;
import io.mqbench.results.LatencyKind;
import io.mqbench.results.RunResult;
import io.mqbench.results.Settings;
import io.mqbench.results.ThreadRate;
import io.mqbench.results.Totals;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every field of run.json's layout ({@link RunFile}) is decided on against the committed version-1
 * {@code run.json}: each component is in that file under its own name, or is listed here as added
 * since version 1 with the value a version-1 file reads as, or as written only when set, or as
 * never in run.json; and every field of that file is still some component's. A component renamed or
 * added without that decision fails here, instead of reading as 0 from every older file.
 */
class RunJsonFieldsTest {
  /**
   * Components added since version 1, with what a version-1 file (which lacks them) reads as. A new
   * component goes here, and {@link RunResult#FORMAT_VERSION} goes up.
   */
  static final Map<String, Object> ADDED_SINCE_VERSION_1 =
      Map.of(
          "RunFile.formatVersion",
          1,
          "Totals.sentBytes",
          0L,
          "Totals.sentBytesPerSecond",
          0.0,
          "Totals.minMessageBytes",
          0,
          "Totals.maxMessageBytes",
          0,
          "RunSettings.queues",
          1,
          "RunSettings.subscriptions",
          1);

  /** Components left out of run.json when null or empty: the version-1 run had none of them. */
  static final Set<String> WRITTEN_ONLY_WHEN_SET =
      Set.of(
          "RunFile.failure",
          "RunFile.rate",
          "RunFile.warnings",
          "RunFile.partial",
          "RunFile.requests",
          "RunFile.machineCost",
          "RunFile.limit",
          "RunFile.durability",
          "RunFile.endToEndClock",
          "RunFile.catchUp",
          "RunFile.harness",
          "RunFile.byQueue",
          "RunFile.bySubscription",
          "RunFile.faults",
          "RunFile.clientErrors",
          "RunFile.outages",
          "RunFile.durabilityCheck",
          "Environment.mqbenchCommit",
          "Environment.hostFacts",
          "ClientErrors.first",
          "HarnessUse.userSeconds",
          "HarnessUse.systemSeconds",
          "HarnessUse.residentPeakMb",
          "RunSettings.duration",
          "RunSettings.compressibility",
          "RunSettings.payloadFile",
          "RunSettings.rate",
          "RunSettings.onClientError",
          "RunSettings.fixedBatch");

  /** Components never in run.json. */
  static final Set<String> NOT_IN_RUN_JSON = Set.of("Latency.histogram");

  /** Components whose own fields stand in the object that holds them, as RunSettings' do. */
  static final Set<String> UNWRAPPED = Set.of("Settings.run");

  private static final ObjectMapper MAPPER = EngineJson.newMapper();

  /**
   * A record's components by their names in JSON ({@code messagesPerSender} is {@code messages}).
   */
  private static Map<String, String> jsonNames(Class<?> type) {
    Map<String, String> names = new java.util.LinkedHashMap<>();
    MAPPER
        .getSerializationConfig()
        .introspect(MAPPER.constructType(type))
        .findProperties()
        .forEach(p -> names.put(p.getInternalName(), p.getName()));
    return names;
  }

  private static String jsonName(Class<?> type, RecordComponent c) {
    return jsonNames(type).getOrDefault(c.getName(), c.getName());
  }

  @TempDir Path tmp;

  private static JsonNode version1() throws IOException {
    try (InputStream in =
        RunJsonFieldsTest.class.getResourceAsStream("/run-json/v1-memory-run.json")) {
      return new ObjectMapper().readTree(in);
    }
  }

  /** Each record with the object that holds it in the version-1 file. */
  private static Map<Class<? extends Record>, JsonNode> objects(JsonNode run) {
    return Map.of(
        RunFile.class, run,
        Settings.class, run.path("settings"),
        RunSettings.class, run.path("settings"),
        Environment.class, run.path("environment"),
        Totals.class, run.path("totals"),
        Latency.class, run.path("latencies").path(LatencyKind.END_TO_END.key()),
        ThreadRate.class, run.path("senders").path(0),
        Tick.class, run.path("timeline").path(0));
  }

  @Test
  void everyComponentIsInAVersion1RunJsonOrDecidedOn() throws IOException {
    List<String> undecided = new ArrayList<>();
    for (Map.Entry<Class<? extends Record>, JsonNode> e : objects(version1()).entrySet()) {
      assertThat(e.getValue().isObject()).as(e.getKey().getSimpleName()).isTrue();
      for (RecordComponent c : e.getKey().getRecordComponents()) {
        String name = e.getKey().getSimpleName() + "." + c.getName();
        if (UNWRAPPED.contains(name)) {
          continue;
        }
        if (e.getKey() == RunSettings.class && !e.getValue().has(jsonName(e.getKey(), c))) {
          // An engine setting newer than the file: RunSettings' constructor gives what an older
          // file reads as (Version1RunJsonTest reads this file), so a new option needs no entry.
          continue;
        }
        boolean inFile = e.getValue().has(jsonName(e.getKey(), c));
        boolean decided =
            ADDED_SINCE_VERSION_1.containsKey(name)
                || WRITTEN_ONLY_WHEN_SET.contains(name)
                || NOT_IN_RUN_JSON.contains(name);
        if (inFile == decided) {
          undecided.add(name + (inFile ? " is in version 1 and listed as not" : ""));
        }
      }
    }
    assertThat(undecided)
        .as(
            "components neither in the version-1 run.json under their name nor listed as added"
                + " since (with the value an old file reads as), written only when set, or never"
                + " written")
        .isEmpty();
  }

  @Test
  void everyComponentIsWrittenUnderItsOwnName() throws IOException {
    ResultsWriter.write(ResultsWriterTest.fullyPopulated(), tmp, ResultsWriterTest.SHEETS);
    JsonNode written = new ObjectMapper().readTree(tmp.resolve(ResultsWriter.RUN_JSON).toFile());

    List<String> missing = new ArrayList<>();
    for (Map.Entry<Class<? extends Record>, JsonNode> e : objects(written).entrySet()) {
      for (RecordComponent c : e.getKey().getRecordComponents()) {
        String name = e.getKey().getSimpleName() + "." + c.getName();
        if (!NOT_IN_RUN_JSON.contains(name)
            && !UNWRAPPED.contains(name)
            && !e.getValue().has(jsonName(e.getKey(), c))) {
          missing.add(name);
        }
      }
    }
    assertThat(missing).as("components written under another name, or not at all").isEmpty();
  }

  @Test
  void everyFieldOfAVersion1RunJsonIsStillAComponents() throws IOException {
    List<String> orphans = new ArrayList<>();
    for (Map.Entry<Class<? extends Record>, JsonNode> e : objects(version1()).entrySet()) {
      List<String> components =
          new ArrayList<>(
              Arrays.stream(e.getKey().getRecordComponents())
                  .map(c -> jsonName(e.getKey(), c))
                  .toList());
      if (e.getKey() == Settings.class) {
        components.addAll(jsonNames(RunSettings.class).values());
      } else if (e.getKey() == RunSettings.class) {
        continue; // its fields are checked with the Settings that hold them
      }
      for (Iterator<String> it = e.getValue().fieldNames(); it.hasNext(); ) {
        String field = it.next();
        if (!components.contains(field)) {
          orphans.add(e.getKey().getSimpleName() + "." + field);
        }
      }
    }
    assertThat(orphans).as("version-1 fields that no component reads any more").isEmpty();
  }

  @Test
  void aComponentAddedSinceVersion1ReadsFromAVersion1FileAsItsListedValue() throws Exception {
    Path file = tmp.resolve(ResultsWriter.RUN_JSON);
    try (InputStream in = getClass().getResourceAsStream("/run-json/v1-memory-run.json")) {
      Files.copy(in, file);
    }
    RunResult read = ResultsWriter.read(file);
    Map<String, Object> holders =
        Map.of(
            "RunFile", RunFile.of(read),
            "Settings", read.setup().settings(),
            "RunSettings", read.setup().settings().run(),
            "Environment", read.setup().environment(),
            "Totals", read.totals(),
            "Latency", read.latency().byKind().get(LatencyKind.END_TO_END),
            "ThreadRate", read.rates().senders().get(0),
            "Tick", read.rates().timeline().get(0));
    for (Map.Entry<String, Object> added : ADDED_SINCE_VERSION_1.entrySet()) {
      String[] name = added.getKey().split("\\.");
      Object holder = holders.get(name[0]);
      Object value = holder.getClass().getMethod(name[1]).invoke(holder);
      assertThat(value).as(added.getKey()).isEqualTo(added.getValue());
    }
    assertThat(RunResult.FORMAT_VERSION)
        .as("a component added since version 1 raised the format version")
        .isGreaterThan(1);
  }
}
