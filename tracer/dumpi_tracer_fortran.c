/*
 * The Fortran entry points of dumpi_tracer (gfortran's names: lower case, one trailing
 * underscore, as used by mpif.h and the `mpi` module).
 *
 * Why: Open MPI's Fortran bindings call the PMPI_ layer directly, so a C-only PMPI tool never
 * sees a Fortran program's calls (not even MPI_Init and MPI_Finalize, so no trace file at all).
 * Each wrapper here converts its Fortran arguments (handles, statuses, LOGICALs, 1-based
 * indices) exactly as the MPI standard's conversion functions do and calls the tracer's C entry
 * point, which writes the record and calls PMPI_. Collectives are counted (see dumpi_tracer.c)
 * and forwarded unchanged to the MPI library's own Fortran binding.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#include "dumpi_tracer.h"

/* gfortran's .TRUE. (what Open MPI's bindings write, OMPI_FORTRAN_VALUE_TRUE) */
#define F_TRUE 1

/* MPI_BOTTOM in Fortran is the address of a common block of the library. */
static void *buf_of(void *b) {
    static void *bottom;
    if (!bottom) bottom = dlsym(RTLD_DEFAULT, "mpi_fortran_bottom_");
    return b != NULL && b == bottom ? MPI_BOTTOM : b;
}

static MPI_Status *status_of(MPI_Fint *f, MPI_Status *c) {
    return f == MPI_F_STATUS_IGNORE ? MPI_STATUS_IGNORE : c;
}

static void status_out(const MPI_Status *c, MPI_Fint *f) {
    if (f != MPI_F_STATUS_IGNORE) MPI_Status_c2f(c, f);
}

/* Request arrays: converted into a scratch array of the caller's length. */
static MPI_Request *requests_in(int n, const MPI_Fint *f) {
    MPI_Request *c = malloc((size_t)(n > 0 ? n : 1) * sizeof *c);
    if (!c) { fprintf(stderr, "dumpi_tracer: out of memory\n"); abort(); }
    for (int i = 0; i < n; i++) c[i] = MPI_Request_f2c(f[i]);
    return c;
}

static void requests_out(int n, MPI_Request *c, MPI_Fint *f) {
    for (int i = 0; i < n; i++) f[i] = MPI_Request_c2f(c[i]);
    free(c);
}

static MPI_Status *statuses_of(int n, MPI_Fint *f) {
    if (f == MPI_F_STATUSES_IGNORE) return MPI_STATUSES_IGNORE;
    MPI_Status *c = malloc((size_t)(n > 0 ? n : 1) * sizeof *c);
    if (!c) { fprintf(stderr, "dumpi_tracer: out of memory\n"); abort(); }
    return c;
}

static void statuses_out(int n, MPI_Status *c, MPI_Fint *f) {
    if (c == MPI_STATUSES_IGNORE) return;
    for (int i = 0; i < n; i++) MPI_Status_c2f(&c[i], f + (size_t)i * (sizeof(MPI_Status) / sizeof(MPI_Fint)));
    free(c);
}

#define T(x) MPI_Type_f2c(*(x))
#define C(x) MPI_Comm_f2c(*(x))
#define RC(e) (*ierr = (MPI_Fint)(e))

/* ---- setup ---------------------------------------------------------------------------------- */

void mpi_init_(MPI_Fint *ierr) {
    int argc = 0;
    char **argv = NULL;
    RC(MPI_Init(&argc, &argv));
}

void mpi_init_thread_(MPI_Fint *required, MPI_Fint *provided, MPI_Fint *ierr) {
    int argc = 0, p = 0;
    char **argv = NULL;
    RC(MPI_Init_thread(&argc, &argv, *required, &p));
    *provided = p;
}

void mpi_finalize_(MPI_Fint *ierr) { RC(MPI_Finalize()); }

void mpi_comm_rank_(MPI_Fint *comm, MPI_Fint *rank, MPI_Fint *ierr) {
    int r = 0;
    RC(MPI_Comm_rank(C(comm), &r));
    *rank = r;
}

void mpi_comm_size_(MPI_Fint *comm, MPI_Fint *size, MPI_Fint *ierr) {
    int s = 0;
    RC(MPI_Comm_size(C(comm), &s));
    *size = s;
}

/* ---- communicators -------------------------------------------------------------------------- */

void mpi_comm_dup_(MPI_Fint *comm, MPI_Fint *newcomm, MPI_Fint *ierr) {
    MPI_Comm n;
    RC(MPI_Comm_dup(C(comm), &n));
    *newcomm = MPI_Comm_c2f(n);
}

