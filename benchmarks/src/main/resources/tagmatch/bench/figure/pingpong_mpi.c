/* Seed 000's message-rate ping-pong (its figure 8) between two MPI ranks on the CPU, the
 * baseline of `tagmatch figure 8`. Each round, rank 1 posts k receives of 8 bytes and sends an
 * acknowledgment; rank 0, once it has the acknowledgment, sends k messages of 8 bytes; rank 1
 * waits for all k. Repeated `repeat` times after `warmup` untimed rounds.
 *   no-conflict: receive j and message j carry tag j;  conflict: all carry tag 0.
 * The acknowledgments travel on a duplicate communicator so they never meet the messages.
 * Usage: mpirun -np 2 pingpong_mpi <no-conflict|conflict> <k> <repeat> <warmup>
 * Rank 1 prints "rate <messages per second> messages <n> seconds <s>". */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    long k = argc == 5 ? strtol(argv[2], NULL, 10) : 0;
    long repeat = argc == 5 ? strtol(argv[3], NULL, 10) : 0;
    long warmup = argc == 5 ? strtol(argv[4], NULL, 10) : -1;
    if (size != 2 || argc != 5 || (strcmp(argv[1], "no-conflict") != 0 && strcmp(argv[1], "conflict") != 0)
        || k < 1 || k > 30000 || repeat < 1 || warmup < 0) {
        if (rank == 0) fprintf(stderr, "usage: mpirun -np 2 %s <no-conflict|conflict> <k 1..30000> <repeat> <warmup>\n", argv[0]);
        MPI_Finalize();
        return 2;
    }
    int conflict = strcmp(argv[1], "conflict") == 0;
    MPI_Comm acks;
    MPI_Comm_dup(MPI_COMM_WORLD, &acks);
    char *bufs = calloc((size_t)k, 8);
    MPI_Request *req = calloc((size_t)k, sizeof *req);
    double start = 0;
    for (long r = 0; r < repeat + warmup; r++) {
        if (r == warmup) {
            MPI_Barrier(MPI_COMM_WORLD);
            start = MPI_Wtime();
        }
        if (rank == 1) {
            for (long j = 0; j < k; j++) {
                MPI_Irecv(bufs + 8 * j, 8, MPI_BYTE, 0, conflict ? 0 : (int)j, MPI_COMM_WORLD, &req[j]);
            }
            MPI_Send(NULL, 0, MPI_BYTE, 0, 0, acks);
            MPI_Waitall((int)k, req, MPI_STATUSES_IGNORE);
        } else {
            MPI_Recv(NULL, 0, MPI_BYTE, 1, 0, acks, MPI_STATUS_IGNORE);
            for (long j = 0; j < k; j++) {
                memcpy(bufs + 8 * j, &j, sizeof j);
                MPI_Isend(bufs + 8 * j, 8, MPI_BYTE, 1, conflict ? 0 : (int)j, MPI_COMM_WORLD, &req[j]);
            }
            MPI_Waitall((int)k, req, MPI_STATUSES_IGNORE);
        }
    }
    double secs = MPI_Wtime() - start;
    if (rank == 1) {
        printf("rate %.1f messages %ld seconds %.6f\n", (double)(repeat * k) / secs, repeat * k, secs);
        fflush(stdout);
    }
    free(bufs);
    free(req);
    MPI_Comm_free(&acks);
    MPI_Finalize();
    return 0;
}
