/**
 * Synthesis figures for generated Verilog: {@link tagmatch.tools.synth.YosysSynth} runs yosys
 * {@code synth_xilinx} (LUTs, flip-flops) and a generic 4-LUT mapping ({@code ltp -noff}, LUT
 * depth), and {@link tagmatch.tools.synth.PaperFigures} holds seed 001's Tables IV and V for the
 * side-by-side {@code tagmatch synth --table}.
 */
package tagmatch.tools.synth;
