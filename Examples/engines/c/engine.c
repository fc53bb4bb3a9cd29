/* cwindows: the window model. Written from SEMANTICS.md alone; rule ids in the
 * comments refer to it. Every operation writes its observations in the canonical
 * order of N2: cancelled touches (T5), then visibility, then the key hand-over. */
#include "engine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- memory ---------- */

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) {
        fputs("cwindows: out of memory\n", stderr);
        exit(1);
    }
    return q;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = xrealloc(NULL, n);
    memcpy(d, s, n);
    return d;
}

/* Makes room for `need` elements of `size` bytes in *arr (capacity *cap). */
static void reserve(void *arr, size_t *cap, size_t need, size_t size)
{
    void **a = arr;
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 8;
    while (c < need)
        c *= 2;
    *a = xrealloc(*a, c * size);
    *cap = c;
}

/* ---------- names ---------- */

static size_t hash_name(const char *s)
{
    uint64_t h = 1469598103934665603ULL;  /* FNV-1a */
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return (size_t)h;
}

static void table_insert(Engine *e, Node *n)
{
    if (e->tcount + 1 > e->tsize) {
        size_t nsize = e->tsize ? e->tsize * 2 : 1024;
        Node **nt = xrealloc(NULL, nsize * sizeof *nt);
        memset(nt, 0, nsize * sizeof *nt);
        for (size_t i = 0; i < e->tsize; i++) {
            Node *m = e->table[i];
            while (m) {
                Node *next = m->hnext;
                size_t b = hash_name(m->name) & (nsize - 1);
                m->hnext = nt[b];
                nt[b] = m;
                m = next;
            }
        }
        free(e->table);
        e->table = nt;
        e->tsize = nsize;
    }
    size_t b = hash_name(n->name) & (e->tsize - 1);
    n->hnext = e->table[b];
    e->table[b] = n;
    e->tcount++;
}

static void table_remove(Engine *e, Node *n)
{
    Node **p = &e->table[hash_name(n->name) & (e->tsize - 1)];
    while (*p && *p != n)
        p = &(*p)->hnext;
    if (*p) {
        *p = n->hnext;
        e->tcount--;
    }
}

Node *engine_find(Engine *e, const char *name)
{
    if (!e->tsize)
        return NULL;
    Node *n = e->table[hash_name(name) & (e->tsize - 1)];
    while (n && strcmp(n->name, name) != 0)
        n = n->hnext;
    return n;
}

