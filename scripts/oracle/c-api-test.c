/* A C (and C++) program against include/windowlab.h and libWindowLabOracle.a,
 * outside SwiftPM: the link recipe of scripts/oracle/link-flags.sh, the clean C example
 * engine (cwindows) agreeing on every input given, a declaration narrowing its
 * features, a hostile engine reported as a difference, misuse answered, and random and
 * mutated bytes never crashing the oracle. Run by scripts/oracle/c-api-test.sh (CI). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {  /* engine.h is C's (windowlab.h says so itself) */
#endif
#include "../../Examples/engines/c/engine.h"
#ifdef __cplusplus
}
#endif
#include "windowlab.h"

static int failures;
#define CHECK(cond, ...)                                          \
    do {                                                          \
        if (!(cond)) {                                            \
            failures++;                                           \
            fprintf(stderr, "c-api-test: %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);                         \
            fputc('\n', stderr);                                  \
        }                                                         \
    } while (0)

static Engine engine;
static char line[1 << 16];

static const char *cwindows(void *context, const char *request, size_t length, size_t *answer_length)
{
    if (length + 1 > sizeof line)
        return NULL;
    memcpy(line, request, length + 1);
    return cwindows_answer((Engine *)context, line, length, answer_length);
}

/* Greets properly, then answers every statement with garbage. */
static const char *hostile(void *context, const char *request, size_t length, size_t *answer_length)
{
    (void)context;
    (void)length;
    (void)answer_length;  /* NUL-terminated answers */
    if (strcmp(request, "hello 1") == 0)
        return "hello 1 broken windows\nok\n";
    if (strcmp(request, "reset") == 0 || strcmp(request, "snapshot") == 0)
        return strcmp(request, "reset") == 0 ? "ok\n" : "order main:\nkeyWindow main -> none\nok\n";
    return "garbage\nok\n";
}

static unsigned char *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    unsigned char *data = (unsigned char *)malloc(1 << 20);
    *size = data ? fread(data, 1, 1 << 20, f) : 0;
    fclose(f);
    return data;
}

int main(int argc, char **argv)
{
    char why[1024];
    unsigned seed = getenv("C_API_TEST_SEED") ? (unsigned)strtoul(getenv("C_API_TEST_SEED"), NULL, 10) : 1;
    printf("c-api-test: seed %u (C_API_TEST_SEED=%u repeats it)\n", seed, seed);
    CHECK(windowlab_api_version() == WINDOWLAB_API_VERSION, "api version %d", windowlab_api_version());

    engine_init(&engine);
    windowlab_engine callbacks = {cwindows, &engine, NULL};
    windowlab_oracle *oracle = windowlab_oracle_new(&callbacks, why, sizeof why);
    CHECK(oracle != NULL, "no oracle for cwindows: %s", why);
    windowlab_engine narrowed = callbacks;
    narrowed.declaration = "hello 1 cwindows windows levels key hit";
    windowlab_oracle *partial = windowlab_oracle_new(&narrowed, why, sizeof why);
    CHECK(partial != NULL, "no oracle for the narrowed declaration: %s", why);
    if (!oracle || !partial)
        return 1;

    /* Every input given agrees, whole or narrowed to four features. */
    int agreed = 0;
    for (int i = 1; i < argc; i++) {
        size_t size = 0;
        unsigned char *data = read_file(argv[i], &size);
        CHECK(data != NULL, "cannot read %s", argv[i]);
        if (!data)
            continue;
        int status = windowlab_check(oracle, data, size);
        CHECK(status == WINDOWLAB_AGREE, "%s: status %d\n%s", argv[i], status, windowlab_report(oracle));
        status = windowlab_check(partial, data, size);
        CHECK(status == WINDOWLAB_AGREE, "%s narrowed: status %d\n%s", argv[i], status, windowlab_report(partial));
        agreed += status == WINDOWLAB_AGREE;
        free(data);
    }
    printf("c-api-test: %d of %d inputs agree, whole and narrowed\n", agreed, argc - 1);

    /* Invalid input and misuse. */
    const unsigned char unsupported[] = {99, 1, 2};
    CHECK(windowlab_check(oracle, NULL, 0) == WINDOWLAB_AGREE, "the empty input");
    CHECK(windowlab_check(oracle, unsupported, sizeof unsupported) == WINDOWLAB_UNREADABLE, "version 99");
    CHECK(windowlab_check(oracle, NULL, 5) == WINDOWLAB_MISUSE, "NULL data with a size");
    CHECK(windowlab_check(NULL, unsupported, 1) == WINDOWLAB_MISUSE, "NULL oracle");
    CHECK(windowlab_oracle_new(NULL, why, sizeof why) == NULL && why[0] != '\0', "NULL engine");

    /* A hostile engine is a difference whose report says what it wrote. */
    windowlab_engine bad = {hostile, NULL, NULL};
    windowlab_oracle *broken = windowlab_oracle_new(&bad, why, sizeof why);
    CHECK(broken != NULL, "no oracle for the hostile engine: %s", why);
    const unsigned char window[] = {3, 0x20, 0, 60, 60, 100, 100, 0};
    if (broken) {
        CHECK(windowlab_check(broken, window, sizeof window) == WINDOWLAB_DIFFERENT, "garbage agreed");
        CHECK(strstr(windowlab_report(broken), "garbage") != NULL, "the report does not quote the garbage:\n%s",
              windowlab_report(broken));
    }

    /* Random and mutated bytes: a status every time. */
    srand(seed);
    unsigned char buffer[4096];
    int counts[3] = {0, 0, 0};
    for (int i = 0; i < 2000; i++) {
        size_t size = (size_t)(rand() % 600);
        for (size_t k = 0; k < size; k++)
            buffer[k] = (unsigned char)rand();
        if (size > 0 && i % 2 == 0)
            buffer[0] = 3;
        if (i % 3 == 0)
            size = windowlab_mutate(oracle, buffer, size, sizeof buffer, (unsigned)rand());
        CHECK(size <= sizeof buffer, "the mutator wrote %zu bytes", size);
        int status = windowlab_check(oracle, buffer, size);
        CHECK(status == WINDOWLAB_AGREE || status == WINDOWLAB_UNREADABLE, "input %d (seed %u): status %d\n%s", i, seed,
              status, windowlab_report(oracle));
        if (status >= 0 && status <= 2)
            counts[status]++;
        if (broken)
            windowlab_check(broken, buffer, size);
    }
    printf("c-api-test: 2000 random and mutated inputs: %d agree, %d differ, %d unreadable\n", counts[0], counts[1],
           counts[2]);
    windowlab_oracle_free(broken);
    windowlab_oracle_free(partial);
    windowlab_oracle_free(oracle);
    windowlab_oracle_free(NULL);
    engine_free(&engine);
    if (failures)
        printf("c-api-test: %d failure(s)\n", failures);
    else
        printf("c-api-test: ok\n");
    return failures ? 1 : 0;
}
