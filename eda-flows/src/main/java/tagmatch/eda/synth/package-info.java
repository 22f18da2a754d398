/**
 * The ALPU through synthesis and place and route: {@link tagmatch.eda.synth.AlpuSynthesis}
 * emits a configuration and runs {@link tagmatch.eda.synth.YosysSynth} (yosys
 * {@code synth_xilinx}: LUTs, flip-flops; a generic 4-LUT mapping for LUT depth) or
 * {@link tagmatch.eda.synth.Ice40Pnr} (yosys {@code synth_ice40}, nextpnr: logic cells, Fmax);
 * {@link tagmatch.eda.synth.PaperFigures} holds seed 001's Tables IV and V for the side-by-side
 * {@code tagmatch synth --table}.
 */
package tagmatch.eda.synth;
