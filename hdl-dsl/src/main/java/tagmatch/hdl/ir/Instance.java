package tagmatch.hdl.ir;

/** One instance of a child module definition inside a parent. */
public final class Instance extends Named {
    private ModuleDef definition;

    public Instance(String name, ModuleDef definition, Locator locator) {
        super(name, locator);
        this.definition = definition;
    }

    public ModuleDef definition() { return definition; }

    /** Points the instance at an equivalent definition (deduplication). */
    public void definition(ModuleDef def) { definition = def; }

    /** The child's port signal with this name; used to translate references after deduplication. */
    public Signal port(String portName) {
        for (Signal s : definition.portSignals()) if (s.name().equals(portName)) return s;
        throw new IllegalStateException("no port " + portName + " on " + definition.name());
    }
}
