/**
 * What the interpreter and the compiled backend share: a lowered circuit's instance hierarchy
 * flattened into slots ({@link tagmatch.sim.flat.InstanceTree}), laid out once as one backend-neutral
 * {@link tagmatch.sim.flat.Schedule} (assignments in evaluation order
 * ({@link tagmatch.sim.flat.EvaluationOrder}), registers and memory writes by clock domain,
 * properties, printfs and behavioural models' evaluation points), and the one simulator that runs
 * it, {@link tagmatch.sim.flat.FlatSimulator}, with its edge and property loop
 * ({@link tagmatch.sim.flat.ClockEdges}), its waveform ({@link tagmatch.sim.flat.VcdWriter} of
 * {@link tagmatch.sim.flat.WaveSignal}s) and a behavioural model's binding to its slots
 * ({@link tagmatch.sim.flat.BoundModel}). A backend is a {@link tagmatch.sim.flat.Kernel}: how
 * the schedule's statements are executed.
 */
package tagmatch.sim.flat;
