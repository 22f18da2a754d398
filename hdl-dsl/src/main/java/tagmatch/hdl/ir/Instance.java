package tagmatch.hdl.ir;

/** One instance of a child module definition inside a parent. */
public final class Instance {
    private String name;
    private boolean explicitName;
    private ModuleDef definition;
    private final Locator locator;

    public Instance(String name, ModuleDef definition, Locator locator) {
        this.name = name;
        this.definition = definition;
        this.locator = locator;
    }

    public String name() { return name; }
    public ModuleDef definition() { return definition; }
    public Locator locator() { return locator; }

    public void name(String newName, boolean explicit) {
        if (!explicit && (explicitName || name != null)) return;
        name = newName;
        explicitName |= explicit;
    }

    public void rename(String newName) { name = newName; }

    /** Points the instance at an equivalent definition (deduplication). */
    public void definition(ModuleDef def) { definition = def; }

    /** The child's port signal with this name; used to translate references after deduplication. */
    public Signal port(String portName) {
        for (Signal s : definition.portSignals()) if (s.name().equals(portName)) return s;
        throw new IllegalStateException("no port " + portName + " on " + definition.name());
    }
}
