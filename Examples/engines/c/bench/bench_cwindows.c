/* bench_cwindows: cwindows benchmarked in this process through WindowLab's library
 * (include/windowlab.h): windowlab bench's routing workloads built on the engine, each
 * `hit` statement and update timed through cwindows_answer() (the engine's own protocol
 * code), or with --instructions counted under callgrind and gated against a file.
 * Build and run: README.md here. */
#include <stdlib.h>
#include <string.h>

#include "../engine.h"
#include "windowlab.h"

static char *line;
static size_t line_cap;

/* The library's requests are const; cwindows reads its words in place. */
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

int main(int argc, char **argv)
{
    static Engine state;
    engine_init(&state);
    windowlab_engine engine = {answer, &state, NULL};  /* NULL: the engine declares itself (`hello 1`) */
    return windowlab_benchmark_main(&engine, argc, argv);
}
