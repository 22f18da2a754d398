/*
 * A 3-D stencil kernel in the spirit of seed 003 §6.3's 3DStencil: ranks on a periodic 3-D grid
 * (MPI_Dims_create, MPI_Cart_create), each holding an N³ block of a field with one layer of halo.
 * Per iteration a rank posts one MPI_Irecv per face neighbour, packs its six faces into contiguous
 * buffers and sends them (MPI_Isend), sweeps the interior of its block (the compute between
 * exchanges: a 7-point Jacobi average, which needs no halo), waits for all twelve requests
 * (MPI_Waitall), unpacks the halo and sweeps the block's outer layer.
 *
 * The tag is the direction a face travels (0..5: +x, −x, +y, −y, +z, −z), so a rank's two
 * neighbours along an axis are told apart when they are the same rank (an axis of 2 ranks).
 * A face is N² doubles: N = 90 gives 64,800 bytes, above the 16 KiB where rendezvous starts.
 *
 * Checks: after the first exchange every halo cell holds the wrapped-around neighbour cell's
 * initial value (a function of its global coordinates), and at the end the field's global sum is
 * unchanged (a periodic 7-point average conserves it; a face sent to the wrong place would not).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

/* -DN=... and -DITERATIONS=... change them for an experiment; the committed trace uses these. */
#ifndef N
#define N 90
#endif
#ifndef ITERATIONS
#define ITERATIONS 100
#endif
#define S (N + 2)
#define AT(i, j, k) ((size_t) (i) * S * S + (size_t) (j) * S + (k))

static double initial(int gx, int gy, int gz) { return gx + 1000.0 * gy + 1000000.0 * gz; }

/* The face of cells of layer `layer` (1 or N: interior; 0 or N + 1: halo) normal to `axis`, to or from buf. */
static void face(double *u, int axis, int layer, double *buf, int pack) {
    size_t n = 0;
    for (int a = 1; a <= N; a++) {
        for (int b = 1; b <= N; b++) {
            size_t at = axis == 0 ? AT(layer, a, b) : axis == 1 ? AT(a, layer, b) : AT(a, b, layer);
            if (pack) buf[n++] = u[at];
            else u[at] = buf[n++];
        }
    }
}

static void sweep(const double *u, double *v, int lo, int hi, int outer_only) {
    for (int i = lo; i <= hi; i++) {
        for (int j = lo; j <= hi; j++) {
            for (int k = lo; k <= hi; k++) {
                if (outer_only && i > 1 && i < N && j > 1 && j < N && k > 1 && k < N) continue;
                v[AT(i, j, k)] = (u[AT(i, j, k)] + u[AT(i - 1, j, k)] + u[AT(i + 1, j, k)] + u[AT(i, j - 1, k)] + u[AT(i, j + 1, k)]
                                  + u[AT(i, j, k - 1)] + u[AT(i, j, k + 1)]) / 7.0;
            }
        }
    }
}

static double local_sum(const double *u) {
    double s = 0;
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++)
            for (int k = 1; k <= N; k++) s += u[AT(i, j, k)];
    return s;
}

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int size, rank, dims[3] = {0, 0, 0}, periods[3] = {1, 1, 1}, coords[3];
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 3, dims);
    MPI_Comm grid;
    MPI_Cart_create(MPI_COMM_WORLD, 3, dims, periods, 0, &grid);
    MPI_Comm_rank(grid, &rank);
    MPI_Cart_coords(grid, rank, 3, coords);
    /* to[d]: where a face travelling in direction d goes; from[d]: where the one this rank receives in direction d comes from */
    int to[6], from[6];
    for (int axis = 0; axis < 3; axis++) {
        MPI_Cart_shift(grid, axis, 1, &from[2 * axis], &to[2 * axis]);
        MPI_Cart_shift(grid, axis, -1, &from[2 * axis + 1], &to[2 * axis + 1]);
    }
    double *u = calloc((size_t) S * S * S, sizeof *u), *v = calloc((size_t) S * S * S, sizeof *v);
    double *sendbuf = malloc(6 * sizeof(double) * N * N), *recvbuf = malloc(6 * sizeof(double) * N * N);
    CHECK(u && v && sendbuf && recvbuf, "no memory for a %d^3 block", N);
    for (int i = 1; i <= N; i++)
        for (int j = 1; j <= N; j++)
            for (int k = 1; k <= N; k++) u[AT(i, j, k)] = initial(coords[0] * N + i - 1, coords[1] * N + j - 1, coords[2] * N + k - 1);
    double sum0 = local_sum(u), global0, global1;
    MPI_Allreduce(&sum0, &global0, 1, MPI_DOUBLE, MPI_SUM, grid);
    for (int it = 0; it < ITERATIONS; it++) {
        MPI_Request req[12];
        int nreq = 0;
        for (int d = 0; d < 6; d++) {
            if (from[d] != rank) MPI_Irecv(recvbuf + (size_t) d * N * N, N * N, MPI_DOUBLE, from[d], d, grid, &req[nreq++]);
        }
        for (int d = 0; d < 6; d++) {
            /* travelling in + along an axis: this block's high layer becomes the neighbour's low halo */
            face(u, d / 2, d % 2 == 0 ? N : 1, sendbuf + (size_t) d * N * N, 1);
            /* a face to itself (an axis of one rank) is copied, as LAMMPS does, so that only halo traffic is traced */
            if (to[d] == rank) memcpy(recvbuf + (size_t) d * N * N, sendbuf + (size_t) d * N * N, sizeof(double) * N * N);
            else MPI_Isend(sendbuf + (size_t) d * N * N, N * N, MPI_DOUBLE, to[d], d, grid, &req[nreq++]);
        }
        sweep(u, v, 2, N - 1, 0);
        MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
        for (int d = 0; d < 6; d++) face(u, d / 2, d % 2 == 0 ? 0 : N + 1, recvbuf + (size_t) d * N * N, 0);
        if (it == 0) {
            for (int d = 0; d < 6; d++) {
                int axis = d / 2, halo = d % 2 == 0 ? 0 : N + 1;
                for (int a = 1; a <= N; a++) {
                    for (int b = 1; b <= N; b++) {
                        int c[3], l[3];
                        l[axis] = halo;
                        l[axis == 0 ? 1 : 0] = a;
                        l[axis == 2 ? 1 : 2] = b;
                        for (int x = 0; x < 3; x++) c[x] = ((coords[x] * N + l[x] - 1) % (dims[x] * N) + dims[x] * N) % (dims[x] * N);
                        double want = initial(c[0], c[1], c[2]), got = u[AT(l[0], l[1], l[2])];
                        CHECK(got == want, "rank %d halo of direction %d at (%d,%d,%d): %g, want %g", rank, d, l[0], l[1], l[2], got, want);
                    }
                }
            }
        }
        sweep(u, v, 1, N, 1);
        double *t = u;
        u = v;
        v = t;
    }
    double sum1 = local_sum(u);
    MPI_Allreduce(&sum1, &global1, 1, MPI_DOUBLE, MPI_SUM, grid);
    CHECK(fabs(global1 - global0) <= 1e-9 * fabs(global0), "the field's sum moved from %.17g to %.17g", global0, global1);
    if (rank == 0) printf("%d ranks (%dx%dx%d), %d^3 cells each, %d iterations, faces of %zu bytes: sum %.6g kept\n", size, dims[0], dims[1],
                          dims[2], N, ITERATIONS, sizeof(double) * N * N, global1);
    free(u);
    free(v);
    free(sendbuf);
    free(recvbuf);
    MPI_Comm_free(&grid);
    MPI_Finalize();
    return 0;
}
