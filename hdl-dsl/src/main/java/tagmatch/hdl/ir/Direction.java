package tagmatch.hdl.ir;

/** Direction of a module port, seen from inside the module. */
public enum Direction {
    IN, OUT;

    public Direction flip() {
        return this == IN ? OUT : IN;
    }
}
