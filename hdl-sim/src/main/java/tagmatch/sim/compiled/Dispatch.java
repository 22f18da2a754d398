package tagmatch.sim.compiled;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;

/**
 * The kernel's entry points: methods that call the generated static methods in order, through a
 * tree of helpers when there are many, and table switches to one of several such lists (a clock
 * domain's, a segment's).
 */
final class Dispatch {
    /** Calls per dispatch method. */
    private static final int FAN_OUT = 400;

    private final ClassWriter cw;
    private final String owner;
    private final String desc;

    /** Dispatch methods of class {@code owner}, whose generated methods are static of descriptor {@code desc}. */
    Dispatch(ClassWriter cw, String owner, String desc) {
        this.cw = cw;
        this.owner = owner;
        this.desc = desc;
    }

    /** {@code public void name(long[] v, long[][] m)} calling {@code calls}. */
    void dispatch(String name, List<String> calls) {
        callAll(name, ACC_PUBLIC, levels(name, calls), false);
    }

    /** {@code public void name(int d, long[] v, long[][] m)}: calls the d-th list of {@code perList}. */
    void domainSwitch(String name, List<List<String>> perList) {
        List<String> targets = new ArrayList<>();
        for (int d = 0; d < perList.size(); d++) {
            String n = name + d;
            callAll(n, ACC_STATIC | ACC_PRIVATE, levels(n, perList.get(d)), true);
            targets.add(n);
        }
        MethodVisitor m = cw.visitMethod(ACC_PUBLIC, name, "(I[J[[J)V", null, null);
        m.visitCode();
        Label done = new Label();
        if (!targets.isEmpty()) {
            Label[] labels = new Label[targets.size()];
            for (int i = 0; i < labels.length; i++) {
                labels[i] = new Label();
            }
            m.visitVarInsn(ILOAD, 1);
            m.visitTableSwitchInsn(0, labels.length - 1, done, labels);
            for (int i = 0; i < labels.length; i++) {
                m.visitLabel(labels[i]);
                m.visitVarInsn(ALOAD, 2);
                m.visitVarInsn(ALOAD, 3);
                m.visitMethodInsn(INVOKESTATIC, owner, targets.get(i), desc, false);
                m.visitInsn(RETURN);
            }
        }
        m.visitLabel(done);
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }

    /** Static helpers calling {@link #FAN_OUT} of {@code calls} each, level by level; the calls the top must make. */
    private List<String> levels(String name, List<String> calls) {
        List<String> level = calls;
        for (int round = 0; level.size() > FAN_OUT; round++) {
            List<String> up = new ArrayList<>();
            for (int i = 0; i < level.size(); i += FAN_OUT) {
                String h = "d" + name + "_" + round + "_" + up.size();
                callAll(h, ACC_STATIC | ACC_PRIVATE, level.subList(i, Math.min(level.size(), i + FAN_OUT)), true);
                up.add(h);
            }
            level = up;
        }
        return level;
    }

    private void callAll(String name, int access, List<String> calls, boolean isStatic) {
        MethodVisitor m = cw.visitMethod(access, name, desc, null, null);
        m.visitCode();
        int base = isStatic ? 0 : 1;
        for (String c : calls) {
            m.visitVarInsn(ALOAD, base);
            m.visitVarInsn(ALOAD, base + 1);
            m.visitMethodInsn(INVOKESTATIC, owner, c, desc, false);
        }
        m.visitInsn(RETURN);
        m.visitMaxs(0, 0);
        m.visitEnd();
    }
}
