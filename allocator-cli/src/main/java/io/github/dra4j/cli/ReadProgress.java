package io.github.dra4j.cli;

import io.github.dra4j.api.io.KubernetesCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Locale;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.jspecify.annotations.Nullable;

/**
 * The progress line of reading large inputs on a terminal: megabytes read (of the files' total,
 * when known) and objects decoded, drawn by the progressbar library on stderr. A 300 MB dump takes
 * seconds; without it the terminal would stay blank.
 */
final class ReadProgress implements AutoCloseable {
  /** Inputs smaller than this are read without a progress line: they take well under a second. */
  static final long THRESHOLD_BYTES = 32L * 1024 * 1024;

  private final ProgressBar bar;
  private long before;
  private long current;
  private long objects;
  private long objectsBefore;

  private ReadProgress(long totalBytes) {
    this.bar = new ProgressBarBuilder()
        .setTaskName("reading")
        .setInitialMax(totalBytes)
        .setUnit(" MB", 1024 * 1024)
        .setStyle(ProgressBarStyle.ASCII)
        .showSpeed()
        .continuousUpdate()
        .build();
  }

  /**
   * {@return a progress line for reading these {@code -f} arguments, or null when stderr is not a
   * terminal or the input is small} Standard input counts as large, as its size is not known.
   */
  static @Nullable ReadProgress forInputs(List<String> files, boolean stderrIsTerminal) {
    if (!stderrIsTerminal) {
      return null;
    }
    long total = 0;
    boolean unknown = false;
    for (String f : files) {
      if (f.equals("-")) {
        unknown = true;
        continue;
      }
      total += size(Paths.get(f));
    }
    if (!unknown && total < THRESHOLD_BYTES) {
      return null;
    }
    return new ReadProgress(unknown ? -1 : total);
  }

  private static long size(Path p) {
    try (var walk = Files.walk(p)) {
      return walk.filter(Files::isRegularFile).mapToLong(f -> {
        try {
          return Files.size(f);
        } catch (IOException e) {
          return 0;
        }
      }).sum();
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  /** {@return the codec's progress callback for the next file} */
  KubernetesCodec.Progress file(String source) {
    bar.setExtraMessage(shortName(source));
    return (bytes, count) -> {
      current = bytes;
      objects = objectsBefore + count;
      bar.stepTo(before + bytes);
      bar.setExtraMessage(String.format(Locale.ROOT, "%,d objects", objects));
    };
  }

  /** The file just read is done; the next one's bytes count on. */
  void fileDone() {
    before += current;
    current = 0;
    objectsBefore = objects;
  }

  private static String shortName(String source) {
    return source.length() > 40 ? "..." + source.substring(source.length() - 37) : source;
  }

  @Override
  public void close() {
    bar.close();
  }
}
