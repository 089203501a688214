/* engine/unitrule.h -- what the engine asks of the unit rule: the
 * functions each instance (latin.c, digits.c) defines after including
 * the body. */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

/* What a cell holding v occupies in its units, the values that clash
 * with a footprint, and what a cell is sure to occupy. */
static inline foot_t foot_of(const struct engine *s, int v);
static inline dom_t clash_of(const struct engine *s, foot_t f);
static inline foot_t cell_req(struct engine *s, const dom_t *dom, int cell);
/* The footprint that means "everything" (the start of a must set). */
static inline foot_t foot_all(const struct engine *s);

/* Set-up and tear-down of struct unit_state; valid and vmin/vmax are
 * set by units_init. */
static bool units_init(struct engine *s);
static void units_free(struct engine *s);
/* A cell's domain has just become nd (narrow, or a guess when guess is
 * true): note the rule's follow-up work. */
static inline void units_changed(struct engine *s, int cell, dom_t nd,
				 bool guess);
/* The root domains are set: note the rule's first work (the rule may
 * narrow them itself).  False on a contradiction. */
static bool units_root(struct engine *s, dom_t *root);
/* Forget pending work after a contradiction. */
static void units_reset(struct engine *s);
static bool derive_sums(struct engine *s, int max_cells, int max_lines);
/* Whether units_complete can fill free lines for this puzzle. */
static bool units_can_complete(const struct engine *s);
/* Every cell outside the free lines is decided in dom: fill s->values
 * with a whole solution that keeps those cells (free lines hold no
 * given and no caged cell, so any way of filling them that keeps the
 * unit rule will do).  False if it cannot. */
static bool units_complete(struct engine *s, const dom_t *dom);

/* Outcomes of a step of unit reasoning. */
enum step { STEP_FAIL, STEP_AGAIN, STEP_DONE };

/* The cheap part of the rule, run before any cage: STEP_AGAIN when it
 * did something and wants to run again, STEP_DONE when nothing is left. */
static enum step units_cheap(struct engine *s, dom_t *dom);
/* The costlier part, run when the cheap part and every cage are done. */
static enum step units_full(struct engine *s, dom_t *dom);
