package tagmatch.tools;

import picocli.CommandLine.Option;

/**
 * The MPI-4 assertions the firmware is built for, on every command that builds it (a picocli
 * mixin): each spares the firmware a wildcard's work.
 */
public final class HintOptions {
    @Option(names = "--no-any-source", description = "MPI-4 assertion: no receive uses ANY_SOURCE")
    public boolean noAnySource;

    @Option(names = "--no-any-tag", description = "MPI-4 assertion: no receive uses ANY_TAG")
    public boolean noAnyTag;
}
