/* string.h for the cluster's bare-metal programs: what the handler uses (dpa_libc.c). */
#ifndef DPA_STRING_H
#define DPA_STRING_H
#include <stddef.h>
void *memset(void *d, int c, size_t n);
void *memcpy(void *d, const void *s, size_t n);
void *memmove(void *d, const void *s, size_t n);
#endif
