/* cwindows: the engine protocol, version 1 (docs/engine-protocol.md), on standard
 * input and output. Requests are read with read(2) into a growing buffer; answers
 * go to one output buffer, written only when no complete request is left (so a
 * batch is answered in a few writes) and at the end of input. */
#define _POSIX_C_SOURCE 200809L
#include "engine.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---------- output ---------- */

static char *obuf;
static size_t olen, ocap;

static void out_bytes(const char *s, size_t n)
{
    if (olen + n > ocap) {
        size_t c = ocap ? ocap : 65536;
        while (c < olen + n)
            c *= 2;
        char *b = realloc(obuf, c);
        if (!b) {
            fputs("cwindows: out of memory\n", stderr);
            exit(1);
        }
        obuf = b;
        ocap = c;
    }
    memcpy(obuf + olen, s, n);
    olen += n;
}

void out_str(const char *s) { out_bytes(s, strlen(s)); }

void out_line_end(void) { out_bytes("\n", 1); }

/* The shortest %.Ng that reads back to the same bits (%.17g always does):
 * for a normal number, if 15 digits read back, no fewer digits would give a
 * shorter text, so only subnormals start lower. -0 prints as -0, overflow as
 * inf or -inf. */
void out_num(double v)
{
    char b[40];
    if (isfinite(v)) {
        for (int prec = fpclassify(v) == FP_SUBNORMAL ? 1 : 15; prec <= 17; prec++) {
            snprintf(b, sizeof b, "%.*g", prec, v);
            double back = strtod(b, NULL);
            if (memcmp(&back, &v, sizeof v) == 0)
                break;
        }
    } else {
        snprintf(b, sizeof b, "%.17g", v);
    }
    out_str(b);
}

#ifndef CWINDOWS_NO_MAIN
static void flush_out(void)
{
    size_t done = 0;
    while (done < olen) {
        ssize_t w = write(1, obuf + done, olen - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            exit(1);  /* the harness went away */
        }
        done += (size_t)w;
    }
    olen = 0;
}
#endif

/* ---------- parsing ---------- */

static char errbuf[512];

static const char *fail(const char *what, const char *word)
{
    snprintf(errbuf, sizeof errbuf, "%s '%.200s'", what, word ? word : "");
    return errbuf;
}

/* G1: finite decimal numbers only. */
static int number(const char *s, double *out)
{
    char *end;
    if (!*s)
        return 0;
    errno = 0;
    double d = strtod(s, &end);
    if (*end || !isfinite(d))
        return 0;
    *out = d;
    return 1;
}

/* W2: a number, or normal/statusBar/alert with an optional +N or -N. */
static int level(const char *s, double *out)
{
    static const struct { const char *name; double value; } names[] = {
        {"normal", 0}, {"statusBar", 1000}, {"alert", 2000}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t n = strlen(names[i].name);
        if (strncmp(s, names[i].name, n) == 0) {
            double off = 0;
            if (s[n] && ((s[n] != '+' && s[n] != '-') || !number(s + n, &off)))
                return 0;
            *out = names[i].value + off;
            return 1;
        }
    }
    return number(s, out);
}

static int on_off(const char *s, int *out)
{
    if (strcmp(s, "on") == 0)
        *out = 1;
    else if (strcmp(s, "off") == 0)
        *out = 0;
    else
        return 0;
    return 1;
}

typedef struct {
    char **tok;
    int n;
} Words;

static const char *get_node(Engine *e, const char *name, Node **out)
{
    *out = engine_find(e, name);
    return *out ? NULL : fail("unknown window or view", name);
}

static const char *get_window(Engine *e, const char *name, Node **out)
{
    *out = engine_find(e, name);
    return *out && (*out)->is_window ? NULL : fail("unknown window", name);
}

static const char *get_view(Engine *e, const char *name, Node **out)
{
    *out = engine_find(e, name);
    return *out && !(*out)->is_window ? NULL : fail("unknown view", name);
}

/* `in SCENE` at word i, or nothing (main). */
static const char *scene_at(Engine *e, Words *w, int i, int *out)
{
    if (i == w->n) {
        *out = 0;
        return NULL;
    }
    if (i + 2 != w->n || strcmp(w->tok[i], "in") != 0)
        return fail("expected 'in SCENE' at", w->tok[i]);
    *out = engine_scene(e, w->tok[i + 1]);
    return *out >= 0 ? NULL : fail("unknown scene", w->tok[i + 1]);
}

