package io.mqbench.results.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mqbench.config.ConfigException;
import io.mqbench.results.RunResult;
import io.mqbench.results.files.ResultsWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** Finds the runs under results folders and writes their {@code report.html}. */
public final class Reports {
  /** The report's file name. */
  public static final String REPORT_HTML = "report.html";

  /** A sweep's findings, beside its runs' folders. */
  public static final String SWEEP_JSON = "sweep.json";

  private static final ObjectMapper JSON = new ObjectMapper();

  private Reports() {}

  /**
   * Reads every run of a results folder: the folder's own {@code run.json}, or those of its
   * subfolders (a matrix's or a sweep's runs), in name order.
   *
   * @param folder a results folder
   * @return its runs, labelled with the folder's name
   * @throws ConfigException if the folder holds no run, or a run.json that is not one (in one line
   *     naming the file)
   */
  public static List<RunFigures> read(Path folder) {
    String source = source(folder);
    List<Path> files = new ArrayList<>();
    if (Files.isRegularFile(folder.resolve(ResultsWriter.RUN_JSON))) {
      files.add(folder.resolve(ResultsWriter.RUN_JSON));
    } else if (Files.isDirectory(folder)) {
      try (Stream<Path> sub = Files.list(folder)) {
        sub.filter(p -> Files.isRegularFile(p.resolve(ResultsWriter.RUN_JSON)))
            .sorted()
            .forEach(p -> files.add(p.resolve(ResultsWriter.RUN_JSON)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + folder + ": " + e.getMessage(), e);
      }
    }
    if (files.isEmpty()) {
      throw new ConfigException(
          folder
              + (Files.exists(folder)
                  ? " holds no run.json (nor do its subfolders)"
                  : " does not exist")
              + ": give results folders written by mqbench run");
    }
    List<RunFigures> runs = new ArrayList<>();
    for (Path f : files) {
      RunResult run = ResultsWriter.read(f);
      if (run.setup().settings() == null || run.setup().environment() == null) {
        throw new ConfigException(
            f + " is not a run.json mqbench can read: no settings or environment");
      }
      runs.add(RunFigures.of(run, source));
    }
    return runs;
  }

  /**
   * The runs of a results folder from the results in memory, as {@link #read} gives them from their
   * {@code run.json} files: a run's writer need not read back what it has just written.
   *
   * @param results the folder's runs, in the order of their subfolders
   * @param folder the results folder they are written in
   * @return the runs, labelled with the folder's name
   */
  public static List<RunFigures> of(List<RunResult> results, Path folder) {
    String source = source(folder);
    return results.stream().map(r -> RunFigures.of(r, source)).toList();
  }

  /** A results folder's name, which labels its runs in a report. */
  private static String source(Path folder) {
    return String.valueOf(folder.toAbsolutePath().normalize().getFileName());
  }

  /**
   * @param folder a results folder
   * @return the sweep's finding written there, if it is a sweep's folder
   */
  static List<String> sweepFindings(Path folder) {
    Path file = folder.resolve(SWEEP_JSON);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    try {
      JsonNode sweep = JSON.readTree(file.toFile());
      String name = String.valueOf(folder.toAbsolutePath().normalize().getFileName());
      List<String> lines = new ArrayList<>();
      lines.add(name + ": " + sweep.path("finding").asText());
      JsonNode odd = sweep.path("nonMonotonicMsgsPerSecond");
      if (odd.isArray() && !odd.isEmpty()) {
        List<String> rates = new ArrayList<>();
        odd.forEach(r -> rates.add(String.format(Locale.ROOT, "%,.0f", r.asDouble())));
        lines.add(
            name
                + ": non-monotonic: "
                + String.join(", ", rates)
                + " msgs/s failed below a passing rate (a noisy host, or a queue whose capacity"
                + " varies): see sweep.csv");
      }
      return lines;
    } catch (IOException e) {
      return List.of(folder.getFileName() + ": " + SWEEP_JSON + " unreadable: " + e.getMessage());
    }
  }

  /**
   * Writes one report of every run under the folders.
   *
   * @param folders results folders: single runs, matrices, sweeps
   * @param out the report's file
   * @return the file written
   * @throws ConfigException if a folder holds no run
   * @throws UncheckedIOException if the report cannot be written
   */
  public static Path write(List<Path> folders, Path out) {
    return write(folders, out, null);
  }

  /**
   * Writes one report of every run under the folders, with a section of its own first.
   *
   * @param folders results folders: single runs, matrices, sweeps
   * @param out the report's file
   * @param first the section shown first, or null for none
   * @return the file written
   * @throws ConfigException if a folder holds no run
   * @throws UncheckedIOException if the report cannot be written
   */
  public static Path write(List<Path> folders, Path out, HtmlReport.Preface first) {
    List<RunFigures> runs = new ArrayList<>();
    List<String> sweeps = new ArrayList<>();
    for (Path f : folders) {
      runs.addAll(read(f));
      sweeps.addAll(sweepFindings(f));
    }
    return write(runs, sweeps, out, first);
  }

  /**
   * Writes the report of one results folder's runs from the results in memory: the same report as
   * {@link #write(List, Path)} of the folder, which reads them back from its files.
   *
   * @param results the folder's runs, in the order of their subfolders
   * @param folder the results folder they are written in
   * @param out the report's file
   * @return the file written
   * @throws UncheckedIOException if the report cannot be written
   */
  public static Path writeOf(List<RunResult> results, Path folder, Path out) {
    return write(of(results, folder), sweepFindings(folder), out, null);
  }

  private static Path write(
      List<RunFigures> runs, List<String> sweeps, Path out, HtmlReport.Preface first) {
    String html =
        HtmlReport.render(
            runs, sweeps, Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(), first);
    try {
      Path parent = out.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(out, html, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
    }
    return out;
  }
}
