/*
 * Wildcard-heavy all-to-all: in each round every rank sends two messages to every other rank
 * (tag = round, non-blocking sends of varying size) and takes them with MPI_ANY_SOURCE receives,
 * completed by MPI_Waitall, MPI_Waitany or an MPI_Testsome loop by turns. Then one message per
 * peer with a per-sender tag, taken by blocking MPI_ANY_SOURCE + MPI_ANY_TAG receives. Many
 * senders compete for each receive: the arrival order decides which it gets.
 */
#include <stdlib.h>
#include "common.h"

#define ROUNDS 24
#define MAXLEN 16

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int n = 2 * (size - 1);
    int (*out)[MAXLEN] = calloc((size_t)n, sizeof *out), (*in)[MAXLEN] = calloc((size_t)n, sizeof *in);
    MPI_Request *sreq = calloc((size_t)n, sizeof *sreq), *rreq = calloc((size_t)n, sizeof *rreq);
    MPI_Status *st = calloc((size_t)n, sizeof *st);
    int *idx = calloc((size_t)n, sizeof *idx), *seen = calloc((size_t)size, sizeof *seen);
    for (int round = 0; round < ROUNDS; round++) {
        for (int i = 0; i < n; i++) MPI_Irecv(in[i], MAXLEN, MPI_INT, MPI_ANY_SOURCE, round, MPI_COMM_WORLD, &rreq[i]);
        int k = 0;
        for (int d = 1; d < size; d++) {
            int peer = (rank + d) % size;
            for (int j = 0; j < 2; j++, k++) {
                int len = 2 + (rank + round + j) % (MAXLEN - 1);
                out[k][0] = rank;
                out[k][1] = j;
                MPI_Isend(out[k], len, MPI_INT, peer, round, MPI_COMM_WORLD, &sreq[k]);
            }
        }
        for (int s = 0; s < size; s++) seen[s] = 0;
        if (round % 3 == 0) {
            MPI_Waitall(n, rreq, st);
        } else if (round % 3 == 1) {
            for (int done = 0; done < n; done++) MPI_Waitany(n, rreq, &idx[0], &st[0]);
        } else {
            int done = 0, got;
            while (done < n) {
                MPI_Testsome(n, rreq, &got, idx, st);
                if (got != MPI_UNDEFINED) done += got;
            }
        }
        /* non-overtaking: in posting order, each sender's message 0 comes before its message 1 */
        for (int i = 0; i < n; i++) {
            int s = in[i][0];
            CHECK(in[i][1] == seen[s], "round %d: from %d got message %d, expected %d", round, s, in[i][1], seen[s]);
            seen[s]++;
        }
        MPI_Waitall(n, sreq, MPI_STATUSES_IGNORE);
    }
    int mine = 1000 + rank;
    for (int d = 1; d < size; d++) MPI_Send(&mine, 1, MPI_INT, (rank + d) % size, 1000 + rank, MPI_COMM_WORLD);
    for (int d = 1; d < size; d++) {
        int v;
        MPI_Status s;
        MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
        CHECK(v == s.MPI_TAG && v == 1000 + s.MPI_SOURCE, "final: value %d from %d tag %d", v, s.MPI_SOURCE, s.MPI_TAG);
    }
    free(out); free(in); free(sreq); free(rreq); free(st); free(idx); free(seen);
    MPI_Finalize();
    return 0;
}
