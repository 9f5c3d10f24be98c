package io.github.dra4j.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.dra4j.simulation.SimulationResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.text.StringEscapeUtils;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/*
 * What the report adds for arrivals in simulated time: the x axis in hours, minutes or seconds
 * (by the run's length), the pods waiting per kind over time (a chart each when it changes, CSV
 * lines with an empty group, a JSON "pending" array), and the seconds of every sample. For
 * arrivals counted in steps it adds nothing, so those reports stay as they were.
 */
final class TimedReport {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 360;

  private TimedReport() {}

  /** Writes a chart beside the page and returns its img element. */
  interface ChartWriter {
    String write(Path dir, XYChart chart) throws IOException;
  }

  static boolean timed(SimulationResult r) {
    return r.policies().get(0).samples().get(0).time() != null;
  }

  private static Duration end(SimulationResult r) {
    Duration end = Duration.ZERO;
    for (SimulationResult.Policy p : r.policies()) {
      Duration t = p.last().time();
      end = t != null && t.compareTo(end) > 0 ? t : end;
    }
    return end;
  }

  /* Hours from 2h, minutes from 2m, else seconds. */
  private static double unitSeconds(SimulationResult r) {
    long s = end(r).toSeconds();
    return s >= 7200 ? 3600 : s >= 120 ? 60 : 1;
  }

  static String xTitle(SimulationResult r) {
    if (!timed(r)) {
      return "arrivals";
    }
    double u = unitSeconds(r);
    return "simulated time (" + (u == 3600 ? "h" : u == 60 ? "min" : "s") + ")";
  }

  static double x(SimulationResult r, SimulationResult.Sample s) {
    Duration t = s.time();
    return t == null ? s.step() : t.toNanos() / 1e9 / unitSeconds(r);
  }

  /* The CSV's seconds column with its comma, or nothing for arrivals counted in steps. */
  static String seconds(SimulationResult.Sample s) {
    Duration t = s.time();
    return t == null ? "" : (t.toNanos() / 1e9) + ",";
  }

  private static double secondsOf(SimulationResult.Sample s) {
    Duration t = s.time();
    return t == null ? 0 : t.toNanos() / 1e9;
  }

  static void csv(StringBuilder sb, SimulationResult.Policy p, SimulationResult.Sample s) {
    s.pendingByKind().forEach((kind, n) -> sb.append(StringEscapeUtils.escapeCsv(p.name())).append(',')
        .append(s.step()).append(',').append(seconds(s)).append(',')
        .append(StringEscapeUtils.escapeCsv(unit(p, kind) + " waiting: " + kind)).append(',').append(unit(p, kind))
        .append(',').append((double) n).append('\n'));
  }

  /* What waits of a kind: its PodGroups for a gang kind, else its pods. */
  private static String unit(SimulationResult.Policy p, String kind) {
    SimulationResult.KindCount c = p.kinds().get(kind);
    return c != null && c.groups() != null ? "groups" : "pods";
  }

  static void seconds(ObjectNode policy, SimulationResult.Policy p) {
    if (p.samples().get(0).time() == null) {
      return;
    }
    ArrayNode seconds = policy.putArray("seconds");
    p.samples().forEach(s -> seconds.add(secondsOf(s)));
  }

  static void json(ObjectNode root, SimulationResult r) {
    if (!timed(r)) {
      return;
    }
    ArrayNode pending = root.putArray("pending");
    for (String kind : r.policies().get(0).kinds().keySet()) {
      String unit = unit(r.policies().get(0), kind);
      ObjectNode n = pending.addObject().put("kind", kind).put("name", unit + " waiting: " + kind).put("unit", unit);
      ObjectNode policies = n.putObject("policies");
      for (SimulationResult.Policy p : r.policies()) {
        ObjectNode pn = policies.putObject(p.name());
        ArrayNode steps = pn.putArray("steps");
        ArrayNode seconds = pn.putArray("seconds");
        ArrayNode values = pn.putArray("values");
        for (SimulationResult.Sample s : p.samples()) {
          steps.add(s.step());
          seconds.add(secondsOf(s));
          values.add(s.pendingByKind().getOrDefault(kind, 0));
        }
      }
    }
  }

  static List<String> definitions(SimulationResult r) {
    if (!timed(r)) {
      return List.of();
    }
    return List.of(
        "Arrivals in simulated time: a pod that fits no node waits and is tried again, oldest first, whenever pods "
            + "leave; the run ends at the last arrival or later, when no pod waits or none is left to leave.",
        "pods waiting: the pods of a kind in the queue at the sample's time; placed/pending per kind counts the "
            + "pods placed at any time and those still waiting at the end; for a gang kind, its PodGroups waiting.");
  }

  /* The section of pods waiting per kind over time: a chart per kind that changes. */
  static String pending(SimulationResult r, Path dir, ChartWriter charts) throws IOException {
    if (!timed(r)) {
      return "";
    }
    StringBuilder html = new StringBuilder("<section id=\"pending\"><h2>Pods waiting</h2>\n");
    List<String> flat = new ArrayList<>();
    for (String kind : r.policies().get(0).kinds().keySet()) {
      if (r.policies().stream().flatMap(p -> p.samples().stream()).allMatch(s -> s.pendingByKind().getOrDefault(kind, 0) == 0)) {
        flat.add(kind);
        continue;
      }
      String unit = unit(r.policies().get(0), kind);
      XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(unit + " waiting: " + kind)
          .xAxisTitle(xTitle(r)).yAxisTitle(unit).build();
      chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW).setMarkerSize(0);
      for (SimulationResult.Policy p : r.policies()) {
        double[] xs = new double[p.samples().size()];
        double[] ys = new double[xs.length];
        for (int i = 0; i < xs.length; i++) {
          xs[i] = x(r, p.samples().get(i));
          ys[i] = p.samples().get(i).pendingByKind().getOrDefault(kind, 0);
        }
        chart.addSeries(p.name(), xs, ys);
      }
      html.append(charts.write(dir, chart));
    }
    if (!flat.isEmpty()) {
      html.append("<p class=\"flat\">No pod waited, under any policy (not charted): ")
          .append(StringEscapeUtils.escapeHtml4(String.join(", ", flat))).append("</p>\n");
    }
    return html.append("</section>\n").toString();
  }

  /* "2h0m0s" for the summaries. */
  static String format(Duration d) {
    return io.github.dra4j.api.io.GoDuration.format(d);
  }

  /* The text summary's words for the run's clock, or "" for arrivals counted in steps. */
  static String clock(SimulationResult r) {
    if (!timed(r)) {
      return "";
    }
    // To the second: the run's length, not a timestamp.
    return String.format(Locale.ROOT, ", at %s of simulated time", format(Duration.ofSeconds(Math.round(end(r).toNanos() / 1e9))));
  }
}
