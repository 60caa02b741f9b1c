package io.mqbench.results;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a run was asked to do and where it ran: one concern of a {@link RunResult}.
 *
 * @param settings the run's settings as given or defaulted
 * @param cell the matrix cell's values (option or {@code properties.<key>} to value); empty outside
 *     a matrix
 * @param repetition which repetition of its cell this run is, from 1; 0 outside a matrix
 * @param backendConfig the backend's effective configuration
 * @param environment where the run happened
 * @param warnings the backend's warnings about its settings (loss expected with them), printed
 *     before the run; empty for safe settings
 */
@RecordBuilder
public record RunSetup(
    Settings settings,
    Map<String, String> cell,
    int repetition,
    Map<String, String> backendConfig,
    Environment environment,
    List<String> warnings)
    implements RunSetupBuilder.With {

  /** Reads missing collections (a file that lacks them) as empty, and copies the warnings. */
  public RunSetup {
    cell = cell == null ? Map.of() : cell;
    backendConfig = backendConfig == null ? Map.of() : backendConfig;
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
  }

  /**
   * @param cellValues the matrix cell's values
   * @param repetitionNumber the repetition, from 1 (0 outside a matrix)
   * @return this setup, placed in a matrix cell
   */
  public RunSetup inCell(Map<String, String> cellValues, int repetitionNumber) {
    return with(
        b ->
            b.cell(Collections.unmodifiableMap(new LinkedHashMap<>(cellValues)))
                .repetition(repetitionNumber));
  }

  /**
   * @return the cell as one line, such as {@code senders=4 batch=10}; empty outside a matrix
   */
  public String cellLabel() {
    return labelOf(cell);
  }

  /**
   * @param cell a matrix cell's values
   * @return them as one line, such as {@code senders=4 batch=10}, backend keys without their {@code
   *     properties.} prefix
   */
  public static String labelOf(Map<String, String> cell) {
    StringBuilder b = new StringBuilder();
    cell.forEach(
        (k, v) ->
            b.append(b.length() == 0 ? "" : " ")
                .append(k.replaceFirst("^properties\\.", ""))
                .append('=')
                .append(v));
    return b.toString();
  }
}
