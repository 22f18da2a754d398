/*
 * Many-to-one: every rank but 0 sends rank 0 forty small messages (tags 0-3 by turns, sizes
 * varying, eager: rank 0 takes them one tag at a time) and then ten synchronous ones with tag 99. Rank 0 takes the
 * first kind with MPI_ANY_SOURCE receives of one tag at a time, alternately blocking MPI_Recv and
 * batches of MPI_Irecv completed by MPI_Waitsome, and the tag-99 messages with receives naming
 * the sender, highest rank first, so that those senders wait in MPI_Ssend.
 */
#include <stdlib.h>
#include "common.h"

#define PER_SENDER 40
#define LAST 10
#define TAGS 4
#define BATCH 6

int main(int argc, char **argv) {
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(size >= 2, "needs at least 2 ranks");
    if (rank != 0) {
        int msg[8];
        for (int i = 0; i < PER_SENDER; i++) {
            msg[0] = rank;
            msg[1] = i;
            int len = 2 + (i + rank) % 6;
            MPI_Send(msg, len, MPI_INT, 0, i % TAGS, MPI_COMM_WORLD);
        }
        for (int i = 0; i < LAST; i++) {
            msg[0] = rank;
            msg[1] = PER_SENDER + i;
            MPI_Ssend(msg, 2, MPI_INT, 0, 99, MPI_COMM_WORLD);
        }
    } else {
        int senders = size - 1;
        int per_tag = senders * PER_SENDER / TAGS;
        int *last = malloc(sizeof(int) * (size_t)size);
        for (int s = 0; s < size; s++) last[s] = -1;
        int buf[BATCH][8];
        MPI_Request req[BATCH];
        MPI_Status st[BATCH];
        int idx[BATCH];
        for (int tag = 0; tag < TAGS; tag++) {
            int left = per_tag;
            int blocking = tag % 2 == 0;
            while (left > 0) {
                int k = left < BATCH ? left : BATCH;
                if (blocking) {
                    for (int j = 0; j < k; j++) MPI_Recv(buf[j], 8, MPI_INT, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &st[j]);
                } else {
                    for (int j = 0; j < k; j++) MPI_Irecv(buf[j], 8, MPI_INT, MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &req[j]);
                    int done = 0, got;
                    while (done < k) {
                        MPI_Waitsome(k, req, &got, idx, st);
                        done += got;
                    }
                }
                /* one sender's messages with one tag come in its send order */
                for (int j = 0; j < k; j++) {
                    int s = buf[j][0];
                    CHECK(buf[j][1] % TAGS == tag, "tag %d got message %d of %d", tag, buf[j][1], s);
                    if (blocking) {
                        CHECK(buf[j][1] > last[s], "from %d: message %d after %d", s, buf[j][1], last[s]);
                        last[s] = buf[j][1];
                    }
                }
                left -= k;
            }
            for (int s = 0; s < size; s++) last[s] = -1;
        }
        for (int s = size - 1; s >= 1; s--) {
            for (int i = 0; i < LAST; i++) {
                int v[2];
                MPI_Recv(v, 2, MPI_INT, s, 99, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                CHECK(v[0] == s && v[1] == PER_SENDER + i, "tag 99 from %d: got %d/%d", s, v[0], v[1]);
            }
        }
        free(last);
    }
    MPI_Finalize();
    return 0;
}
