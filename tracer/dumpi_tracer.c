/*
 * dumpi_tracer: an LD_PRELOAD library that records the point-to-point and completion calls of
 * any MPI program in the DUMPI text format (the output of SST DUMPI's dumpi2ascii), one file per
 * rank, through the standard PMPI profiling interface. No SST tools needed.
 *
 *   LD_PRELOAD=/path/libdumpi_tracer.so mpirun ... ./program
 *   DUMPI_TRACE_DIR   where the files go (default: the working directory)
 *   DUMPI_TRACE_PREFIX file name prefix (default: dumpi); files are PREFIX-RRRR.txt
 *
 * Format: "MPI_X entering at walltime S.NNNNNNNNN, cputime S.NNNNNNNNN seconds in thread T.",
 * one typed parameter per line ("int source=-1 (MPI_ANY_SOURCE)", "MPI_Request request=[7]"),
 * "MPI_X returning at walltime ...", then a footer of call counts and datatype sizes.
 *
 * Handles are numbered like DUMPI does: MPI_COMM_WORLD is 2, MPI_COMM_SELF 3, other
 * communicators 4, 5, ... in creation order (a freed communicator's number is not reused, so
 * ranks that create communicators together number them alike); requests 1, 2, ... in creation order, -1 for
 * MPI_REQUEST_NULL. One addition, still plain DUMPI syntax: every communicator-creating call
 * carries "int worldranks[n]=[...]", the MPI_COMM_WORLD rank of each member of the new
 * communicator, so that a reader can map communicator-local ranks to processes exactly.
 */
#define _GNU_SOURCE
#include <mpi.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dumpi_tracer.h"

#define DUMPI_COMM_WORLD 2
#define DUMPI_COMM_SELF 3
#define DUMPI_FIRST_USER_COMM 4
#define DUMPI_FIRST_USER_TYPE 28

static FILE *out;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int world_rank = -1;

/* ---- clocks ---------------------------------------------------------------------------- */

typedef struct { struct timespec wall, cpu; } stamp;

static stamp now(void) {
    stamp s;
    clock_gettime(CLOCK_REALTIME, &s.wall);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &s.cpu);
    return s;
}

static void line_enter(const char *fn, stamp s) {
    fprintf(out, "%s entering at walltime %ld.%09ld, cputime %ld.%09ld seconds in thread 0.\n", fn,
            (long)s.wall.tv_sec, s.wall.tv_nsec, (long)s.cpu.tv_sec, s.cpu.tv_nsec);
}

static void line_return(const char *fn) {
    stamp s = now();
    fprintf(out, "%s returning at walltime %ld.%09ld, cputime %ld.%09ld seconds in thread 0.\n", fn,
            (long)s.wall.tv_sec, s.wall.tv_nsec, (long)s.cpu.tv_sec, s.cpu.tv_nsec);
}

/* ---- call counters for the footer --------------------------------------------------------- */

enum call {
    C_SEND, C_SSEND, C_BSEND, C_RSEND, C_ISEND, C_ISSEND, C_IBSEND, C_IRSEND, C_RECV, C_IRECV,
    C_SENDRECV, C_SENDRECV_REPLACE, C_PROBE, C_IPROBE, C_SEND_INIT, C_SSEND_INIT, C_RECV_INIT,
    C_START, C_STARTALL, C_WAIT, C_WAITALL, C_WAITANY, C_WAITSOME, C_TEST, C_TESTALL, C_TESTANY,
    C_TESTSOME, C_REQUEST_FREE, C_CANCEL, C_COMM_DUP, C_COMM_SPLIT, C_COMM_CREATE, C_CART_CREATE,
    C_CART_SUB, C_COMM_SPLIT_TYPE, C_COMM_CREATE_GROUP, C_COMM_FREE, C_COMM_RANK, C_COMM_SIZE, C_INIT, C_INIT_THREAD, C_FINALIZE, C_COUNT
};
static const char *call_names[C_COUNT] = {
    "MPI_Send", "MPI_Ssend", "MPI_Bsend", "MPI_Rsend", "MPI_Isend", "MPI_Issend", "MPI_Ibsend",
    "MPI_Irsend", "MPI_Recv", "MPI_Irecv", "MPI_Sendrecv", "MPI_Sendrecv_replace", "MPI_Probe",
    "MPI_Iprobe", "MPI_Send_init", "MPI_Ssend_init", "MPI_Recv_init", "MPI_Start", "MPI_Startall",
    "MPI_Wait", "MPI_Waitall", "MPI_Waitany", "MPI_Waitsome", "MPI_Test", "MPI_Testall",
    "MPI_Testany", "MPI_Testsome", "MPI_Request_free", "MPI_Cancel", "MPI_Comm_dup",
    "MPI_Comm_split", "MPI_Comm_create", "MPI_Cart_create", "MPI_Cart_sub", "MPI_Comm_split_type",
    "MPI_Comm_create_group", "MPI_Comm_free", "MPI_Comm_rank",
    "MPI_Comm_size", "MPI_Init", "MPI_Init_thread", "MPI_Finalize"};
static long call_counts[C_COUNT], call_ignored[C_COUNT];
/* DUMPI_TRACE_SKIP_IDLE=1: MPI_Test* or MPI_Iprobe calls that complete or find nothing are counted as
 * ignored in the footer but not written (they cannot change matching; polling loops make
 * most of some traces). */
