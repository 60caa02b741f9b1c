package io.mqbench.results.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.mqbench.results.FixedResults;
import io.mqbench.results.RunResult;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report as people see it: opened in headless Chromium (Debian's {@code chromium}, which {@code
 * .ci/run} installs), it loads without console errors, every chart decodes, and a screenshot is
 * kept in {@code target/report-screenshot.png} to look at.
 */
class ReportInChromiumIT {
  @TempDir Path tmp;

  /** The page's probe: how many chart images decoded, set where --dump-dom shows it. */
  private static final String PROBE =
      "<script>window.addEventListener('load',function(){var i=document.querySelectorAll("
          + "'img.chart'),n=0;for(var k=0;k<i.length;k++){if(i[k].complete&&i[k].naturalWidth>0)"
          + "{n++;}}document.body.setAttribute('data-charts',n+'/'+i.length);});</script>";

  @Test
  void theReportLoadsWithoutConsoleErrorsAndEveryChartIsDrawn() throws Exception {
    Path matrix = tmp.resolve("20261123-memory-vs-other-by-senders-matrix");
    int n = 1;
    for (String queue : List.of("memory", "other")) {
      for (String senders : List.of("1", "4")) {
        for (int rep = 1; rep <= 3; rep++) {
          RunResult r =
              FixedResults.fixedResult(0).inCell(Map.of("queue", queue, "senders", senders), rep);
          ResultsFolder.write(r, matrix.resolve(String.format("%03d", n++)));
        }
      }
    }
    Path sweepRun = tmp.resolve("20261123-memory");
    ResultsFolder.write(FixedResults.fixedRateResult(), sweepRun);
    Path report = Reports.write(List.of(matrix, sweepRun), tmp.resolve("report.html"));
    String html = Files.readString(report);
    int charts = count(html, "<img class=\"chart\"");
    assertThat(charts).isGreaterThanOrEqualTo(9);

    Path screenshot = Path.of("target", "report-screenshot.png").toAbsolutePath();
    Files.deleteIfExists(screenshot);
    Result shown =
        chromium(
            "--screenshot=" + screenshot, "--window-size=1280,6000", report.toUri().toString());
    assertThat(consoleLines(shown.err)).as("console messages").isEmpty();
    BufferedImage image = ImageIO.read(screenshot.toFile());
    assertThat(image.getWidth()).isEqualTo(1280);

    Path probed = tmp.resolve("probed.html");
    Files.writeString(probed, html.replace("</body>", PROBE + "</body>"), StandardCharsets.UTF_8);
    Result dom = chromium("--dump-dom", probed.toUri().toString());
    assertThat(consoleLines(dom.err)).as("console messages").isEmpty();
    assertThat(dom.out).contains("data-charts=\"" + charts + "/" + charts + "\"");
  }

  private record Result(String out, String err) {}

  private Result chromium(String... args) throws IOException, InterruptedException {
    String binary = Files.isExecutable(Path.of("/usr/bin/chromium")) ? "/usr/bin/chromium" : null;
    if (binary == null) {
      fail("chromium is not installed: apt-get install chromium (.ci/run does this)");
    }
    List<String> command =
        new ArrayList<>(
            List.of(
                binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "chromium"),
                "--enable-logging=stderr",
                "--v=0",
                "--virtual-time-budget=5000"));
    command.addAll(List.of(args));
    Path out = tmp.resolve("chromium.out");
    Path err = tmp.resolve("chromium.err");
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(out.toFile())
            .redirectError(err.toFile())
            .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
            .start();
    if (!p.waitFor(90, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("chromium did not finish within 90 s: " + Files.readString(err));
    }
    assertThat(p.exitValue()).as(Files.readString(err)).isZero();
    return new Result(Files.readString(out), Files.readString(err));
  }

  private static List<String> consoleLines(String stderr) {
    return stderr.lines().filter(l -> l.contains(":CONSOLE")).toList();
  }

  private static int count(String text, String what) {
    Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
    int n = 0;
    while (m.find()) {
      n++;
    }
    return n;
  }
}
