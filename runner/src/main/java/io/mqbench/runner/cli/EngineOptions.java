package io.mqbench.runner.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mqbench.config.ConfigException;
import io.mqbench.engine.RunSettings;
import io.mqbench.engine.json.EngineJson;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Optional;

/**
 * Turns the engine's options of a {@code run} into {@link RunSettings} by name: every settings
 * component is read from the {@link RunOptions} field of the same name as its JSON name ({@code
 * --in-flight} fills {@code inFlight}), converted as {@code run.json} and the worker wire convert
 * it. A new engine option is therefore a new option field and a new component, and nothing here.
 */
final class EngineOptions {
  private static final ObjectMapper JSON = EngineJson.newMapper();

  private EngineOptions() {}

  /**
   * @return the JSON names of the settings' components, in order
   */
  static List<String> names() {
    BeanDescription d =
        JSON.getDeserializationConfig().introspect(JSON.constructType(RunSettings.class));
    return d.findProperties().stream().map(BeanPropertyDefinition::getName).toList();
  }

  /**
   * @param options the parsed options
   * @param computed values the planner decides rather than the user (defaults that depend on other
   *     options, a node layout's thread counts), by component name; they win over the options
   * @return the settings
   * @throws ConfigException if a value is invalid, naming the option
   */
  static RunSettings settings(RunOptions options, ObjectNode computed) {
    ObjectNode n = JSON.createObjectNode();
    for (String name : names()) {
      Object value = field(options, name);
      if (value instanceof Optional<?> o) {
        value = o.orElse(null);
      }
      if (value != null) {
        n.set(name, JSON.valueToTree(value));
      }
    }
    n.setAll(computed);
    return read(n);
  }

  /**
   * @param node settings as JSON
   * @return them as a record
   * @throws ConfigException if a value is invalid, naming the option
   */
  static RunSettings read(JsonNode node) {
    try {
      return JSON.treeToValue(node, RunSettings.class);
    } catch (JsonMappingException e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof ConfigException c) {
          throw c;
        }
      }
      throw new ConfigException("invalid settings: " + e.getOriginalMessage());
    } catch (JsonProcessingException e) {
      throw new ConfigException("invalid settings: " + e.getOriginalMessage());
    }
  }

  private static Object field(RunOptions options, String name) {
    try {
      Field f = RunOptions.class.getDeclaredField(name);
      return f.get(options);
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(
          "RunSettings has a component '"
              + name
              + "' but RunOptions has no option field of that name: add the option",
          e);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