static int skip_idle;

/* Every traced call takes the lock for its whole record, so records never interleave. */
#define BEGIN(C)                       \
    stamp st_ = now();                 \
    int traced_ = out != NULL;         \
    if (traced_) {                     \
        pthread_mutex_lock(&lock);     \
        call_counts[C]++;              \
    }
/* Leaves a MPI_Test* or MPI_Iprobe call unwritten when it found nothing and DUMPI_TRACE_SKIP_IDLE is set. */
#define SKIP_IF_IDLE(C, IDLE)               \
    if (traced_ && skip_idle && (IDLE)) {   \
        call_ignored[C]++;                  \
        pthread_mutex_unlock(&lock);        \
        traced_ = 0;                        \
    }
#define ENTER(C) \
    if (traced_) line_enter(call_names[C], st_)
#define END(C)                          \
    if (traced_) {                      \
        line_return(call_names[C]);     \
        pthread_mutex_unlock(&lock);    \
    }

/* ---- handle tables ---------------------------------------------------------------------- */

/* Open addressing over pointer-sized handles; grows when half full. */
typedef struct { uintptr_t *keys; int *vals; size_t cap, used; } table;

static size_t slot_of(const table *t, uintptr_t k) {
    size_t h = (size_t)((k * 0x9E3779B97F4A7C15ull) >> 17) & (t->cap - 1);
    while (t->keys[h] != 0 && t->keys[h] != k) h = (h + 1) & (t->cap - 1);
    return h;
}

static void table_put(table *t, uintptr_t k, int v) {
    if (t->cap == 0 || 2 * (t->used + 1) > t->cap) {
        table old = *t;
        t->cap = old.cap ? old.cap * 2 : 1024;
        t->keys = calloc(t->cap, sizeof *t->keys);
        t->vals = calloc(t->cap, sizeof *t->vals);
        t->used = 0;
        if (!t->keys || !t->vals) { fprintf(stderr, "dumpi_tracer: out of memory\n"); abort(); }
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i]) table_put(t, old.keys[i], old.vals[i]);
        free(old.keys);
        free(old.vals);
    }
    size_t h = slot_of(t, k);
    if (t->keys[h] == 0) t->used++;
    t->keys[h] = k;
    t->vals[h] = v;
}

static int table_get(const table *t, uintptr_t k, int missing) {
    if (t->cap == 0) return missing;
    size_t h = slot_of(t, k);
    return t->keys[h] == k ? t->vals[h] : missing;
}

static table requests, comms, types;
static int next_request = 1, next_comm = DUMPI_FIRST_USER_COMM, next_type = DUMPI_FIRST_USER_TYPE;

static int request_id(MPI_Request r) {
    if (r == MPI_REQUEST_NULL) return -1;
    return table_get(&requests, (uintptr_t)r, -1);
}

/* A new request handle gets a new id even when MPI reuses the address of a finished one. */
static int request_new(MPI_Request r) {
    if (r == MPI_REQUEST_NULL) return -1;
    int id = next_request++;
    table_put(&requests, (uintptr_t)r, id);
    return id;
}

static int comm_id(MPI_Comm c) {
    if (c == MPI_COMM_WORLD) return DUMPI_COMM_WORLD;
    if (c == MPI_COMM_SELF) return DUMPI_COMM_SELF;
    if (c == MPI_COMM_NULL) return 0;
    int id = table_get(&comms, (uintptr_t)c, 0);
    if (id == 0) {
        id = next_comm++;
        table_put(&comms, (uintptr_t)c, id);
    }
    return id;
}

/* The id a communicator just created gets on every one of its members: the largest next id among
 * them, agreed by an allreduce over the new communicator, so that a reader can take the same
 * number on two ranks for the same communicator. Numbering in creation order alone is not enough:
 * a rank outside a new communicator (MPI_Comm_create, MPI_Comm_split with MPI_UNDEFINED) or a
 * member of another subgroup creates other communicators meanwhile. Called outside the lock, as
 * it communicates; 0 for MPI_COMM_NULL, the predefined and intercommunicators. */
static int comm_agree(MPI_Comm c) {
    if (!out || c == MPI_COMM_NULL || c == MPI_COMM_WORLD || c == MPI_COMM_SELF) return 0;
    int inter = 0;
    PMPI_Comm_test_inter(c, &inter);
    if (inter) return 0;
    pthread_mutex_lock(&lock);
    int mine = next_comm, agreed = mine;
    pthread_mutex_unlock(&lock);
    PMPI_Allreduce(&mine, &agreed, 1, MPI_INT, MPI_MAX, c);
    return agreed;
}

/* A communicator just created gets a new id even if MPI reuses the handle of a freed one: the
 * agreed one (see comm_agree), else the next. */
static void comm_new(MPI_Comm c, int agreed) {
    if (c == MPI_COMM_NULL || c == MPI_COMM_WORLD || c == MPI_COMM_SELF) return;
    if (agreed >= next_comm) next_comm = agreed;
    table_put(&comms, (uintptr_t)c, next_comm++);
}