/* Four numbers at word i: X Y W H, with W and H not negative (G3). */
static const char *rect_at(Words *w, int i, double r[4])
{
    if (i + 4 > w->n)
        return "expected a frame: X Y W H";
    for (int k = 0; k < 4; k++)
        if (!number(w->tok[i + k], &r[k]))
            return fail("not a finite number:", w->tok[i + k]);
    if (r[2] < 0 || r[3] < 0)
        return "a negative width or height";
    return NULL;
}

static const char *point_at(Words *w, int i, double *x, double *y)
{
    if (i + 2 > w->n)
        return "expected a point: X Y";
    if (!number(w->tok[i], x))
        return fail("not a finite number:", w->tok[i]);
    if (!number(w->tok[i + 1], y))
        return fail("not a finite number:", w->tok[i + 1]);
    return NULL;
}

#define TRY(x)                   \
    do {                         \
        const char *err_ = (x);  \
        if (err_)                \
            return err_;         \
    } while (0)
#define NEED(cond, msg)     \
    do {                    \
        if (!(cond))        \
            return (msg);   \
    } while (0)

static const char *do_window(Engine *e, Words *w)
{
    NEED(w->n >= 2, "window: expected a name");
    int scene = 0, root = 0, have_frame = 0;
    double r[4] = {0, 0, 0, 0}, lvl = 0;
    for (int i = 2; i < w->n;) {
        const char *k = w->tok[i];
        if (strcmp(k, "in") == 0 && i + 1 < w->n) {
            scene = engine_scene(e, w->tok[i + 1]);
            NEED(scene >= 0, fail("unknown scene", w->tok[i + 1]));
            i += 2;
        } else if (strcmp(k, "frame") == 0) {
            TRY(rect_at(w, i + 1, r));
            have_frame = 1;
            i += 5;
        } else if (strcmp(k, "level") == 0 && i + 1 < w->n) {
            NEED(level(w->tok[i + 1], &lvl), fail("not a level:", w->tok[i + 1]));
            i += 2;
        } else if (strcmp(k, "root") == 0) {
            root = 1;
            i += 1;
        } else {
            return fail("window: unexpected word", k);
        }
    }
    NEED(have_frame, "window: expected a frame");
    return op_window(e, w->tok[1], scene, r[0], r[1], r[2], r[3], lvl, root);
}

static const char *do_set(Engine *e, Words *w)
{
    NEED(w->n >= 4, "set: expected a target, a property and a value");
    Node *t;
    TRY(get_node(e, w->tok[1], &t));
    const char *prop = w->tok[2];
    int flag;
    if (strcmp(prop, "frame") == 0) {
        double r[4];
        NEED(w->n == 7, "set frame: expected X Y W H");
        TRY(rect_at(w, 3, r));
        op_set_frame(e, t, r[0], r[1], r[2], r[3]);
    } else if (strcmp(prop, "origin") == 0) {
        double x, y;
        NEED(w->n == 5, "set origin: expected X Y");
        TRY(point_at(w, 3, &x, &y));
        t->bx = x;
        t->by = y;
    } else if (strcmp(prop, "alpha") == 0) {
        double a;
        NEED(w->n == 4 && number(w->tok[3], &a), "set alpha: expected a number");
        op_set_alpha(t, a);
    } else if (strcmp(prop, "hidden") == 0) {
        NEED(w->n == 4 && on_off(w->tok[3], &flag), "set hidden: expected on or off");
        if (!t->is_window)
            t->hidden = flag;
        else if (flag)
            op_hide(e, t);  /* W9 */
        else
            op_show(e, t);
    } else if (strcmp(prop, "interaction") == 0) {
        NEED(w->n == 4 && on_off(w->tok[3], &flag), "set interaction: expected on or off");
        t->interaction = flag;
    } else if (strcmp(prop, "level") == 0) {
        double l;
        NEED(t->is_window, fail("not a window:", t->name));
        NEED(w->n == 4 && level(w->tok[3], &l), "set level: expected a level");
        op_set_level(e, t, l);
    } else if (strcmp(prop, "passthrough") == 0) {
        NEED(t->is_window, fail("not a window:", t->name));
        NEED(w->n == 4 && on_off(w->tok[3], &flag), "set passthrough: expected on or off");
        t->passthrough = flag;
    } else {
        return fail("set: unknown property", prop);
    }
    return NULL;
}

static const char *do_touch(Engine *e, Words *w)
{
    NEED(w->n >= 3, "touch: expected an id and a phase");
    const char *id = w->tok[1], *phase = w->tok[2];
    double x, y;
    if (strcmp(phase, "began") == 0) {
        int scene;
        TRY(point_at(w, 3, &x, &y));
        TRY(scene_at(e, w, 5, &scene));
        op_touch_began(e, id, x, y, scene);
    } else if (strcmp(phase, "moved") == 0 || strcmp(phase, "ended") == 0) {
        NEED(w->n == 5, "touch: expected X Y");
        TRY(point_at(w, 3, &x, &y));
        op_touch_moved_ended(e, id, x, y, phase[0] == 'e');
    } else if (strcmp(phase, "cancelled") == 0) {
        NEED(w->n == 3, "touch cancelled: unexpected words");
        op_touch_cancelled(e, id);
    } else {
        return fail("touch: unknown phase", phase);
    }
    return NULL;
}

