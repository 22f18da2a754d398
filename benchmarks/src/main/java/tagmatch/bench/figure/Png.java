package tagmatch.bench.figure;

import java.io.IOException;
import java.nio.file.Path;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** A chart saved as a PNG at exactly the path given (XChart appends the extension itself). */
final class Png {
    private Png() {}

    static void save(Chart<?, ?> chart, Path png) throws IOException {
        String file = png.toString();
        BitmapEncoder.saveBitmap(chart, file.endsWith(".png") ? file.substring(0, file.length() - 4) : file, BitmapEncoder.BitmapFormat.PNG);
    }
}
