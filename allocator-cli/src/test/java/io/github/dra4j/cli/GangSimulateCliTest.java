package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dra4j simulate} with gang pod kinds: the documented example, and the modes. */
final class GangSimulateCliTest {
  private static Path example(Path dir) throws IOException {
    Path example = Path.of("..", "docs", "examples", "simulation");
    for (String name : new String[] {"deviceclasses.yaml", "dgx-a100-node.yaml", "gangs.yaml"}) {
      Files.copy(example.resolve(name), dir.resolve(name));
    }
    return dir.resolve("gangs.yaml");
  }

  /*
   * Trains arrive every 4 arrivals and stay 12, so 3 would run at once; the 2 IMEX channels (one
   * claim per group, shared by its 2 pods) let only 2: of 10 groups 7 are placed.
   */
  @Test
  void theDocumentedExample_countsGroupsAndNamesTheFirstPendingGroup(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "-f", example(dir).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).containsPattern("\\n  train placed/pending +14/6 \\(groups 7/3\\) +14/6 \\(groups 7/3\\)\\n")
        .containsPattern("\\n  inference placed/pending +30/0 +30/0\\n")
        .contains("first: first pending pod group default/train-8 is unschedulable: minCount (2) cannot be satisfied:"
            + " 0 scheduled, 1 remaining (pod train-8-0: 0/6 nodes are available: 6 cannot allocate all claims")
        .contains("request channel: 0 of 210 devices suitable, 1 needed");
  }

  @Test
  void json_carriesTheGroupCountsAndThePodGroup(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "-o", "json", "--gang-search", "joint", "-f", example(dir).toString());

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode first = new ObjectMapper().readTree(r.out()).path("policies").get(0);
    JsonNode train = first.path("kinds").path("train");
    // No placement of the third group exists (the channels are the limit), so joint agrees.
    assertThat(List.of(train.path("placed").asInt(), train.path("pending").asInt(),
        train.path("groups").path("placed").asInt(), train.path("groups").path("pending").asInt()))
        .containsExactly(14, 6, 7, 3);
    assertThat(first.path("kinds").path("inference").has("groups")).isFalse();
    assertThat(first.path("firstPending").path("podGroup").asText()).isEqualTo("default/train-8");
    assertThat(first.path("firstPending").path("pod").asText()).isEqualTo("train-8-0");
  }

  @Test
  void unknownGangSearchMode_isAnError(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "simulate", "--gang-search", "best", "-f", example(dir).toString());

    assertThat(r.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).contains("--gang-search: unknown mode \"best\"; known: default, joint");
  }

  @Test
  void gangSearchBudget_isTakenAndChecked(@TempDir Path dir) throws IOException {
    Path example = example(dir);
    Cli.Result small = Cli.stdin("", "simulate", "--gang-search", "joint", "--gang-search-budget", "1", "-f",
        example.toString());
    // The channels, not the search, hold the third group back: a budget of 1 changes nothing here.
    assertThat(small.exit()).as(small.toString()).isZero();
    assertThat(small.out()).containsPattern("\\n  train placed/pending +14/6 \\(groups 7/3\\)");

    Cli.Result zero = Cli.stdin("", "simulate", "--gang-search-budget", "0", "-f", example.toString());
    assertThat(zero.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(zero.err()).contains("--gang-search-budget: must be at least 1: 0");
  }
}
