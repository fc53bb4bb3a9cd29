// See include/oracle_test_driver.h.
#include "oracle_test_driver.h"

#include <stdlib.h>
#include <string.h>

int oracle_driver_check(const windowlab_engine *engine, const uint8_t *data, size_t size, char *report,
                        size_t report_size, char *error, size_t error_size)
{
    windowlab_oracle *oracle = windowlab_oracle_new(engine, error, error_size);
    if (!oracle)
        return ORACLE_DRIVER_NO_ORACLE;
    int status = windowlab_check(oracle, data, size);
    if (report && report_size > 0) {
        strncpy(report, windowlab_report(oracle), report_size - 1);
        report[report_size - 1] = '\0';
    }
    windowlab_oracle_free(oracle);
    return status;
}

static int room(oracle_spoiling_engine *e, size_t needed)
{
    if (needed <= e->capacity)
        return 1;
    char *grown = realloc(e->buffer, needed);
    if (!grown)
        return 0;
    e->buffer = grown;
    e->capacity = needed;
    return 1;
}

const char *oracle_spoiling_answer(void *context, const char *request, size_t request_length, size_t *answer_length)
{
    oracle_spoiling_engine *e = context;
    size_t inner_length = (size_t)-1;
    const char *inner = e->inner.answer(e->inner.context, request, request_length, &inner_length);
    if (!inner)
        return NULL;
    if (inner_length == (size_t)-1)
        inner_length = strlen(inner);
    if (strncmp(request, e->trigger, strlen(e->trigger)) != 0) {
        *answer_length = inner_length;
        return inner;
    }
    static const char garbage[] = "this is not an observation\n";
    static const char binary[] = "\xff\xfe a\0b\n";
    const size_t huge = (size_t)2 << 20;
    size_t at = 0;
    if (!room(e, inner_length + huge + 64))
        return NULL;
    switch (e->spoil) {
    case ORACLE_SPOIL_GARBAGE:
        memcpy(e->buffer, garbage, sizeof garbage - 1);
        at = sizeof garbage - 1;
        break;
    case ORACLE_SPOIL_BINARY:
        memcpy(e->buffer, binary, sizeof binary - 1);
        at = sizeof binary - 1;
        break;
    case ORACLE_SPOIL_HUGE_LINE:
        memset(e->buffer, 'x', huge);
        e->buffer[huge] = '\n';
        at = huge + 1;
        break;
    case ORACLE_SPOIL_NULL:
        return NULL;
    default:
        break;
    }
    memcpy(e->buffer + at, inner, inner_length);
    at += inner_length;
    if (e->spoil == ORACLE_SPOIL_NO_END) {   // drop the last line: back to the line break before it
        at -= 1;
        while (at > 0 && e->buffer[at - 1] != '\n')
            at--;
    }
    if (e->spoil == ORACLE_SPOIL_UNTERMINATED) {
        e->buffer[at - 1] = '\0';   // answer_length untouched: read up to the NUL
        return e->buffer;
    }
    *answer_length = at;
    return e->buffer;
}

void oracle_spoiling_free(oracle_spoiling_engine *engine)
{
    free(engine->buffer);
    engine->buffer = NULL;
    engine->capacity = 0;
}

int oracle_driver_misuse(const windowlab_engine *engine)
{
    char why[256];
    char tiny[8];
    uint8_t bytes[64] = {3};
    if (windowlab_api_version() != WINDOWLAB_API_VERSION)
        return 1;
    if (windowlab_oracle_new(NULL, why, sizeof why) != NULL || strstr(why, "NULL") == NULL)
        return 2;
    windowlab_engine no_answer = {NULL, NULL, NULL};
    if (windowlab_oracle_new(&no_answer, why, sizeof why) != NULL || strstr(why, "answer") == NULL)
        return 3;
    if (windowlab_oracle_new(&no_answer, NULL, 0) != NULL)
        return 4;
    if (windowlab_oracle_new(&no_answer, tiny, sizeof tiny) != NULL || strlen(tiny) != sizeof tiny - 1)
        return 5;
    windowlab_engine refused = *engine;
    refused.declaration = "hello 1 x windows teleport";
    if (windowlab_oracle_new(&refused, why, sizeof why) != NULL || strstr(why, "teleport") == NULL)
        return 6;
    if (windowlab_check(NULL, bytes, 1) != WINDOWLAB_MISUSE)
        return 7;
    windowlab_oracle *oracle = windowlab_oracle_new(engine, why, sizeof why);
    if (!oracle || why[0] != '\0')
        return 8;
    int status = 0;
    if (windowlab_check(oracle, NULL, 5) != WINDOWLAB_MISUSE)
        status = 9;
    else if (windowlab_check(oracle, NULL, 0) != WINDOWLAB_AGREE)
        status = 10;
    else if (windowlab_report(oracle) == NULL || windowlab_report(NULL) == NULL || windowlab_report(NULL)[0] != '\0')
        status = 11;
    else if (windowlab_mutate(NULL, NULL, 0, 10, 1) != 0 || windowlab_mutate(oracle, bytes, 1, 0, 1) != 0)
        status = 12;
    else if (windowlab_cross_over(NULL, 0, bytes, 1, bytes, sizeof bytes, 1) != 0)
        status = 13;
    windowlab_oracle_free(oracle);
    windowlab_oracle_free(NULL);
    return status;
}

size_t oracle_driver_mutate(const windowlab_engine *engine, uint8_t *data, size_t size, size_t max_size,
                            unsigned int seed)
{
    windowlab_oracle *oracle = engine ? windowlab_oracle_new(engine, NULL, 0) : NULL;
    size_t mutated = windowlab_mutate(oracle, data, size, max_size, seed);
    uint8_t *out = malloc(max_size);
    size_t crossed = out ? windowlab_cross_over(data, mutated, data, size < mutated ? size : mutated, out, max_size, seed) : 0;
    free(out);
    windowlab_oracle_free(oracle);
    return mutated > max_size || crossed > max_size ? (size_t)-1 : mutated;
}
