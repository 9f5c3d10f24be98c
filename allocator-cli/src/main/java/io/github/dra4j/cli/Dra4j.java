package io.github.dra4j.cli;

import io.github.dra4j.api.field.Suggestions;
import io.github.dra4j.api.io.KubernetesCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * The {@code dra4j} command: {@code allocate}, {@code schedule}, {@code simulate}, {@code
 * headroom}, {@code pool-status}, {@code flatten}, {@code validate}, {@code generate} and {@code help}.
 *
 * <p>Exit codes: 0 success; 1 no allocation exists ({@code allocate}) or a pod was not placed
 * ({@code schedule}); 2 invalid input, usage or allocation error, explained on stderr without a
 * stack trace (unless {@code --debug}); 3 an internal error, which is a bug in dra4j.
 *
 * <pre>{@code
 * int exit = Dra4j.run(new String[] {"allocate", "--node", "node-1", "-f", "cluster.yaml"},
 *     System.in, System.out, System.err);
 * }</pre>
 */
@Command(
    name = "dra4j",
    mixinStandardHelpOptions = true,
    versionProvider = Dra4j.Version.class,
    description = {
      "Allocates Kubernetes DRA devices like the kube-scheduler's structured allocator, with "
          + "ResourceSlice mixins (KEP-5234) and partitionable devices (KEP-4815)."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  dra4j allocate --node node-1 -f docs/examples/a100-mixins.yaml",
      "  dra4j schedule -f pods.yaml -f cluster.yaml",
      "  dra4j simulate -f sim.yaml --report out/",
      "  dra4j headroom --simulation sim.yaml",
      "  dra4j pool-status -f cluster/ --driver gpu.nvidia.com",
      "  dra4j flatten -f docs/examples/a100-mixins.yaml",
      "  dra4j validate -f docs/examples/a100-mixins.yaml",
      "  dra4j generate --nodes 1000 -f docs/examples/dgx-a100-mig.yaml > dgx-1000.yaml",
      "  dra4j help allocate",
      "",
      "Exit codes: 0 ok, 1 no allocation exists (schedule: a pod was not placed), 2 invalid input",
      "or allocation error, 3 internal error (a bug: please report it with --debug output)."
    })
public final class Dra4j implements Runnable {
  /** Success. */
  public static final int EXIT_OK = 0;
  /** {@code allocate}: no allocation exists on the node; {@code schedule}: a pod was not placed. */
  public static final int EXIT_UNSATISFIABLE = 1;
  /** Invalid input, invalid usage or an allocation error. */
  public static final int EXIT_ERROR = 2;
  /** An internal error: a bug in dra4j. */
  public static final int EXIT_INTERNAL = 3;

  @Spec CommandSpec spec;

  private Dra4j() {}

