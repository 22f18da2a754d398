package tagmatch.sim;

/**
 * A Java behavioural model of an external Verilog module ({@code tagmatch.hdl.core.ExternalModule}),
 * which lets the interpreter simulate a design that instantiates the module. One model object
 * stands for one instance and keeps that instance's state in its own fields.
 *
 * <pre>{@code
 * // the ExternalModule declares clk with risingEdge(clk), en, d, q and next with combinational(next, en, d):
 * // the model takes those ports and names them only to read and set them
 * final class AccumulatorModel implements BehaviouralModel {
 *     private final long step;
 *     private long q;                                            // the state: Verilog's q register
 *
 *     AccumulatorModel(ExternalInstance at) { step = at.number("STEP"); }
 *
 *     public void evaluate(ModelIo io) {
 *         io.set("q", q);
 *         if (io.evaluates("next")) {                            // only then may en and d be read
 *             io.set("next", io.get("en") != 0 ? (q + io.get("d") + step) & 0xff : q);
 *         }
 *     }
 *
 *     public void clockEdge(String clock, ModelIo io) {           // inputs as they are at the edge
 *         if (io.get("en") != 0) q = (q + io.get("d") + step) & 0xff;
 *     }
 * }
 * Simulator sim = Simulators.interpreter(circuit, BehaviouralModels.of("ext_acc", AccumulatorModel::new));
 * }</pre>
 *
 * The contract, which the interpreter and the compiled backend rely on to evaluate the design in the right order:
 * <ul>
 *   <li>{@link #ports()} is the external module's declaration unless the model overrides it;
 *       an override names every port with the same direction and width and no combinational
 *       path the declaration lacks (the interpreter refuses a model that does not match);</li>
 *   <li>{@link #evaluate} sets the outputs from the model's state and, for an output declared
 *       with combinational inputs, from those inputs only; it may be called several times per
 *       evaluation of the design, once per group of outputs sharing their combinational inputs,
 *       and must not change the state. A call may read only the inputs declared for the outputs
 *       it {@linkplain ModelIo#evaluates evaluates} (another read throws rather than return a
 *       value the evaluation order has not computed yet). An output keeps the last value set;</li>
 *   <li>{@link #clockEdge} is called once for each declared clock that rose (each declared
 *       falling edge that fell) in an evaluation, with every input as it is at the edge and before
 *       any register of the design takes its next value; it changes the state and sets no output
 *       (the interpreter calls {@link #evaluate} after it).</li>
 * </ul>
 */
public interface BehaviouralModel {
    /**
     * The ports this model implements: inputs, edges it waits on, outputs and their combinational
     * inputs. By default those the {@code ExternalModule} declares ({@link ModelPorts#declared()}).
     */
    default ModelPorts ports() {
        return ModelPorts.declared();
    }

    /** Sets the outputs from the state and the declared combinational inputs. */
    void evaluate(ModelIo io);

    /** Takes the state to its next value at an edge of {@code port} (a declared clock or falling edge). */
    default void clockEdge(String port, ModelIo io) {}
}
