/* cwindows: an independent C implementation of WindowLab's window semantics.
 * engine.h: the model's data structures and operations (engine.c), the output
 * buffer and number formatting (protocol.c). Rule ids refer to SEMANTICS.md. */
#ifndef CWINDOWS_ENGINE_H
#define CWINDOWS_ENGINE_H

#include <stddef.h>
#include <stdint.h>

/* A window or a view: a window is a view whose parent is the screen (H5). */
typedef struct Node Node;
struct Node {
    char *name;
    Node *hnext;            /* next in its hash bucket */
    int is_window;
    double fx, fy, fw, fh;  /* frame, in the parent's space */
    double bx, by;          /* bounds origin (G4) */
    double alpha;           /* clamped to [0, 1] (G5) */
    int hidden;
    int interaction;
    int dying;              /* set while its subtree is being removed */
    Node *parent;           /* NULL for a window */
    Node *window;           /* the window it belongs to (itself for a window) */
    Node **kids;            /* subviews, back to front */
    size_t nkids, capkids;
    /* windows only */
    int scene;
    double level;
    int passthrough;
    Node *root;             /* the view installed by `root`, while it exists (W8) */
    uint64_t keystamp;      /* when it last became key; 0 = never (K4) */
};

typedef struct {
    char *name;
    double w, h;
    Node **order;           /* visible windows, back to front, sorted by level */
    size_t n, cap;
    Node *key;
    long screen;            /* the number of its screen; 0 = main (D1, D2) */
} Scene;

/* A connected screen other than main (D1). A screen connected again under an old
 * name gets a new number. */
typedef struct {
    char *name;
    long number;
} Screen;

typedef struct {
    char *id;
    Node *window;
    Node *view;             /* the hit view, or the window itself */
} Touch;

typedef struct {
    Scene *scenes;
    size_t nscenes, capscenes;
    Node **table;           /* name -> node, chained */
    size_t tsize, tcount;
    Touch *touches;
    size_t ntouches, captouches;
    uint64_t stamp;
    Node **scratch;         /* reused work arrays */
    size_t capscratch;
    Touch *cancel;
    size_t capcancel;
    Screen *screens;
    size_t nscreens, capscreens;
    long lastscreen;
} Engine;

/* Output (protocol.c): appended to one buffer, written before blocking on input. */
void out_str(const char *s);
void out_num(double v);
void out_line_end(void);
/* One request's whole answer, in process (fuzz/fuzz_cwindows.c). */
const char *cwindows_answer(Engine *e, char *line, size_t len, size_t *answer_len);

/* engine.c */
void engine_init(Engine *e);
void engine_free(Engine *e);
Node *engine_find(Engine *e, const char *name);
int engine_scene(Engine *e, const char *name);   /* index or -1 */

/* Each operation returns NULL on success or a static error message.
 * Observations are written with out_* in canonical order (N2, T5). */
const char *op_scene(Engine *e, const char *name, double w, double h);
const char *op_window(Engine *e, const char *name, int scene, double x, double y,
                      double w, double h, double level, int root);
const char *op_view(Engine *e, const char *name, Node *parent, double x, double y,
                    double w, double h);
void op_show(Engine *e, Node *w);
void op_hide(Engine *e, Node *w);
void op_release(Engine *e, Node *w);
void op_make_key(Engine *e, Node *w);
void op_make_key_and_visible(Engine *e, Node *w);
void op_set_frame(Engine *e, Node *t, double x, double y, double w, double h);
void op_set_level(Engine *e, Node *w, double level);
void op_set_alpha(Node *t, double a);
void op_remove(Engine *e, Node *v);
void op_front(Node *v);
void op_back(Node *v);
void op_touch_began(Engine *e, const char *id, double x, double y, int scene);
void op_touch_moved_ended(Engine *e, const char *id, double x, double y, int ended);
void op_touch_cancelled(Engine *e, const char *id);
void op_press(Engine *e, int scene);
void op_hit(Engine *e, double x, double y, int scene);
void op_order(Engine *e, int scene);
void op_key_window(Engine *e, int scene);
void op_convert(Engine *e, double x, double y, Node *from, Node *to);
long engine_screen(Engine *e, const char *name);  /* number (0 = main) or -1 */
const char *op_screen(Engine *e, const char *name);
void op_place(Engine *e, int scene, long screen);
const char *op_disconnect(Engine *e, const char *name);
void op_snapshot(Engine *e);
void op_invariants(Engine *e);

#endif
