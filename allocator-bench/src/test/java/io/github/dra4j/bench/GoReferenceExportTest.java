package io.github.dra4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Keeps the Go reference harness's committed inputs and expected answer equal to the DGX fill
 * that {@link DgxFillBenchmark} measures: a changed fixture or a changed answer must be exported
 * again, or the Go side would time a different fill.
 */
final class GoReferenceExportTest {
  private static final Path DIR = Path.of("go-reference");

  @Test
  void committedInputsAreTheBenchmarksFill() throws IOException {
    assertThat(Files.readString(DIR.resolve(GoReferenceExport.INPUTS), StandardCharsets.UTF_8))
        .isEqualTo(GoReferenceExport.inputs());
  }

  @Test
  void committedAnswerIsDra4jsAnswer() throws IOException {
    String expected = GoReferenceExport.expected();
    assertThat(expected.lines()).hasSize(DgxA100.fillClaims().size());
    assertThat(Files.readString(DIR.resolve(GoReferenceExport.EXPECTED), StandardCharsets.UTF_8))
        .isEqualTo(expected);
  }

  @Test
  void exportedSlicesHaveNoMixins() {
    assertThat(GoReferenceExport.inputs()).doesNotContain("mixins:", "includes:");
  }
}