void mpi_comm_split_(MPI_Fint *comm, MPI_Fint *color, MPI_Fint *key, MPI_Fint *newcomm, MPI_Fint *ierr) {
    MPI_Comm n;
    RC(MPI_Comm_split(C(comm), *color, *key, &n));
    *newcomm = MPI_Comm_c2f(n);
}

void mpi_comm_create_(MPI_Fint *comm, MPI_Fint *group, MPI_Fint *newcomm, MPI_Fint *ierr) {
    MPI_Comm n;
    RC(MPI_Comm_create(C(comm), MPI_Group_f2c(*group), &n));
    *newcomm = MPI_Comm_c2f(n);
}

void mpi_cart_create_(MPI_Fint *comm, MPI_Fint *ndims, MPI_Fint *dims, MPI_Fint *periods, MPI_Fint *reorder,
                      MPI_Fint *newcomm, MPI_Fint *ierr) {
    int n = *ndims;
    int *d = malloc((size_t)(n > 0 ? 2 * n : 1) * sizeof *d);
    if (!d) { fprintf(stderr, "dumpi_tracer: out of memory\n"); abort(); }
    for (int i = 0; i < n; i++) {
        d[i] = dims[i];
        d[n + i] = periods[i] != 0;
    }
    MPI_Comm c;
    RC(MPI_Cart_create(C(comm), n, d, d + n, *reorder != 0, &c));
    *newcomm = MPI_Comm_c2f(c);
    free(d);
}

void mpi_cart_sub_(MPI_Fint *comm, MPI_Fint *remain_dims, MPI_Fint *newcomm, MPI_Fint *ierr) {
    int n = 0;
    MPI_Cartdim_get(C(comm), &n);
    int *r = malloc((size_t)(n > 0 ? n : 1) * sizeof *r);
    if (!r) { fprintf(stderr, "dumpi_tracer: out of memory\n"); abort(); }
    for (int i = 0; i < n; i++) r[i] = remain_dims[i] != 0;
    MPI_Comm c;
    RC(MPI_Cart_sub(C(comm), r, &c));
    *newcomm = MPI_Comm_c2f(c);
    free(r);
}

void mpi_comm_split_type_(MPI_Fint *comm, MPI_Fint *split_type, MPI_Fint *key, MPI_Fint *info, MPI_Fint *newcomm,
                          MPI_Fint *ierr) {
    MPI_Comm c;
    RC(MPI_Comm_split_type(C(comm), *split_type, *key, MPI_Info_f2c(*info), &c));
    *newcomm = MPI_Comm_c2f(c);
}

void mpi_comm_create_group_(MPI_Fint *comm, MPI_Fint *group, MPI_Fint *tag, MPI_Fint *newcomm, MPI_Fint *ierr) {
    MPI_Comm c;
    RC(MPI_Comm_create_group(C(comm), MPI_Group_f2c(*group), *tag, &c));
    *newcomm = MPI_Comm_c2f(c);
}

void mpi_comm_free_(MPI_Fint *comm, MPI_Fint *ierr) {
    MPI_Comm c = C(comm);
    RC(MPI_Comm_free(&c));
    *comm = MPI_Comm_c2f(c);
}

/* ---- point to point ------------------------------------------------------------------------- */

#define F_BLOCKING_SEND(f, C_FN)                                                                      \
    void f(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *dest, MPI_Fint *tag, MPI_Fint *comm, \
           MPI_Fint *ierr) {                                                                          \
        RC(C_FN(buf_of(buf), *count, T(type), *dest, *tag, C(comm)));                                 \
    }
F_BLOCKING_SEND(mpi_send_, MPI_Send)
F_BLOCKING_SEND(mpi_ssend_, MPI_Ssend)
F_BLOCKING_SEND(mpi_bsend_, MPI_Bsend)
F_BLOCKING_SEND(mpi_rsend_, MPI_Rsend)

/* Nonblocking sends and persistent sends: a request out. */
#define F_REQUEST_SEND(f, C_FN)                                                                       \
    void f(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *dest, MPI_Fint *tag, MPI_Fint *comm, \
           MPI_Fint *request, MPI_Fint *ierr) {                                                       \
        MPI_Request r;                                                                                \
        RC(C_FN(buf_of(buf), *count, T(type), *dest, *tag, C(comm), &r));                             \
        *request = MPI_Request_c2f(r);                                                                \
    }
F_REQUEST_SEND(mpi_isend_, MPI_Isend)
F_REQUEST_SEND(mpi_issend_, MPI_Issend)
F_REQUEST_SEND(mpi_ibsend_, MPI_Ibsend)
F_REQUEST_SEND(mpi_irsend_, MPI_Irsend)
F_REQUEST_SEND(mpi_send_init_, MPI_Send_init)
F_REQUEST_SEND(mpi_ssend_init_, MPI_Ssend_init)
F_REQUEST_SEND(mpi_irecv_, MPI_Irecv)
F_REQUEST_SEND(mpi_recv_init_, MPI_Recv_init)

