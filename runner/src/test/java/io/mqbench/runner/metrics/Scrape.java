package io.mqbench.runner.metrics;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a Prometheus text endpoint, parsed: every sample with its name, labels and value.
 * For tests and for the figure drawn from a real scrape series.
 *
 * @param samples every sample, in the order served
 */
public record Scrape(List<Sample> samples) {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Pattern LINE =
      Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)\\})? (\\S+)(?: \\S+)?$");
  private static final Pattern LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

  /**
   * One sample.
   *
   * @param name the series' name, such as {@code mqbench_sent_messages_total}
   * @param labels its labels
   * @param value its value
   */
  public record Sample(String name, Map<String, String> labels, double value) {}

  /**
   * @param url such as {@code http://127.0.0.1:9400/metrics}
   * @return the scrape
   */
  public static Scrape of(String url) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException(url + ": HTTP " + r.statusCode());
    }
    return parse(r.body());
  }

  /**
   * @param text Prometheus' text format
   * @return its samples
   */
  public static Scrape parse(String text) {
    List<Sample> samples = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      Matcher m = LINE.matcher(line);
      if (!m.matches()) {
        throw new IllegalArgumentException("not a sample line: " + line);
      }
      Map<String, String> labels = new LinkedHashMap<>();
      if (m.group(2) != null) {
        Matcher l = LABEL.matcher(m.group(2));
        while (l.find()) {
          labels.put(l.group(1), l.group(2));
        }
      }
      samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
    }
    return new Scrape(List.copyOf(samples));
  }

  /**
   * @return every series name served
   */
  public Set<String> names() {
    Set<String> names = new TreeSet<>();
    samples.forEach(s -> names.add(s.name()));
    return names;
  }

  /**
   * @param name a series name
   * @return the samples of that name
   */
  public List<Sample> named(String name) {
    return samples.stream().filter(s -> s.name().equals(name)).toList();
  }

  /**
   * @param name a series name
   * @return the value of its only sample
   * @throws IllegalStateException if it has none or several
   */
  public double value(String name) {
    List<Sample> found = named(name);
    if (found.size() != 1) {
      throw new IllegalStateException(found.size() + " samples of " + name + ", expected 1");
    }
    return found.get(0).value();
  }

  /**
   * @param histogram a histogram's name, such as {@code mqbench_end_to_end_latency_seconds}
   * @return its cumulative bucket counts by upper bound ({@code le}), of its only series
   */
  public Map<String, Double> buckets(String histogram) {
    Map<String, Double> byBound = new LinkedHashMap<>();
    for (Sample s : named(histogram + "_bucket")) {
      if (byBound.put(s.labels().get("le"), s.value()) != null) {
        throw new IllegalStateException("several series of " + histogram);
      }
    }
    return byBound;
  }
}
