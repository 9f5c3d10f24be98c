package io.github.dra4j.api.io;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.dra4j.api.simulation.DurationDistribution;
import io.github.dra4j.api.simulation.Timeline;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/*
 * The time-based part of a simulation's workload: spec.workload.rate or .trace, .sampleInterval,
 * and each pod kind's duration. A trace is a CSV file in the simulation's directory (the same
 * restriction as every file a simulation names), one arrival a line: timestamp,kind,duration.
 * Its errors name the file and line, and quote nothing of it, as for the other files.
 */
final class TimelineReader {
  private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)/(.+)");
  private static final Set<String> DISTRIBUTION = Set.of("distribution", "mean", "min", "max", "duration");
  private static final String HEADER = "timestamp,kind,duration";
  private static final String TIMESTAMP = "not an offset from the start (90s, 1h2m) nor an RFC 3339 time"
      + " (2024-05-01T10:00:00Z)";

  private final SimulationReader reader;

  /* What the workload's time-based fields say: the timeline, the trace's arrival count and kinds. */
  record Read(Timeline timeline, int count, List<String> order) {}

  TimelineReader(SimulationReader reader) {
    this.reader = reader;
  }

  /*
   * The timeline, or null for arrivals counted in steps; then no kind may have a duration and no
   * sampleInterval may be given. kinds are the pod kinds' names in order.
   */
  @Nullable Read read(JsonNode workload, JsonPath at, List<String> kinds, int maxArrivals) throws IOException {
    boolean rate = workload.has("rate");
    boolean trace = workload.has("trace");
    JsonNode podKinds = workload.path("podKinds");
    if (!rate && !trace) {
      for (int i = 0; i < podKinds.size(); i++) {
        if (podKinds.get(i).has("duration")) {
          throw reader.fail(at.field("podKinds").index(i).field("duration"), "Forbidden: a duration is simulated"
              + " time; give spec.workload.rate or spec.workload.trace, or lifetime (in arrivals)");
        }
      }
      if (workload.has("sampleInterval")) {
        throw reader.fail(at.field("sampleInterval"), "Forbidden: needs spec.workload.rate or spec.workload.trace;"
            + " arrivals counted in steps are sampled by spec.sampleEvery");
      }
      return null;
    }
    if (rate && trace) {
      throw reader.fail(at.field("trace"), "Forbidden: give either rate or trace, not both");
    }
    Map<String, DurationDistribution> durations = new LinkedHashMap<>();
    for (int i = 0; i < podKinds.size(); i++) {
      JsonPath kindAt = at.field("podKinds").index(i);
      if (podKinds.get(i).has("lifetime")) {
        throw reader.fail(kindAt.field("lifetime"), "Forbidden: lifetime counts arrivals; with a rate or a trace"
            + " give duration (simulated time, such as 30m)");
      }
      if (podKinds.get(i).has("duration")) {
        durations.put(kinds.get(i), distribution(podKinds.get(i).get("duration"), kindAt.field("duration")));
      }
    }
    Duration interval = workload.has("sampleInterval")
        ? positive(workload.get("sampleInterval"), at.field("sampleInterval")) : null;
    if (rate) {
      double perSecond = rate(workload.get("rate"), at.field("rate"));
      return new Read(Timeline.poisson(perSecond, durations, interval), -1, List.of());
    }
    for (String field : List.of("count", "order")) {
      if (workload.has(field)) {
        throw reader.fail(at.field(field), "Forbidden: a trace gives the arrivals and their kinds");
      }
    }
    List<Timeline.TraceArrival> arrivals = trace(workload.get("trace"), at.field("trace"), kinds, maxArrivals);
    return new Read(Timeline.replay(arrivals, durations, interval), arrivals.size(),
        arrivals.stream().map(Timeline.TraceArrival::kind).toList());
  }

  /* "120/h", "2/m", "1/30s": arrivals per Go duration (a bare unit is one of it). */
  private double rate(JsonNode node, JsonPath at) throws DecodeException {
    String text = reader.string(node, at);
    Matcher m = RATE.matcher(text.strip());
    String why = "Invalid value: \"" + text + "\": must be arrivals per time, such as 120/h, 2/m or 1/30s";
    if (!m.matches()) {
      throw reader.fail(at, why);
    }
    String per = m.group(2).strip();
    Duration d;
    try {
      d = GoDuration.parse(per.matches("ns|us|µs|μs|ms|s|m|h") ? "1" + per : per);
    } catch (IllegalArgumentException e) {
      throw reader.fail(at, why);
    }
    double perSecond = Double.parseDouble(m.group(1)) / (d.toNanos() / 1e9);
    if (!(perSecond > 0) || Double.isInfinite(perSecond)) {
      throw reader.fail(at, why + " above 0");
    }
    return perSecond;
  }

  /* 30m, or {distribution: fixed|exponential|uniform, duration | mean | min and max}. */
  private DurationDistribution distribution(JsonNode node, JsonPath at) throws DecodeException {
    if (node.isTextual()) {
      return DurationDistribution.fixed(positive(node, at));
    }
    reader.object(node, at, DISTRIBUTION);
    String kind = node.has("distribution") ? reader.string(node.get("distribution"), at.field("distribution")) : "fixed";
    Set<String> needs = switch (kind) {
      case "fixed" -> Set.of("duration");
      case "exponential" -> Set.of("mean");
      case "uniform" -> Set.of("min", "max");
      default -> throw reader.fail(at.field("distribution"), "Unsupported value: \"" + kind
          + "\": supported values: \"fixed\", \"exponential\", \"uniform\"");
    };
    for (String f : List.of("duration", "mean", "min", "max")) {
      if (needs.contains(f) && !node.has(f)) {
        throw reader.fail(at.field(f), "Required value: a " + kind + " distribution needs " + String.join(" and ",
            needs.stream().sorted().toList()));
      }
      if (!needs.contains(f) && node.has(f)) {
        throw reader.fail(at.field(f), "Forbidden: a " + kind + " distribution has no " + f);
      }
    }
    return switch (kind) {
      case "exponential" -> DurationDistribution.exponential(positive(node.get("mean"), at.field("mean")));
      case "uniform" -> {
        Duration min = positive(node.get("min"), at.field("min"));
        Duration max = positive(node.get("max"), at.field("max"));
        if (max.compareTo(min) < 0) {
          throw reader.fail(at.field("max"), "Invalid value: \"" + node.get("max").asText() + "\": must be at least min");
        }
        yield DurationDistribution.uniform(min, max);
      }
      default -> DurationDistribution.fixed(positive(node.get("duration"), at.field("duration")));
    };
  }

  private Duration positive(JsonNode node, JsonPath at) throws DecodeException {
    String text = reader.string(node, at);
    try {
      Duration d = GoDuration.parse(text);
      if (!d.isZero()) {
        return d;
      }
    } catch (IllegalArgumentException e) {
      throw reader.fail(at, "Invalid value: \"" + text + "\": must be a duration such as 30s, 1m30s or 2h");
    }
    throw reader.fail(at, "Invalid value: \"" + text + "\": must be above 0");
  }

  /* ---------------- the trace ---------------- */

  private List<Timeline.TraceArrival> trace(JsonNode entry, JsonPath at, List<String> kinds, int maxArrivals)
      throws IOException {
    Path path = reader.readableFile(entry, at);
    String named = " (named from " + reader.source() + ", " + at + ")";
    List<String> lines = SimulationReader.text(path).lines().toList();
    List<Timeline.TraceArrival> out = new ArrayList<>();
    @Nullable OffsetDateTime origin = null;
    boolean offsets = false;
    Duration previous = Duration.ZERO;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      String where = path + ":" + (i + 1);
      if (line.isEmpty() || line.startsWith("#") || (out.isEmpty() && !offsets && origin == null
          && line.replace(" ", "").equalsIgnoreCase(HEADER))) {
        continue;
      }
      String[] fields = line.split(",", -1);
      if (fields.length != 3) {
        throw error(where, null, "expected 3 fields (timestamp,kind,duration; the duration may be empty), found "
            + fields.length + named);
      }
      if (line.indexOf('"') >= 0) {
        throw error(where, null, "quoted fields are not supported: timestamps, kind names and durations need none"
            + named);
      }
      String time = fields[0].strip();
      Duration atTime;
      if (time.contains("T")) {
        OffsetDateTime t = timestamp(time, where, named);
        if (offsets) {
          throw error(where, "field 1 (timestamp)", "an RFC 3339 time after offsets; use one form in a trace" + named);
        }
        origin = origin == null ? t : origin;
        atTime = Duration.between(origin, t);
      } else {
        if (origin != null) {
          throw error(where, "field 1 (timestamp)", "an offset after RFC 3339 times; use one form in a trace" + named);
        }
        offsets = true;
        try {
          atTime = GoDuration.parse(time);
        } catch (IllegalArgumentException e) {
          throw error(where, "field 1 (timestamp)", TIMESTAMP + named);
        }
      }
      if (atTime.compareTo(previous) < 0) {
        throw error(where, "field 1 (timestamp)", "before the previous arrival's time; a trace is in time order"
            + named);
      }
      previous = atTime;
      String kind = fields[1].strip();
      if (!kinds.contains(kind)) {
        throw error(where, "field 2 (kind)", "Not found: no pod kind has this name; known: " + String.join(", ", kinds)
            + named);
      }
      String d = fields[2].strip();
      out.add(new Timeline.TraceArrival(atTime, kind, d.isEmpty() ? null : duration(d, where, "field 3 (duration)", named)));
      if (out.size() > maxArrivals) {
        throw error(where, null, "more than the " + maxArrivals + " arrivals a simulation may have; a larger trace"
            + " needs a larger limit (dra4j simulate --max-pods)" + named);
      }
    }
    if (out.isEmpty()) {
      throw reader.fail(at, "Invalid value: " + path + " holds no arrival (timestamp,kind,duration lines)");
    }
    return out;
  }

  private static OffsetDateTime timestamp(String text, String where, String named) throws DecodeException {
    try {
      return OffsetDateTime.parse(text);
    } catch (DateTimeParseException e) {
      throw error(where, "field 1 (timestamp)", TIMESTAMP + named);
    }
  }

  private static Duration duration(String text, String where, String field, String named) throws DecodeException {
    try {
      Duration d = GoDuration.parse(text);
      if (!d.isZero()) {
        return d;
      }
    } catch (IllegalArgumentException e) {
      throw error(where, field, "not a duration such as 30s, 1m30s or 2h" + named);
    }
    throw error(where, field, "must be above 0" + named);
  }

  private static DecodeException error(String where, @Nullable String field, String detail) {
    return new DecodeException(where, 0, null, field, detail, null);
  }
}