void mpi_recv_(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm,
               MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status s;
    RC(MPI_Recv(buf_of(buf), *count, T(type), *source, *tag, C(comm), status_of(status, &s)));
    status_out(&s, status);
}

void mpi_sendrecv_(void *sbuf, MPI_Fint *scount, MPI_Fint *stype, MPI_Fint *dest, MPI_Fint *stag, void *rbuf,
                   MPI_Fint *rcount, MPI_Fint *rtype, MPI_Fint *source, MPI_Fint *rtag, MPI_Fint *comm,
                   MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status s;
    RC(MPI_Sendrecv(buf_of(sbuf), *scount, T(stype), *dest, *stag, buf_of(rbuf), *rcount, T(rtype), *source, *rtag,
                    C(comm), status_of(status, &s)));
    status_out(&s, status);
}

void mpi_sendrecv_replace_(void *buf, MPI_Fint *count, MPI_Fint *type, MPI_Fint *dest, MPI_Fint *stag,
                           MPI_Fint *source, MPI_Fint *rtag, MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status s;
    RC(MPI_Sendrecv_replace(buf_of(buf), *count, T(type), *dest, *stag, *source, *rtag, C(comm),
                            status_of(status, &s)));
    status_out(&s, status);
}

void mpi_probe_(MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Status s;
    RC(MPI_Probe(*source, *tag, C(comm), status_of(status, &s)));
    status_out(&s, status);
}

void mpi_iprobe_(MPI_Fint *source, MPI_Fint *tag, MPI_Fint *comm, MPI_Fint *flag, MPI_Fint *status,
                 MPI_Fint *ierr) {
    MPI_Status s;
    int f = 0;
    RC(MPI_Iprobe(*source, *tag, C(comm), &f, status_of(status, &s)));
    *flag = f ? F_TRUE : 0;
    if (f) status_out(&s, status);
}

/* ---- requests ------------------------------------------------------------------------------- */

void mpi_start_(MPI_Fint *request, MPI_Fint *ierr) {
    MPI_Request r = MPI_Request_f2c(*request);
    RC(MPI_Start(&r));
    *request = MPI_Request_c2f(r);
}

void mpi_startall_(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *ierr) {
    MPI_Request *r = requests_in(*count, requests);
    RC(MPI_Startall(*count, r));
    requests_out(*count, r, requests);
}

void mpi_wait_(MPI_Fint *request, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Request r = MPI_Request_f2c(*request);
    MPI_Status s;
    RC(MPI_Wait(&r, status_of(status, &s)));
    *request = MPI_Request_c2f(r);
    status_out(&s, status);
}

void mpi_waitall_(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *statuses, MPI_Fint *ierr) {
    MPI_Request *r = requests_in(*count, requests);
    MPI_Status *s = statuses_of(*count, statuses);
    RC(MPI_Waitall(*count, r, s));
    requests_out(*count, r, requests);
    statuses_out(*count, s, statuses);
}

/* Fortran indices count from 1; MPI_UNDEFINED stays as it is. */
static MPI_Fint index_out(int i) { return i == MPI_UNDEFINED ? MPI_UNDEFINED : i + 1; }

void mpi_waitany_(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *index, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Request *r = requests_in(*count, requests);
    MPI_Status s;
    int i = MPI_UNDEFINED;
    RC(MPI_Waitany(*count, r, &i, status_of(status, &s)));
    requests_out(*count, r, requests);
    *index = index_out(i);
    if (i != MPI_UNDEFINED) status_out(&s, status);
}

#define F_SOME(f, C_FN)                                                                                 \
    void f(MPI_Fint *incount, MPI_Fint *requests, MPI_Fint *outcount, MPI_Fint *indices, MPI_Fint *statuses, \
           MPI_Fint *ierr) {                                                                            \
        int n = *incount, out = 0;                                                                      \
        MPI_Request *r = requests_in(n, requests);                                                      \
        int *idx = malloc((size_t)(n > 0 ? n : 1) * sizeof *idx);                                       \
        if (!idx) { fprintf(stderr, "dumpi_tracer: out of memory\n"); abort(); }                        \
        MPI_Status *s = statuses_of(n, statuses);                                                       \
        RC(C_FN(n, r, &out, idx, s));                                                                   \
        requests_out(n, r, requests);                                                                   \
        *outcount = out;                                                                                \
        for (int i = 0; out != MPI_UNDEFINED && i < out; i++) indices[i] = idx[i] + 1;                  \
        statuses_out(out == MPI_UNDEFINED ? 0 : out, s, statuses);                                      \
        free(idx);                                                                                      \
    }
