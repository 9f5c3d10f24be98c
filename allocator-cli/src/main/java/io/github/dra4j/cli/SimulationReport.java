package io.github.dra4j.cli;

import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.simulation.SimulationResult;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;
import org.apache.commons.text.StringEscapeUtils;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The {@code --report} page: {@code index.html} with the summary table and, per node group,
 * charts over the arrivals (device utilization, stranded devices, and each counter's
 * utilization and stranded share), one line per policy. The charts are written as PNG files
 * beside the page and embedded in it as data URIs, so the page alone can be mailed or attached.
 */
final class SimulationReport {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 360;

  private final SimulationSpec spec;
  private final SimulationResult result;

  SimulationReport(SimulationSpec spec, SimulationResult result) {
    this.spec = spec;
    this.result = result;
  }

  /**
   * Checks, before the simulation runs, that the page can be written into the directory: it is
   * created if missing, must be writable, and its {@code index.html} must not be a directory.
   *
   * @throws CliException naming the path and the reason
   */
  static void checkTarget(Path dir) {
    if (Files.exists(dir) && !Files.isDirectory(dir)) {
      throw new CliException("--report " + dir + ": not a directory (it is a file); name a directory for"
          + " index.html and its charts");
    }
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new CliException("--report " + dir + ": cannot create the directory (" + reason(e) + ")", e);
    }
    if (!Files.isWritable(dir)) {
      throw new CliException("--report " + dir + ": the directory is not writable");
    }
    Path page = dir.resolve("index.html");
    if (Files.isDirectory(page)) {
      throw new CliException("--report " + dir + ": " + page + " is a directory; the page cannot be written");
    }
    if (Files.exists(page) && !Files.isWritable(page)) {
      throw new CliException("--report " + dir + ": " + page + " is not writable");
    }
  }

  private static String reason(IOException e) {
    if (e instanceof FileAlreadyExistsException) {
      return "a file is in the way: " + e.getMessage();
    } else if (e instanceof AccessDeniedException) {
      return "permission denied: " + e.getMessage();
    } else if (e instanceof FileSystemException && ((FileSystemException) e).getReason() != null) {
      return ((FileSystemException) e).getFile() + ": " + ((FileSystemException) e).getReason();
    }
    return String.valueOf(e.getMessage());
  }

  /** Writes the page and its charts into the directory, created if missing; returns the page. */
  Path write(Path dir) {
    try {
      return writeTo(dir);
    } catch (IOException e) {
      throw new CliException("--report " + dir + ": cannot write the report (" + reason(e) + ")", e);
    }
  }

  private Path writeTo(Path dir) throws IOException {
    // Charts are drawn off-screen; a machine without a display must not need one.
    System.setProperty("java.awt.headless", "true");
    checkTarget(dir);
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(esc("dra4j simulation " + spec.name())).append("</title>\n<style>")
        .append("body{font-family:sans-serif;margin:2em;max-width:1500px}")
        .append("table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}")
        .append("td:first-child,th:first-child{text-align:left}img{margin:4px}")
        .append("</style></head><body>\n<h1>").append(esc("Simulation " + spec.name())).append("</h1>\n<p>")
        .append(esc(result.arrivals().size() + " arrivals, seed " + spec.arrivals().seed() + ", policies "
            + String.join(", ", spec.policies())))
        .append("</p>\n");
    html.append(summaryTable());
    for (SimulationResult.Policy p : result.policies()) {
      if (p.firstPending() != null) {
        html.append("<p><b>").append(esc(p.name())).append("</b>: first pending pod ")
            .append(esc(p.firstPending().pod() + " (arrival " + p.firstPending().index() + "): "
                + p.firstPending().message()))
            .append("</p>\n");
      }
    }
    int n = 0;
    for (String group : result.policies().get(0).last().groups().keySet()) {
      html.append("<h2>Node group ").append(esc(group)).append("</h2>\n");
      List<XYChart> charts = new ArrayList<>();
      charts.add(chart(group, group + ": devices allocated", "share of devices",
          g -> g.deviceUtilization()));
      charts.add(chart(group, group + ": stranded devices", "devices", g -> g.strandedDevices()));
      for (String counter : counters(group)) {
        charts.add(chart(group, group + ": " + counter + " used", "share of total", g -> {
          SimulationResult.CounterUsage c = g.counters().get(counter);
          return c == null ? 0 : c.utilization();
        }));
        charts.add(chart(group, group + ": " + counter + " stranded", "share of total", g -> {
          SimulationResult.CounterUsage c = g.counters().get(counter);
          return c == null || c.total() <= 0 ? 0 : c.stranded() / c.total();
        }));
      }
      for (XYChart chart : charts) {
        byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        String name = String.format(Locale.ROOT, "chart-%02d.png", ++n);
        Files.write(dir.resolve(name), png);
        html.append("<img alt=\"").append(esc(chart.getTitle())).append("\" src=\"data:image/png;base64,")
            .append(Base64.getEncoder().encodeToString(png)).append("\">\n");
      }
    }
    html.append("</body></html>\n");
    Path page = dir.resolve("index.html");
    Files.writeString(page, html);
    return page;
  }

  private String summaryTable() {
    StringBuilder sb = new StringBuilder("<table>\n<tr><th></th>");
    for (SimulationResult.Policy p : result.policies()) {
      sb.append("<th>").append(esc(p.name())).append("</th>");
    }
    sb.append("</tr>\n");
    row(sb, "placed", p -> Integer.toString(p.placed()));
    row(sb, "pending", p -> Integer.toString(p.pending()));
    for (String kind : result.policies().get(0).kinds().keySet()) {
      row(sb, kind + " placed / pending", p -> {
        // every policy ran every kind
        SimulationResult.KindCount k = Objects.requireNonNull(p.kinds().get(kind));
        return k.placed() + " / " + k.pending();
      });
    }
    row(sb, "first pending arrival", p -> p.firstPending() == null ? "-" : Integer.toString(p.firstPending().index()));
    for (String group : result.policies().get(0).last().groups().keySet()) {
      row(sb, group + ": stranded nodes", p -> Integer.toString(p.last().group(group).strandedNodes()));
      row(sb, group + ": stranded devices", p -> Integer.toString(p.last().group(group).strandedDevices()));
    }
    row(sb, "placements per second", p -> String.format(Locale.ROOT, "%.0f", p.placementsPerSecond()));
    return sb.append("</table>\n").toString();
  }

  private void row(StringBuilder sb, String label, Function<SimulationResult.Policy, String> cell) {
    sb.append("<tr><td>").append(esc(label)).append("</td>");
    for (SimulationResult.Policy p : result.policies()) {
      sb.append("<td>").append(esc(cell.apply(p))).append("</td>");
    }
    sb.append("</tr>\n");
  }

  private Set<String> counters(String group) {
    Set<String> out = new LinkedHashSet<>();
    result.policies().forEach(p -> out.addAll(p.last().group(group).counters().keySet()));
    return out;
  }

  private XYChart chart(String group, String title, String yTitle,
      ToDoubleFunction<SimulationResult.GroupUsage> value) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
        .xAxisTitle("arrivals").yAxisTitle(yTitle).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(0);
    for (SimulationResult.Policy p : result.policies()) {
      double[] x = new double[p.samples().size()];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = p.samples().get(i).step();
        y[i] = value.applyAsDouble(p.samples().get(i).group(group));
      }
      chart.addSeries(p.name(), x, y);
    }
    return chart;
  }

  private static String esc(String text) {
    return StringEscapeUtils.escapeHtml4(text);
  }
}
