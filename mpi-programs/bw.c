/*
 * Bandwidth in the spirit of OSU's osu_bw (bandwidth.h): windows of 64 non-blocking sends of one
 * size from rank 0 to rank 1, whose receives are posted first, over sizes from 1 KiB to 1 MiB.
 * Per size SKIP warm-up windows, then ITERATIONS timed ones (OMB's counts for messages above
 * 8 KiB are 20 and 2; 10 and 2 for every size keep the trace small). Rank 0 prints MB/s per size.
 */
#include "bandwidth.h"

#define SKIP 2
#define ITERATIONS 10

int main(int argc, char **argv) {
    int rank;
    char *bufs = bandwidth_begin(&argc, &argv, &rank);
    int w = 0;
    if (rank == 0) printf("# size MB/s\n");
    for (int s = 0; s < NSIZES; s++) {
        MPI_Barrier(MPI_COMM_WORLD);
        double t = 0;
        for (int i = 0; i < SKIP + ITERATIONS; i++) {
            double wt = window(rank, bufs, SIZES[s], w++, 0);
            if (i >= SKIP) t += wt;
        }
        if (rank == 0) printf("%d %.1f\n", SIZES[s], (double) SIZES[s] * WINDOW * ITERATIONS / t / 1e6);
    }
    free(bufs);
    MPI_Finalize();
    return 0;
}
