package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.api.simulation.SimulationSpec;
import io.github.dra4j.simulation.Simulation;
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
import java.util.Set;
import java.util.function.ToDoubleFunction;
import org.apache.commons.text.StringEscapeUtils;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The {@code --report} page: {@code index.html} begins with the summary (what the table shows,
 * the table itself with units, the first pending pods) and the definitions, then one section per
 * node group with charts over the arrivals, one line per policy, drawn only for the series that
 * change. Every sampled series is also written as {@code series.csv} and {@code series.json}
 * beside the page, and each chart as a PNG (embedded in the page as a data URI, so the page alone
 * can be mailed). With arrivals in time the charts run over simulated time, a section charts the
 * pods waiting per kind, and the CSV gains a {@code seconds} column.
 */
final class SimulationReport {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 360;

  private final SimulationSpec spec;
  private final SimulationResult result;
  private final CounterUnits units;
  private final String smallest;
  private int charts;

  SimulationReport(SimulationSpec spec, Simulation simulation, SimulationResult result, String smallest) {
    this.spec = spec;
    this.result = result;
    this.units = new CounterUnits(simulation.cluster());
    this.smallest = smallest;
  }

  /** One sampled series of a node group: its values per policy over the samples. */
  private record Series(String group, String name, String unit, ToDoubleFunction<SimulationResult.GroupUsage> value) {}

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
    List<Series> series = series();
    StringBuilder html = new StringBuilder();
    html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>")
        .append(esc("dra4j simulation " + spec.name())).append("</title>\n<style>")
        .append("body{font-family:sans-serif;margin:2em;max-width:1500px}")
        .append("table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:right}")
        .append("td:first-child,th:first-child{text-align:left}img{margin:4px}")
        .append("</style></head><body>\n<h1>").append(esc("Simulation " + spec.name())).append("</h1>\n");
    html.append("<section id=\"summary\"><h2>Summary</h2>\n<p>")
        .append(esc(result.arrivals().size() + " arrivals, seed " + spec.arrivals().seed() + ", policies "
            + String.join(", ", spec.policies()) + ". The table shows the last sample: the cluster after arrival "
            + result.policies().get(0).last().step() + TimedReport.clock(result) + "."))
        .append("</p>\n").append(table()).append(firstPending()).append("</section>\n");
    html.append("<section id=\"definitions\"><h2>Definitions</h2>\n<ul>\n");
    TimedReport.definitions(result).forEach(d -> html.append("<li>").append(esc(d)).append("</li>\n"));
    SimulateCommand.DEFINITIONS.forEach(d -> html.append("<li>").append(esc(d)).append("</li>\n"));
    html.append("</ul>\n<p>Every series: <a href=\"series.csv\">series.csv</a>, <a href=\"series.json\">series.json</a>.</p>\n")
        .append("</section>\n");
    html.append(TimedReport.pending(result, dir, this::chartFile));
    for (String group : groups()) {
      html.append("<section class=\"group\" id=\"group-").append(esc(group)).append("\"><h2>Node group ")
          .append(esc(group)).append("</h2>\n");
      List<String> flat = new ArrayList<>();
      for (Series s : series) {
        if (!s.group().equals(group)) {
          continue;
        }
        if (!changes(s)) {
          flat.add(s.name() + " (" + format(s, s.value().applyAsDouble(result.policies().get(0).last().group(group))) + ")");
          continue;
        }
        html.append(chartFile(dir, chart(s)));
      }
      if (!flat.isEmpty()) {
        html.append("<p class=\"flat\">Constant over the run, for every policy (not charted): ")
            .append(esc(String.join("; ", flat))).append("</p>\n");
      }
      html.append("</section>\n");
    }
    html.append("</body></html>\n");
    Files.writeString(dir.resolve("series.csv"), csv(series));
    Files.writeString(dir.resolve("series.json"), json(series));
    Path page = dir.resolve("index.html");
    Files.writeString(page, html);
    return page;
  }

  /* Writes a chart as the next chart-NN.png and returns its img element, the PNG embedded. */
  private String chartFile(Path dir, XYChart chart) throws IOException {
    byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    String name = String.format(Locale.ROOT, "chart-%02d.png", ++charts);
    Files.write(dir.resolve(name), png);
    return "<img alt=\"" + esc(chart.getTitle()) + "\" src=\"data:image/png;base64,"
        + Base64.getEncoder().encodeToString(png) + "\">\n";
  }

  private List<String> groups() {
    return new ArrayList<>(result.policies().get(0).last().groups().keySet());
  }

  private List<Series> series() {
    List<Series> out = new ArrayList<>();
    for (String group : groups()) {
      out.add(new Series(group, "device placements allocated", "devices", g -> g.allocatedDevices()));
      if (result.policies().get(0).last().group(group).counterSets() > 0) {
        out.add(new Series(group, "GPUs in use (counter sets)", "counter sets", g -> g.counterSetsInUse()));
      }
      Set<String> counters = counters(group);
      for (String c : counters) {
        out.add(new Series(group, c + " used", units.unit(c), g -> {
          SimulationResult.CounterUsage u = g.counters().get(c);
          return u == null ? 0 : units.value(c, u.used());
        }));
      }
      CounterUnits capacityUnits = units.capacities();
      for (String c : DeviceCapacityFigures.names(result.policies(), group)) {
        out.add(new Series(group, c + " used (device capacity)", capacityUnits.unit(c), g -> {
          SimulationResult.CounterUsage u = g.deviceCapacities().get(c);
          return u == null ? 0 : capacityUnits.value(c, u.used());
        }));
        out.add(new Series(group, "stranded for every kind: " + c + " (device capacity)", capacityUnits.unit(c), g -> {
          SimulationResult.CounterUsage u = g.deviceCapacities().get(c);
          return u == null ? 0 : capacityUnits.value(c, u.stranded());
        }));
      }
      out.add(new Series(group, "stranded for " + smallest + ": devices", "devices", g -> {
        SimulationResult.Stranded s = g.strandedByKind().get(smallest);
        return s == null ? 0 : s.devices();
      }));
      for (String c : counters) {
        out.add(new Series(group, "stranded for " + smallest + ": " + c, units.unit(c), g -> {
          SimulationResult.Stranded s = g.strandedByKind().get(smallest);
          Double v = s == null ? null : s.counters().get(c);
          return v == null ? 0 : units.value(c, v);
        }));
      }
      out.add(new Series(group, "stranded for every kind: devices", "devices", g -> g.strandedDevices()));
      for (String c : counters) {
        out.add(new Series(group, "stranded for every kind: " + c, units.unit(c), g -> {
          SimulationResult.CounterUsage u = g.counters().get(c);
          return u == null ? 0 : units.value(c, u.stranded());
        }));
      }
    }
    return out;
  }

  /* Whether any policy's value differs from the first sample's of the first policy. */
  private boolean changes(Series s) {
    double first = s.value().applyAsDouble(result.policies().get(0).samples().get(0).group(s.group()));
    for (SimulationResult.Policy p : result.policies()) {
      for (SimulationResult.Sample sample : p.samples()) {
        if (s.value().applyAsDouble(sample.group(s.group())) != first) {
          return true;
        }
      }
    }
    return false;
  }

  private static String format(Series s, double v) {
    String number = v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    return number + " " + s.unit();
  }

  private String table() {
    List<String[]> rows = SimulateCommand.rows(result, units, smallest);
    StringBuilder sb = new StringBuilder("<table>\n<tr>");
    for (String h : rows.get(0)) {
      sb.append("<th>").append(esc(h)).append("</th>");
    }
    sb.append("</tr>\n");
    for (String[] row : rows.subList(1, rows.size())) {
      sb.append("<tr>");
      for (String cell : row) {
        sb.append("<td>").append(esc(cell.strip())).append("</td>");
      }
      sb.append("</tr>\n");
    }
    return sb.append("</table>\n").toString();
  }

  private String firstPending() {
    StringBuilder sb = new StringBuilder();
    for (SimulationResult.Policy p : result.policies()) {
      if (p.firstPending() != null) {
        sb.append("<p><b>").append(esc(p.name())).append("</b>: ")
            .append(esc(p.firstPending().podGroup() != null
                ? "first pending " + p.firstPending().message() + " (arrival " + p.firstPending().index() + ")"
                : "first pending pod " + p.firstPending().pod() + " (arrival " + p.firstPending().index() + "): "
                    + p.firstPending().message()))
            .append("</p>\n");
      }
    }
    return sb.toString();
  }

  private Set<String> counters(String group) {
    Set<String> out = new LinkedHashSet<>();
    result.policies().forEach(p -> out.addAll(p.last().group(group).counters().keySet()));
    return out;
  }

  private XYChart chart(Series s) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(s.group() + ": " + s.name())
        .xAxisTitle(TimedReport.xTitle(result)).yAxisTitle(s.unit()).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(0);
    for (SimulationResult.Policy p : result.policies()) {
      double[] x = new double[p.samples().size()];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = TimedReport.x(result, p.samples().get(i));
        y[i] = s.value().applyAsDouble(p.samples().get(i).group(s.group()));
      }
      chart.addSeries(p.name(), x, y);
    }
    return chart;
  }

  /* One line per policy, sample and series: policy,step,group,series,unit,value. */
  private String csv(List<Series> series) {
    StringBuilder sb = new StringBuilder(TimedReport.timed(result) ? "policy,step,seconds,group,series,unit,value\n"
        : "policy,step,group,series,unit,value\n");
    for (SimulationResult.Policy p : result.policies()) {
      for (SimulationResult.Sample sample : p.samples()) {
        for (Series s : series) {
          sb.append(StringEscapeUtils.escapeCsv(p.name())).append(',').append(sample.step()).append(',')
              .append(TimedReport.seconds(sample)).append(StringEscapeUtils.escapeCsv(s.group())).append(',').append(StringEscapeUtils.escapeCsv(s.name()))
              .append(',').append(StringEscapeUtils.escapeCsv(s.unit())).append(',')
              .append(s.value().applyAsDouble(sample.group(s.group()))).append('\n');
        }
        TimedReport.csv(sb, p, sample);
      }
    }
    return sb.toString();
  }

  private String json(List<Series> series) {
    ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = mapper.createObjectNode();
    root.put("simulation", spec.name());
    ArrayNode all = root.putArray("series");
    for (Series s : series) {
      ObjectNode n = all.addObject().put("group", s.group()).put("name", s.name()).put("unit", s.unit());
      ObjectNode policies = n.putObject("policies");
      for (SimulationResult.Policy p : result.policies()) {
        ObjectNode pn = policies.putObject(p.name());
        ArrayNode steps = pn.putArray("steps");
        ArrayNode values = pn.putArray("values");
        for (SimulationResult.Sample sample : p.samples()) {
          steps.add(sample.step());
          values.add(s.value().applyAsDouble(sample.group(s.group())));
        }
        TimedReport.seconds(pn, p);
      }
    }
    TimedReport.json(root, result);
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("a tree of plain values always serializes", e);
    }
  }

  private static String esc(String text) {
    return StringEscapeUtils.escapeHtml4(text);
  }
}
