// A counting malloc interposer for `windowlab bench`: each allocator entry point
// bumps one relaxed atomic counter and forwards to glibc's own implementation
// (`__libc_*`, exported by glibc for exactly this purpose). Defined in the
// executable, these symbols take precedence over libc's for the whole process.
// Only the `windowlab` executable links this target; the Benchmarks/ package has
// package-benchmark's interposer instead, and two in one process would clash.
#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include "CMallocCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static _Atomic unsigned long long allocations;

static inline void count(void) { atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed); }

unsigned long long windowlab_allocation_count(void) {
    return atomic_load_explicit(&allocations, memory_order_relaxed);
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *pointer, size_t size) { count(); return __libc_realloc(pointer, size); }
void free(void *pointer) { __libc_free(pointer); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}