static void comm_forget(MPI_Comm c) {
    if (c == MPI_COMM_NULL || c == MPI_COMM_WORLD || c == MPI_COMM_SELF) return;
    table_put(&comms, (uintptr_t)c, 0);
}

static const char *comm_label(int id) {
    if (id == DUMPI_COMM_WORLD) return "MPI_COMM_WORLD";
    if (id == DUMPI_COMM_SELF) return "MPI_COMM_SELF";
    if (id == 0) return "MPI_COMM_NULL";
    return "user-defined-comm";
}

/* DUMPI's numbering of the predefined datatypes (see its footer); others count up from 28.
 * Filled at run time because MPI handles need not be compile-time constants. */
static struct { MPI_Datatype type; int id; const char *name; } predefined[23];
static void init_predefined(void) {
    int i = 0;
#define PREDEFINED(T, ID) predefined[i].type = T, predefined[i].id = ID, predefined[i].name = #T, i++
    PREDEFINED(MPI_CHAR, 2);
    PREDEFINED(MPI_SIGNED_CHAR, 3);
    PREDEFINED(MPI_UNSIGNED_CHAR, 4);
    PREDEFINED(MPI_BYTE, 5);
    PREDEFINED(MPI_WCHAR, 6);
    PREDEFINED(MPI_SHORT, 7);
    PREDEFINED(MPI_UNSIGNED_SHORT, 8);
    PREDEFINED(MPI_INT, 9);
    PREDEFINED(MPI_UNSIGNED, 10);
    PREDEFINED(MPI_LONG, 11);
    PREDEFINED(MPI_UNSIGNED_LONG, 12);
    PREDEFINED(MPI_FLOAT, 13);
    PREDEFINED(MPI_DOUBLE, 14);
    PREDEFINED(MPI_LONG_DOUBLE, 15);
    PREDEFINED(MPI_LONG_LONG_INT, 16);
    PREDEFINED(MPI_UNSIGNED_LONG_LONG, 17);
    PREDEFINED(MPI_PACKED, 19);
    PREDEFINED(MPI_FLOAT_INT, 22);
    PREDEFINED(MPI_DOUBLE_INT, 23);
    PREDEFINED(MPI_LONG_INT, 24);
    PREDEFINED(MPI_SHORT_INT, 25);
    PREDEFINED(MPI_2INT, 26);
    PREDEFINED(MPI_LONG_DOUBLE_INT, 27);
#undef PREDEFINED
}
#define N_PREDEFINED (sizeof predefined / sizeof predefined[0])

/* The predefined types outside DUMPI's table (Fortran's, MPI_INT8_T, ...), by their id, in the
 * order first seen: each is written with its name and listed with its size in the footer. */
static struct named_type { MPI_Datatype type; int id; char name[MPI_MAX_OBJECT_NAME]; } *named;
static size_t n_named, cap_named;

static int named_type_id(MPI_Datatype t, const char **label) {
    for (size_t i = 0; i < n_named; i++)
        if (named[i].type == t) {
            *label = named[i].name;
            return named[i].id;
        }
    if (n_named == cap_named) {
        size_t cap = cap_named ? 2 * cap_named : 32;
        struct named_type *grown = realloc(named, cap * sizeof *named);
        if (!grown) return -1;
        named = grown;
        cap_named = cap;
    }
    struct named_type *n = &named[n_named++];
    int len = 0;
    n->type = t;
    n->id = next_type++;
    PMPI_Type_get_name(t, n->name, &len);
    if (len == 0) snprintf(n->name, sizeof n->name, "predefined-datatype");
    *label = n->name;
    return n->id;
}

static void put_datatype(const char *name, MPI_Datatype t) {
    for (size_t i = 0; i < N_PREDEFINED; i++)
        if (predefined[i].type == t) {
            fprintf(out, "MPI_Datatype %s=%d (%s)\n", name, predefined[i].id, predefined[i].name);
            return;
        }
    if (t != MPI_DATATYPE_NULL && dumpi_type_named(t)) {
        const char *label = "predefined-datatype";
        int id = named_type_id(t, &label);
        if (id >= 0) {
            fprintf(out, "MPI_Datatype %s=%d (%s)\n", name, id, label);
            return;
        }
    }
    int id = table_get(&types, (uintptr_t)t, 0);
    if (id == 0) {
        id = next_type++;
        table_put(&types, (uintptr_t)t, id);
    }
    fprintf(out, "MPI_Datatype %s=%d (user-defined-datatype)\n", name, id);
}

/* A call's data: its count and datatype as DUMPI writes them, then the bytes and whether they are
 * contiguous, from the datatype's envelope (dumpi_datatype.c). The names are the call's own
 * ("count", "datatype") and the two added ones ("bytes", "contiguous"; "sendbytes", ...). */
static void put_data(const char *count_name, const char *type_name, const char *bytes_name, const char *contiguous_name,
                     int count, MPI_Datatype t) {
    fprintf(out, "int %s=%d\n", count_name, count);
    put_datatype(type_name, t);
    dumpi_layout l = dumpi_layout_of(count, t);
    fprintf(out, "int64_t %s=%lld\n", bytes_name, l.bytes);
    fprintf(out, "int %s=%d\n", contiguous_name, l.contiguous);
}

static void put_single_data(int count, MPI_Datatype t) {
    put_data("count", "datatype", "bytes", "contiguous", count, t);
}

