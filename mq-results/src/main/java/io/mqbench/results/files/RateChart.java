package io.mqbench.results.files;

import java.awt.Color;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;

/** The skeleton the over-time charts share: messages per second against seconds since the start. */
final class RateChart {
  private RateChart() {}

  /**
   * @return a chart without series: its title, its time and rate axes, white, legend below
   */
  static XYChart of(String title, int width, int height) {
    XYChart chart =
        new XYChartBuilder()
            .width(width)
            .height(height)
            .title(title)
            .xAxisTitle("time since the start (s)")
            .yAxisTitle("msgs/s")
            .build();
    XYStyler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    s.setYAxisDecimalPattern("#,##0");
    s.setXAxisDecimalPattern("#,##0.#");
    return chart;
  }
}
