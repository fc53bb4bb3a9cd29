#ifndef WINDOWLAB_MALLOC_COUNTER_H
#define WINDOWLAB_MALLOC_COUNTER_H

/// Heap allocations made by this process so far (malloc, calloc, realloc and the
/// aligned allocators), counted by the interposer in malloc_counter.c. Linked only
/// into the `windowlab` executable, for `windowlab bench`'s allocations per touch.
unsigned long long windowlab_allocation_count(void);

#endif
