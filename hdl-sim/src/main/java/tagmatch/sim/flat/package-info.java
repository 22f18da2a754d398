/**
 * What the interpreter and the compiled backend share before they part ways: a lowered
 * circuit's instance hierarchy flattened into slots ({@link tagmatch.sim.flat.Hierarchy}) and
 * its combinational assignments put in the order they are evaluated
 * ({@link tagmatch.sim.flat.EvaluationOrder}), and, as they run, which clock domains have an edge
 * ({@link tagmatch.sim.flat.ClockEdges}). Each backend chooses what a slot is (an
 * interpreter value, or an offset in an array of words) and what it compiles expressions to.
 */
package tagmatch.sim.flat;