/* ---- parameter lines ---------------------------------------------------------------------- */

static void put_int(const char *name, int v) { fprintf(out, "int %s=%d\n", name, v); }

static void put_source(const char *name, int v) {
    if (v == MPI_ANY_SOURCE) fprintf(out, "int %s=-1 (MPI_ANY_SOURCE)\n", name);
    else if (v == MPI_PROC_NULL) fprintf(out, "int %s=-2 (MPI_PROC_NULL)\n", name);
    else put_int(name, v);
}

static void put_dest(const char *name, int v) {
    if (v == MPI_PROC_NULL) fprintf(out, "int %s=-2 (MPI_PROC_NULL)\n", name);
    else put_int(name, v);
}

static void put_tag(const char *name, int v) {
    if (v == MPI_ANY_TAG) fprintf(out, "int %s=-1 (MPI_ANY_TAG)\n", name);
    else put_int(name, v);
}

static void put_comm(const char *name, MPI_Comm c) {
    int id = comm_id(c);
    fprintf(out, "MPI_Comm %s=%d (%s)\n", name, id, comm_label(id));
}

static void put_request_ids(const char *name, const int *ids, int n, int array) {
    if (array) fprintf(out, "MPI_Request %s[%d]=[", name, n);
    else fprintf(out, "MPI_Request %s=[", name);
    for (int i = 0; i < n; i++) fprintf(out, i ? ", %d" : "%d", ids[i]);
    fputs("]\n", out);
}

static void put_int_array(const char *name, const int *v, int n) {
    fprintf(out, "int %s[%d]=", name, n);
    if (n < 1 || v == NULL) { fputs("<IGNORED>\n", out); return; }
    fputc('[', out);
    for (int i = 0; i < n; i++) fprintf(out, i ? ", %d" : "%d", v[i]);
    fputs("]\n", out);
}

static void put_status_body(const MPI_Status *s) {
    int bytes = 0, cancelled = 0;
    PMPI_Get_count(s, MPI_BYTE, &bytes);
    PMPI_Test_cancelled(s, &cancelled);
    fprintf(out, "{bytes=%d, cancelled=%d, source=%d, tag=%d, error=%d}", bytes, cancelled,
            s->MPI_SOURCE, s->MPI_TAG, s->MPI_ERROR);
}

static void put_statuses(const char *name, const MPI_Status *s, int n, int array) {
    if (array) fprintf(out, "MPI_Status %s[%d]=", name, n);
    else fprintf(out, "MPI_Status %s=", name);
    if (n < 1 || s == NULL) { fputs("<IGNORED>\n", out); return; }
    fputc('[', out);
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", out);
        put_status_body(&s[i]);
    }
    fputs("]\n", out);
}

/* The members of a new communicator as MPI_COMM_WORLD ranks (see the file comment). */
static void put_worldranks(MPI_Comm c) {
    if (c == MPI_COMM_NULL) { put_int_array("worldranks", NULL, 0); return; }
    MPI_Group g, world;
    int n;
    PMPI_Comm_group(c, &g);
    PMPI_Comm_group(MPI_COMM_WORLD, &world);
    PMPI_Group_size(g, &n);
    int *local = malloc(sizeof(int) * (size_t)n), *global = malloc(sizeof(int) * (size_t)n);
    for (int i = 0; i < n; i++) local[i] = i;
    PMPI_Group_translate_ranks(g, n, local, world, global);
    put_int_array("worldranks", global, n);
    free(local);
    free(global);
    PMPI_Group_free(&g);
    PMPI_Group_free(&world);
}

/* Snapshot of request ids taken before a completion call nulls the handles. */
static int *ids_of(int n, const MPI_Request *r) {
    int *ids = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    for (int i = 0; i < n; i++) ids[i] = request_id(r[i]);
    return ids;
}

/* ---- open and close ------------------------------------------------------------------------ */

static void open_trace(void) {
    init_predefined();
    const char *skip = getenv("DUMPI_TRACE_SKIP_IDLE");
    skip_idle = skip && *skip && *skip != '0';
    PMPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    const char *dir = getenv("DUMPI_TRACE_DIR");
    const char *prefix = getenv("DUMPI_TRACE_PREFIX");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-%04d.txt", dir && *dir ? dir : ".",
             prefix && *prefix ? prefix : "dumpi", world_rank);
    out = fopen(path, "w");
    if (!out) {
        perror(path);
        PMPI_Abort(MPI_COMM_WORLD, 1);
    }
    setvbuf(out, NULL, _IOFBF, 1 << 20);
    char host[256] = "unknown";
    int hl = 0;
    PMPI_Get_processor_name(host, &hl);
    time_t t = time(NULL);
    char when[64];
    strftime(when, sizeof when, "%a %b %e %H:%M:%S %Y", localtime(&t));
    const char *user = getenv("USER");
    fprintf(out, "version=1.0.0\nstarttime=%s\nhostname=%s\nusername=%s\n", when, host,
            user ? user : "unknown");
    fputs("meshdim=0\nmeshsize=[]\nmeshcrd=[]\n", out);
}

/* ---- collectives: counted for the footer, never written ----------------------------------- */

