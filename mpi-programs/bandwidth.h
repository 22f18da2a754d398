/*
 * Shared by bw.c and bw_overlap.c: the window loop of OSU's osu_bw. Rank 0 sends, rank 1
 * receives; every other rank only takes part in the collectives. Per window the receiver posts
 * WINDOW receives of one size (MPI_Irecv), the sender WINDOW sends (MPI_Isend), each side waits
 * for all of them (MPI_Waitall), and the receiver answers with a 4-byte acknowledgement that the
 * sender takes before its next window, so the receiver has posted its receives before the
 * sender's messages come (osu_bw's pre-posted window).
 *
 * Between posting and waiting, each side computes for `compute` seconds (0 for osu_bw): a busy
 * loop that calls no MPI function, as OMB's overlap benchmarks do, so the receiver makes no
 * progress call while a message may be waiting.
 *
 * Every message carries a stamp (window, index, size) in its first and last bytes, which the
 * receiver checks.
 */
#ifndef TAGMATCH_MPI_PROGRAMS_BANDWIDTH_H
#define TAGMATCH_MPI_PROGRAMS_BANDWIDTH_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

/* OMB's default window. */
#define WINDOW 64
/* Sizes from eager to well inside the rendezvous range (Open MPI and seed 003 switch at 16 KiB). */
static const int SIZES[] = {1024, 8192, 32768, 131072, 1048576};
#define NSIZES ((int) (sizeof SIZES / sizeof SIZES[0]))
#define MAX_SIZE 1048576
#define ACK_TAG 101

typedef struct { int32_t window, index, size; } stamp;

/* Busy for `seconds` without calling into MPI (MPI_Wtime is a clock read, not a progress call). */
static void compute(double seconds) {
    volatile double x = 0;
    double until = MPI_Wtime() + seconds;
    while (MPI_Wtime() < until) {
        for (int i = 0; i < 1000; i++) x += i * 0.5;
    }
}

static void put_stamp(char *buf, int size, stamp s) {
    memcpy(buf, &s, sizeof s);
    memcpy(buf + size - sizeof s, &s, sizeof s);
}

static void check_stamp(const char *buf, int size, stamp want) {
    stamp head, tail;
    memcpy(&head, buf, sizeof head);
    memcpy(&tail, buf + size - sizeof tail, sizeof tail);
    CHECK(memcmp(&head, &want, sizeof want) == 0 && memcmp(&tail, &want, sizeof want) == 0,
          "window %d message %d of %d bytes carried window %d message %d of %d bytes", want.window, want.index, want.size,
          head.window, head.index, head.size);
}

/*
 * One window of `size` bytes between ranks 0 and 1, with `seconds` of compute between posting and
 * waiting; returns the window's time on this rank. `bufs` holds WINDOW buffers of MAX_SIZE.
 */
static double window(int rank, char *bufs, int size, int w, double seconds) {
    MPI_Request req[WINDOW];
    double start = MPI_Wtime();
    if (rank == 0) {
        for (int i = 0; i < WINDOW; i++) {
            char *b = bufs + (size_t) i * MAX_SIZE;
            put_stamp(b, size, (stamp){w, i, size});
            MPI_Isend(b, size, MPI_CHAR, 1, 100, MPI_COMM_WORLD, &req[i]);
        }
        compute(seconds);
        MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
        int ack;
        MPI_Recv(&ack, 1, MPI_INT, 1, ACK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        CHECK(ack == w, "acknowledgement %d for window %d", ack, w);
    } else if (rank == 1) {
        for (int i = 0; i < WINDOW; i++) MPI_Irecv(bufs + (size_t) i * MAX_SIZE, size, MPI_CHAR, 0, 100, MPI_COMM_WORLD, &req[i]);
        compute(seconds);
        MPI_Waitall(WINDOW, req, MPI_STATUSES_IGNORE);
        for (int i = 0; i < WINDOW; i++) check_stamp(bufs + (size_t) i * MAX_SIZE, size, (stamp){w, i, size});
        MPI_Send(&w, 1, MPI_INT, 0, ACK_TAG, MPI_COMM_WORLD);
    }
    return MPI_Wtime() - start;
}

/* MPI started, this rank's number in *rank, at least 2 ranks checked: a window's buffers. */
static char *bandwidth_begin(int *argc, char ***argv, int *rank) {
    MPI_Init(argc, argv);
    int size;
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(size >= 2, "needs 2 ranks, got %d", size);
    char *bufs = malloc((size_t) WINDOW * MAX_SIZE);
    CHECK(bufs != NULL, "no memory for %d buffers of %d bytes", WINDOW, MAX_SIZE);
    memset(bufs, 0, (size_t) WINDOW * MAX_SIZE);
    return bufs;
}

#endif