  /**
   * Runs the command line as a process would and returns the exit code; nothing is written to
   * {@link System#out} or {@link System#err} and the JVM keeps running, so tests and tools can
   * call it in-process.
   *
   * @param args the arguments, without the program name
   * @param in what {@code -f -} reads
   * @param out receives the results (and {@code --help}, {@code --version})
   * @param err receives explanations and errors
   * @return the exit code: 0, 1, 2 or 3 (see the class documentation)
   */
  public static int run(String[] args, InputStream in, PrintStream out, PrintStream err) {
    Context ctx = new Context(in, out, err, KubernetesCodec.create());
    PrintWriter outWriter = new PrintWriter(ctx.out, true, StandardCharsets.UTF_8);
    PrintWriter errWriter = new PrintWriter(ctx.err, true, StandardCharsets.UTF_8);
    try {
      CommandLine cl = new CommandLine(new Dra4j());
      // picocli reads every command's annotations when it is added (about a tenth of a one-shot
      // run): a run that names its command gets only that one, which parses and reports alike.
      Function<Context, Object> named = args.length > 0 ? COMMANDS.get(args[0]) : null;
      if (named != null) {
        cl.addSubcommand(named.apply(ctx));
      } else {
        COMMANDS.values().forEach(command -> cl.addSubcommand(command.apply(ctx)));
        cl.addSubcommand(new CommandLine.HelpCommand());
      }
      cl.setCaseInsensitiveEnumValuesAllowed(true)
          .setUsageHelpWidth(100)
          .setOut(outWriter)
          .setErr(errWriter)
          .setParameterExceptionHandler(Dra4j::usageError)
          .setExecutionExceptionHandler(Dra4j::handle);
      // picocli shows the main help for "dra4j headroom --help" (a help option makes it ignore
      // what it could not match), so a command that does not exist is caught before that.
      IExecutionStrategy runLast = new CommandLine.RunLast();
      cl.setExecutionStrategy(parsed -> {
        Integer unknown = unknownCommand(parsed.commandSpec().commandLine(), commandNamed(parsed));
        return unknown != null ? unknown : runLast.execute(parsed);
      });
      return cl.execute(args);
    } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
      boolean debug = Arrays.asList(args).contains("--debug");
      errWriter.println("dra4j: internal error: " + e
          + (debug ? "" : " (run with --debug for the stack trace and report it)"));
      if (debug) {
        e.printStackTrace(errWriter);
      }
      return EXIT_INTERNAL;
    } finally {
      outWriter.flush();
      errWriter.flush();
      ctx.out.flush();
      ctx.err.flush();
    }
  }

  /**
   * Runs the command line and exits with its code. The {@code dra4j} launcher sets the system
   * property {@value #EXIT_OFFSET_PROPERTY} (to 64) and maps the exit code back: the {@code java}
   * launcher exits 1 when the JVM cannot start (bad {@code JAVA_OPTS}), and without the offset
   * that would read as "no allocation exists".
   */
  public static void main(String[] args) {
    System.exit(exitStatus(run(args, System.in, System.out, System.err), System.getProperty(EXIT_OFFSET_PROPERTY)));
  }

  /** The commands by name, in the order of the help. */
  private static final Map<String, Function<Context, Object>> COMMANDS = commands();

  private static Map<String, Function<Context, Object>> commands() {
    Map<String, Function<Context, Object>> m = new LinkedHashMap<>();
    m.put("allocate", AllocateCommand::new);
    m.put("schedule", ScheduleCommand::new);
    m.put("simulate", SimulateCommand::new);
    m.put("headroom", HeadroomCommand::new);
    m.put("pool-status", PoolStatusCommand::new);
    m.put("flatten", FlattenCommand::new);
    m.put("validate", ValidateCommand::new);
    m.put("generate", GenerateCommand::new);
    return Collections.unmodifiableMap(m);
  }

  /** {@return the names of the commands, without help} */
  static Set<String> commandNames() {
    return COMMANDS.keySet();
  }

  /** The system property that shifts the process exit code, for the {@code dra4j} launcher. */
  static final String EXIT_OFFSET_PROPERTY = "dra4j.exitOffset";

  /** {@return the process exit status for an exit code: the code plus the offset, when one is set} */
  static int exitStatus(int code, @Nullable String offset) {
    if (offset == null) {
      return code;
    }
    try {
      return code + Integer.parseInt(offset.strip());
    } catch (NumberFormatException e) {
      return code;
    }
  }

  /** Without a command: usage error. */
  @Override
  public void run() {
    throw new CommandLine.ParameterException(spec.commandLine(),
        "missing command: allocate, schedule, simulate, headroom, pool-status, flatten, validate, generate or help");
  }

  /**
   * A usage error prints one line and where the help is, as git and kubectl do: the whole help
   * would bury the line that says what is wrong.
   */
  private static int usageError(CommandLine.ParameterException error, String[] args) {
    CommandLine cl = error.getCommandLine();
    if (error instanceof CommandLine.UnmatchedArgumentException) {
      Integer unknown = unknownCommand(cl, ((CommandLine.UnmatchedArgumentException) error).getUnmatched());
      if (unknown != null) {
        return unknown;
      }
    }
    // An unknown option explains a missing one (--nod for --node), so it is the line to show.
    CommandLine.ParameterException e = error;
    if (!(e instanceof CommandLine.UnmatchedArgumentException) && !cl.getUnmatchedArguments().isEmpty()) {
      e = new CommandLine.UnmatchedArgumentException(cl, cl.getUnmatchedArguments());
    }
    PrintWriter err = cl.getErr();
    String command = cl.getCommandSpec().qualifiedName();
    String message = String.valueOf(e.getMessage()).strip().replaceAll("\\s*\\R\\s*", "; ");
    if (e instanceof CommandLine.UnmatchedArgumentException) {
      List<String> suggestions = ((CommandLine.UnmatchedArgumentException) e).getSuggestions();
      if (!suggestions.isEmpty()) {
        message += " (did you mean " + String.join(" or ", suggestions) + "?)";
      }
    }
    err.println(command + ": " + message);
    err.println("see '" + command + " --help'");
    return EXIT_ERROR;
  }

  /** {@return what names a command: the arguments picocli could not match, or those of {@code help}} */
  private static List<String> commandNamed(ParseResult parsed) {
    ParseResult sub = parsed.subcommand();
    if (sub != null && sub.commandSpec().userObject() instanceof CommandLine.HelpCommand
        && !sub.matchedPositionals().isEmpty()) {
      List<String> named = sub.matchedPositionals().get(0).stringValues();
      return parsed.commandSpec().subcommands().containsKey(named.get(0)) ? List.of() : named;
    }
    return parsed.unmatched();
  }

  /**
   * When the first argument dra4j could not match names no command ({@code dra4j headroom}),
   * prints one line with the nearest command or the list of commands, as git does, and returns
   * the usage exit code; otherwise returns null.
   */
  private static @Nullable Integer unknownCommand(CommandLine cl, List<String> unmatched) {
    if (cl.getParent() != null || unmatched.isEmpty() || unmatched.get(0).startsWith("-")) {
      return null;
    }
    String name = unmatched.get(0);
    List<String> commands = new ArrayList<>(cl.getSubcommands().keySet());
    String closest = Suggestions.closest(name, commands);
    cl.getErr().println("dra4j: unknown command \"" + name + "\""
        + (closest != null
            ? ", did you mean \"" + closest + "\"?"
            : "; the commands are " + String.join(", ", commands.subList(0, commands.size() - 1))
                + " and " + commands.get(commands.size() - 1))
        + " (see 'dra4j --help')");
    return EXIT_ERROR;
  }

  private static int handle(Exception e, CommandLine cl, ParseResult parsed) {
    PrintWriter err = cl.getErr();
    boolean debug = isDebug(cl);
    if (e instanceof CliException) {
      err.println("dra4j " + cl.getCommandName() + ": " + e.getMessage());
      if (debug) {
        e.printStackTrace(err);
      }
      return EXIT_ERROR;
    }
    err.println("dra4j " + cl.getCommandName() + ": internal error: " + e
        + (debug ? "" : " (run with --debug for the stack trace and report it)"));
    if (debug) {
      e.printStackTrace(err);
    }
    return EXIT_INTERNAL;
  }

  private static boolean isDebug(CommandLine cl) {
    Object command = cl.getCommand();
    CommonOptions options = null;
    if (command instanceof AllocateCommand) {
      options = ((AllocateCommand) command).common;
    } else if (command instanceof ScheduleCommand) {
      options = ((ScheduleCommand) command).common;
    } else if (command instanceof SimulateCommand) {
      options = ((SimulateCommand) command).common;
    } else if (command instanceof HeadroomCommand) {
      options = ((HeadroomCommand) command).common;
    } else if (command instanceof FlattenCommand) {
      options = ((FlattenCommand) command).common;
    } else if (command instanceof ValidateCommand) {
      options = ((ValidateCommand) command).common;
    } else if (command instanceof GenerateCommand) {
      options = ((GenerateCommand) command).common;
    }
    return options != null && options.debug;
  }

  /** Reads the version Maven wrote into {@code version.properties}. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      Properties p = new Properties();
      try (InputStream in = Dra4j.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          p.load(in);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return new String[] {
        "dra4j " + p.getProperty("version", "unknown"),
        "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
      };
    }
  }
}
