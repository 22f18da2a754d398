package tagmatch.trace;

import java.util.List;

/** One typed parameter line of a record, e.g. {@code MPI_Request requests[2]=[3, 4]}. */
public record DumpiParam(String type, String name, List<Integer> dims, DumpiValue value) {}
