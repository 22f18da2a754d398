/**
 * The DSL users write: modules, ports, hardware types and operators, bundles and vectors,
 * {@code when}/{@code switchOn}, registers, memories and instances. Start with
 * {@link tagmatch.hdl.core.Hdl} and {@link tagmatch.hdl.core.Module}; turn a module into a
 * checked circuit with {@link tagmatch.hdl.core.Elaborator}.
 */
package tagmatch.hdl.core;
