package tagmatch.alpu.model;

import java.util.ArrayDeque;
import java.util.Random;

/**
 * A minimal bench for the model's own tests: offers queued requests and commands as two
 * independent valid/ready streams with random gaps, random {@code rsp_ready}, and feeds every
 * cycle to a scoreboard. The full traffic driver lives in the testbenches module.
 */
final class MiniBench {
    private final CycleAlpu dut;
    private final AlpuScoreboard scoreboard;
    private final Random random;
    private final double readyProbability;
    private final ArrayDeque<Request> requests = new ArrayDeque<>();
    private final ArrayDeque<Command> commands = new ArrayDeque<>();
    private long cycle;
    private boolean rst;

    MiniBench(CycleAlpu dut, long seed, double readyProbability) {
        this(dut, new AlpuScoreboard(dut.config(), dut.r9Bound()), seed, readyProbability);
    }

    MiniBench(CycleAlpu dut, AlpuScoreboard scoreboard, long seed, double readyProbability) {
        this.dut = dut;
        this.scoreboard = scoreboard;
        this.random = new Random(seed);
        this.readyProbability = readyProbability;
    }

    AlpuScoreboard scoreboard() {
        return scoreboard;
    }

    MiniBench request(long match) {
        requests.add(Request.of(match));
        return this;
    }

    MiniBench request(long match, long mask) {
        requests.add(Request.of(match, mask));
        return this;
    }

    MiniBench command(Command c) {
        commands.add(c);
        return this;
    }

    MiniBench insert(long match, long mask, long tag) {
        return command(Command.insert(match, mask, tag));
    }

    /** Runs exactly {@code n} cycles, offering what is queued (e.g. while a request is held by R4). */
    MiniBench runCycles(int n) {
        for (int i = 0; i < n; i++) cycleOnce();
        return this;
    }

    /** Asserts {@code rst} for the next cycle. */
    MiniBench pulseReset() {
        rst = true;
        return this;
    }

    /** Runs until both queues are offered and the unit has been idle long enough for the idle check. */
    MiniBench run() {
        int quiet = 0;
        int limit = 200_000;
        int needed = (int) ((dut.r9Bound() + 10) * 3 / readyProbability);
        while (quiet < needed) {
            if (--limit == 0) throw new IllegalStateException("bench did not drain");
            quiet = cycleOnce() ? 0 : quiet + 1;
        }
        return this;
    }

    /** One cycle; true while anything is still queued, offered or outstanding. */
    private boolean cycleOnce() {
            boolean offerReq = !requests.isEmpty() && random.nextInt(3) != 0;
            boolean offerCmd = !commands.isEmpty() && random.nextInt(3) != 0;
            boolean ready = random.nextDouble() < readyProbability;
            PortInputs in = PortInputs.offering(rst, offerReq ? requests.peekFirst() : null,
                    offerCmd ? commands.peekFirst() : null, ready);
            PortOutputs out = dut.outputs();
            scoreboard.observe(out.sample(cycle++, in));
            dut.tick(in);
            if (!rst && offerReq && out.reqReady()) requests.removeFirst();
            if (!rst && offerCmd && out.cmdReady()) commands.removeFirst();
            rst = false;
            return !requests.isEmpty() || !commands.isEmpty() || out.rspValid() || scoreboard.outstandingRequests() > 0;
    }
}