F_SOME(mpi_waitsome_, MPI_Waitsome)
F_SOME(mpi_testsome_, MPI_Testsome)

void mpi_test_(MPI_Fint *request, MPI_Fint *flag, MPI_Fint *status, MPI_Fint *ierr) {
    MPI_Request r = MPI_Request_f2c(*request);
    MPI_Status s;
    int f = 0;
    RC(MPI_Test(&r, &f, status_of(status, &s)));
    *request = MPI_Request_c2f(r);
    *flag = f ? F_TRUE : 0;
    if (f) status_out(&s, status);
}

void mpi_testall_(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *flag, MPI_Fint *statuses, MPI_Fint *ierr) {
    MPI_Request *r = requests_in(*count, requests);
    MPI_Status *s = statuses_of(*count, statuses);
    int f = 0;
    RC(MPI_Testall(*count, r, &f, s));
    requests_out(*count, r, requests);
    *flag = f ? F_TRUE : 0;
    if (f) statuses_out(*count, s, statuses);
    else if (s != MPI_STATUSES_IGNORE) free(s);
}

void mpi_testany_(MPI_Fint *count, MPI_Fint *requests, MPI_Fint *index, MPI_Fint *flag, MPI_Fint *status,
                  MPI_Fint *ierr) {
    MPI_Request *r = requests_in(*count, requests);
    MPI_Status s;
    int i = MPI_UNDEFINED, f = 0;
    RC(MPI_Testany(*count, r, &i, &f, status_of(status, &s)));
    requests_out(*count, r, requests);
    *index = index_out(i);
    *flag = f ? F_TRUE : 0;
    if (f && i != MPI_UNDEFINED) status_out(&s, status);
}

void mpi_request_free_(MPI_Fint *request, MPI_Fint *ierr) {
    MPI_Request r = MPI_Request_f2c(*request);
    RC(MPI_Request_free(&r));
    *request = MPI_Request_c2f(r);
}

void mpi_cancel_(MPI_Fint *request, MPI_Fint *ierr) {
    MPI_Request r = MPI_Request_f2c(*request);
    RC(MPI_Cancel(&r));
}

/* ---- collectives: counted, then the library's own Fortran binding ----------------------------- */

#define P1 void *a0
#define P2 P1, void *a1
#define P3 P2, void *a2
#define P4 P3, void *a3
#define P5 P4, void *a4
#define P6 P5, void *a5
#define P7 P6, void *a6
#define P8 P7, void *a7
#define P9 P8, void *a8
#define P10 P9, void *a9
#define A1 a0
#define A2 A1, a1
#define A3 A2, a2
#define A4 A3, a3
#define A5 A4, a4
#define A6 A5, a5
#define A7 A6, a6
#define A8 A7, a7
#define A9 A8, a8
#define A10 A9, a9

/* Every argument of a Fortran MPI call is passed by reference: N pointers, the last one ierr. */
#define F_COLLECTIVE(f, NAME, N)                                                  \
    void f(P##N) {                                                                \
        static void (*next)(P##N);                                                \
        if (!next) *(void **)&next = dlsym(RTLD_NEXT, #f);                        \
        if (!next) {                                                              \
            fprintf(stderr, "dumpi_tracer: " #f " not found in the MPI library\n"); \
            abort();                                                              \
        }                                                                         \
        dumpi_count_collective(COLL_##NAME);                                      \
        next(A##N);                                                               \
    }
F_COLLECTIVE(mpi_barrier_, Barrier, 2)
F_COLLECTIVE(mpi_bcast_, Bcast, 6)
F_COLLECTIVE(mpi_reduce_, Reduce, 8)
F_COLLECTIVE(mpi_allreduce_, Allreduce, 7)
F_COLLECTIVE(mpi_gather_, Gather, 9)
F_COLLECTIVE(mpi_gatherv_, Gatherv, 10)
F_COLLECTIVE(mpi_scatter_, Scatter, 9)
F_COLLECTIVE(mpi_scatterv_, Scatterv, 10)
F_COLLECTIVE(mpi_allgather_, Allgather, 8)
F_COLLECTIVE(mpi_allgatherv_, Allgatherv, 9)
F_COLLECTIVE(mpi_alltoall_, Alltoall, 8)
F_COLLECTIVE(mpi_alltoallv_, Alltoallv, 10)
F_COLLECTIVE(mpi_reduce_scatter_, Reduce_scatter, 7)
F_COLLECTIVE(mpi_scan_, Scan, 7)
F_COLLECTIVE(mpi_exscan_, Exscan, 7)
F_COLLECTIVE(mpi_reduce_scatter_block_, Reduce_scatter_block, 7)
F_COLLECTIVE(mpi_alltoallw_, Alltoallw, 10)
