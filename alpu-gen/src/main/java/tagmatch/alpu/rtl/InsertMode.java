package tagmatch.alpu.rtl;

/**
 * The command side's mode (seed 001 figure 3): {@code MATCH_MODE} until a START_INSERT, then
 * {@code INSERT_MODE} until a STOP_INSERT or RESET. INSERTs are legal only in insert mode; a
 * request that finds nothing in insert mode is held rather than answered (datasheet rules 4, 7).
 */
public enum InsertMode {
    MATCH_MODE,
    INSERT_MODE
}
