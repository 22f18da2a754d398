/* What the C and Fortran halves of dumpi_tracer share. */
#ifndef DUMPI_TRACER_H
#define DUMPI_TRACER_H

/* ---- collectives: counted for the footer, never written ----------------------------------- */

/* Collective traffic is matched by MPI in a context of its own, apart from point-to-point
 * messages, so no record is written; the footer counts each call as "called N times and
 * ignored N times" so that a trace still tells the mix of MPI call kinds (seed 000 figure 6).
 * X(name, parameters, arguments) */
#define COLLECTIVES(X)                                                                              \
    X(Barrier, (MPI_Comm comm), (comm))                                                              \
    X(Bcast, (void *b, int n, MPI_Datatype t, int root, MPI_Comm comm), (b, n, t, root, comm))       \
    X(Reduce, (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, int root, MPI_Comm comm),   \
      (s, r, n, t, op, root, comm))                                                                 \
    X(Allreduce, (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm),          \
      (s, r, n, t, op, comm))                                                                       \
    X(Gather, (const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, int root,   \
               MPI_Comm comm), (s, sn, st, r, rn, rt, root, comm))                                  \
    X(Gatherv, (const void *s, int sn, MPI_Datatype st, void *r, const int rn[], const int d[],      \
                MPI_Datatype rt, int root, MPI_Comm comm), (s, sn, st, r, rn, d, rt, root, comm))    \
    X(Scatter, (const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt, int root,  \
                MPI_Comm comm), (s, sn, st, r, rn, rt, root, comm))                                 \
    X(Scatterv, (const void *s, const int sn[], const int d[], MPI_Datatype st, void *r, int rn,     \
                 MPI_Datatype rt, int root, MPI_Comm comm), (s, sn, d, st, r, rn, rt, root, comm))   \
    X(Allgather, (const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt,          \
                  MPI_Comm comm), (s, sn, st, r, rn, rt, comm))                                     \
    X(Allgatherv, (const void *s, int sn, MPI_Datatype st, void *r, const int rn[], const int d[],   \
                   MPI_Datatype rt, MPI_Comm comm), (s, sn, st, r, rn, d, rt, comm))                \
    X(Alltoall, (const void *s, int sn, MPI_Datatype st, void *r, int rn, MPI_Datatype rt,           \
                 MPI_Comm comm), (s, sn, st, r, rn, rt, comm))                                      \
    X(Alltoallv, (const void *s, const int sn[], const int sd[], MPI_Datatype st, void *r,           \
                  const int rn[], const int rd[], MPI_Datatype rt, MPI_Comm comm),                   \
      (s, sn, sd, st, r, rn, rd, rt, comm))                                                         \
    X(Reduce_scatter, (const void *s, void *r, const int rn[], MPI_Datatype t, MPI_Op op,            \
                       MPI_Comm comm), (s, r, rn, t, op, comm))                                     \
    X(Scan, (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm),               \
      (s, r, n, t, op, comm))                                                                       \
    X(Exscan, (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op, MPI_Comm comm),             \
      (s, r, n, t, op, comm))                                                                       \
    X(Reduce_scatter_block, (const void *s, void *r, int n, MPI_Datatype t, MPI_Op op,               \
                             MPI_Comm comm), (s, r, n, t, op, comm))                               \
    X(Alltoallw, (const void *s, const int sn[], const int sd[], const MPI_Datatype st[], void *r,   \
                  const int rn[], const int rd[], const MPI_Datatype rt[], MPI_Comm comm),           \
      (s, sn, sd, st, r, rn, rd, rt, comm))


#define COLL_ENUM(N, P, A) COLL_##N,
enum collective { COLLECTIVES(COLL_ENUM) COLL_COUNT };

/* Counts one call of a collective for the footer (no-op before MPI_Init or after MPI_Finalize). */
void dumpi_count_collective(enum collective c);

/* ---- datatypes (dumpi_datatype.c) --------------------------------------------------------- */

/* The data of one call: count times the datatype's size, and whether those bytes are one run in
 * increasing address order (what a NIC can move as one region); bytes -1 for MPI_DATATYPE_NULL. */
typedef struct {
    long long bytes;
    int contiguous;
} dumpi_layout;

dumpi_layout dumpi_layout_of(int count, MPI_Datatype t);

/* Whether t is predefined (its combiner is MPI_COMBINER_NAMED): C's, Fortran's and the others alike. */
int dumpi_type_named(MPI_Datatype t);

#endif
