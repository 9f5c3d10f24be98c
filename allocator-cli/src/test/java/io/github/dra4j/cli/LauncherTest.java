package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The JVM options the {@code ./dra4j} launcher chooses. The launcher runs from a copy in a
 * temporary root with an up-to-date jar (so it builds nothing) and a {@code java} on the PATH
 * that prints its arguments instead of starting a JVM.
 */
final class LauncherTest {
  private static final long MB = 1024 * 1024;
  private static final String C1_ONLY = "-XX:TieredStopAtLevel=1";
  private static final String SERIAL = "-XX:+UseSerialGC";

  @TempDir static Path root;

  @BeforeAll
  static void fakeRoot() throws IOException {
    Path launcher = Paths.get("").toAbsolutePath().getParent().resolve("dra4j");
    Files.copy(launcher, root.resolve("dra4j"), StandardCopyOption.COPY_ATTRIBUTES);
    Files.createDirectories(root.resolve("allocator-cli/target"));
    Files.writeString(root.resolve("allocator-cli/target/dra4j.jar"), "");
    Path java = Files.createDirectories(root.resolve("bin")).resolve("java");
    // Exits as dra4j exits 0 under the launcher's exit offset (64), and writes the class data
    // archive it is asked to write at exit, as the JVM does.
    Files.writeString(java, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n"
        + "for a; do case \"$a\" in -XX:ArchiveClassesAtExit=*) echo archive > \"${a#*=}\";; esac; done\nexit 64\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));

    Files.writeString(root.resolve("small.yaml"), "kind: Node\n");
    sparse(root.resolve("big.yaml"), 33 * MB);
    sparse(root.resolve("-big.yaml"), 33 * MB);
    sparse(root.resolve("half-a.yaml"), 17 * MB);
    sparse(root.resolve("half-b.yaml"), 17 * MB);
    Path dir = Files.createDirectories(root.resolve("dump/nested"));
    sparse(root.resolve("dump/a.yaml"), 17 * MB);
    sparse(dir.resolve("b.yaml"), 17 * MB);
    Files.createDirectories(root.resolve("small-dir"));
    Files.writeString(root.resolve("small-dir/x.yaml"), "kind: Node\n");
  }

  /** A file of that size whose blocks the file system need not allocate. */
  private static void sparse(Path file, long size) throws IOException {
    try (RandomAccessFile f = new RandomAccessFile(file.toFile(), "rw")) {
      f.setLength(size);
    }
  }

  static Stream<Arguments> inputs() {
    return Stream.of(
        Arguments.of("stdin only", List.of("-f", "-"), true),
        Arguments.of("small file", List.of("-f", "small.yaml"), true),
        Arguments.of("17 MB file", List.of("-f", "half-a.yaml"), true),
        Arguments.of("missing file", List.of("-f", "nowhere.yaml"), true),
        Arguments.of("small directory", List.of("-f", "small-dir"), true),
        Arguments.of("33 MB file", List.of("allocate", "--node", "n", "-f", "big.yaml"), false),
        Arguments.of("-fFILE", List.of("-fbig.yaml"), false),
        Arguments.of("-f=FILE", List.of("-f=big.yaml"), false),
        Arguments.of("--filename FILE", List.of("--filename", "big.yaml"), false),
        Arguments.of("--filename=FILE", List.of("--filename=big.yaml"), false),
        Arguments.of("two 17 MB files", List.of("-f", "half-a.yaml", "-f", "-", "-f", "half-b.yaml"), false),
        Arguments.of("comma list", List.of("-f", "half-a.yaml,half-b.yaml"), false),
        Arguments.of("empty comma list", List.of("-f", ",", "-f", ""), true),
        Arguments.of("name like an option", List.of("-f", "-big.yaml"), false),
        Arguments.of("directory tree", List.of("-f", "dump"), false),
        Arguments.of("absolute path", List.of("-f", root.resolve("big.yaml").toString()), false));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("inputs")
  void compilesWithC1Only_upToThe32MbThreshold(String name, List<String> args, boolean c1Only)
      throws Exception {
    List<String> jvm = run(Map.of(), args);

    assertThat(jvm.contains(C1_ONLY)).as("%s: %s", name, jvm).isEqualTo(c1Only);
    assertThat(jvm).contains(SERIAL, "-Xss8m");
    assertThat(jvm.subList(jvm.indexOf("-jar") + 2, jvm.size())).isEqualTo(args);
  }

  static Stream<Arguments> collectors() {
    return Stream.of(
        Arguments.of(Map.of(), true),
        Arguments.of(Map.of("JAVA_OPTS", "-Xmx2g -XX:+UseG1GC"), false),
        Arguments.of(Map.of("JAVA_OPTS", "-XX:+UseZGC"), false),
        Arguments.of(Map.of("JAVA_OPTS", "-XX:+UseParallelGC -Xmx1g"), false),
        Arguments.of(Map.of("JAVA_OPTS", "-XX:+UseShenandoahGC"), false),
        Arguments.of(Map.of("JAVA_OPTS", "-XX:+UseSerialGC"), false),
        Arguments.of(Map.of("JDK_JAVA_OPTIONS", "-XX:+UseG1GC"), false),
        Arguments.of(Map.of("JAVA_TOOL_OPTIONS", "-XX:+UseEpsilonGC"), false),
        Arguments.of(Map.of("JAVA_OPTS", "-XX:+PrintGCDetails -XX:+UseGCOverheadLimit -Xmx1g"), true),
        Arguments.of(Map.of("JAVA_OPTS", "-Dx=*"), true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("collectors")
  void addsTheSerialCollector_onlyWhenTheUserChoseNone(Map<String, String> env, boolean serial)
      throws Exception {
    List<String> jvm = run(env, List.of("-f", "small.yaml"));

    String javaOpts = env.getOrDefault("JAVA_OPTS", "");
    List<String> user = javaOpts.isEmpty() ? List.of() : List.of(javaOpts.split(" "));
    int jar = jvm.indexOf("-jar");
    assertThat(jvm.subList(jar - user.size(), jar)).as("JAVA_OPTS, last before -jar").isEqualTo(user);
    List<String> own = jvm.subList(0, jar - user.size());
    assertThat(own.contains(SERIAL)).as("the launcher's own options %s", own).isEqualTo(serial);
  }

  /* --- class data sharing --- */

  private static Path archive() {
    return root.resolve("allocator-cli/target/dra4j.jar.jsa");
  }

  private static String option(List<String> jvm, String prefix) {
    return jvm.stream().filter(a -> a.startsWith(prefix)).findFirst().orElse("");
  }

  @Test
  void classDataArchive_writtenByTheFirstAllocateThenUsed() throws Exception {
    Files.deleteIfExists(archive());
    List<String> first = run(Map.of(), List.of("allocate", "--node", "n", "-f", "small.yaml"));
    assertThat(option(first, "-XX:ArchiveClassesAtExit=")).startsWith("-XX:ArchiveClassesAtExit=" + archive() + ".");
    assertThat(first).contains("-Xlog:cds*=off").noneMatch(a -> a.startsWith("-XX:SharedArchiveFile="));
    assertThat(archive()).exists();
    try (Stream<Path> files = Files.list(archive().getParent())) {
      assertThat(files.map(Path::toString)).as("no temporary archive left").noneMatch(f -> f.endsWith(".tmp"));
    }

    List<String> second = run(Map.of(), List.of("allocate", "--node", "n", "-f", "small.yaml"));
    assertThat(second).contains("-XX:SharedArchiveFile=" + archive(), "-Xlog:cds*=off")
        .noneMatch(a -> a.startsWith("-XX:ArchiveClassesAtExit="));
  }

  @Test
  void classDataArchive_notWrittenByHelpOrVersion() throws Exception {
    Files.deleteIfExists(archive());
    assertThat(run(Map.of(), List.of("--version"))).noneMatch(a -> a.contains("Archive"));
    assertThat(archive()).doesNotExist();
  }

  @Test
  void classDataArchive_olderThanTheJar_isRebuilt() throws Exception {
    Files.writeString(archive(), "archive of an older build");
    Path jar = root.resolve("allocator-cli/target/dra4j.jar");
    Files.setLastModifiedTime(archive(), FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
    List<String> jvm = run(Map.of(), List.of("schedule", "-f", "small.yaml"));
    assertThat(jvm).noneMatch(a -> a.startsWith("-XX:SharedArchiveFile="));
    assertThat(option(jvm, "-XX:ArchiveClassesAtExit=")).isNotEmpty();
    assertThat(Files.readString(archive())).isEqualTo("archive\n");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"-Xshare:off", "-XX:SharedArchiveFile=/tmp/mine.jsa", "-XX:ArchiveClassesAtExit=/tmp/mine.jsa"})
  void classDataArchive_leftToTheUserWhoChoosesSharing(String javaOpts) throws Exception {
    Files.deleteIfExists(archive());
    List<String> jvm = run(Map.of("JAVA_OPTS", javaOpts), List.of("allocate", "--node", "n", "-f", "small.yaml"));
    assertThat(jvm.subList(0, jvm.indexOf(javaOpts))).noneMatch(a -> a.contains("Archive") || a.startsWith("-Xlog:cds"));
    assertThat(archive()).doesNotExist();
  }

  /** The real JVM with an archive that is not one (damaged, or of another JDK): it runs without it, silently. */
  @Test
  void classDataArchive_unusable_neverBreaksARun() throws Exception {
    Path garbage = root.resolve("garbage.jsa");
    Files.write(garbage, new byte[4096]);
    Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-XX:SharedArchiveFile=" + garbage, "-Xlog:cds*=off", "-version")
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
    assertThat(out).as("nothing on stdout, where dra4j's output goes").isEmpty();
  }

  /** Runs the launcher in the fake root; returns the arguments its java received. */
  private static List<String> run(Map<String, String> env, List<String> args) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", root.resolve("dra4j").toString()));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
    Map<String, String> environment = pb.environment();
    for (String name : List.of("JAVA_OPTS", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "DRA4J_REBUILD")) {
      environment.remove(name);
    }
    environment.put("PATH", root.resolve("bin") + ":" + environment.get("PATH"));
    environment.putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(out).isZero();
    return out.lines().toList();
  }
}
