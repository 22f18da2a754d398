/** Backends that turn a checked circuit into text for other tools; today Verilog-2005. */
package tagmatch.hdl.backend;
