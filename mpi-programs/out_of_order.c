/*
 * Out-of-order tags between partners (rank 2k and 2k+1; an odd last rank pairs with itself):
 * the even rank sends tags 0..T-1 in order; the odd one posts receives for them in reverse
 * order, so most messages wait in the unexpected queue. Then tags in a scrambled order taken by
 * MPI_ANY_TAG receives naming the partner (they must come in send order), receives posted
 * before their messages with several matching each (the earliest posted wins), a persistent pair
 * (MPI_Send_init / MPI_Recv_init, MPI_Startall), and an MPI_Sendrecv ring.
 */
#include "common.h"

#define T 48

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    int partner = rank % 2 == 0 ? (rank + 1 < size ? rank + 1 : rank) : rank - 1;
    int sender = rank % 2 == 0;
    int buf[T], vals[T];
    MPI_Request req[T];
    if (sender) {
        for (int t = 0; t < T; t++) {
            vals[t] = t;
            MPI_Isend(&vals[t], 1, MPI_INT, partner, t, MPI_COMM_WORLD, &req[t]);
        }
        if (partner == rank) {
            for (int t = T - 1; t >= 0; t--) MPI_Recv(&buf[t], 1, MPI_INT, rank, t, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
        MPI_Waitall(T, req, MPI_STATUSES_IGNORE);
    } else {
        for (int t = T - 1; t >= 0; t--) MPI_Irecv(&buf[t], 1, MPI_INT, partner, t, MPI_COMM_WORLD, &req[T - 1 - t]);
        MPI_Waitall(T, req, MPI_STATUSES_IGNORE);
        for (int t = 0; t < T; t++) CHECK(buf[t] == t, "tag %d carried %d", t, buf[t]);
    }
    /* scrambled tags, taken by MPI_ANY_TAG receives: send order must be kept */
    if (sender) {
        for (int i = 0; i < T; i++) {
            vals[i] = i;
            MPI_Isend(&vals[i], 1, MPI_INT, partner, (i * 7) % T, MPI_COMM_WORLD, &req[i]);
        }
    }
    if (!sender || partner == rank) {
        for (int i = 0; i < T; i++) {
            MPI_Status s;
            MPI_Recv(&buf[i], 1, MPI_INT, partner, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
            CHECK(buf[i] == i && s.MPI_TAG == (i * 7) % T, "message %d: value %d tag %d", i, buf[i], s.MPI_TAG);
        }
    }
    if (sender) MPI_Waitall(T, req, MPI_STATUSES_IGNORE);
    /* receives posted before their messages, several matching each message: the earliest posted must win */
    if (!sender || partner == rank) {
        for (int i = 0; i < T; i++) MPI_Irecv(&buf[i], 1, MPI_INT, partner, i % 2 ? MPI_ANY_TAG : 11, MPI_COMM_WORLD, &req[i]);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (sender) {
        for (int i = 0; i < T; i++) {
            vals[i] = i;
            MPI_Send(&vals[i], 1, MPI_INT, partner, 11, MPI_COMM_WORLD);
        }
    }
    if (!sender || partner == rank) {
        MPI_Waitall(T, req, MPI_STATUSES_IGNORE);
        for (int i = 0; i < T; i++) CHECK(buf[i] == i, "pre-posted receive %d got %d", i, buf[i]);
    }
    /* a persistent exchange both ways, ten times */
    int sv = rank, rv = -1;
    MPI_Request pr[2];
    MPI_Recv_init(&rv, 1, MPI_INT, partner, 7, MPI_COMM_WORLD, &pr[0]);
    MPI_Send_init(&sv, 1, MPI_INT, partner, 7, MPI_COMM_WORLD, &pr[1]);
    for (int i = 0; i < 10; i++) {
        MPI_Startall(2, pr);
        MPI_Waitall(2, pr, MPI_STATUSES_IGNORE);
        CHECK(rv == partner, "persistent: got %d from %d", rv, partner);
    }
    MPI_Request_free(&pr[0]);
    MPI_Request_free(&pr[1]);
    /* a ring with MPI_Sendrecv */
    for (int i = 0; i < 8; i++) {
        int got = -1;
        MPI_Sendrecv(&rank, 1, MPI_INT, (rank + 1) % size, 3, &got, 1, MPI_INT, (rank + size - 1) % size, 3, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        CHECK(got == (rank + size - 1) % size, "ring: got %d", got);
    }
    MPI_Finalize();
    return 0;
}
