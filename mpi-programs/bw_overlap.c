/*
 * Bandwidth with overlap in the spirit of osu_bw_overlap, seed 003 §4.2 (bandwidth.h): per size,
 * PURE windows without compute (the first a warm-up) give the receiver's pure window time t_pure,
 * which it sends to rank 0; then ITERATIONS windows in which both sides compute for t_pure
 * between posting and waiting, as OMB's non-blocking collective benchmarks size their compute.
 * The receiver thus makes no progress call for t_pure after posting its window. Rank 0 prints
 * per size the bandwidth and OMB's overlap, 100 · (1 − (t_total − t_compute) / t_pure), clipped
 * at 0.
 */
#include "bandwidth.h"

#define PURE 4
#define ITERATIONS 10

int main(int argc, char **argv) {
    int rank;
    char *bufs = bandwidth_begin(&argc, &argv, &rank);
    int w = 0;
    if (rank == 0) printf("# size MB/s overlap%% compute_us\n");
    for (int s = 0; s < NSIZES; s++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double pure = 0;
        for (int i = 0; i < PURE; i++) {
            double wt = window(rank, bufs, SIZES[s], w++, 0);
            if (i > 0) pure += wt;
        }
        pure /= PURE - 1;
        /* both sides compute for the receiver's pure window time */
        MPI_Bcast(&pure, 1, MPI_DOUBLE, 1, MPI_COMM_WORLD);
        double total = 0;
        for (int i = 0; i < ITERATIONS; i++) total += window(rank, bufs, SIZES[s], w++, pure);
        total /= ITERATIONS;
        if (rank == 0) {
            double overlap = 100 * (1 - (total - pure) / pure);
            printf("%d %.1f %.1f %.0f\n", SIZES[s], (double) SIZES[s] * WINDOW / total / 1e6, overlap < 0 ? 0 : overlap, pure * 1e6);
        }
    }
    free(bufs);
    MPI_Finalize();
    return 0;
}
