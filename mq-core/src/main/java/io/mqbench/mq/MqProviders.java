package io.mqbench.mq;

import io.mqbench.config.ConfigException;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;

/** The backends on the class path, found with {@link ServiceLoader}. */
public final class MqProviders {
  private final List<MqProvider> providers;

  private MqProviders(List<MqProvider> providers) {
    this.providers = providers;
  }

  /**
   * Loads every {@link MqProvider} visible to this class's class loader.
   *
   * @return the providers, sorted by name
   */
  public static MqProviders load() {
    return of(
        ServiceLoader.load(MqProvider.class, MqProviders.class.getClassLoader()).stream()
            .map(ServiceLoader.Provider::get)
            .toList());
  }

  /**
   * @param providers the providers to choose from
   * @return the given providers, sorted by name
   */
  public static MqProviders of(List<MqProvider> providers) {
    return new MqProviders(
        providers.stream().sorted(Comparator.comparing(MqProvider::name)).toList());
  }

  /**
   * @return every provider, sorted by name
   */
  public List<MqProvider> all() {
    return providers;
  }

  /**
   * @return the providers' names, sorted
   */
  public List<String> names() {
    return providers.stream().map(MqProvider::name).toList();
  }

  /**
   * Finds a backend by name.
   *
   * @param name the backend's name, as in {@code -Dqueue=kafka}
   * @return the provider
   * @throws ConfigException naming the known backends when there is none of that name
   */
  public MqProvider find(String name) {
    return providers.stream()
        .filter(p -> p.name().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new ConfigException(
                    "unknown queue '"
                        + name
                        + "'; known queues: "
                        + providers.stream()
                            .map(MqProvider::name)
                            .collect(Collectors.joining(", "))));
  }
}
