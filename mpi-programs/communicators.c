/*
 * Several communicators carrying the same tags at once: MPI_COMM_WORLD, a duplicate of it, and
 * MPI_Comm_split halves (even and odd world ranks, numbered in reverse). Every rank sends to its
 * successor on each communicator, the duplicate's messages first, and takes them with
 * MPI_ANY_SOURCE + MPI_ANY_TAG receives posted world first: a matcher that ignored the
 * communicator would hand the world receive the duplicate's message. Then every member of each
 * half sends to its rank 0, which takes them with MPI_ANY_SOURCE receives.
 */
#include "common.h"

#define ROUNDS 12
/* the gather keeps one sender's messages in order; world ranks up to 255 */
int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm dup, half;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, -rank, &half);
    int hrank, hsize;
    MPI_Comm_rank(half, &hrank);
    MPI_Comm_size(half, &hsize);
    MPI_Comm comms[3] = {MPI_COMM_WORLD, dup, half};
    int csize[3] = {size, size, hsize}, crank[3] = {rank, rank, hrank};
    payload out[3], in[3];
    MPI_Request sreq[3], rreq[3];
    for (int round = 0; round < ROUNDS; round++) {
        for (int c = 0; c < 3; c++) {
            MPI_Irecv(&in[c], sizeof(payload), MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, comms[c], &rreq[c]);
        }
        for (int k = 0; k < 3; k++) {
            int c = (k + 1) % 3; /* dup, half, world */
            out[c] = (payload){rank, c, round, round % 4};
            MPI_Isend(&out[c], sizeof(payload), MPI_BYTE, (crank[c] + 1) % csize[c], round % 4, comms[c], &sreq[c]);
        }
        MPI_Waitall(3, rreq, MPI_STATUSES_IGNORE);
        for (int c = 0; c < 3; c++) {
            CHECK(in[c].comm == c && in[c].seq == round && in[c].tag == round % 4, "round %d comm %d: got comm %d seq %d", round, c, in[c].comm,
                  in[c].seq);
        }
        MPI_Waitall(3, sreq, MPI_STATUSES_IGNORE);
    }
    int last[256];
    for (int i = 0; i < 256; i++) last[i] = -1;
    for (int round = 0; round < ROUNDS; round++) {
        if (hrank != 0) {
            payload p = {rank, 2, round, 1};
            MPI_Send(&p, sizeof p, MPI_BYTE, 0, 1, half);
        } else {
            for (int i = 1; i < hsize; i++) {
                payload p;
                MPI_Status s;
                MPI_Recv(&p, sizeof p, MPI_BYTE, MPI_ANY_SOURCE, 1, half, &s);
                CHECK(p.comm == 2 && p.sender < 256 && p.seq > last[p.sender], "gather round %d: comm %d seq %d from %d", round, p.comm,
                      p.seq, p.sender);
                last[p.sender] = p.seq;
            }
        }
    }
    MPI_Comm_free(&half);
    MPI_Comm_free(&dup);
    MPI_Finalize();
    return 0;
}