static const char *do_convert(Engine *e, Words *w)
{
    double x, y;
    Node *from = NULL, *to = NULL;
    NEED(w->n == 7 && strcmp(w->tok[3], "from") == 0 && strcmp(w->tok[5], "to") == 0,
         "convert: expected X Y from A to B");
    TRY(point_at(w, 1, &x, &y));
    if (strcmp(w->tok[4], "screen") != 0)
        TRY(get_node(e, w->tok[4], &from));
    if (strcmp(w->tok[6], "screen") != 0)
        TRY(get_node(e, w->tok[6], &to));
    op_convert(e, x, y, from, to);
    return NULL;
}

static const char *handle(Engine *e, Words *w)
{
    const char *cmd = w->tok[0];
    Node *n;
    int scene;
    double x, y;

    if (strcmp(cmd, "hello") == 0) {
        NEED(w->n == 2, "hello: expected a version");
        NEED(strcmp(w->tok[1], "1") == 0, fail("unsupported protocol version", w->tok[1]));
        out_str("hello 1 cwindows windows levels key views bounds-origin alpha interaction passthrough touches presses hit convert scenes screens invariants\n");
    } else if (strcmp(cmd, "snapshot") == 0 && w->n == 1) {
        op_snapshot(e);
    } else if (strcmp(cmd, "reset") == 0 && w->n == 1) {
        engine_free(e);
        engine_init(e);
    } else if (strcmp(cmd, "invariants") == 0 && w->n == 1) {
        op_invariants(e);
    } else if (strcmp(cmd, "scene") == 0) {
        double r[4] = {0, 0, 1000, 1000};
        NEED(w->n == 2 || (w->n == 5 && strcmp(w->tok[2], "size") == 0),
             "scene: expected NAME [size W H]");
        if (w->n == 5) {
            for (int k = 0; k < 2; k++)
                NEED(number(w->tok[3 + k], &r[2 + k]), fail("not a finite number:", w->tok[3 + k]));
            NEED(r[2] >= 0 && r[3] >= 0, "a negative width or height");
        }
        return op_scene(e, w->tok[1], r[2], r[3]);
    } else if (strcmp(cmd, "window") == 0) {
        return do_window(e, w);
    } else if (strcmp(cmd, "view") == 0) {
        double r[4];
        NEED(w->n == 9 && strcmp(w->tok[2], "in") == 0 && strcmp(w->tok[4], "frame") == 0,
             "view: expected NAME in PARENT frame X Y W H");
        TRY(get_node(e, w->tok[3], &n));
        TRY(rect_at(w, 5, r));
        return op_view(e, w->tok[1], n, r[0], r[1], r[2], r[3]);
    } else if (strcmp(cmd, "show") == 0 || strcmp(cmd, "hide") == 0 ||
               strcmp(cmd, "release") == 0 || strcmp(cmd, "makeKey") == 0 ||
               strcmp(cmd, "makeKeyAndVisible") == 0) {
        NEED(w->n == 2, fail("expected one window after", cmd));
        TRY(get_window(e, w->tok[1], &n));
        if (cmd[0] == 's')
            op_show(e, n);
        else if (cmd[0] == 'h')
            op_hide(e, n);
        else if (cmd[0] == 'r')
            op_release(e, n);
        else if (strcmp(cmd, "makeKey") == 0)
            op_make_key(e, n);
        else
            op_make_key_and_visible(e, n);
    } else if (strcmp(cmd, "set") == 0) {
        return do_set(e, w);
    } else if (strcmp(cmd, "remove") == 0 || strcmp(cmd, "front") == 0 ||
               strcmp(cmd, "back") == 0) {
        NEED(w->n == 2, fail("expected one view after", cmd));
        TRY(get_view(e, w->tok[1], &n));
        if (cmd[0] == 'r')
            op_remove(e, n);
        else if (cmd[0] == 'f')
            op_front(n);
        else
            op_back(n);
    } else if (strcmp(cmd, "touch") == 0) {
        return do_touch(e, w);
    } else if (strcmp(cmd, "press") == 0) {
        NEED(w->n >= 2, "press: expected a key");
        TRY(scene_at(e, w, 2, &scene));
        op_press(e, scene);
    } else if (strcmp(cmd, "hit") == 0) {
        TRY(point_at(w, 1, &x, &y));
        TRY(scene_at(e, w, 3, &scene));
        op_hit(e, x, y, scene);
    } else if (strcmp(cmd, "order") == 0 || strcmp(cmd, "keyWindow") == 0) {
        NEED(w->n <= 2, fail("expected at most a scene after", cmd));
        scene = w->n == 2 ? engine_scene(e, w->tok[1]) : 0;
        NEED(scene >= 0, fail("unknown scene", w->tok[1]));
        if (cmd[0] == 'o')
            op_order(e, scene);
        else
            op_key_window(e, scene);
    } else if (strcmp(cmd, "convert") == 0) {
        return do_convert(e, w);
    } else if (strcmp(cmd, "screen") == 0) {
        double size;
        NEED(w->n == 5 && strcmp(w->tok[2], "size") == 0, "screen: expected NAME size W H");
        for (int k = 3; k < 5; k++)
            NEED(number(w->tok[k], &size) && size >= 0, fail("not a size:", w->tok[k]));
        return op_screen(e, w->tok[1]);
    } else if (strcmp(cmd, "place") == 0) {
        NEED(w->n == 4 && strcmp(w->tok[2], "on") == 0, "place: expected SCENE on SCREEN");
        scene = engine_scene(e, w->tok[1]);
        NEED(scene >= 0, fail("unknown scene", w->tok[1]));
        long screen = engine_screen(e, w->tok[3]);
        NEED(screen >= 0, fail("no connected screen", w->tok[3]));
        op_place(e, scene, screen);
    } else if (strcmp(cmd, "disconnect") == 0) {
        NEED(w->n == 2, "disconnect: expected a screen");
        return op_disconnect(e, w->tok[1]);
    } else {
        return fail("unknown request", cmd);
    }
    return NULL;
}

