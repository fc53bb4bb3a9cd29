/* fuzz_rwindows: rwindows (Rust, linked as a static library, lib.rs) under
 * libFuzzer, in this process, with WindowLab's reference model beside it as the
 * oracle (include/windowlab.h). rwindows declares its features, deviations
 * (N1 N2 K4 Q3) and numbers (float32) in its `hello` answer; the oracle compares it
 * under them as `windowlab check` does. Build and run: README.md here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "windowlab.h"

typedef struct Rwindows Rwindows;
Rwindows *rwindows_new(void);
const char *rwindows_answer(Rwindows *state, const char *request, size_t request_length, size_t *answer_length);

static windowlab_oracle *oracle;

static const char *answer(void *context, const char *request, size_t length, size_t *answer_length)
{
    return rwindows_answer(context, request, length, answer_length);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    windowlab_engine callbacks = {answer, rwindows_new(), NULL};
    char why[1024];
    if (!(oracle = windowlab_oracle_new(&callbacks, why, sizeof why))) {
        fprintf(stderr, "fuzz_rwindows: %s\n", why);
        exit(2);
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    return windowlab_fuzz_one(oracle, data, size);
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
{
    return windowlab_mutate(oracle, data, size, max_size, seed);
}

size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2, size_t size2,
                                 uint8_t *out, size_t max_out_size, unsigned int seed)
{
    return windowlab_cross_over(data1, size1, data2, size2, out, max_out_size, seed);
}
