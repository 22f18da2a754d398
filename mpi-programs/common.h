/* Shared by the purpose-written MPI programs: a check that aborts the whole job with a message. */
#ifndef TAGMATCH_MPI_PROGRAMS_COMMON_H
#define TAGMATCH_MPI_PROGRAMS_COMMON_H
#include <mpi.h>
#include <stdio.h>

#define CHECK(cond, ...)                                                        \
    do {                                                                        \
        if (!(cond)) {                                                          \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                       \
            fputc('\n', stderr);                                                \
            MPI_Abort(MPI_COMM_WORLD, 1);                                       \
        }                                                                       \
    } while (0)

/* Every message carries who sent it, on which communicator, and its sequence number per (sender, receiver). */
typedef struct { int sender, comm, seq, tag; } payload;

#endif