/* ---------- the request loop ---------- */

static char **toks;
static int captoks;

static void request(Engine *e, char *line, size_t len)
{
    if (len > 0 && line[len - 1] == '\r')
        line[--len] = '\0';
    Words w = {toks, 0};
    char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t')
            p++;
        if (!*p)
            break;
        if (w.n == captoks) {
            captoks = captoks ? captoks * 2 : 16;
            toks = realloc(toks, (size_t)captoks * sizeof *toks);
            if (!toks) {
                fputs("cwindows: out of memory\n", stderr);
                exit(1);
            }
            w.tok = toks;
        }
        w.tok[w.n++] = p;
        while (*p && *p != ' ' && *p != '\t')
            p++;
        if (*p)
            *p++ = '\0';
    }
    if (w.n == 0) {  /* a blank line: nothing to do */
        out_str("ok\n");
        return;
    }
    size_t mark = olen;
    const char *err = handle(e, &w);
    if (err) {
        olen = mark;  /* an answer is all or nothing */
        out_str("error ");
        out_str(err);
        out_line_end();
    } else {
        out_str("ok\n");
    }
}

/* ---------- in process ---------- */

/* The answer to one request line, as the loop below would write it (its lines and
 * `ok`, or one `error` line): for a fuzz target that links the engine beside the
 * oracle (fuzz/). `line` is changed in place; the answer stays valid until the
 * next call. */
const char *cwindows_answer(Engine *e, char *line, size_t len, size_t *answer_len)
{
    olen = 0;
    request(e, line, len);
    *answer_len = olen;
    return obuf;
}

#ifndef CWINDOWS_NO_MAIN  /* fuzz/ links the engine without it: libFuzzer has the main */
int main(void)
{
    static Engine engine;
    engine_init(&engine);
    signal(SIGPIPE, SIG_IGN);
    size_t cap = 1 << 16, len = 0, scanned = 0;
    char *in = malloc(cap + 1);
    if (!in)
        return 1;
    for (;;) {
        size_t start = 0;
        char *nl;
        while ((nl = memchr(in + scanned, '\n', len - scanned)) != NULL) {
            *nl = '\0';
            request(&engine, in + start, (size_t)(nl - (in + start)));
            start = scanned = (size_t)(nl - in) + 1;
        }
        memmove(in, in + start, len - start);
        len -= start;
        scanned = len;
        flush_out();  /* nothing complete left: answer before blocking */
        if (len == cap) {
            cap *= 2;
            in = realloc(in, cap + 1);
            if (!in)
                return 1;
        }
        ssize_t r = read(0, in + len, cap - len);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        len += (size_t)r;
    }
    if (len > 0) {  /* a last request without its newline */
        in[len] = '\0';
        request(&engine, in, len);
    }
    flush_out();
    engine_free(&engine);
    free(in);
    free(toks);
    free(obuf);
    return 0;
}
#endif
