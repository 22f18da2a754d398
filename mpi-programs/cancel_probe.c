/*
 * MPI_Cancel, MPI_Probe and MPI_Iprobe in a ring (each rank sends to the next, receives from
 * the previous):
 * - a receive for a tag nobody sends, cancelled (always succeeds);
 * - a receive its message may or may not have reached, cancelled (either outcome is legal;
 *   if the cancel won, a second receive takes the message);
 * - messages of varying tag and size taken by MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG) and a
 *   receive for exactly the probed source, tag and size;
 * - messages found by polling MPI_Iprobe for one tag while a message of another tag waits.
 */
#include <stdlib.h>
#include "common.h"

#define PROBED 20
#define POLLED 10

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int next = (rank + 1) % size, prev = (rank + size - 1) % size;
    MPI_Request r;
    MPI_Status s;
    int flag, v = -1;

    for (int i = 0; i < 3; i++) {
        MPI_Irecv(&v, 1, MPI_INT, MPI_ANY_SOURCE, 7777, MPI_COMM_WORLD, &r);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &flag);
        CHECK(flag, "a receive nobody sends to was not cancelled");
    }

    for (int i = 0; i < 4; i++) {
        int mine = 100 * rank + i;
        MPI_Irecv(&v, 1, MPI_INT, prev, 5, MPI_COMM_WORLD, &r);
        MPI_Send(&mine, 1, MPI_INT, next, 5, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        MPI_Cancel(&r);
        MPI_Wait(&r, &s);
        MPI_Test_cancelled(&s, &flag);
        if (flag) MPI_Recv(&v, 1, MPI_INT, prev, 5, MPI_COMM_WORLD, &s);
        CHECK(v == 100 * prev + i, "cancel race %d: got %d", i, v);
    }

    int *out = malloc(sizeof(int) * 64), *in = malloc(sizeof(int) * 64);
    MPI_Request *sr = malloc(sizeof(MPI_Request) * PROBED);
    for (int i = 0; i < 64; i++) out[i] = rank;
    for (int i = 0; i < PROBED; i++) MPI_Isend(out, 1 + (i * 5) % 64, MPI_INT, next, 200 + i % 5, MPI_COMM_WORLD, &sr[i]);
    for (int i = 0; i < PROBED; i++) {
        int count;
        MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
        MPI_Get_count(&s, MPI_INT, &count);
        CHECK(s.MPI_SOURCE == prev && s.MPI_TAG == 200 + i % 5 && count == 1 + (i * 5) % 64, "probe %d: from %d tag %d count %d", i,
              s.MPI_SOURCE, s.MPI_TAG, count);
        MPI_Recv(in, count, MPI_INT, s.MPI_SOURCE, s.MPI_TAG, MPI_COMM_WORLD, &s);
        CHECK(in[0] == prev, "probed message from %d", in[0]);
    }
    MPI_Waitall(PROBED, sr, MPI_STATUSES_IGNORE);

    /* a tag-9 message waits unexpected while tag-8 messages are polled for and taken */
    int nine = rank;
    MPI_Request nr;
    MPI_Isend(&nine, 1, MPI_INT, next, 9, MPI_COMM_WORLD, &nr);
    for (int i = 0; i < POLLED; i++) {
        int m = i;
        MPI_Isend(&m, 1, MPI_INT, next, 8, MPI_COMM_WORLD, &sr[0]);
        flag = 0;
        while (!flag) MPI_Iprobe(MPI_ANY_SOURCE, 8, MPI_COMM_WORLD, &flag, &s);
        CHECK(s.MPI_TAG == 8, "iprobe found tag %d", s.MPI_TAG);
        MPI_Recv(&v, 1, MPI_INT, s.MPI_SOURCE, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        CHECK(v == i, "polled message %d carried %d", i, v);
        MPI_Wait(&sr[0], MPI_STATUS_IGNORE);
    }
    MPI_Recv(&v, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
    CHECK(s.MPI_TAG == 9 && v == prev, "last: tag %d value %d", s.MPI_TAG, v);
    MPI_Wait(&nr, MPI_STATUS_IGNORE);
    free(out); free(in); free(sr);
    MPI_Finalize();
    return 0;
}
