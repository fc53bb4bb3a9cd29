/* fuzz_cwindows: cwindows under libFuzzer, in this process, with WindowLab's
 * reference model linked beside it as the oracle (include/windowlab.h). Each input
 * decodes to a command list; the oracle runs it on the reference and, through
 * cwindows_answer() (the engine's own protocol code, protocol.c), on cwindows, and
 * aborts with the scenario where they differ. Build and run: README.md here. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "windowlab.h"

static Engine engine;
static windowlab_oracle *oracle;
static char *line;
static size_t line_cap;

/* The oracle's requests are const; cwindows reads its words in place. */
static const char *answer(void *context, const char *request, size_t length, size_t *answer_length)
{
    if (length + 1 > line_cap) {
        line_cap = 2 * (length + 1);
        if (!(line = realloc(line, line_cap)))
            return NULL;
    }
    memcpy(line, request, length + 1);
    return cwindows_answer(context, line, length, answer_length);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    engine_init(&engine);
    windowlab_engine callbacks = {answer, &engine, NULL};  /* NULL: the engine declares itself (`hello 1`) */
    char why[1024];
    if (!(oracle = windowlab_oracle_new(&callbacks, why, sizeof why))) {
        fprintf(stderr, "fuzz_cwindows: %s\n", why);
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