#define COLL_NAME(N, P, A) "MPI_" #N,
static const char *coll_names[COLL_COUNT] = {COLLECTIVES(COLL_NAME)};
static long coll_counts[COLL_COUNT];
#define COLL_WRAP(N, P, A)                     \
    int MPI_##N P {                            \
        if (out) {                             \
            pthread_mutex_lock(&lock);         \
            coll_counts[COLL_##N]++;           \
            pthread_mutex_unlock(&lock);       \
        }                                      \
        return PMPI_##N A;                     \
    }
COLLECTIVES(COLL_WRAP)

/* For the Fortran collectives, which Open MPI's bindings send straight to PMPI_. */
void dumpi_count_collective(enum collective c) {
    if (!out) return;
    pthread_mutex_lock(&lock);
    coll_counts[c]++;
    pthread_mutex_unlock(&lock);
}

static void close_trace(void) {
    long all = 0, all_ignored = 0;
    fputs("Total keyvals: 0\n", out);
    for (int i = 0; i < C_COUNT; i++) {
        fprintf(out, "%s called %ld times and ignored %ld times\n", call_names[i], call_counts[i], call_ignored[i]);
        all += call_counts[i];
        all_ignored += call_ignored[i];
    }
    for (int i = 0; i < COLL_COUNT; i++) {
        fprintf(out, "%s called %ld times and ignored %ld times\n", coll_names[i], coll_counts[i], coll_counts[i]);
        all += coll_counts[i];
        all_ignored += coll_counts[i];
    }
    fprintf(out, "MPI_ALL_FUNCTIONS called %ld times and ignored %ld times\n", all, all_ignored);
    fputs("Performance counters: 0\n", out);
    for (size_t i = 0; i < N_PREDEFINED; i++) {
        int size = 0;
        PMPI_Type_size(predefined[i].type, &size);
        fprintf(out, "Datatype %d (%s) has size %d\n", predefined[i].id, predefined[i].name, size);
    }
    for (size_t i = 0; i < n_named; i++) {
        int size = 0;
        PMPI_Type_size(named[i].type, &size);
        fprintf(out, "Datatype %d (%s) has size %d\n", named[i].id, named[i].name, size);
    }
    fclose(out);
    out = NULL;
}

/* ---- MPI entry points ------------------------------------------------------------------------ */

int MPI_Init(int *argc, char ***argv) {
    stamp s = now();
    int rc = PMPI_Init(argc, argv);
    open_trace();
    call_counts[C_INIT]++;
    line_enter("MPI_Init", s);
    put_int("argc", argc ? *argc : 0);
    line_return("MPI_Init");
    return rc;
}

int MPI_Init_thread(int *argc, char ***argv, int required, int *provided) {
    stamp s = now();
    int rc = PMPI_Init_thread(argc, argv, required, provided);
    open_trace();
    call_counts[C_INIT_THREAD]++;
    line_enter("MPI_Init_thread", s);
    put_int("argc", argc ? *argc : 0);
    put_int("required", required);
    put_int("provided", *provided);
    line_return("MPI_Init_thread");
    return rc;
}

int MPI_Finalize(void) {
    if (out) {
        pthread_mutex_lock(&lock);
        call_counts[C_FINALIZE]++;
        line_enter("MPI_Finalize", now());
        line_return("MPI_Finalize");
        close_trace();
        pthread_mutex_unlock(&lock);
    }
    return PMPI_Finalize();
}

int MPI_Comm_rank(MPI_Comm comm, int *rank) {
    BEGIN(C_COMM_RANK);
    int rc = PMPI_Comm_rank(comm, rank);
    ENTER(C_COMM_RANK);
    if (traced_) { put_comm("comm", comm); put_int("rank", *rank); }
    END(C_COMM_RANK);
    return rc;
}

int MPI_Comm_size(MPI_Comm comm, int *size) {
    BEGIN(C_COMM_SIZE);
    int rc = PMPI_Comm_size(comm, size);
    ENTER(C_COMM_SIZE);
    if (traced_) { put_comm("comm", comm); put_int("size", *size); }
    END(C_COMM_SIZE);
    return rc;
}

/* Collective calls: the lock is not held while waiting for the other ranks. */
int MPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Comm_dup(comm, newcomm);
    int agreed = comm_agree(*newcomm);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_COMM_DUP]++;
    comm_new(*newcomm, agreed);
    line_enter("MPI_Comm_dup", s);
    put_comm("oldcomm", comm);
    put_comm("newcomm", *newcomm);
    put_worldranks(*newcomm);
    line_return("MPI_Comm_dup");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Comm_split(comm, color, key, newcomm);
    int agreed = comm_agree(*newcomm);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_COMM_SPLIT]++;
    comm_new(*newcomm, agreed);
    line_enter("MPI_Comm_split", s);
    put_comm("oldcomm", comm);
    put_int("color", color);
    put_int("key", key);
    put_comm("newcomm", *newcomm);
    put_worldranks(*newcomm);
    line_return("MPI_Comm_split");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Comm_create(comm, group, newcomm);
    int agreed = comm_agree(*newcomm);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_COMM_CREATE]++;
    comm_new(*newcomm, agreed);
    line_enter("MPI_Comm_create", s);
    put_comm("oldcomm", comm);
    put_comm("newcomm", *newcomm);
    put_worldranks(*newcomm);
    line_return("MPI_Comm_create");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm);
    int agreed = comm_agree(*newcomm);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_CART_CREATE]++;
    comm_new(*newcomm, agreed);
    line_enter("MPI_Cart_create", s);
    put_comm("oldcomm", comm);
    put_int("ndim", ndims);
    put_int_array("dims", dims, ndims);
    put_int_array("periods", periods, ndims);
    put_int("reorder", reorder);
    put_comm("newcomm", *newcomm);
    put_worldranks(*newcomm);
    line_return("MPI_Cart_create");
    pthread_mutex_unlock(&lock);
    return rc;
}

