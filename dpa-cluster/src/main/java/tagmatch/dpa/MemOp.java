package tagmatch.dpa;

/** What a memory request asks of the word it addresses. */
public enum MemOp { LOAD, STORE, AMO, LR, SC }