int engine_scene(Engine *e, const char *name)
{
    for (size_t i = 0; i < e->nscenes; i++)
        if (strcmp(e->scenes[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* ---------- set-up and tear-down ---------- */

static void add_scene(Engine *e, const char *name, double w, double h)
{
    reserve(&e->scenes, &e->capscenes, e->nscenes + 1, sizeof *e->scenes);
    Scene *s = &e->scenes[e->nscenes++];
    memset(s, 0, sizeof *s);
    s->name = xstrdup(name);
    s->w = w;
    s->h = h;
}

void engine_init(Engine *e)
{
    memset(e, 0, sizeof *e);
    add_scene(e, "main", 1000, 1000);  /* S1 */
}

static void node_free(Node *n)
{
    free(n->name);
    free(n->kids);
    free(n);
}

void engine_free(Engine *e)
{
    for (size_t i = 0; i < e->tsize; i++) {
        Node *n = e->table[i];
        while (n) {
            Node *next = n->hnext;
            node_free(n);
            n = next;
        }
    }
    for (size_t i = 0; i < e->nscenes; i++) {
        free(e->scenes[i].name);
        free(e->scenes[i].order);
    }
    for (size_t i = 0; i < e->ntouches; i++)
        free(e->touches[i].id);
    for (size_t i = 0; i < e->nscreens; i++)
        free(e->screens[i].name);
    free(e->screens);
    free(e->scenes);
    free(e->table);
    free(e->touches);
    free(e->scratch);
    free(e->cancel);
    memset(e, 0, sizeof *e);
}

static Node *node_new(Engine *e, const char *name, int is_window, double x, double y,
                      double w, double h)
{
    Node *n = xrealloc(NULL, sizeof *n);
    memset(n, 0, sizeof *n);
    n->name = xstrdup(name);
    n->is_window = is_window;
    n->fx = x;
    n->fy = y;
    n->fw = w;
    n->fh = h;
    n->alpha = 1;        /* W1, V1 */
    n->interaction = 1;
    n->hidden = is_window;
    table_insert(e, n);
    return n;
}

static void add_kid(Node *parent, Node *kid)
{
    reserve(&parent->kids, &parent->capkids, parent->nkids + 1, sizeof *parent->kids);
    parent->kids[parent->nkids++] = kid;
}

static size_t kid_index(const Node *parent, const Node *kid)
{
    size_t i = 0;
    while (parent->kids[i] != kid)
        i++;
    return i;
}

/* Collects n and every view below it into e->scratch; returns the count. */
static size_t collect_subtree(Engine *e, Node *n)
{
    size_t count = 0, next = 0;
    reserve(&e->scratch, &e->capscratch, 1, sizeof *e->scratch);
    e->scratch[count++] = n;
    while (next < count) {
        Node *m = e->scratch[next++];
        if (m->nkids) {
            reserve(&e->scratch, &e->capscratch, count + m->nkids, sizeof *e->scratch);
            memcpy(e->scratch + count, m->kids, m->nkids * sizeof *m->kids);
            count += m->nkids;
        }
    }
    return count;
}

static void destroy_subtree(Engine *e, Node *n)
{
    size_t count = collect_subtree(e, n);
    for (size_t i = 0; i < count; i++)
        table_remove(e, e->scratch[i]);
    for (size_t i = 0; i < count; i++)
        node_free(e->scratch[i]);
}

/* ---------- observations ---------- */

static void notify(const Node *w, const char *what)
{
    out_str("notify ");
    out_str(w->name);
    out_str(" ");
    out_str(what);
    out_line_end();
}

static void out_target(const Node *view)
{
    out_str(view->window->name);
    out_str("/");
    out_str(view->name);
}

static void out_point(double x, double y)
{
    out_num(x);
    out_str(" ");
    out_num(y);
}

/* ---------- the visible order (W3, W4, W5) ---------- */

static void order_remove(Scene *s, Node *w)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->order[i] == w) {
            memmove(s->order + i, s->order + i + 1, (s->n - i - 1) * sizeof *s->order);
            s->n--;
            return;
        }
}

/* In front of every window of its level, behind every window of a higher level. */
static void order_insert(Scene *s, Node *w)
{
    reserve(&s->order, &s->cap, s->n + 1, sizeof *s->order);
    size_t i = s->n;
    while (i > 0 && s->order[i - 1]->level > w->level)
        i--;
    memmove(s->order + i + 1, s->order + i, (s->n - i) * sizeof *s->order);
    s->order[i] = w;
    s->n++;
}

/* ---------- touches (T3, T4, T5) ---------- */

static int all_digits(const char *s)
{
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

/* T5: digit-only ids by value and before the others; others, and equal
 * values, as text. */
static int touch_id_cmp(const char *a, const char *b)
{
    int da = all_digits(a), db = all_digits(b);
    if (da != db)
        return da ? -1 : 1;
    if (da) {
        const char *x = a, *y = b;
        while (*x == '0')
            x++;
        while (*y == '0')
            y++;
        size_t lx = strlen(x), ly = strlen(y);
        if (lx != ly)
            return lx < ly ? -1 : 1;
        int c = strcmp(x, y);
        if (c != 0)
            return c;
    }
    return strcmp(a, b);
}

static int touch_qsort_cmp(const void *a, const void *b)
{
    return touch_id_cmp(((const Touch *)a)->id, ((const Touch *)b)->id);
}

static Touch *find_touch(Engine *e, const char *id)
{
    for (size_t i = 0; i < e->ntouches; i++)
        if (strcmp(e->touches[i].id, id) == 0)
            return &e->touches[i];
    return NULL;
}

static void drop_touch(Engine *e, Touch *t)
{
    free(t->id);
    *t = e->touches[--e->ntouches];
}

/* Cancels the touches bound to window w (when w is not NULL), to a window of a
 * scene flagged in `scenes` (when that is not NULL), or else to a dying view,
 * reporting them in ascending id order (T5). */
static void cancel_where(Engine *e, const Node *w, const unsigned char *scenes)
{
    size_t n = 0, keep = 0;
    for (size_t i = 0; i < e->ntouches; i++) {
        Touch t = e->touches[i];
        int doomed = w ? t.window == w : scenes ? scenes[t.window->scene] : t.view->dying;
        if (doomed) {
            reserve(&e->cancel, &e->capcancel, n + 1, sizeof *e->cancel);
            e->cancel[n++] = t;
        } else {
            e->touches[keep++] = t;
        }
    }
    e->ntouches = keep;
    if (n > 1)
        qsort(e->cancel, n, sizeof *e->cancel, touch_qsort_cmp);
    for (size_t i = 0; i < n; i++) {
        out_str("touch ");
        out_str(e->cancel[i].id);
        out_str(" cancelled -> ");
        out_target(e->cancel[i].view);
        out_line_end();
        free(e->cancel[i].id);
    }
}

static void cancel_touches(Engine *e, const Node *w)
{
    cancel_where(e, w, NULL);
}

/* ---------- geometry (G2, G4) and hit testing (H1-H6, T1, T2) ---------- */

/* H1 and H2 for a node, with the point already in its own space (G4). */
static int answers(const Node *n, double x, double y)
{
#ifdef BUG_ALPHA_AT_HUNDREDTH
    if (n->hidden || !n->interaction || n->alpha <= 0.01)  /* planted: 0.01 itself not hittable */
        return 0;
#else
    if (n->hidden || !n->interaction || n->alpha < 0.01)
        return 0;
#endif
#ifdef BUG_MAX_EDGE_IN
    return n->bx <= x && x <= n->bx + n->fw && n->by <= y && y <= n->by + n->fh;  /* planted */
#else
    /* G2: half-open, in bounds space: bounds.x <= x < bounds.x + width */
    return n->bx <= x && x < n->bx + n->fw && n->by <= y && y < n->by + n->fh;
#endif
}

/* UIView.hitTest from the screen down into window w. A node that answers is
 * the hit unless one of its subviews answers, so the walk never backtracks. */
static Node *hit_window(Node *w, double sx, double sy, double *ox, double *oy)
{
    double x = (sx - w->fx) + w->bx;
    double y = (sy - w->fy) + w->by;
    if (!answers(w, x, y))
        return NULL;
    Node *n = w;
    for (;;) {
        Node *next = NULL;
        double nx = 0, ny = 0;
        for (size_t i = n->nkids; i-- > 0;) {
            Node *c = n->kids[i];
            double cx = (x - c->fx) + c->bx;
            double cy = (y - c->fy) + c->by;
            if (answers(c, cx, cy)) {
                next = c;
                nx = cx;
                ny = cy;
                break;
            }
        }
        if (!next)
            break;
        n = next;
        x = nx;
        y = ny;
    }
#ifndef BUG_PASSTHROUGH_IGNORED
    if (w->passthrough && w->root && n == w->root)  /* T2 */
        return NULL;
#endif
    *ox = x;
    *oy = y;
    return n;
}

/* T1: the front-most visible window of the scene whose hit test answers. */
static Node *route(Engine *e, int scene, double x, double y, double *ox, double *oy)
{
    Scene *s = &e->scenes[scene];
    for (size_t i = s->n; i-- > 0;) {
        Node *hit = hit_window(s->order[i], x, y, ox, oy);
        if (hit)
            return hit;
    }
    return NULL;
}

/* G4 outward, through every ancestor and the window, to the screen. */
static void to_screen(const Node *n, double *x, double *y)
{
    for (; n; n = n->parent) {
#ifdef BUG_OUTWARD_ADDS_BOUNDS
        *x = (*x + n->bx) + n->fx;  /* planted */
        *y = (*y + n->by) + n->fy;
#else
        *x = (*x - n->bx) + n->fx;
        *y = (*y - n->by) + n->fy;
#endif
    }
}

/* G4 inward, from the screen through the window and every ancestor. */
static void from_screen(Engine *e, Node *n, double *x, double *y)
{
    size_t depth = 0;
    for (Node *m = n; m; m = m->parent) {
        reserve(&e->scratch, &e->capscratch, depth + 1, sizeof *e->scratch);
        e->scratch[depth++] = m;
    }
    while (depth-- > 0) {
        Node *m = e->scratch[depth];
        *x = (*x - m->fx) + m->bx;
        *y = (*y - m->fy) + m->by;
    }
}

/* ---------- creation ---------- */

const char *op_scene(Engine *e, const char *name, double w, double h)
{
    if (engine_scene(e, name) >= 0)
        return "scene already defined";
    add_scene(e, name, w, h);
    return NULL;
}

const char *op_window(Engine *e, const char *name, int scene, double x, double y,
                      double w, double h, double level, int root)
{
    size_t len = strlen(name);
    char *rootname = xrealloc(NULL, len + 6);
    memcpy(rootname, name, len);
    memcpy(rootname + len, ".root", 6);
    if (engine_find(e, name) || (root && engine_find(e, rootname))) {
        free(rootname);
        return "name already defined";
    }
    Node *win = node_new(e, name, 1, x, y, w, h);  /* W1: hidden */
    win->window = win;
    win->scene = scene;
    win->level = level;
    if (root) {  /* W8 */
        Node *r = node_new(e, rootname, 0, 0, 0, w, h);
        r->parent = win;
        r->window = win;
        add_kid(win, r);
        win->root = r;
    }
    free(rootname);
    return NULL;
}

const char *op_view(Engine *e, const char *name, Node *parent, double x, double y,
                    double w, double h)
{
    if (engine_find(e, name))
        return "name already defined";
    Node *v = node_new(e, name, 0, x, y, w, h);  /* V1 */
    v->parent = parent;
    v->window = parent->window;
    add_kid(parent, v);
    return NULL;
}

/* ---------- visibility and key status (W4, W7, K2-K4, N2) ---------- */

/* K4: the most recent other window in the history that is alive and visible. */
static void hand_over_key(Engine *e, Scene *s)
{
    Node *best = NULL;
    for (size_t i = 0; i < s->n; i++) {
        Node *w = s->order[i];
#ifdef BUG_OLDEST_SUCCESSOR
        if (w->keystamp && (!best || w->keystamp < best->keystamp))  /* planted */
            best = w;
#else
        if (w->keystamp && (!best || w->keystamp > best->keystamp))
            best = w;
#endif
    }
    if (best) {
        s->key = best;
        best->keystamp = ++e->stamp;
        notify(best, "didBecomeKey");
    }
}

void op_show(Engine *e, Node *w)
{
    if (!w->hidden)
        return;  /* N1, W4: showing a visible window changes nothing */
    w->hidden = 0;
    order_insert(&e->scenes[w->scene], w);
    notify(w, "didBecomeVisible");
}

void op_hide(Engine *e, Node *w)
{
    if (w->hidden)
        return;  /* N1, K4: a hidden key window stays key */
    Scene *s = &e->scenes[w->scene];
    cancel_touches(e, w);
    order_remove(s, w);
    w->hidden = 1;
    int was_key = s->key == w;
    if (was_key) {
        notify(w, "didResignKey");
        s->key = NULL;
    }
    notify(w, "didBecomeHidden");
    if (was_key)
        hand_over_key(e, s);
}

void op_release(Engine *e, Node *w)
{
    Scene *s = &e->scenes[w->scene];
    if (!w->hidden) {
        op_hide(e, w);
    } else if (s->key == w) {  /* W7: a hidden key window only resigns */
        notify(w, "didResignKey");
        s->key = NULL;
        hand_over_key(e, s);
    }
    cancel_touches(e, w);  /* none: a hidden window has no touches */
    destroy_subtree(e, w);
}

void op_make_key(Engine *e, Node *w)
{
    Scene *s = &e->scenes[w->scene];
    if (s->key == w)
        return;
    if (s->key)
        notify(s->key, "didResignKey");
    s->key = w;
    w->keystamp = ++e->stamp;
    notify(w, "didBecomeKey");
}

void op_make_key_and_visible(Engine *e, Node *w)
{
    if (w->hidden) {
        op_show(e, w);
    } else {
        Scene *s = &e->scenes[w->scene];
        order_remove(s, w);
        order_insert(s, w);
    }
    op_make_key(e, w);
}

/* ---------- properties (V4, W6, W8, G5) ---------- */

void op_set_frame(Engine *e, Node *t, double x, double y, double w, double h)
{
    (void)e;
    t->fx = x;
    t->fy = y;
    t->fw = w;
    t->fh = h;
#ifndef BUG_ROOT_KEEPS_SIZE
    if (t->is_window && t->root) {  /* W8: the root view follows the size */
        t->root->fw = w;
        t->root->fh = h;
    }
#endif
}

void op_set_level(Engine *e, Node *w, double level)
{
    if (level == w->level)
        return;  /* W6: numeric comparison, 0 == -0 */
    w->level = level;
    if (!w->hidden) {
        Scene *s = &e->scenes[w->scene];
        order_remove(s, w);
        order_insert(s, w);
    }
}

void op_set_alpha(Node *t, double a)
{
    if (a < 0)
        a = 0;
    else if (a > 1)
        a = 1;
    t->alpha = a;
}

/* ---------- the view tree (V2, V3) ---------- */

void op_remove(Engine *e, Node *v)
{
    Node *p = v->parent;
    size_t i = kid_index(p, v);
    memmove(p->kids + i, p->kids + i + 1, (p->nkids - i - 1) * sizeof *p->kids);
    p->nkids--;
    if (v->window->root == v)
        v->window->root = NULL;  /* W8: nothing follows any more */
    size_t count = collect_subtree(e, v);
    for (size_t k = 0; k < count; k++)
        e->scratch[k]->dying = 1;
    cancel_touches(e, NULL);
    destroy_subtree(e, v);
}

void op_front(Node *v)
{
    Node *p = v->parent;
    size_t i = kid_index(p, v);
    memmove(p->kids + i, p->kids + i + 1, (p->nkids - i - 1) * sizeof *p->kids);
    p->kids[p->nkids - 1] = v;
}

void op_back(Node *v)
{
    Node *p = v->parent;
    size_t i = kid_index(p, v);
    memmove(p->kids + 1, p->kids, i * sizeof *p->kids);
    p->kids[0] = v;
}

/* ---------- touches, presses, queries ---------- */

static void touch_ignored(const char *id, const char *phase)
{
    out_str("touch ");
    out_str(id);
    out_str(" ");
    out_str(phase);
    out_str(" -> ignored");
    out_line_end();
}

void op_touch_began(Engine *e, const char *id, double x, double y, int scene)
{
    if (find_touch(e, id)) {
        touch_ignored(id, "began");
        return;
    }
    double px = 0, py = 0;
    Node *hit = route(e, scene, x, y, &px, &py);
    out_str("touch ");
    out_str(id);
    out_str(" began -> ");
    if (!hit) {
        out_str("none");
        out_line_end();
        return;
    }
    reserve(&e->touches, &e->captouches, e->ntouches + 1, sizeof *e->touches);
    Touch *t = &e->touches[e->ntouches++];
    t->id = xstrdup(id);
    t->window = hit->window;
    t->view = hit;
    out_target(hit);
    out_str(" at ");
    out_point(px, py);
    out_line_end();
}

void op_touch_moved_ended(Engine *e, const char *id, double x, double y, int ended)
{
    const char *phase = ended ? "ended" : "moved";
    Touch *t = find_touch(e, id);
    if (!t) {
        touch_ignored(id, phase);
        return;
    }
#ifndef BUG_MOVED_UNCONVERTED
    from_screen(e, t->view, &x, &y);  /* T3 */
#endif
    out_str("touch ");
    out_str(id);
    out_str(" ");
    out_str(phase);
    out_str(" -> ");
    out_target(t->view);
    out_str(" at ");
    out_point(x, y);
    out_line_end();
    if (ended)
        drop_touch(e, t);
}

void op_touch_cancelled(Engine *e, const char *id)
{
    Touch *t = find_touch(e, id);
    if (!t) {
        touch_ignored(id, "cancelled");
        return;
    }
    out_str("touch ");
    out_str(id);
    out_str(" cancelled -> ");
    out_target(t->view);
    out_line_end();
    drop_touch(e, t);
}

void op_press(Engine *e, int scene)
{
    Node *k = e->scenes[scene].key;  /* K1: even when hidden */
#ifdef BUG_HIDDEN_KEY_NO_PRESS
    if (k && k->hidden)
        k = NULL;  /* planted */
#endif
    out_str("press -> ");
    out_str(k ? k->name : "none");
    out_line_end();
}

void op_hit(Engine *e, double x, double y, int scene)
{
    double px = 0, py = 0;
    Node *hit = route(e, scene, x, y, &px, &py);  /* T6 */
    out_str("hit -> ");
    if (!hit) {
        out_str("none");
        out_line_end();
        return;
    }
    out_target(hit);
    out_str(" at ");
    out_point(px, py);
    out_line_end();
}

void op_order(Engine *e, int scene)
{
    Scene *s = &e->scenes[scene];
    out_str("order ");
    out_str(s->name);
    out_str(":");
    for (size_t i = s->n; i-- > 0;) {
        out_str(" ");
        out_str(s->order[i]->name);
    }
    out_line_end();
}

void op_key_window(Engine *e, int scene)
{
    Scene *s = &e->scenes[scene];
    out_str("keyWindow ");
    out_str(s->name);
    out_str(" -> ");
    out_str(s->key ? s->key->name : "none");
    out_line_end();
}

/* Q3: always out to the screen, then in; NULL is the screen. */
void op_convert(Engine *e, double x, double y, Node *from, Node *to)
{
    if (from)
        to_screen(from, &x, &y);
    if (to)
        from_screen(e, to, &x, &y);
    out_str("convert -> ");
    out_point(x, y);
    out_line_end();
}

void op_snapshot(Engine *e)
{
    for (size_t i = 0; i < e->nscenes; i++) {
        op_order(e, (int)i);
        op_key_window(e, (int)i);
    }
}

static void violation(const char *what, const char *name)
{
    out_str("violation ");
    out_str(what);
    out_str(" ");
    out_str(name);
    out_line_end();
}

void op_invariants(Engine *e)
{
    for (size_t i = 0; i < e->nscenes; i++) {
        Scene *s = &e->scenes[i];
        for (size_t k = 0; k < s->n; k++) {
            Node *w = s->order[k];
            if (w->hidden || !w->is_window || w->scene != (int)i)
                violation("order holds a hidden or foreign window:", w->name);
            if (k > 0 && s->order[k - 1]->level > w->level)
                violation("order not sorted by level at", w->name);
        }
        if (s->key && (s->key->scene != (int)i || engine_find(e, s->key->name) != s->key))
            violation("key window not of its scene:", s->key->name);
    }
    for (size_t i = 0; i < e->ntouches; i++) {
        Touch *t = &e->touches[i];
        if (t->window->hidden || t->view->window != t->window)
            violation("touch bound to a hidden window or foreign view:", t->id);
    }
}

/* ---------- screens (D1-D3) ---------- */

long engine_screen(Engine *e, const char *name)
{
    if (strcmp(name, "main") == 0)
        return 0;
    for (size_t i = 0; i < e->nscreens; i++)
        if (strcmp(e->screens[i].name, name) == 0)
            return e->screens[i].number;
    return -1;
}

const char *op_screen(Engine *e, const char *name)
{
    if (engine_screen(e, name) >= 0)
        return "screen: already connected";
    reserve(&e->screens, &e->capscreens, e->nscreens + 1, sizeof *e->screens);
    e->screens[e->nscreens].name = xstrdup(name);
    e->screens[e->nscreens].number = ++e->lastscreen;
    e->nscreens++;
    return NULL;
}

/* D2: the scene moves with its windows; only the touches in it end. */
void op_place(Engine *e, int scene, long screen)
{
    if (e->scenes[scene].screen == screen)
        return;
    unsigned char *flags = calloc(e->nscenes, 1);
    if (!flags)
        abort();
    flags[scene] = 1;
    cancel_where(e, NULL, flags);
    free(flags);
    e->scenes[scene].screen = screen;
}

/* D3: one batch of cancellations; then per scene, in creation order, the key
 * window resigns and the visible windows are hidden front to back; no successor:
 * every stamp of the scene's windows is cleared; the scene goes to main. */
const char *op_disconnect(Engine *e, const char *name)
{
    size_t at = e->nscreens;
    for (size_t i = 0; i < e->nscreens; i++)
        if (strcmp(e->screens[i].name, name) == 0)
            at = i;
    if (at == e->nscreens)
        return strcmp(name, "main") == 0 ? "disconnect: not the main screen" : "disconnect: no such screen";
    long number = e->screens[at].number;
    free(e->screens[at].name);
    e->screens[at] = e->screens[--e->nscreens];
    unsigned char *flags = calloc(e->nscenes, 1);
    if (!flags)
        abort();
    for (size_t i = 0; i < e->nscenes; i++)
        flags[i] = e->scenes[i].screen == number;
    cancel_where(e, NULL, flags);
    for (size_t b = 0; b < e->tsize; b++)
        for (Node *n = e->table[b]; n; n = n->hnext)
            if (n->is_window && flags[n->scene])
                n->keystamp = 0;
    for (size_t i = 0; i < e->nscenes; i++) {
        if (!flags[i])
            continue;
        Scene *s = &e->scenes[i];
        if (s->key) {
            notify(s->key, "didResignKey");
            s->key = NULL;
        }
        while (s->n > 0) {
            Node *w = s->order[--s->n];
            w->hidden = 1;
            notify(w, "didBecomeHidden");
        }
        s->screen = 0;
    }
    free(flags);
    return NULL;
}