/* The record of a communicator-creating call whose other parameters the analysis does not need:
 * the parent, the new handle and its members (worldranks). */
static int comm_created(enum call c, stamp s, int rc, MPI_Comm comm, MPI_Comm newcomm) {
    int agreed = comm_agree(newcomm);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[c]++;
    comm_new(newcomm, agreed);
    line_enter(call_names[c], s);
    put_comm("oldcomm", comm);
    put_comm("newcomm", newcomm);
    put_worldranks(newcomm);
    line_return(call_names[c]);
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Cart_sub(comm, remain_dims, newcomm);
    return comm_created(C_CART_SUB, s, rc, comm, *newcomm);
}

int MPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info, MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Comm_split_type(comm, split_type, key, info, newcomm);
    return comm_created(C_COMM_SPLIT_TYPE, s, rc, comm, *newcomm);
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm *newcomm) {
    stamp s = now();
    int rc = PMPI_Comm_create_group(comm, group, tag, newcomm);
    return comm_created(C_COMM_CREATE_GROUP, s, rc, comm, *newcomm);
}

int MPI_Comm_free(MPI_Comm *comm) {
    BEGIN(C_COMM_FREE);
    ENTER(C_COMM_FREE);
    if (traced_) {
        put_comm("comm", *comm);
        comm_forget(*comm);
    }
    int rc = PMPI_Comm_free(comm);
    END(C_COMM_FREE);
    return rc;
}

/* Blocking calls write their whole record after returning (with the entering time taken
 * before), so the lock is never held while blocked and records of two threads never interleave. */
#define BLOCKING_SEND(FN, C)                                                                    \
    int FN(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm) { \
        stamp s = now();                                                                        \
        int rc = P##FN(buf, count, datatype, dest, tag, comm);                                  \
        if (!out) return rc;                                                                    \
        pthread_mutex_lock(&lock);                                                              \
        call_counts[C]++;                                                                       \
        line_enter(call_names[C], s);                                                           \
        put_single_data(count, datatype);                                                       \
        put_dest("dest", dest);                                                                 \
        put_tag("tag", tag);                                                                    \
        put_comm("comm", comm);                                                                 \
        line_return(call_names[C]);                                                             \
        pthread_mutex_unlock(&lock);                                                            \
        return rc;                                                                              \
    }
BLOCKING_SEND(MPI_Send, C_SEND)
BLOCKING_SEND(MPI_Ssend, C_SSEND)
BLOCKING_SEND(MPI_Bsend, C_BSEND)
BLOCKING_SEND(MPI_Rsend, C_RSEND)

#define NONBLOCKING_SEND(FN, C)                                                                 \
    int FN(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, \
           MPI_Request *request) {                                                              \
        BEGIN(C);                                                                               \
        int rc = P##FN(buf, count, datatype, dest, tag, comm, request);                         \
        ENTER(C);                                                                               \
        if (traced_) {                                                                          \
            put_single_data(count, datatype);                                                   \
            put_dest("dest", dest);                                                             \
            put_tag("tag", tag);                                                                \
            put_comm("comm", comm);                                                             \
            int id = request_new(*request);                                                     \
            put_request_ids("request", &id, 1, 0);                                              \
        }                                                                                       \
        END(C);                                                                                 \
        return rc;                                                                              \
    }
NONBLOCKING_SEND(MPI_Isend, C_ISEND)
NONBLOCKING_SEND(MPI_Issend, C_ISSEND)
NONBLOCKING_SEND(MPI_Ibsend, C_IBSEND)
NONBLOCKING_SEND(MPI_Irsend, C_IRSEND)
NONBLOCKING_SEND(MPI_Send_init, C_SEND_INIT)
NONBLOCKING_SEND(MPI_Ssend_init, C_SSEND_INIT)

int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
             MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    stamp s = now();
    int rc = PMPI_Recv(buf, count, datatype, source, tag, comm, status);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_RECV]++;
    line_enter("MPI_Recv", s);
    put_single_data(count, datatype);
    put_source("source", source);
    put_tag("tag", tag);
    put_comm("comm", comm);
    put_statuses("status", status, 1, 0);
    line_return("MPI_Recv");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Request *request) {
    BEGIN(C_IRECV);
    int rc = PMPI_Irecv(buf, count, datatype, source, tag, comm, request);
    ENTER(C_IRECV);
    if (traced_) {
        put_single_data(count, datatype);
        put_source("source", source);
        put_tag("tag", tag);
        put_comm("comm", comm);
        int id = request_new(*request);
        put_request_ids("request", &id, 1, 0);
    }
    END(C_IRECV);
    return rc;
}

