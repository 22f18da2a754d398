package tagmatch.hdl.lib.formal;

import tagmatch.hdl.core.Bool;
import tagmatch.hdl.core.UInt;

import java.util.List;

import static tagmatch.hdl.core.Hdl.*;

/** The specification shared by the priority tree and encoder: which index is the lowest valid one. */
final class LowestValid {
    private LowestValid() {}

    /** 1 when {@code index} names a valid input and no lower input is valid. */
    static Bool selects(UInt index, List<Bool> valids) {
        Bool ok = FALSE();
        Bool noneBelow = TRUE();
        for (int i = 0; i < valids.size(); i++) {
            ok = ok.or(index.eq(i).and(valids.get(i)).and(noneBelow));
            noneBelow = noneBelow.and(valids.get(i).not());
        }
        return ok;
    }
}
