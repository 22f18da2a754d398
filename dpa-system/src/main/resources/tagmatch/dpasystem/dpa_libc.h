/* What a C library would give the cluster's bare-metal programs: memory and decimal output. */
#ifndef DPA_LIBC_H
#define DPA_LIBC_H
#include <stddef.h>
#include <stdint.h>

void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
/* A bump allocator over a static heap: RAM starts zeroed and nothing is freed. Out of memory
 * ends the run with exit code 3. */
void *calloc(size_t n, size_t size);
void  dpa_put_u(uint64_t v);
void  dpa_put_i(int64_t v);
/* v as 16 hexadecimal digits. */
void  dpa_put_x(uint64_t v);
#endif