int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
                  MPI_Request *request) {
    BEGIN(C_RECV_INIT);
    int rc = PMPI_Recv_init(buf, count, datatype, source, tag, comm, request);
    ENTER(C_RECV_INIT);
    if (traced_) {
        put_single_data(count, datatype);
        put_source("source", source);
        put_tag("tag", tag);
        put_comm("comm", comm);
        int id = request_new(*request);
        put_request_ids("request", &id, 1, 0);
    }
    END(C_RECV_INIT);
    return rc;
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                 MPI_Comm comm, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    stamp s = now();
    int rc = PMPI_Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount,
                           recvtype, source, recvtag, comm, status);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_SENDRECV]++;
    line_enter("MPI_Sendrecv", s);
    put_data("sendcount", "sendtype", "sendbytes", "sendcontiguous", sendcount, sendtype);
    put_dest("dest", dest);
    put_tag("sendtag", sendtag);
    put_data("recvcount", "recvtype", "recvbytes", "recvcontiguous", recvcount, recvtype);
    put_source("source", source);
    put_tag("recvtag", recvtag);
    put_comm("comm", comm);
    put_statuses("status", status, 1, 0);
    line_return("MPI_Sendrecv");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                         int source, int recvtag, MPI_Comm comm, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    stamp s = now();
    int rc = PMPI_Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm,
                                   status);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_SENDRECV_REPLACE]++;
    line_enter("MPI_Sendrecv_replace", s);
    put_single_data(count, datatype);
    put_dest("dest", dest);
    put_tag("sendtag", sendtag);
    put_source("source", source);
    put_tag("recvtag", recvtag);
    put_comm("comm", comm);
    put_statuses("status", status, 1, 0);
    line_return("MPI_Sendrecv_replace");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    stamp s = now();
    int rc = PMPI_Probe(source, tag, comm, status);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_PROBE]++;
    line_enter("MPI_Probe", s);
    put_source("source", source);
    put_tag("tag", tag);
    put_comm("comm", comm);
    put_statuses("status", status, 1, 0);
    line_return("MPI_Probe");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    BEGIN(C_IPROBE);
    int rc = PMPI_Iprobe(source, tag, comm, flag, status);
    SKIP_IF_IDLE(C_IPROBE, !*flag);
    ENTER(C_IPROBE);
    if (traced_) {
        put_source("source", source);
        put_tag("tag", tag);
        put_comm("comm", comm);
        put_int("flag", *flag);
        put_statuses("status", status, *flag ? 1 : 0, 0);
    }
    END(C_IPROBE);
    return rc;
}

int MPI_Start(MPI_Request *request) {
    BEGIN(C_START);
    ENTER(C_START);
    if (traced_) {
        int id = request_id(*request);
        put_request_ids("request", &id, 1, 0);
    }
    int rc = PMPI_Start(request);
    END(C_START);
    return rc;
}

int MPI_Startall(int count, MPI_Request requests_[]) {
    BEGIN(C_STARTALL);
    ENTER(C_STARTALL);
    if (traced_) {
        int *ids = ids_of(count, requests_);
        put_int("count", count);
        put_request_ids("requests", ids, count, 1);
        free(ids);
    }
    int rc = PMPI_Startall(count, requests_);
    END(C_STARTALL);
    return rc;
}

/* Completion calls may block: the record is written in one piece after the call returns, with
 * the entering time taken before it and the request ids snapshot before MPI nulls them. */
int MPI_Wait(MPI_Request *request, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    stamp s = now();
    int id = out ? request_id(*request) : -1;
    int rc = PMPI_Wait(request, status);
    if (!out) return rc;
    pthread_mutex_lock(&lock);
    call_counts[C_WAIT]++;
    line_enter("MPI_Wait", s);
    put_request_ids("request", &id, 1, 0);
    put_statuses("status", status, 1, 0);
    line_return("MPI_Wait");
    pthread_mutex_unlock(&lock);
    return rc;
}

int MPI_Waitall(int count, MPI_Request reqs[], MPI_Status statuses[]) {
    MPI_Status *mine = NULL;
    if (statuses == MPI_STATUSES_IGNORE && count > 0) statuses = mine = malloc(sizeof(MPI_Status) * (size_t)count);
    stamp s = now();
    int *ids = out ? ids_of(count, reqs) : NULL;
    int rc = PMPI_Waitall(count, reqs, statuses);
    if (out) {
        pthread_mutex_lock(&lock);
        call_counts[C_WAITALL]++;
        line_enter("MPI_Waitall", s);
        put_int("count", count);
        put_request_ids("requests", ids, count, 1);
        put_statuses("statuses", statuses, count, 1);
        line_return("MPI_Waitall");
        pthread_mutex_unlock(&lock);
    }
    free(ids);
    free(mine);
    return rc;
}

int MPI_Waitany(int count, MPI_Request reqs[], int *index, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    stamp s = now();
    int *ids = out ? ids_of(count, reqs) : NULL;
    int rc = PMPI_Waitany(count, reqs, index, status);
    if (out) {
        pthread_mutex_lock(&lock);
        call_counts[C_WAITANY]++;
        line_enter("MPI_Waitany", s);
        put_int("count", count);
        put_request_ids("requests", ids, count, 1);
        put_int("index", *index);
        put_statuses("status", status, 1, 0);
        line_return("MPI_Waitany");
        pthread_mutex_unlock(&lock);
    }
    free(ids);
    return rc;
}

