package io.mqbench.results.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mqbench.results.files.LogAxis;
import java.awt.Color;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.PieChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.w3c.dom.Document;

class SvgChartTest {
  @Test
  void aLineChartDrawsEachSeriesInItsColourAndDashesBesideItsTitles() throws Exception {
    XYChart chart = xy("msgs/s over time");
    XYSeries sent =
        chart.addSeries("sent <all>", new double[] {0, 1, 2}, new double[] {10, 20, 30});
    sent.setLineColor(new Color(0x11, 0x22, 0x33));
    sent.setLineStyle(SeriesLines.SOLID);
    XYSeries received =
        chart.addSeries("received", new double[] {0, 1, 2}, new double[] {5, 15, 25});
    received.setLineColor(new Color(0xaa, 0xbb, 0xcc));
    received.setLineStyle(SeriesLines.DASH_DASH);

    String svg = SvgChart.of(chart);

    Document doc = parse(svg);
    assertThat(doc.getElementsByTagName("polyline").getLength()).isGreaterThanOrEqualTo(2);
    assertThat(svg).contains("stroke=\"#112233\"").contains("stroke=\"#aabbcc\"");
    assertThat(attributeOf(svg, "stroke=\"#aabbcc\"[^>]*stroke-dasharray=\"([^\"]+)\""))
        .isNotEmpty();
    assertThat(texts(doc))
        .contains("msgs/s over time", "time (s)", "msgs/s", "sent <all>", "received");
  }

  @Test
  void aLinearAxisEndsOnLabelledValuesAboutItsData() {
    SvgAxis axis = SvgAxis.linear(3, 97, null, null, 6, "#,##0", null);

    assertThat(axis.min()).isEqualTo(0);
    assertThat(axis.max()).isEqualTo(100);
    assertThat(axis.ticks()).containsExactly(0.0, 20.0, 40.0, 60.0, 80.0, 100.0);
    assertThat(axis.label().apply(20_000.0)).isEqualTo("20,000");
    assertThat(axis.pixel(50, 400, 0)).isEqualTo(200);
  }

  @Test
  void aLogarithmicAxisLabelsThePowersOfTenTheValuesSpan() throws Exception {
    XYChart chart = xy("latency");
    chart.addSeries("p99", new double[] {1, 2, 3}, new double[] {1.5, 40, 900});
    LogAxis.apply(chart);

    String svg = SvgChart.of(chart);

    assertThat(leftLabels(svg)).containsExactly("1", "10", "100");
  }

  @Test
  void aValueMissingFromALineLeavesAGapInIt() throws Exception {
    XYChart chart = xy("gaps");
    XYSeries s =
        chart.addSeries(
            "rate", new double[] {0, 1, 2, 3, 4}, new double[] {1, 2, Double.NaN, 4, 5});
    s.setMarker(SeriesMarkers.NONE);

    Document doc = parse(SvgChart.of(chart));

    // two runs of the line plus the legend's sample
    assertThat(doc.getElementsByTagName("polyline").getLength()).isEqualTo(3);
  }

  @Test
  void barsStandOnZeroWithTheirIntervalsAndTheirCategoriesBelow() throws Exception {
    CategoryChart chart =
        new CategoryChartBuilder().width(600).height(400).title("msgs/s by queue").build();
    CategorySeries s =
        chart.addSeries(
            "mean", List.of("kafka", "rabbitmq"), List.of(1000.0, 2000.0), List.of(100.0, 0.0));
    s.setFillColor(new Color(0x12, 0x34, 0x56));
    chart.getStyler().setYAxisMin(0.0);

    String svg = SvgChart.of(chart);

    Document doc = parse(svg);
    assertThat(count(svg, "fill=\"#123456\"")).as("two bars and the legend's box").isEqualTo(3);
    assertThat(texts(doc)).contains("kafka", "rabbitmq", "0");
    // one interval: a line and its two caps
    assertThat(doc.getElementsByTagName("line").getLength() - gridLines(svg)).isEqualTo(3);
  }

  @Test
  void aSecondAxisAtTheRightCarriesItsOwnTitleAndLabels() throws Exception {
    XYChart chart = xy("catch-up");
    chart.addSeries("msgs/s", new double[] {0, 1, 2}, new double[] {100, 200, 300});
    XYSeries backlog = chart.addSeries("backlog", new double[] {0, 1, 2}, new double[] {0, 5e6, 0});
    backlog.setYAxisGroup(1);
    chart.setYAxisGroupTitle(0, "msgs/s sent and received");
    chart.setYAxisGroupTitle(1, "backlog (msgs)");
    chart.getStyler().setYAxisDecimalPattern("#,##0");

    List<String> texts = texts(parse(SvgChart.of(chart)));

    assertThat(texts).contains("msgs/s sent and received", "backlog (msgs)", "5,000,000");
  }

  @Test
  void aChartWithoutValuesIsStillADocumentOnALinearOrALogarithmicAxis() throws Exception {
    assertThat(texts(parse(SvgChart.of(xy("nothing yet"))))).contains("nothing yet");
    XYChart log = xy("no latency yet");
    log.getStyler().setYAxisLogarithmic(true);
    log.addSeries("p99", new double[] {1, 2}, new double[] {Double.NaN, 0});
    assertThat(leftLabels(SvgChart.of(log))).containsExactly("1", "10");
    assertThatThrownBy(() -> SvgChart.of(new PieChart(100, 100)))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static XYChart xy(String title) {
    return new XYChartBuilder()
        .width(800)
        .height(400)
        .title(title)
        .xAxisTitle("time (s)")
        .yAxisTitle("msgs/s")
        .build();
  }

  private static Document parse(String svg) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  private static List<String> texts(Document doc) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < doc.getElementsByTagName("text").getLength(); i++) {
      out.add(doc.getElementsByTagName("text").item(i).getTextContent());
    }
    return out;
  }

  /** The labels of the left axis: the texts that end at its left edge. */
  private static List<String> leftLabels(String svg) {
    List<String> out = new ArrayList<>();
    Matcher m = Pattern.compile("<text [^>]*text-anchor=\"end\">([^<]*)</text>").matcher(svg);
    while (m.find()) {
      out.add(m.group(1));
    }
    return out;
  }

  private static String attributeOf(String svg, String regex) {
    Matcher m = Pattern.compile(regex).matcher(svg);
    return m.find() ? m.group(1) : "";
  }

  private static int count(String s, String what) {
    return s.split(Pattern.quote(what), -1).length - 1;
  }

  private static int gridLines(String svg) {
    return count(svg, "stroke=\"#e3e3e3\"");
  }

  @Test
  void coordinatesAreWrittenToATenthWithTheirSign() {
    assertThat(SvgCanvas.n(12.34)).isEqualTo("12.3");
    assertThat(SvgCanvas.n(12.0)).isEqualTo("12");
    assertThat(SvgCanvas.n(-0.46)).isEqualTo("-0.5");
    assertThat(SvgCanvas.n(-0.04)).isEqualTo("0");
  }
}
