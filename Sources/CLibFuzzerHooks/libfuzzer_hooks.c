// A weak reference: libFuzzer defines LLVMFuzzerMutate in every program linked with
// -fsanitize=fuzzer; elsewhere the address is null and the fallback below runs.
#include "libfuzzer_hooks.h"

extern size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size) __attribute__((weak));

int windowlab_libfuzzer_linked(void) { return LLVMFuzzerMutate != NULL; }

size_t windowlab_libfuzzer_mutate(uint8_t *data, size_t size, size_t max_size)
{
    if (LLVMFuzzerMutate != NULL)
        return LLVMFuzzerMutate(data, size, max_size);
    if (data == NULL || max_size == 0)
        return 0;
    if (size == 0) {
        data[0] = 3;  /* the encoding's current version byte: an empty command list */
        return 1;
    }
    if (size > max_size)
        size = max_size;
    /* Deterministic for a run: the n-th call changes the byte at a place n picks. */
    static size_t calls;
    size_t at = (size_t)((calls++ * 2654435761u) % size);
    data[at] = (uint8_t)(data[at] + 0x5B);
    return size;
}