int MPI_Waitsome(int incount, MPI_Request reqs[], int *outcount, int indices[],
                 MPI_Status statuses[]) {
    MPI_Status *mine = NULL;
    if (statuses == MPI_STATUSES_IGNORE && incount > 0) statuses = mine = malloc(sizeof(MPI_Status) * (size_t)incount);
    stamp s = now();
    int *ids = out ? ids_of(incount, reqs) : NULL;
    int rc = PMPI_Waitsome(incount, reqs, outcount, indices, statuses);
    if (out) {
        int n = *outcount == MPI_UNDEFINED ? 0 : *outcount;
        pthread_mutex_lock(&lock);
        call_counts[C_WAITSOME]++;
        line_enter("MPI_Waitsome", s);
        put_int("count", incount);
        put_request_ids("requests", ids, incount, 1);
        put_int("outcount", *outcount);
        put_int_array("indices", indices, n);
        put_statuses("statuses", statuses, n, 1);
        line_return("MPI_Waitsome");
        pthread_mutex_unlock(&lock);
    }
    free(ids);
    free(mine);
    return rc;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    BEGIN(C_TEST);
    int id = traced_ ? request_id(*request) : -1;
    int rc = PMPI_Test(request, flag, status);
    SKIP_IF_IDLE(C_TEST, !*flag);
    ENTER(C_TEST);
    if (traced_) {
        put_request_ids("request", &id, 1, 0);
        put_int("flag", *flag);
        put_statuses("status", status, *flag ? 1 : 0, 0);
    }
    END(C_TEST);
    return rc;
}

int MPI_Testall(int count, MPI_Request reqs[], int *flag, MPI_Status statuses[]) {
    MPI_Status *mine = NULL;
    if (statuses == MPI_STATUSES_IGNORE && count > 0) statuses = mine = malloc(sizeof(MPI_Status) * (size_t)count);
    BEGIN(C_TESTALL);
    int *ids = traced_ ? ids_of(count, reqs) : NULL;
    int rc = PMPI_Testall(count, reqs, flag, statuses);
    SKIP_IF_IDLE(C_TESTALL, !*flag);
    ENTER(C_TESTALL);
    if (traced_) {
        put_int("count", count);
        put_request_ids("requests", ids, count, 1);
        put_int("flag", *flag);
        put_statuses("statuses", statuses, *flag ? count : 0, 1);
    }
    END(C_TESTALL);
    free(ids);
    free(mine);
    return rc;
}

int MPI_Testany(int count, MPI_Request reqs[], int *index, int *flag, MPI_Status *status) {
    MPI_Status mine;
    if (status == MPI_STATUS_IGNORE) status = &mine;
    BEGIN(C_TESTANY);
    int *ids = traced_ ? ids_of(count, reqs) : NULL;
    int rc = PMPI_Testany(count, reqs, index, flag, status);
    SKIP_IF_IDLE(C_TESTANY, !*flag);
    ENTER(C_TESTANY);
    if (traced_) {
        put_int("count", count);
        put_request_ids("requests", ids, count, 1);
        put_int("index", *index);
        put_int("flag", *flag);
        put_statuses("status", status, *flag ? 1 : 0, 0);
    }
    END(C_TESTANY);
    free(ids);
    return rc;
}

int MPI_Testsome(int incount, MPI_Request reqs[], int *outcount, int indices[],
                 MPI_Status statuses[]) {
    MPI_Status *mine = NULL;
    if (statuses == MPI_STATUSES_IGNORE && incount > 0) statuses = mine = malloc(sizeof(MPI_Status) * (size_t)incount);
    BEGIN(C_TESTSOME);
    int *ids = traced_ ? ids_of(incount, reqs) : NULL;
    int rc = PMPI_Testsome(incount, reqs, outcount, indices, statuses);
    SKIP_IF_IDLE(C_TESTSOME, *outcount == 0 || *outcount == MPI_UNDEFINED);
    ENTER(C_TESTSOME);
    if (traced_) {
        int n = *outcount == MPI_UNDEFINED ? 0 : *outcount;
        put_int("count", incount);
        put_request_ids("requests", ids, incount, 1);
        put_int("outcount", *outcount);
        put_int_array("indices", indices, n);
        put_statuses("statuses", statuses, n, 1);
    }
    END(C_TESTSOME);
    free(ids);
    free(mine);
    return rc;
}

int MPI_Request_free(MPI_Request *request) {
    BEGIN(C_REQUEST_FREE);
    ENTER(C_REQUEST_FREE);
    if (traced_) {
        int id = request_id(*request);
        put_request_ids("request", &id, 1, 0);
    }
    int rc = PMPI_Request_free(request);
    END(C_REQUEST_FREE);
    return rc;
}

int MPI_Cancel(MPI_Request *request) {
    BEGIN(C_CANCEL);
    ENTER(C_CANCEL);
    if (traced_) {
        int id = request_id(*request);
        put_request_ids("request", &id, 1, 0);
    }
    int rc = PMPI_Cancel(request);
    END(C_CANCEL);
    return rc;
}
