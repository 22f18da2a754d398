package tagmatch.bench.figure;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;
import tagmatch.dpa.mem.MemorySetting;

/**
 * The PNG of a {@link DpaRateFigure}, messages per second on a log axis per case: the simulated
 * DPA as a band from its pessimistic to its optimistic memory setting with a line at the likely
 * one; Open MPI's median with its runs' spread as a whisker; the native host lines (list and
 * otm.c on one core, their ns per message as a rate); across every case, the RDMA-only line (the
 * handler without matching) with its band. Drawn with Java2D because XChart has no
 * band between two series.
 */
final class DpaRatePlot {
    private static final int W = 1000, H = 690, LEFT = 120, RIGHT = 30, TOP = 60, BOTTOM = 210;
    private static final Color DPA = new Color(70, 130, 200), MPI = new Color(200, 60, 50), LIST = new Color(90, 90, 90),
            OTM = new Color(40, 150, 70), RDMA = new Color(130, 70, 170);

    private DpaRatePlot() {}

    static void write(DpaRateFigure fig, Path png) throws IOException {
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, W, H);
        double clock = fig.setup().clockGhz();
        List<DpaRateFigure.Row> rows = fig.rows();
        double rdmaHi = fig.rdmaOnlyRate(MemorySetting.OPTIMISTIC), rdmaLo = fig.rdmaOnlyRate(MemorySetting.PESSIMISTIC);
        double lo = rdmaLo, hi = rdmaHi;
        for (DpaRateFigure.Row r : rows) {
            for (double v : new double[] {r.dpaRate(MemorySetting.PESSIMISTIC, clock), r.dpaRate(MemorySetting.OPTIMISTIC, clock), r.mpiMin(),
                    r.mpiMax(), 1e9 / r.listNs(), 1e9 / r.otmNs()}) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        int decLo = (int) Math.floor(Math.log10(lo)), decHi = (int) Math.ceil(Math.log10(hi));
        if (decHi == decLo) decHi++;
        Axis y = new Axis(decLo, decHi);

        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
        g.drawString(String.format(Locale.ROOT, "Seed 000 figure 8: ping-pong message rate (k = %d, N = %d, %.1f GHz assumed for the DPA)",
                fig.setup().k(), fig.setup().threads(), clock), LEFT, 30);
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (int d = decLo; d <= decHi; d++) {
            int py = y.at(Math.pow(10, d));
            g.setColor(new Color(225, 225, 225));
            g.drawLine(LEFT, py, W - RIGHT, py);
            g.setColor(Color.BLACK);
            String label = String.format(Locale.ROOT, "%,.0f", Math.pow(10, d));
            g.drawString(label, LEFT - 8 - g.getFontMetrics().stringWidth(label), py + 4);
        }
        g.drawLine(LEFT, TOP, LEFT, H - BOTTOM);
        g.drawLine(LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM);
        g.rotate(-Math.PI / 2);
        g.drawString("messages per second (log)", -(H - BOTTOM + TOP) / 2 - 70, 16);
        g.rotate(Math.PI / 2);

        // RDMA only, across every case: what the NIC and the handler do without matching
        g.setColor(new Color(RDMA.getRed(), RDMA.getGreen(), RDMA.getBlue(), 40));
        g.fillRect(LEFT + 1, y.at(rdmaHi), W - RIGHT - LEFT - 1, Math.max(2, y.at(rdmaLo) - y.at(rdmaHi)));
        g.setColor(RDMA);
        g.setStroke(new BasicStroke(2));
        g.drawLine(LEFT + 1, y.at(fig.rdmaOnlyRate(MemorySetting.LIKELY)), W - RIGHT, y.at(fig.rdmaOnlyRate(MemorySetting.LIKELY)));
        g.setStroke(new BasicStroke(1));

        int slot = (W - LEFT - RIGHT) / rows.size();
        for (int i = 0; i < rows.size(); i++) {
            DpaRateFigure.Row r = rows.get(i);
            int x0 = LEFT + i * slot, cx = x0 + slot / 2;
            g.setColor(Color.BLACK);
            g.drawString(r.kase().label(), cx - g.getFontMetrics().stringWidth(r.kase().label()) / 2, H - BOTTOM + 20);
            // the DPA: the band and the likely setting
            int top = y.at(r.dpaRate(MemorySetting.OPTIMISTIC, clock)), bottom = y.at(r.dpaRate(MemorySetting.PESSIMISTIC, clock));
            g.setColor(new Color(DPA.getRed(), DPA.getGreen(), DPA.getBlue(), 90));
            g.fillRect(cx - 70, top, 60, Math.max(2, bottom - top));
            g.setColor(DPA);
            g.setStroke(new BasicStroke(3));
            int likely = y.at(r.dpaRate(MemorySetting.LIKELY, clock));
            g.drawLine(cx - 70, likely, cx - 10, likely);
            // Open MPI: median and the runs' spread
            g.setColor(MPI);
            g.setStroke(new BasicStroke(2));
            int mx = cx + 25;
            g.drawLine(mx, y.at(r.mpiMax()), mx, y.at(r.mpiMin()));
            g.drawLine(mx - 8, y.at(r.mpiMax()), mx + 8, y.at(r.mpiMax()));
            g.drawLine(mx - 8, y.at(r.mpiMin()), mx + 8, y.at(r.mpiMin()));
            int my = y.at(r.mpiMedian());
            g.fillOval(mx - 6, my - 6, 12, 12);
            // native on one host core
            g.setStroke(new BasicStroke(3, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10, new float[] {6, 4}, 0));
            g.setColor(LIST);
            g.drawLine(x0 + 10, y.at(1e9 / r.listNs()), x0 + slot - 10, y.at(1e9 / r.listNs()));
            g.setColor(OTM);
            g.drawLine(x0 + 10, y.at(1e9 / r.otmNs()), x0 + slot - 10, y.at(1e9 / r.otmNs()));
            g.setStroke(new BasicStroke(1));
        }

        int ly = H - BOTTOM + 50;
        g.setColor(new Color(DPA.getRed(), DPA.getGreen(), DPA.getBlue(), 90));
        g.fillRect(LEFT, ly - 10, 30, 12);
        g.setColor(DPA);
        g.fillRect(LEFT, ly - 5, 30, 3);
        g.setColor(Color.BLACK);
        g.drawString("simulated DPA (" + fig.cluster() + ", the generated handler): band from pessimistic to optimistic memory, line at likely",
                LEFT + 40, ly);
        g.setColor(MPI);
        g.fillOval(LEFT + 9, ly + 15, 12, 12);
        g.setColor(Color.BLACK);
        g.drawString("Open MPI, 2 ranks on this machine, intra-node shared memory: median, whisker min..max of "
                + fig.setup().host().runs() + " runs", LEFT + 40, ly + 25);
        g.setColor(LIST);
        g.fillRect(LEFT, ly + 40, 30, 3);
        g.setColor(Color.BLACK);
        g.drawString("native, one host core: the linked list (1 / its ns per message)", LEFT + 40, ly + 45);
        g.setColor(OTM);
        g.fillRect(LEFT, ly + 60, 30, 3);
        g.setColor(Color.BLACK);
        g.drawString("native, one host core: otm.c built for one thread", LEFT + 40, ly + 65);
        g.setColor(RDMA);
        g.fillRect(LEFT, ly + 80, 30, 3);
        g.setColor(Color.BLACK);
        g.drawString("RDMA only, no conflict: the simulated NIC and the handler without matching; band as the DPA's", LEFT + 40, ly + 85);
        g.drawString("The DPA's rate is simulated cycles at an assumed clock, not a measurement on a DPA.", LEFT + 40, ly + 105);
        g.drawString(String.format(Locale.ROOT, "%d of the seed's %d sequences; the ack's round trip %s cycles (a guess).", fig.setup().sequences(),
                DpaRateFigure.SEED_SEQUENCES, fig.setup().ackCycles().stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(" / "))),
                LEFT + 40, ly + 120);
        g.dispose();
        if (!ImageIO.write(img, "png", png.toFile())) throw new IOException("no PNG writer for " + png);
    }

    /** The log axis: decades {@code lo..hi} onto the plot's height. */
    private record Axis(int lo, int hi) {
        int at(double v) {
            double f = (Math.log10(v) - lo) / (hi - lo);
            return (int) Math.round(H - BOTTOM - f * (H - BOTTOM - TOP));
        }
    }
}
