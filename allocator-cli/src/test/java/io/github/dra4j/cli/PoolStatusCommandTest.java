package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dra4j pool-status} on one GPU partitioned into 2 halves and 4 quarters (counter
 * memory 4, a half costs 2, a quarter 1) with one quarter in use: 6 devices, 1 allocated, 5
 * available; the quarter in use leaves 3 units, so 1 half, or 3 quarters, still fit.
 */
final class PoolStatusCommandTest {
  private static final String CLUSTER = String.join("\n",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceSlice",
      "metadata: {name: node-a}",
      "spec:",
      "  driver: gpu.example.com",
      "  nodeName: node-a",
      "  pool: {name: node-a, generation: 1, resourceSliceCount: 1}",
      "  partitionTypeAttribute: gpu.example.com/profile",
      "  sharedCounters: [{name: gpu-0, counters: {memory: {value: '4'}}}]",
      "  devices:",
      device("half-0", "half", 2), device("half-1", "half", 2),
      device("quarter-0", "quarter", 1), device("quarter-1", "quarter", 1),
      device("quarter-2", "quarter", 1), device("quarter-3", "quarter", 1),
      "---",
      "apiVersion: resource.k8s.io/v1",
      "kind: ResourceClaim",
      "metadata: {name: c, namespace: default}",
      "spec: {devices: {requests: [{name: r, exactly: {deviceClassName: gpu}}]}}",
      "status: {allocation: {devices: {results: [{request: r, driver: gpu.example.com, pool: node-a, device: quarter-0}]}}}",
      "");

  private static String device(String name, String profile, int memory) {
    return "  - {name: " + name + ", attributes: {profile: {string: " + profile + "}}, consumesCounters: [{counterSet: gpu-0,"
        + " counters: {memory: {value: '" + memory + "'}}}]}";
  }

  private static String write(Path dir) throws IOException {
    Path file = dir.resolve("cluster.yaml");
    Files.writeString(file, CLUSTER);
    return file.toString();
  }

  @Test
  void text_onePoolWithItsPartitionTypes(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "pool-status", "-f", write(dir), "--driver", "gpu.example.com");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("1 pools of driver gpu.example.com\n");
    assertThat(r.out()).containsPattern("\\nnode-a +node-a +1 +6 +1 +0 +5\\n");
    assertThat(r.out()).contains("  gpu.example.com/profile=half: 1 more fit, of 2\n",
        "  gpu.example.com/profile=quarter: 3 more fit, of 4\n");
  }

  @Test
  void json_isTheRequestWithItsStatus_inTheUpstreamShape(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "pool-status", "-f", write(dir), "--driver", "gpu.example.com", "--limit", "5",
        "--name", "gpus", "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode o = new ObjectMapper().readTree(r.out());
    assertThat(o.path("apiVersion").asText()).isEqualTo("resource.k8s.io/v1alpha3");
    assertThat(o.path("kind").asText()).isEqualTo("ResourcePoolStatusRequest");
    assertThat(o.path("metadata").path("name").asText()).isEqualTo("gpus");
    assertThat(o.path("spec").toString()).isEqualTo("{\"driver\":\"gpu.example.com\",\"limit\":5}");
    JsonNode status = o.path("status");
    assertThat(status.path("poolCount").asInt()).isEqualTo(1);
    JsonNode complete = status.path("conditions").get(0);
    assertThat(complete.path("type").asText()).isEqualTo("Complete");
    assertThat(complete.path("status").asText()).isEqualTo("True");
    assertThat(complete.path("reason").asText()).isEqualTo("CalculationComplete");
    assertThat(complete.path("message").asText()).isEqualTo("Calculated status for 1 pools");
    JsonNode pool = status.path("pools").get(0);
    assertThat(pool.toString()).isEqualTo("{\"driver\":\"gpu.example.com\",\"poolName\":\"node-a\",\"nodeName\":\"node-a\","
        + "\"generation\":1,\"resourceSliceCount\":1,\"totalDevices\":6,\"allocatedDevices\":1,\"availableDevices\":5,"
        + "\"unavailableDevices\":0,\"partitionSummary\":[{\"attribute\":\"gpu.example.com/profile\",\"type\":\"half\","
        + "\"total\":2,\"allocatable\":1},{\"attribute\":\"gpu.example.com/profile\",\"type\":\"quarter\",\"total\":4,"
        + "\"allocatable\":3}]}");
  }

  @Test
  void yaml_printsOneDocument(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "pool-status", "-f", write(dir), "--driver", "gpu.example.com", "-o", "yaml");

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).startsWith("---\napiVersion: resource.k8s.io/v1alpha3\nkind: ResourcePoolStatusRequest\n").contains(
        "poolCount: 1");
  }

  @Test
  void anInvalidRequestExits2NamingTheField(@TempDir Path dir) throws IOException {
    Cli.Result r = Cli.stdin("", "pool-status", "-f", write(dir), "--driver", "gpu.example.com", "--limit", "1001");

    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains("--driver (ResourcePoolStatusRequest/pool-status): spec.limit: Invalid value: 1001: must not"
        + " exceed 1000");
  }

  private static String request(String name, String spec) {
    return "apiVersion: resource.k8s.io/v1alpha3\nkind: ResourcePoolStatusRequest\nmetadata: {name: " + name + "}\nspec: "
        + spec + "\n";
  }

  @Test
  void requestsInTheInput_areEachAnswered(@TempDir Path dir) throws IOException {
    Path requests = dir.resolve("requests.yaml");
    Files.writeString(requests, request("all", "{driver: gpu.example.com}") + "---\n"
        + request("none", "{driver: gpu.example.com, poolName: node-z}"));
    Cli.Result r = Cli.stdin("", "pool-status", "-f", write(dir), "-f", requests.toString(), "-o", "json");

    assertThat(r.exit()).as(r.toString()).isZero();
    JsonNode list = new ObjectMapper().readTree(r.out());
    assertThat(list.path("kind").asText()).isEqualTo("List");
    assertThat(list.path("items").get(0).path("metadata").path("name").asText()).isEqualTo("all");
    assertThat(list.path("items").get(0).path("status").path("poolCount").asInt()).isEqualTo(1);
    assertThat(list.path("items").get(1).path("spec").path("poolName").asText()).isEqualTo("node-z");
    assertThat(list.path("items").get(1).path("status").path("poolCount").asInt()).isZero();
    assertThat(list.path("items").get(1).path("status").has("pools")).isFalse();
  }

  @Test
  void aRequestInTheInput_isReadStrictly(@TempDir Path dir) throws IOException {
    Path requests = dir.resolve("request.yaml");
    Files.writeString(requests, request("typo", "{driver: gpu.example.com, pool: node-a}"));
    Cli.Result r = Cli.stdin("", "pool-status", "-f", write(dir), "-f", requests.toString());
    assertThat(r.exit()).isEqualTo(2);
    assertThat(r.err()).contains(requests + ", document 1 (ResourcePoolStatusRequest/typo), spec.pool: unknown field \"pool\"");

    Files.writeString(requests, request("fine", "{driver: gpu.example.com}"));
    Cli.Result both = Cli.stdin("", "pool-status", "-f", write(dir), "-f", requests.toString(), "--driver", "x.example.com");
    assertThat(both.exit()).isEqualTo(2);
    assertThat(both.err()).contains("give --driver or ResourcePoolStatusRequest objects in the input, not both");
    Cli.Result none = Cli.stdin("", "pool-status", "-f", write(dir));
    assertThat(none.err()).contains("no request: give --driver NAME, or ResourcePoolStatusRequest objects with -f");
  }
}
