package tagmatch.tools;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.nio.file.Files;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import tagmatch.dpa.DpaConfig;
import tagmatch.dpa.DpaResult;
import tagmatch.dpa.MemOp;
import tagmatch.dpa.MemResponse;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.process.Exec;

/**
 * The dependency rules of every module's main code: no package cycle, picocli and the command
 * line on top with nothing reaching up into them, and commands that read options, call a service
 * and print. Which module may use which is the poms' to say: Maven compiles each module against
 * what it declares, and {@code maven-dependency-plugin:analyze-only} fails on a dependency used
 * and not declared or declared and not used.
 */
// tools depends on every module, so its test class path holds all their main classes however Maven resolves them: no other module's target/ to find.
@AnalyzeClasses(packages = "tagmatch", importOptions = {ImportOption.DoNotIncludeTests.class, LayeringTest.NoTestJars.class})
class LayeringTest {
    /**
     * Packages that depend on each other through any path can be read, tested and changed only
     * together. Two root packages hold both what their subpackages build on and what assembles
     * them, and the edges that close those two loops are the only ones let through, so any other
     * cycle fails: {@code Main} lists every command of the subpackages and {@code SynthCommand}
     * reads sweep specs with the sweep command's parser, while the subpackages use the options in
     * {@code tagmatch.tools}; the NIC and the cache hierarchy use the cluster's configuration,
     * result and memory interface in {@code tagmatch.dpa}, which builds and runs them. Where
     * there are several cycles ArchUnit may name only some of them: run it again after a fix.
     */
    @ArchTest
    static final ArchRule noPackageDependsOnItselfThroughOthers = slices().matching("tagmatch.(**)").namingSlices("$1")
            .should().beFreeOfCycles()
            .ignoreDependency(belongToAnyOf(Main.class, SynthCommand.class), resideInAPackage("tagmatch.tools.*.."))
            .ignoreDependency(resideInAnyPackage("tagmatch.dpa.nic..", "tagmatch.dpa.mem.."),
                    belongToAnyOf(DpaConfig.class, DpaResult.class, MemOp.class, MemResponse.class));

    /** The command line is the top floor: picocli stays in it, and nothing below reaches up into it. */
    @ArchTest
    static final ArchRule onlyTheCommandLineUsesPicocliAndNothingUsesTheCommandLine = noClasses()
            .that().resideOutsideOfPackage("tagmatch.tools..")
            .should().dependOnClassesThat().resideInAnyPackage("picocli..", "tagmatch.tools..");

    /**
     * Files are written by {@link OutputDir} and the services, tools and thread pools are run by
     * services, and the circuit IR and its emitter belong to the generators.
     */
    @ArchTest
    static final ArchRule noCommandWritesFilesRunsToolsOrThreadsOrBuildsCircuits = noClasses()
            .that(runAsACommand())
            .should().dependOnClassesThat(belongToAnyOf(Files.class, ProcessBuilder.class, Exec.class, Executors.class, VerilogEmitter.class)
                    .or(assignableTo(ExecutorService.class)).or(resideInAPackage("tagmatch.hdl.ir..")))
            .orShould().callConstructorWhere(target(owner(assignableTo(Thread.class))))
            .because("a command reads options, calls one service and prints");

    /**
     * A class whose code runs as a picocli command: one annotated {@code @Command}, a superclass
     * of one (its methods run as the command), or a class nested in either (lambdas and anonymous
     * classes run as the command too).
     */
    private static DescribedPredicate<JavaClass> runAsACommand() {
        return DescribedPredicate.describe("run as a picocli command", c -> {
            for (JavaClass k = c; k != null; k = k.getEnclosingClass().orElse(null)) {
                if (isOrIsInheritedByACommand(k)) return true;
            }
            return false;
        });
    }

    private static boolean isOrIsInheritedByACommand(JavaClass c) {
        return c.isAnnotatedWith(Command.class) || c.getSubclasses().stream().anyMatch(LayeringTest::isOrIsInheritedByACommand);
    }

    /** Other modules' test jars (the trace-analyzer's) hold tests, not main code. */
    static final class NoTestJars implements ImportOption {
        private static final Pattern TEST_JAR = Pattern.compile(".*-tests\\.jar.*");

        @Override
        public boolean includes(Location location) {
            return !location.matches(TEST_JAR);
        }
    }
}
