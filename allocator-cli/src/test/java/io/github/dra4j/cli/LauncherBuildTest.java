package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How the {@code ./dra4j} launcher builds the jar: the Maven command, the one line it prints,
 * and when it builds. It runs from a copy in a temporary root, with a {@code mvn} on the PATH
 * that records its arguments and writes the jar, and a {@code java} that exits as dra4j's 0.
 */
final class LauncherBuildTest {
  private static final String FIRST_RUN = "building dra4j, first run only...";

  @TempDir Path root;

  @BeforeEach
  void fakeRoot() throws IOException {
    Path launcher = Paths.get("").toAbsolutePath().getParent().resolve("dra4j");
    Files.copy(launcher, root.resolve("dra4j"), StandardCopyOption.COPY_ATTRIBUTES);
    Path bin = Files.createDirectories(root.resolve("bin"));
    script(bin.resolve("java"), "exit 64");
    script(bin.resolve("mvn"), String.join("\n",
        "printf '%s\\n' \"$@\" > \"$PWD/mvn-args\"",
        "printf '%s' \"$MAVEN_OPTS\" > \"$PWD/maven-opts\"",
        "echo 'compiling...'",
        "if [ -n \"${FAKE_MVN_FAILS:-}\" ]; then echo 'COMPILATION ERROR'; exit 1; fi",
        "mkdir -p allocator-cli/target && : > allocator-cli/target/dra4j.jar"));
  }

  @Test
  void firstRun_printsOneLineOnStderr_andBuildsWithTheQuickProfile() throws Exception {
    Run r = run(Map.of());

    assertThat(r.exit).as(r.err).isZero();
    assertThat(r.err).isEqualTo(FIRST_RUN + "\n");
    assertThat(r.out).isEmpty();
    List<String> args = Files.readAllLines(root.resolve("mvn-args"));
    assertThat(args).contains("-Pquick", "-q", "package").containsSequence("-pl", "allocator-cli")
        .contains("-am").doesNotContain("verify", "install", "-DskipTests");
    assertThat(Files.readString(root.resolve("maven-opts"))).startsWith("-XX:TieredStopAtLevel=1");
  }

  @Test
  void upToDateJar_buildsNothing_andPrintsNothing() throws Exception {
    assertThat(run(Map.of()).exit).isZero();
    Files.delete(root.resolve("mvn-args"));

    Run again = run(Map.of());

    assertThat(again.exit).isZero();
    assertThat(again.err).isEmpty();
    assertThat(root.resolve("mvn-args")).doesNotExist();
  }

  @Test
  void editedSource_rebuilds_withItsOwnLine() throws Exception {
    assertThat(run(Map.of()).exit).isZero();
    Path jar = root.resolve("allocator-cli/target/dra4j.jar");
    Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
    Path source = Files.createDirectories(root.resolve("allocator-cli/src/main/java")).resolve("A.java");
    Files.writeString(source, "class A {}\n");

    Run r = run(Map.of());

    assertThat(r.exit).isZero();
    assertThat(r.err).isEqualTo("rebuilding dra4j...\n");
  }

  @Test
  void userMavenOpts_comeAfterTheLaunchers() throws Exception {
    assertThat(run(Map.of("MAVEN_OPTS", "-XX:TieredStopAtLevel=4 -Xmx1g")).exit).isZero();

    assertThat(Files.readString(root.resolve("maven-opts")))
        .isEqualTo("-XX:TieredStopAtLevel=1 -XX:TieredStopAtLevel=4 -Xmx1g");
  }

  @Test
  void failedBuild_showsMavensOutput_andExits3() throws Exception {
    Run r = run(Map.of("FAKE_MVN_FAILS", "1"));

    assertThat(r.exit).isEqualTo(3);
    assertThat(r.err.lines().toList()).first().isEqualTo(FIRST_RUN);
    assertThat(r.err).contains("COMPILATION ERROR").contains("dra4j: building the command line failed (log: ");
  }

  private record Run(int exit, String out, String err) {}

  private Run run(Map<String, String> env) throws Exception {
    ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("dra4j").toString(), "--version")
        .directory(root.toFile());
    Map<String, String> environment = pb.environment();
    for (String name : List.of("JAVA_OPTS", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "DRA4J_REBUILD", "MAVEN_OPTS")) {
      environment.remove(name);
    }
    environment.put("PATH", root.resolve("bin") + ":" + environment.get("PATH"));
    environment.putAll(env);
    Path err = root.resolve("stderr");
    pb.redirectError(err.toFile());
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), out, Files.readString(err));
  }

  private static void script(Path file, String body) throws IOException {
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
