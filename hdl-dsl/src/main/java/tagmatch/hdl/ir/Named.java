package tagmatch.hdl.ir;

/**
 * What a signal, a memory and an instance share: a name in the module that holds it, and the
 * line it was written on. A name given by the user is explicit and is never replaced by one the
 * builder infers (from a field, say); name legalization renames either. Identity matters, so
 * equality is the object's own.
 */
public abstract class Named {
    private String name;
    private boolean explicitName;
    private final Locator locator;

    Named(String name, Locator locator) {
        this.name = name;
        this.locator = locator;
    }

    public String name() { return name; }

    /** Whether the user chose the name ({@code named(...)}), rather than the builder. */
    public boolean hasExplicitName() { return explicitName; }

    public Locator locator() { return locator; }

    /** Sets the name; an explicit name is never replaced by an inferred one. */
    public void name(String newName, boolean explicit) {
        if (!explicit && (explicitName || name != null)) return;
        name = newName;
        explicitName |= explicit;
    }

    /** Renames unconditionally; used by name legalization. */
    public void rename(String newName) { name = newName; }
}
