/*
 * The bytes and layout of a call's data, read from its datatype's envelope and contents
 * (MPI_Type_get_envelope, MPI_Type_get_contents), never from its name: whether a type is
 * predefined is its combiner (MPI_COMBINER_NAMED, Fortran's types included), and a derived
 * type is contiguous when its type map, walked constructor by constructor, is one run of bytes
 * in increasing address order. That is what a NIC needs to move a rendezvous message with one
 * memory region (seed 003 §4.1); a type that is gap-free but permuted is not contiguous.
 */
#include <mpi.h>
#include <stdlib.h>

#include "dumpi_tracer.h"

typedef struct {
    MPI_Count size, lb, extent, true_lb, true_extent;
} bounds;

static bounds bounds_of(MPI_Datatype t) {
    bounds b;
    PMPI_Type_size_x(t, &b.size);
    PMPI_Type_get_extent_x(t, &b.lb, &b.extent);
    PMPI_Type_get_true_extent_x(t, &b.true_lb, &b.true_extent);
    return b;
}

int dumpi_type_named(MPI_Datatype t) {
    int ni, na, nd, combiner;
    PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    return combiner == MPI_COMBINER_NAMED;
}

static int one_run(MPI_Datatype t);

/* Whether copies of t placed one extent apart form one run: each copy one run, no gap between them. */
static int tiles(MPI_Datatype t) {
    bounds b = bounds_of(t);
    return one_run(t) && b.extent == b.size && b.lb == b.true_lb;
}

/* Whether n copies of t, one extent apart, form one run. */
static int copies_run(MPI_Datatype t, MPI_Count n) {
    return n == 0 || (n == 1 ? one_run(t) : tiles(t));
}

/*
 * Whether blocks i = 0..count-1, each n[i] copies of type[i] (or of the one type when types is
 * NULL) starting at byte offset disp[i], follow one another without a gap. Empty blocks are
 * skipped.
 */
static int blocks_run(int count, const MPI_Count *n, const MPI_Count *disp, MPI_Datatype one, const MPI_Datatype *types) {
    MPI_Count end = 0;
    int first = 1;
    for (int i = 0; i < count; i++) {
        if (n[i] == 0) continue;
        MPI_Datatype t = types ? types[i] : one;
        if (!copies_run(t, n[i])) return 0;
        bounds b = bounds_of(t);
        MPI_Count start = disp[i] + b.true_lb;
        if (!first && start != end) return 0;
        end = start + n[i] * b.size;
        first = 0;
    }
    return 1;
}

/* The blocks of a vector, indexed or struct constructor, from its contents, checked by blocks_run. */
static int constructor_run(int combiner, const int *ints, const MPI_Aint *addrs, const MPI_Datatype *types) {
    int count = ints[0];
    if (count <= 0) return 1;
    MPI_Count *n = malloc(sizeof *n * (size_t)count), *disp = malloc(sizeof *disp * (size_t)count);
    if (!n || !disp) {
        free(n);
        free(disp);
        return 0;
    }
    MPI_Count unit = bounds_of(types[0]).extent;
    int struct_ = combiner == MPI_COMBINER_STRUCT;
    for (int i = 0; i < count; i++) {
        switch (combiner) {
        case MPI_COMBINER_VECTOR: n[i] = ints[1], disp[i] = (MPI_Count)i * ints[2] * unit; break;
        case MPI_COMBINER_HVECTOR: n[i] = ints[1], disp[i] = (MPI_Count)i * addrs[0]; break;
        case MPI_COMBINER_INDEXED: n[i] = ints[1 + i], disp[i] = (MPI_Count)ints[1 + count + i] * unit; break;
        case MPI_COMBINER_HINDEXED: n[i] = ints[1 + i], disp[i] = addrs[i]; break;
        case MPI_COMBINER_INDEXED_BLOCK: n[i] = ints[1], disp[i] = (MPI_Count)ints[2 + i] * unit; break;
        case MPI_COMBINER_HINDEXED_BLOCK: n[i] = ints[1], disp[i] = addrs[i]; break;
        default: n[i] = ints[1 + i], disp[i] = addrs[i]; break; /* MPI_COMBINER_STRUCT */
        }
    }
    int run = blocks_run(count, n, disp, types[0], struct_ ? types : NULL);
    free(n);
    free(disp);
    return run;
}

/* Whether t's type map is one run of bytes in increasing order, from its envelope and contents. */
static int one_run(MPI_Datatype t) {
    int ni, na, nd, combiner;
    PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    if (combiner == MPI_COMBINER_NAMED || combiner == MPI_COMBINER_F90_REAL || combiner == MPI_COMBINER_F90_COMPLEX
        || combiner == MPI_COMBINER_F90_INTEGER) {
        bounds b = bounds_of(t); /* a pair type such as MPI_LONG_DOUBLE_INT may be padded */
        return b.size == b.true_extent;
    }
    int *ints = malloc(sizeof *ints * (size_t)(ni + 1));
    MPI_Aint *addrs = malloc(sizeof *addrs * (size_t)(na + 1));
    MPI_Datatype *types = malloc(sizeof *types * (size_t)(nd + 1));
    int run = 0;
    if (ints && addrs && types) {
        PMPI_Type_get_contents(t, ni, na, nd, ints, addrs, types);
        switch (combiner) {
        case MPI_COMBINER_DUP:
        case MPI_COMBINER_RESIZED: run = one_run(types[0]); break;
        case MPI_COMBINER_CONTIGUOUS: run = copies_run(types[0], ints[0]); break;
        case MPI_COMBINER_VECTOR:
        case MPI_COMBINER_HVECTOR:
        case MPI_COMBINER_INDEXED:
        case MPI_COMBINER_HINDEXED:
        case MPI_COMBINER_INDEXED_BLOCK:
        case MPI_COMBINER_HINDEXED_BLOCK:
        case MPI_COMBINER_STRUCT: run = constructor_run(combiner, ints, addrs, types); break;
        case MPI_COMBINER_SUBARRAY:
        case MPI_COMBINER_DARRAY: {
            /* elements in array order, so ascending: one run exactly when nothing lies between them */
            bounds b = bounds_of(t);
            run = tiles(types[nd - 1]) && b.size == b.true_extent;
            break;
        }
        default: run = 0; /* a constructor not known here is not claimed contiguous */
        }
        for (int i = 0; i < nd; i++) {
            if (!dumpi_type_named(types[i])) PMPI_Type_free(&types[i]);
        }
    }
    free(ints);
    free(addrs);
    free(types);
    return run;
}

dumpi_layout dumpi_layout_of(int count, MPI_Datatype t) {
    dumpi_layout l = {0, 1};
    if (t == MPI_DATATYPE_NULL || count < 0) {
        l.bytes = -1;
        l.contiguous = 0;
        return l;
    }
    bounds b = bounds_of(t);
    l.bytes = (long long)count * b.size;
    l.contiguous = count == 0 || (count == 1 ? one_run(t) : tiles(t));
    return l;
}
