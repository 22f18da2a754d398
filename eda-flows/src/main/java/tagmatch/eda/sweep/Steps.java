package tagmatch.eda.sweep;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Every step a sweep can run, by name, in the order a sweep runs them on one configuration. */
public final class Steps {
    private static final Map<String, Step> ALL = new LinkedHashMap<>();

    static {
        for (Step s : List.of(new RtlStep(), new SynthStep(), new PnrStep(), new CosimStep(), new ProveStep())) ALL.put(s.name(), s);
    }

    private Steps() {}

    public static List<String> names() {
        return List.copyOf(ALL.keySet());
    }

    /** The named steps in the canonical order; an unknown name throws naming the legal ones. */
    public static List<Step> of(List<String> names) {
        for (String n : names)
            if (!ALL.containsKey(n)) throw new IllegalArgumentException("must be among " + String.join(", ", ALL.keySet()) + ", got '" + n + "'");
        List<Step> out = new ArrayList<>();
        for (Step s : ALL.values()) if (names.contains(s.name())) out.add(s);
        return out;
    }

    public static Step named(String name) {
        return of(List.of(name)).get(0);
    }
}
