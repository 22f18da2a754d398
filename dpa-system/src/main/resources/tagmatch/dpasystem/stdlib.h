/* stdlib.h for the cluster's bare-metal programs: the one allocation otm_baseline.h makes. */
#ifndef DPA_STDLIB_H
#define DPA_STDLIB_H
#include <stddef.h>
void *calloc(size_t n, size_t size);
#endif
