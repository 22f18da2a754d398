package tagmatch.hdl.ir;

/** A ground (flattened) port of a module definition, as a simulator or tool sees it. */
public record Port(String name, Direction direction, int width, boolean signed) {}
