package tagmatch.trace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import tagmatch.model.offload.OffloadCounts;
import tagmatch.model.offload.OffloadPolicy;
import tagmatch.model.offload.OffloadSettings;
import tagmatch.model.offload.PrefetchCounts;
import tagmatch.model.offload.PrefetchSettings;
import tagmatch.process.UserError;

/** The table, CSV and PNG of {@code tagmatch trace offload}. */
public final class OffloadReport {
    /** The files {@link #write} makes. */
    public static final List<String> FILES = List.of("offload.txt", "offload.csv", "offload.png");

    private OffloadReport() {}

    /** The table with its settings and the paper's figures below it, then the prefetch decision's table. */
    public static String table(List<OffloadRow> rows, OffloadPolicy policy, OffloadSettings s, PrefetchSettings prefetch, long progressEveryNs) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "policy %s, %d hardware entries, rendezvous from %d bytes, α %.3f ns/byte, β %.0f ns, "
                        + "cut-off %.2f of a period of %d posts, %s%n%n", policy.cliName(), s.hwEntries(), s.rndvThreshold(), s.alphaNsPerByte(),
                s.betaNs(), s.cancelCutoff(), s.cancelPeriod(),
                progressEveryNs == 0 ? "receivers progress all the time" : "receivers progress every " + progressEveryNs + " ns"));
        sb.append(String.format(Locale.ROOT, "%-26s %5s %9s %9s %7s %9s %9s %9s %9s %8s %8s %8s  %s%n", "application", "ranks", "receives",
                "rndv", "unexp%", "offloaded", "hw-match", "sw-match", "cancelled", "success%", "hw/offl%", "hw/rndv%", "note"));
        for (OffloadRow r : rows) {
            OffloadCounts c = r.counts();
            sb.append(String.format(Locale.ROOT, "%-26s %5d %9d %9d %7.1f %9d %9d %9d %9d %8s %8s %8s  %s%n", r.application(), r.ranks(),
                    c.receives(), c.rendezvousReceives(), 100 * c.unexpectedFraction(), c.offloaded(), c.hardwareMatched(),
                    c.softwareMatched(), c.cancelled(), percent(c.offloaded(), c.successRate()), percent(c.offloaded(), c.hardwareMatchRate()),
                    percent(c.rendezvousReceives(), c.hardwareShare()), r.note(s)));
        }
        sb.append(String.format("%nsuccess%% = (offloaded - cancelled) / offloaded (seed 003 §6.3: 3D stencil 96 %%);%n"
                + "hw/offl%% = offloaded receives matched in hardware / offloaded (below success%% by the offloads still open at the end);%n"
                + "hw/rndv%% = receives matched in hardware / rendezvous receives (seed 003 §6.4: LAMMPS 81 %%).%n"));
        sb.append(String.format(Locale.ROOT, "%nprefetch of unexpected rendezvous messages (seed 003 §5.3, whatever the policy): pool of %d slots of %d bytes, "
                + "history of %d needing %.2f useful%n%n", prefetch.poolSlots(), prefetch.slotBytes(), prefetch.historyLength(), prefetch.minUsefulShare()));
        sb.append(String.format(Locale.ROOT, "%-26s %10s %10s %9s %9s %9s %9s %9s%n", "application", "unexp-rndv", "prefetched", "useful", "useless",
                "no-slot", "too-large", "declined"));
        for (OffloadRow r : rows) {
            PrefetchCounts c = r.prefetch();
            sb.append(String.format(Locale.ROOT, "%-26s %10d %10d %9d %9d %9d %9d %9d%n", r.application(), c.unexpectedRendezvous(), c.prefetched(),
                    c.useful(), c.useless(), c.noSlot(), c.tooLarge(), c.declined()));
        }
        sb.append(String.format("%nuseful = prefetched and its receive posted after the read (α·size + β) was done; useless = posted before.%n"));
        return sb.toString();
    }

    private static String percent(long denominator, double rate) {
        return denominator == 0 ? "-" : String.format(Locale.ROOT, "%.1f", 100 * rate);
    }

    public static String csv(List<OffloadRow> rows, OffloadPolicy policy, OffloadSettings s) {
        StringBuilder sb = new StringBuilder("application,policy,hw_entries,rndv_threshold,ranks,receives,rendezvous_receives,unexpected_fraction,"
                + "offloaded,hardware_matched,software_matched,cancelled,success_rate,hardware_match_rate,hardware_share,unknown_size_receives,"
                + "prefetch_unexpected_rendezvous,prefetched,prefetch_useful,prefetch_useless,prefetch_no_slot,prefetch_too_large,prefetch_declined,note\n");
        for (OffloadRow r : rows) {
            OffloadCounts c = r.counts();
            PrefetchCounts f = r.prefetch();
            sb.append(String.format(Locale.ROOT, "%s,%s,%d,%d,%d,%d,%d,%.6f,%d,%d,%d,%d,%.6f,%.6f,%.6f,%d,%d,%d,%d,%d,%d,%d,%d,\"%s\"%n", r.application(),
                    policy.cliName(), s.hwEntries(), s.rndvThreshold(), r.ranks(), c.receives(), c.rendezvousReceives(), c.unexpectedFraction(),
                    c.offloaded(), c.hardwareMatched(), c.softwareMatched(), c.cancelled(), c.successRate(), c.hardwareMatchRate(), c.hardwareShare(),
                    r.unknownSize(), f.unexpectedRendezvous(), f.prefetched(), f.useful(), f.useless(), f.noSlot(), f.tooLarge(), f.declined(), r.note(s)));
        }
        return sb.toString();
    }

    /** Writes {@link #FILES} into {@code dir}. */
    public static void write(List<OffloadRow> rows, OffloadPolicy policy, OffloadSettings s, PrefetchSettings prefetch, long progressEveryNs, Path dir) {
        System.setProperty("java.awt.headless", "true");
        try {
            Files.writeString(dir.resolve("offload.txt"), table(rows, policy, s, prefetch, progressEveryNs), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve("offload.csv"), csv(rows, policy, s), StandardCharsets.UTF_8);
            CategoryChart chart = new CategoryChartBuilder().width(1000).height(600)
                    .title("Offload per application (" + policy.cliName() + ", E = " + s.hwEntries() + ", rendezvous from " + s.rndvThreshold() + " B)")
                    .xAxisTitle("application").yAxisTitle("%").build();
            chart.getStyler().setXAxisLabelRotation(30);
            chart.getStyler().setYAxisMin(0.0);
            chart.getStyler().setYAxisMax(100.0);
            List<String> names = new ArrayList<>();
            List<Double> success = new ArrayList<>(), matchRate = new ArrayList<>(), share = new ArrayList<>(), unexpected = new ArrayList<>();
            for (OffloadRow r : rows) {
                names.add(r.application());
                success.add(100 * r.counts().successRate());
                matchRate.add(100 * r.counts().hardwareMatchRate());
                share.add(100 * r.counts().hardwareShare());
                unexpected.add(100 * r.counts().unexpectedFraction());
            }
            chart.addSeries("success ((offloaded - cancelled) / offloaded)", names, success);
            chart.addSeries("hw-matched / offloaded", names, matchRate);
            chart.addSeries("hw-matched / rendezvous receives", names, share);
            chart.addSeries("messages arrived unexpected", names, unexpected);
            BinsPlot.save(chart, dir.resolve("offload.png"));
        } catch (IOException e) {
            throw new UserError("cannot write the offload report to " + dir + ": " + e.getMessage(), e);
        }
    }
}
