package io.github.dra4j.cli;

import io.github.dra4j.api.config.SchedulerConfiguration;
import io.github.dra4j.api.io.DecodeException;
import io.github.dra4j.api.io.KubernetesCodec;
import io.github.dra4j.api.io.SchedulerConfigurationReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/** {@code --config}: kube-scheduler's own configuration file, for the commands that place pods. */
final class SchedulerConfigOption {
  @Option(names = "--config", paramLabel = "FILE",
      description = "A KubeSchedulerConfiguration (kubescheduler.config.k8s.io/v1), as kube-scheduler --config"
          + " reads it: profiles (a pod's spec.schedulerName picks one), their plugins, weights and plugin"
          + " arguments, percentageOfNodesToScore; see docs/scheduling.md.")
  @Nullable Path config;

  /** {@return the configuration, or null without --config} */
  @Nullable SchedulerConfiguration read(KubernetesCodec codec) {
    Path file = config;
    if (file == null) {
      return null;
    }
    try {
      return SchedulerConfigurationReader.read(file, codec);
    } catch (NoSuchFileException e) {
      throw new CliException("--config: " + file + ": no such file", e);
    } catch (DecodeException e) {
      throw new CliException("--config: " + e.getMessage(), e);
    } catch (IOException e) {
      throw new CliException("--config: " + file + ": cannot read: " + (Files.isDirectory(file) ? "a directory"
          : e.getClass().getSimpleName() + ": " + e.getMessage()), e);
    }
  }
}
