package io.github.dra4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A command that does not exist is a usage error of one line, with the nearest command when one is near. */
final class UnknownCommandTest {
  private static final String COMMANDS =
      "the commands are allocate, schedule, simulate, headroom, pool-status, flatten, validate, generate and help";

  static Stream<Arguments> unknown() {
    return Stream.of(
        row("no such command, with --help", new String[] {"forecast", "--help"},
            "dra4j: unknown command \"forecast\"; " + COMMANDS + " (see 'dra4j --help')"),
        row("no such command", new String[] {"forecast"},
            "dra4j: unknown command \"forecast\"; " + COMMANDS + " (see 'dra4j --help')"),
        row("with options", new String[] {"simulate-everything", "-f", "x.yaml"},
            "dra4j: unknown command \"simulate-everything\"; " + COMMANDS + " (see 'dra4j --help')"),
        row("misspelled", new String[] {"alocate", "--node", "n", "-f", "x.yaml"},
            "dra4j: unknown command \"alocate\", did you mean \"allocate\"? (see 'dra4j --help')"),
        row("misspelled, with --help", new String[] {"valdiate", "-h"},
            "dra4j: unknown command \"valdiate\", did you mean \"validate\"? (see 'dra4j --help')"),
        row("upper case", new String[] {"FLATTEN"},
            "dra4j: unknown command \"FLATTEN\", did you mean \"flatten\"? (see 'dra4j --help')"),
        row("help for no such command", new String[] {"help", "schedul"},
            "dra4j: unknown command \"schedul\", did you mean \"schedule\"? (see 'dra4j --help')"));
  }

  private static Arguments row(String name, String[] args, String line) {
    return Arguments.of(Named.of(name, args), line);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unknown")
  void unknownCommand_exits2_withOneLine(String[] args, String line) {
    Cli.Result r = Cli.run(args);

    assertThat(r.exit()).as(r.toString()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.out()).isEmpty();
    assertThat(r.err()).isEqualTo(line + "\n");
  }

  @Test
  void aNamedCommand_alone_helpsAndFailsAsAmongAllCommands() {
    // "dra4j <command>" registers only that command; "help <command>" and no command register all.
    for (String command : Dra4j.commandNames()) {
      Cli.Result alone = Cli.run(command, "--help");
      Cli.Result amongAll = Cli.run("help", command);
      assertThat(alone.exit()).as(command).isZero();
      assertThat(alone.out()).as(command).startsWith("Usage: dra4j " + command).isEqualTo(amongAll.out());
      Cli.Result badOption = Cli.run(command, "--no-such-option");
      assertThat(badOption.exit()).as(command).isEqualTo(Dra4j.EXIT_ERROR);
      assertThat(badOption.err()).as(command).startsWith("dra4j " + command + ": Unknown option: '--no-such-option'");
    }
    assertThat(String.join(", ", Dra4j.commandNames()) + " and help").isEqualTo(COMMANDS.replace("the commands are ", "")
        .replace(" and help", "").concat(" and help"));
  }

  @Test
  void help_andDashDashHelp_stillPrintTheMainHelp() {
    Cli.Result help = Cli.run("help");
    Cli.Result dashes = Cli.run("--help");

    assertThat(help.exit()).isZero();
    assertThat(dashes.exit()).isZero();
    assertThat(help.out()).startsWith("Usage: dra4j").contains("generate").isEqualTo(dashes.out());
  }

  @Test
  void anUnknownOption_beforeAnyCommand_isStillAnOptionError() {
    Cli.Result r = Cli.run("--nod");

    assertThat(r.exit()).isEqualTo(Dra4j.EXIT_ERROR);
    assertThat(r.err()).startsWith("dra4j: Unknown option: '--nod'");
  }
}
