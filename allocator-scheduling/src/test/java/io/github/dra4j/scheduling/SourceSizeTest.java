package io.github.dra4j.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.dra4j.testing.SourceSize;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/* Keeps allocator-scheduling's main code readable (SourceSize: files up to 600 lines, methods up to 80). */
final class SourceSizeTest {
  @Test
  void noClassOver600LinesAndNoMethodOver80() throws IOException {
    assertThat(SourceSize.violations(Path.of("src/main/java"))).isEmpty();
  }
}
