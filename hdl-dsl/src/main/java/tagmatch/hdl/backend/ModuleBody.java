package tagmatch.hdl.backend;

import java.util.ArrayList;
import java.util.List;

/**
 * The body of a module as it is written, by section: declarations (two-part rows), continuous
 * assignments, the {@code always} blocks of temporaries and those of statements. The formal
 * section writes into a body of its own, so that formal-only logic stays out of the module's.
 */
record ModuleBody(List<String[]> decls, StringBuilder assigns, StringBuilder tempProcs, StringBuilder procs) {
    static ModuleBody empty() {
        return new ModuleBody(new ArrayList<>(), new StringBuilder(), new StringBuilder(), new StringBuilder());
    }
}
