package tagmatch.hdl.core;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static tagmatch.hdl.core.Hdl.*;

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import tagmatch.hdl.backend.VerilogEmitter;
import tagmatch.hdl.ir.HdlException;
import tagmatch.hdl.lib.StateMachine;

/** Enums in hardware: codes, localparams named after the constants, and the type checks. */
class HwEnumTest {
    enum Phase { IDLE, SEARCH, REPLY }

    enum Color { RED, GREEN }

    private static String verilog(Supplier<? extends Module> m) {
        return VerilogEmitter.emit(Elaborator.elaborate(m));
    }

    private static String error(Supplier<? extends Module> m) {
        return assertThrows(HdlException.class, () -> Elaborator.elaborate(m)).getMessage();
    }

    @Test
    void aStateMachineOverAnEnumNamesItsStatesAfterTheConstants() {
        String v = verilog(() -> new Module() {{
            Bool go = input("go", Bool());
            Bool busy = output("busy", Bool());
            StateMachine<Phase> fsm = new StateMachine<>("phase", Phase.class);
            fsm.on(Phase.IDLE, () -> when(go, () -> fsm.goTo(Phase.SEARCH)))
               .on(Phase.SEARCH, () -> fsm.goTo(Phase.REPLY))
               .on(Phase.REPLY, () -> fsm.goTo(Phase.IDLE));
            busy.set(fsm.is(Phase.IDLE).not());
        }});
        assertTrue(v.contains("localparam [1:0] IDLE = 2'd0;"), v);
        assertTrue(v.contains("localparam [1:0] SEARCH = 2'd1;"), v);
        assertTrue(v.contains("localparam [1:0] REPLY = 2'd2;"), v);
        assertTrue(v.contains("phase <= IDLE;"), v);
        assertTrue(v.contains("IDLE: phase <= go ? SEARCH : phase;"), v);
        assertTrue(v.contains("phase == IDLE"), v);
    }

    @Test
    void oneHotCodesOneBitPerConstantAndPortsCarryTheCode() {
        String v = verilog(() -> new Module() {{
            HwEnum<Phase> in = input("in", Enum(Phase.class, HwEnum.Encoding.ONE_HOT));
            output("out", Bool()).set(in.isOneOf(Phase.SEARCH, Phase.REPLY));
        }});
        assertTrue(v.contains("input  wire [2:0] in"), v);
        assertTrue(v.contains("localparam [2:0] SEARCH = 3'd2;"), v);
        assertTrue(v.contains("localparam [2:0] REPLY = 3'd4;"), v);
    }

    @Test
    void twoEnumsWithTheSameConstantNameGetDistinctLocalparams() {
        enum Other { IDLE, RUN }
        String v = verilog(() -> new Module() {{
            HwEnum<Phase> a = input("a", Enum(Phase.class));
            HwEnum<Other> b = input("b", Enum(Other.class));
            output("y", Bool()).set(a.is(Phase.SEARCH).and(b.is(Other.RUN)));
            output("z", Bool()).set(a.is(Phase.IDLE).and(b.is(Other.IDLE)));
        }});
        assertTrue(v.contains("localparam [1:0] IDLE = 2'd0;"), v);
        assertTrue(v.contains("IDLE_1 = 1'd0;"), v);
    }

    @Test
    void anEnumIsDrivenOnlyFromTheSameEnum() {
        assertTrue(error(() -> new Module() {{
            HwEnum<Phase> s = output("s", Enum(Phase.class));
            s.set(input("u", UInt(2)));
        }}).contains("cannot connect UInt<2> 'u' to Phase 's': drive an enum from the same enum"));
        assertTrue(error(() -> new Module() {{
            HwEnum<Phase> s = input("s", Enum(Phase.class));
            HwEnum<Color> c = input("c", Enum(Color.class));
            output("y", Bool()).set(s.eq(c));
        }}).contains("cannot compare Phase 's' with Color 'c'"));
        assertTrue(error(() -> new Module() {{
            HwEnum<Phase> s = input("s", Enum(Phase.class));
            UInt y = output("y", UInt(1));
            y.set(0);
            switchOn(s).is(Color.RED, () -> y.set(1));
        }}).contains("switch on Phase 's' cannot have a branch for Color.RED"));
        assertTrue(error(() -> new Module() {{
            output("y", Bool()).set(input("s", Enum(Phase.class)).eq(2));
        }}).contains("Phase 's' takes constants of Phase, not the number 2"));
    }
}
