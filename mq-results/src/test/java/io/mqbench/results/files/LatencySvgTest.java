package io.mqbench.results.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.mqbench.engine.measure.Latencies;
import io.mqbench.results.FixedResults;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class LatencySvgTest {
  @TempDir Path tmp;

  @Test
  void chartIsAnSvgWithALinePerHistogramThatHasValuesInsideThePlot() throws Exception {
    Histogram slow = Latencies.newHistogram();
    Histogram fast = Latencies.newHistogram();
    for (int i = 1; i <= 10_000; i++) {
      slow.recordValue(i * 10L);
      fast.recordValue(i);
    }
    Map<String, Histogram> series = new LinkedHashMap<>();
    series.put("slow", slow);
    series.put("empty", Latencies.newHistogram());
    series.put("fast", fast);
    Path file = tmp.resolve("chart.svg");

    LatencySvg.write("queue <a> & \"b\"", series, file);

    Document svg = parse(Files.readString(file));
    NodeList lines = svg.getElementsByTagName("polyline");
    assertThat(lines.getLength()).isEqualTo(2);
    List<double[]> slowPoints = points((Element) lines.item(0));
    List<double[]> fastPoints = points((Element) lines.item(1));
    assertThat(((Element) lines.item(0)).getAttribute("stroke")).isEqualTo(LatencySvg.colour(0));
    assertThat(((Element) lines.item(1)).getAttribute("stroke")).isEqualTo(LatencySvg.colour(1));
    for (double[] p : concat(slowPoints, fastPoints)) {
      assertThat(p[0]).isBetween((double) LatencySvg.PLOT_LEFT, (double) LatencySvg.PLOT_RIGHT);
      assertThat(p[1]).isBetween((double) LatencySvg.PLOT_TOP, (double) LatencySvg.PLOT_BOTTOM);
    }
    // Ten times the latency is higher up (a smaller y) at the same percentile.
    assertThat(slowPoints.get(0)[0]).isEqualTo(fastPoints.get(0)[0]);
    assertThat(slowPoints.get(0)[1]).isLessThan(fastPoints.get(0)[1]);
    assertThat(texts(svg))
        .contains("queue <a> & \"b\"", "slow", "fast", "percentile (%)", "latency (ms)")
        .contains("0%", "90%", "99%", "99.9%", "99.99%", "99.999%", "99.9999%")
        .contains("0.001", "0.01", "0.1", "1", "10", "100")
        .doesNotContain("empty");
  }

  @Test
  void curvesEndWhereTheirValuesSupportAPercentile() throws Exception {
    Histogram thousand = Latencies.newHistogram();
    for (int i = 1; i <= 1_000; i++) {
      thousand.recordValue(i * 100L);
    }

    Document svg = parse(LatencySvg.svg("t", Map.of("run", thousand)));

    List<double[]> points = points((Element) svg.getElementsByTagName("polyline").item(0));
    // 1,000 values support 99.9 %: three nines, half of the axis's six.
    assertThat(points.get(points.size() - 1)[0])
        .isCloseTo(LatencySvg.px(3), org.assertj.core.api.Assertions.within(0.1));
  }

  @Test
  void aChartWithoutValuesSaysSoAndDrawsNoLine() throws Exception {
    Document svg =
        parse(LatencySvg.svg("nothing", Map.of("end-to-end-latency", Latencies.newHistogram())));

    assertThat(svg.getElementsByTagName("polyline").getLength()).isZero();
    assertThat(texts(svg)).contains("no latency values recorded");
  }

  @Test
  void aResultsFolderHasTheSvgChartAndNoPicture() throws Exception {
    Path dir = tmp.resolve("run");

    List<String> warnings =
        ResultsWriter.write(FixedResults.fixedResult(0), dir, ResultsWriterTest.SHEETS);

    assertThat(warnings).isEmpty();
    Document svg = parse(Files.readString(dir.resolve(ResultsWriter.CHART_SVG)));
    assertThat(svg.getElementsByTagName("polyline").getLength()).isPositive();
    try (var files = Files.list(dir)) {
      assertThat(files.map(f -> f.getFileName().toString())).noneMatch(f -> f.endsWith(".png"));
    }
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<String> texts(Document svg) {
    NodeList texts = svg.getElementsByTagName("text");
    List<String> out = new ArrayList<>();
    for (int i = 0; i < texts.getLength(); i++) {
      out.add(texts.item(i).getTextContent());
    }
    return out;
  }

  private static List<double[]> points(Element polyline) {
    List<double[]> out = new ArrayList<>();
    for (String pair : polyline.getAttribute("points").split(" ")) {
      String[] xy = pair.split(",");
      out.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
    }
    return out;
  }

  private static List<double[]> concat(List<double[]> a, List<double[]> b) {
    List<double[]> out = new ArrayList<>(a);
    out.addAll(b);
    return out;
  }
}
