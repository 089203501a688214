/* engine.h -- the body of the solver engine, written once and compiled
 * once per kind of value set (doc/SOLVER.md).
 *
 * This is not an ordinary header: a file that instantiates the engine
 * defines the parameters below, includes this file, and then defines the
 * unit rule -- the reasoning about "each value once" (or, in Nylimb mode,
 * "no digit twice") along rows, columns and boxes -- as the static
 * functions declared under "The unit rule".  latin.c instantiates it with
 * 64-bit value sets and the Latin rule; digits.c with 128-bit sets and
 * Nylimb's digit rule.  Everything else a solve does -- cage
 * enumeration, the cheaper cage bounds, propagation to a fixed point,
 * the search, failure weights, limits, callbacks, the difficulty score
 * -- is here, once, so a change to it reaches every kind of puzzle.
 *
 * Parameters (each instance defines them before the #include):
 *   DOM_BITS        64 or 128: the width of a value set (bit v = value v)
 *   foot_t          what a placed value occupies in a unit (below)
 *   ENUM_BUDGET     enumeration steps allowed per cage and propagation
 *   ENUM_SPACE      enumerate a cage only when the product of its domain
 *                   sizes is at most this (see enum_space)
 *   ENUM_SPACE_ALL  1: the space test applies to every cage; 0: to sum
 *                   cages only
 *   ENUM_SPACE_SKIP_LARGEST  1: the largest domain is left out of the
 *                   product (the last cell is mostly forced by the clue)
 *   ENUM_AFTER_CHEAP 1: when the cheaper reasoning has shrunk a cage
 *                   below ENUM_SPACE, enumerate it at once
 *   SUM_TABLE_MAX   sum cages with larger targets get bounds instead of
 *                   the tables of sum_supports
 *   LAYOUT_TABLES   1: cages with at most LAYOUT_MAX layouts keep them in a
 *                   table (see "Layout tables"); 0: always enumerate
 *   PAIR_CAGES      1: two-cell cages get their own propagator (values
 *                   1..vmax; see "Two-cell cages")
 *   DERIVED_SUMS    1: units hold 1..n once, so their sums are known and
 *                   the engine adds the sums they imply (see "Sums the
 *                   units imply"); 0: none
 *   ENGINE_KINDS    the kinds of unit a cell can have: 2 (rows and
 *                   columns) or 3 (and boxes); a puzzle with fewer uses
 *                   the row's group again, which is harmless
 *   ENGINE_NAME(x)  the name of an exported function of this instance
 *   FOOT_IS_VALUE   1 when foot_of(v) is BIT(v) (the Latin rule): the
 *                   enumeration of a distinct cage then keeps no groups
 *                   (BY_VALUES); 0 or undefined otherwise
 *
 * Footprints.  A unit's cells must not clash: in a Latin unit two cells
 * clash when they hold the same value, in a Nylimb line when their
 * values share a decimal digit (or both have two digits).  The engine
 * sees this through three functions of the instance: foot_of(v), what
 * value v occupies (a value bit; a set of digit bits); clash_of(f), the
 * values that clash with a footprint f; and cell_req(cell), what a
 * cell's domain is sure to occupy whichever value it takes.  Cage
 * enumeration keeps the footprints of cage cells that share a unit
 * disjoint, and records what every assignment puts into each unit.
 *
 * Nothing is global: all state lives in struct engine, made per call.
 */
#ifndef CDOK_ENGINE_BODY
#define CDOK_ENGINE_BODY
#else
#error "engine.h is included once per instance"
#endif

#include <stdio.h>
#include <string.h>

#include "solve/solve.h"

#if DOM_BITS == 64
typedef uint64_t dom_t;

static inline int popc(dom_t d)
{
	return cdok_popcount(d);
}

static inline int low_value(dom_t d)
{
	return __builtin_ctzll(d);
}

static inline int high_value(dom_t d)
{
	return 63 - __builtin_clzll(d);
}
#elif DOM_BITS == 128
typedef unsigned __int128 dom_t;

static inline int popc(dom_t d)
{
	return cdok_popcount((uint64_t)d) +
	       cdok_popcount((uint64_t)(d >> 64));
}

static inline int low_value(dom_t d)
{
	uint64_t lo = (uint64_t)d;

	return lo ? __builtin_ctzll(lo)
		  : 64 + __builtin_ctzll((uint64_t)(d >> 64));
}

static inline int high_value(dom_t d)
{
	uint64_t hi = (uint64_t)(d >> 64);

	return hi ? 127 - __builtin_clzll(hi)
		  : 63 - __builtin_clzll((uint64_t)d);
}
#else
#error "DOM_BITS must be 64 or 128"
#endif

#define BIT(v) ((dom_t)1 << (v))

#ifndef FOOT_IS_VALUE
#define FOOT_IS_VALUE 0
#endif

#if !LAYOUT_TABLES
/* No tables: the sizes the calls name do not matter. */
#define LAYOUT_MAX 64
#define LAYOUT_BUDGET 0
#define LAYOUT_BIG 64
#define LAYOUT_BIG_BUDGET 0
#endif
/* 64-bit words a domain takes. */
#define DOM_WORDS (sizeof(dom_t) / sizeof(uint64_t))

/* Cages larger than this are never enumerated (bounds reasoning only). */
#define ENUM_MAX_CELLS 64

/* Distinct sum cages of 3 to COMBO_MAX_CELLS cells with at most
 * COMBO_MAX sets of values keep those sets (combo_propagate). */
#define COMBO_MAX_CELLS 9
#define COMBO_MAX 128

/* Derived sums of at most this many cells are kept: larger ones say
 * little more than the units do, and cost enumeration. */
#define DERIVED_MAX_CELLS 5
/* With boxes, whose 27 units imply many sums, the root keeps those of
 * at most this many cells (see ENGINE_NAME(solve)). */
#ifndef DERIVED_BOX_CELLS
#define DERIVED_BOX_CELLS 4
#endif
/* Unions of up to this many neighbouring rows (or columns) are looked at,
 * and every box. */
#define DERIVED_MAX_LINES 1
/* After ESCALATE_NODES search nodes (search_root): unions of up to this
 * many lines, sums of up to this many cells.  Sums of more than
 * DERIVED_MAX_CELLS cells get a layout table when theirs is small, and
 * otherwise the cheap reasoning only (cage_cheap): enumerating them
 * costs more than it saves. */
#ifndef ESCALATE_NODES
#define ESCALATE_NODES 256
#endif
/* After ESCALATE_BIG_NODES search nodes (search_root): layout tables of
 * up to LAYOUT_BIG layouts for the cages that still have none. */
#ifndef ESCALATE_BIG_NODES
#define ESCALATE_BIG_NODES 1024
#endif
/* The cages the root's reasoning leaves open get their tables (up to
 * LAYOUT_MAX layouts) once the search has made this many nodes: a
 * search of a few nodes does not repay them (search_root). */
#ifndef TABLES_AFTER_NODES
#define TABLES_AFTER_NODES 32
#endif
/* The last stage (search_root) starts again from the root after
 * RESTART_FIRST nodes (0: never), then after RESTART_GROW percent of the
 * previous run's nodes each time, until a solution is found.  With
 * NOGOODS, every stage cut short keeps what it refuted (record_nogoods),
 * in at most NOGOOD_MAX_LITS conditions. */
#ifndef RESTART_FIRST
#define RESTART_FIRST 0
#endif
/* With ROTATE_VALUES, each restarted run tries a cell's values from
 * another one on (search). */
#ifndef ROTATE_VALUES
#define ROTATE_VALUES 0
#endif
#ifndef RESTART_GROW
#define RESTART_GROW 130
#endif
#ifndef NOGOODS
#define NOGOODS 0
#endif
#ifndef NOGOOD_MAX_LITS
#define NOGOOD_MAX_LITS (1u << 20)
#endif
#ifndef DERIVED_WIDE_LINES
#define DERIVED_WIDE_LINES 5
#endif
#ifndef DERIVED_WIDE_CELLS
#define DERIVED_WIDE_CELLS 8
#endif

/* Units come in kinds: rows (units 0..n-1), columns (n..2n-1) and, in a
 * Killer puzzle, boxes (2n..3n-1). */
enum { KIND_ROW, KIND_COL, KIND_BOX, NKINDS };

/* Read-only facts about a cage, prepared once per solve.  Its cells that
 * share a unit form a local group (one per unit the cage touches);
 * groups holds, per cell, the group of each of its nkinds units, and
 * group_unit maps a group back to its unit. */
struct cage_info {
	cdok_op op;
	unsigned ops;         /* the operations the clue may stand for
			       * (cdok_clue_ops): one, or for a hidden
			       * operator (CDOK_OP_ANY) several */
	int64_t target;
	int ncells;
	const int *cells;
	bool distinct;        /* values must all differ (Killer cages) */
	int ngroups;
	int *group_unit;      /* group -> unit */
	int *groups;          /* cell index * NKINDS + kind -> group */
	uint64_t *group_cells; /* group -> the cage's cells in it (bit i:
				* cell index i), for cages of up to 64 */
	int table;            /* its layout table (s->tables), or -1 */
	bool pair;            /* two cells that share a unit */
	int combo, ncombo;    /* a distinct sum cage of 3 or more cells:
			       * its sets of values, s->combos[combo] on
			       * (ncombo of them; 0: none kept, -1: not
			       * made yet, see cage_combos) */
};

/* A cage's layouts, as the compact-table propagator of constraint
 * programming keeps them: the layouts that fit the domains when the
 * table is made (at the root, so they cover the whole search) are
 * numbered, and bit sets of layout numbers say which layouts give cell p
 * the value v (sup).  The layouts still possible are a bit set, the live
 * words, changed in place and put back on backtracking from a trail;
 * propagation is then a few word operations per value instead of an
 * enumeration. */
struct layout_table {
	int words;            /* 64-bit words per bit set */
	size_t live;          /* offset of its live words in s->live,
			       * followed by its cells' domains when the
			       * live words were last brought up to date
			       * (the seen domains, DOM_WORDS words each) */
	int save;             /* words of both, saved on the trail */
	size_t res;           /* arena offset of its residues: per
			       * (cell p, value v), then per (group g, v),
			       * the word where the last support was found
			       * (cells) or the last layout lacking v
			       * (groups); hints, looked at first */
	size_t sup;           /* arena offset: [(p * nvals + v) * words] */
	size_t gsup;          /* arena offset: [(g * nvals + v) * words],
			       * the layouts giving v to some cell of the
			       * cage's group g (the union of its cells'
			       * sup) */
	uint64_t saved;       /* the node its live words were last saved at */
	bool fresh;           /* just made: supports not yet applied */
};

/* Scratch for one cage enumeration, sized for the largest cage. */
struct enum_ctx {
	struct cage_info c;   /* the cage being enumerated (a copy) */
	int k;                /* its cells */
	int *pos;             /* enumeration order -> cage cell index */
	dom_t *d;             /* domains in enumeration order */
	int *grp;             /* position * NKINDS + kind -> group */
	int *val;
	dom_t *sup;           /* values seen in some valid assignment */
	int64_t *minsum, *maxsum, *minprod, *maxprod; /* suffix bounds */
	foot_t *used;         /* per group: occupied so far */
	foot_t *must;         /* per group: in every valid assignment so far */
	foot_t *known;        /* per group: what the unit rule already has */
	dom_t usedvals;       /* distinct cages: values taken so far */
	/* Recording layouts for a table: NULL, or room for rec_max layouts
	 * of k values each (in the cage's cell order). */
	unsigned char *rec;
	int nrec, rec_max;
	/* With rec: the values are supported too, and past rec_max the
	 * recording stops (rec becomes NULL) while the enumeration goes
	 * on (cdki_latin_scan). */
	bool rec_also;
	long budget;
	int unsupported;      /* (cell, value) pairs not yet supported */
	bool track_must;
	bool stop, aborted;
	long found;
};

/* The unit rule's own state, defined by the instance before including
 * this file. */
struct unit_state;

/* A ring buffer of cage numbers. */
struct cage_ring {
	int *v;
	int head, count, cap;
};

/* The queues of cages, in the order propagate looks at them: the
 * puzzle's cages that have a cheap way (a pair or a table); at the root,
 * those whose next look is a cheap one (root_cheap); those that need an
 * enumeration, or their first table; at the root, those whose full look
 * is due (schedule_full); the derived sums.  Below the root the puzzle's
 * cages all go to the first. */
enum { Q_CHEAP, Q_LIGHT, Q_COSTLY, Q_FULL, Q_DERIVED, NQUEUES };

static inline void ring_push(struct cage_ring *r, int x)
{
	r->v[(r->head + r->count) % r->cap] = x;
	r->count++;
}

static inline int ring_pop(struct cage_ring *r)
{
	int x = r->v[r->head];

	r->head = (r->head + 1) % r->cap;
	r->count--;
	return x;
}

struct engine {
	const cdok_puzzle *puzzle;
	int n, ncells;
	int vmin, vmax;       /* the values a cell can hold */
	dom_t valid;          /* every value a cell may start with */
	struct cage_info *cages;
	int ncages;           /* the puzzle's cages, then the derived ones */
	int nreal;            /* the puzzle's cages */
	const int *cage_of;
	/* The cage a change to a cell wakes: cage_of, less the cages the
	 * unit rule keeps by itself (cages_implied), whose cells count as
	 * uncaged for the free lines too.  own_watch: its memory, when it
	 * is not cage_of. */
	const int *cage_watch;
	int *own_watch;
	/* A cage of whole units whose clue no filling meets (cages_implied;
	 * -1: none), and what it is made of: whole_units of kind
	 * whole_kind. */
	int whole_fails, whole_units, whole_kind;
	/* Derived sums (DERIVED_SUMS): their cells, and per cell the
	 * derived cages it is in (extra[extra_start[cell]..]). */
	struct cdok_cage *derived;
	int *derived_cells;
	int *extra_start, *extra;

	/* Units: nunits lists of n cells; per cell its units. */
	int nkinds;           /* 2, or 3 with boxes */
	int nunits;
	int *unit_cells;      /* unit * n + i -> cell */
	int *cell_units;      /* cell * NKINDS + kind -> unit */
	dom_t *unit_union;    /* per unit: scratch for cage_totals */
	int *unit_count;
	uint64_t *cell_bits;  /* cell * NKINDS + kind -> the unit's bit in
			       * its kind's masks (dirty and the like) */
	/* Scratch of cage_info_init: per unit, its group in the cage being
	 * set up when ustamp is ustamp_now. */
	int *ugroup;
	unsigned *ustamp, ustamp_now;

	/* Propagation work lists: the cages to look at again, in queues
	 * looked at in order (see propagate), each cage in one at most. */
	uint64_t dirty[NKINDS]; /* units changed since the unit rule ran */
	struct cage_ring q[NQUEUES];
	bool *queued;
	bool *full_due;       /* per cage: in Q_FULL, its full look due */
	bool *looked;         /* per cage: had its cheap first look (a
			       * Calcudoku sum or product, at the root) */
	dom_t *combos;        /* the sets of values distinct sum cages can
			       * hold (see combo_propagate) */
	size_t ncombos, combos_cap;

	struct enum_ctx e;
	uint64_t *sums;       /* bit tables for sum_supports */

	/* Layout tables (LAYOUT_TABLES): one per tabled cage, their bit
	 * sets in one arena, their live words in live, and the trail of
	 * live words to put back (entries: table, then its old words). */
	struct layout_table *tables;
	int ntables, tables_cap;
	uint64_t *arena, *live, *trail;
	size_t arena_words, nlive, live_cap, trail_top, trail_cap;

	uint64_t node_id;     /* the search node being propagated (0: the
			       * root, where tables may still be made) */
	bool tables_due;      /* tables_after_root is due once the search
			       * passes TABLES_AFTER_NODES nodes */
	uint64_t nodes_made;
	bool *tried;          /* per cage: a table was tried at the root */
	unsigned char *rec;   /* layouts being recorded, room for rec_cap */
	int rec_cap;
	size_t level_bytes;

	/* Failure weights for choosing where to branch (dom/wdeg): how often
	 * each cage and each unit has produced a contradiction. */
	uint32_t *wcage, *wunit;
	/* Per cell, the weights of its units and of its cage together
	 * (kept by weigh_unit and weigh_cage, read by pick_branch). */
	uint32_t *wcell;

	struct unit_state *u;
	void *block;          /* the fixed arrays above, in one allocation */
	void *cblock;         /* the per-cage arrays, in one allocation */
	void *dblock;         /* the derived cages' group arrays */

	/* Search. */
	dom_t **levels;       /* domains per search depth, made on demand */
	int nlevels;
	uint64_t limit, max_nodes;
	uint64_t count, nodes, branches, branch_score;
	/* Rough units of work (enumeration steps, table words, matching
	 * steps), so that a caller's progress callback is also asked when
	 * a few nodes take long, not only every 256 nodes. */
	uint64_t work, polled_work;
	bool stop, gave_up, nomem;
	/* Escalation (see search_root): the stage of the search (0 the
	 * first, each later one with stronger reasoning), the node count
	 * at which this stage is cut short (0: never), whether it was; the
	 * solutions the earlier stages found (one byte a cell), so that a
	 * later one counts none of them again. */
	int stage;
	uint64_t cut_at, restart_len;
	unsigned rotate;      /* runs restarted in the last stage, whose
			       * value order starts elsewhere (search) */
	bool cut;
#if NOGOODS
	/* Nogoods (see record_nogoods): ng[i] says no solution has cells
	 * ng_lits[2 * start + 2 j] = ng_lits[2 * start + 2 j + 1] for all
	 * j < len and a value of r in cell x.  Each nogood watches one of
	 * its cell = value conditions that does not hold yet (ng_head per
	 * cell, next through the list).  root_x, root_r: those with no
	 * condition, for the root.  path_*: the decisions of the search
	 * path per depth (cell, value, the cell's domain there). */
	struct nogood { int start, len, x, watch, next; dom_t r; } *ng;
	int nng, ng_cap, nroot, root_cap;
	int *ng_lits, *ng_head, *root_x;
	dom_t *root_r;
	size_t nlits, lits_cap;
	int *path_cell, *path_val;
	dom_t *path_tried;    /* the values tried in full at each depth */
#endif
	unsigned char *seen;
	size_t nseen, seen_cap;
	int *solution_out;
	int *values;          /* scratch grid for callbacks and checks */
	cdok_solution_fn on_solution;
	void *user;
	cdok_progress_fn on_progress;
	void *progress_user;
	char reason[256];     /* cages_possible: why not */
	/* Free lines (see find_free_lines).  A second solution comes from
	 * the first by swapping lines swap_a and swap_b (rows when
	 * swap_rows, else columns; swap_a < 0: none).  When deferred is
	 * not NULL the search decides every other cell first and the unit
	 * rule then fills the free lines (free_rows: rows, else columns;
	 * free_line marks them) without searching. */
	int swap_a, swap_b;
	bool swap_rows;
	bool *deferred;
	bool free_rows;
	bool free_line[CDOK_MAX_SIZE];
};

/* ------------------------------------------------------------------ */
/* The unit rule: defined by the instance after including this file.   */

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

/* ------------------------------------------------------------------ */
/* Domain changes                                                      */

static bool root_cheap(const struct engine *s, int ci);

static inline void enqueue_cage(struct engine *s, int cage)
{
	if (cage < 0 || s->queued[cage])
		return;
	s->queued[cage] = true;
	/* Below the root one queue of the puzzle's cages: the order in
	 * which contradictions are found decides the failure weights, and
	 * with them the search (the random 12 x 12s of bench/hard took ten
	 * times as long with the two queues there too).  At the root a
	 * cage whose next look is the cheap one (root_cheap) is cheap. */
	if (cage >= s->nreal)
		ring_push(&s->q[Q_DERIVED], cage);
	else if (s->node_id || s->cages[cage].pair ||
		 s->cages[cage].table >= 0)
		ring_push(&s->q[Q_CHEAP], cage);
	else if (root_cheap(s, cage))
		ring_push(&s->q[Q_LIGHT], cage);
	else
		ring_push(&s->q[Q_COSTLY], cage);
}

/* A contradiction found by unit u: one more failure for it and for
 * each of its cells. */
static inline void weigh_unit(struct engine *s, int u)
{
	const int *cells = s->unit_cells + (size_t)u * (size_t)s->n;

	s->wunit[u]++;
	for (int i = 0; i < s->n; i++)
		s->wcell[cells[i]]++;
}

/* The same for cage ci (a derived cage weighs on no cell). */
static inline void weigh_cage(struct engine *s, int ci)
{
	s->wcage[ci]++;
	if (ci < s->nreal)
		for (int i = 0; i < s->cages[ci].ncells; i++)
			s->wcell[s->cages[ci].cells[i]]++;
}

/* Mark a changed cell's units and cages for another look. */
static inline void mark_cell(struct engine *s, int cell)
{
	const uint64_t *bits = s->cell_bits + cell * NKINDS;

	/* A kind the puzzle lacks has no bits: no test needed. */
	for (int k = 0; k < NKINDS; k++)
		s->dirty[k] |= bits[k];
	enqueue_cage(s, s->cage_watch[cell]);
	if (DERIVED_SUMS && s->extra_start)
		for (int j = s->extra_start[cell]; j < s->extra_start[cell + 1];
		     j++)
			enqueue_cage(s, s->extra[j]);
}

/* Narrow a cell's domain to nd (a subset of the current one).  Records
 * the follow-up work; returns false on a contradiction. */
static inline bool narrow(struct engine *s, dom_t *dom, int cell, dom_t nd)
{
	if (nd == dom[cell])
		return true;
	if (!nd)
		return false;
	dom[cell] = nd;
	mark_cell(s, cell);
	units_changed(s, cell, nd, false);
	return true;
}

static void reset_work(struct engine *s)
{
	for (int i = 0; i < NQUEUES; i++) {
		struct cage_ring *r = &s->q[i];

		while (r->count) {
			int ci = ring_pop(r);

			if (i == Q_FULL)
				s->full_due[ci] = false;
			else
				s->queued[ci] = false;
		}
		r->head = 0;
	}
	for (int k = 0; k < NKINDS; k++)
		s->dirty[k] = 0;
	units_reset(s);
}

/* Whether cage ci is one the unit rule keeps by itself (cages_implied),
 * which no reasoning looks at. */
static inline bool cage_implied(const struct engine *s, int ci)
{
	return s->own_watch && ci < s->nreal &&
	       s->own_watch[s->cages[ci].cells[0]] != ci;
}

/* Whether cell belongs to cage ci (a derived cage's cells are in the
 * puzzle's cages too, so cage_of does not say). */
static inline bool in_cage(const struct engine *s, int ci, int cell)
{
	const struct cage_info *c = &s->cages[ci];

	if (ci < s->nreal)
		return s->cage_of[cell] == ci;
	for (int i = 0; i < c->ncells; i++)
		if (c->cells[i] == cell)
			return true;
	return false;
}

/* Whether n values (all of them decided) meet cage c's clue: under
 * any of its operations when it is hidden. */
static inline bool clue_met(const struct cage_info *c, const int *v, int n)
{
	if (c->op == CDOK_OP_ANY)
		return cdki_ops_hold(c->ops, c->target, v, n);
	return cdki_cage_holds(c->op, c->target, v, n);
}

/* ------------------------------------------------------------------ */
/* Cage enumeration                                                    */

/* Bits lo..hi, clipped to the values a cell can hold. */
static inline dom_t range_mask(const struct engine *s, int64_t lo,
			       int64_t hi)
{
	if (lo < s->vmin)
		lo = s->vmin;
	if (hi > s->vmax)
		hi = s->vmax;
	if (lo > hi)
		return 0;
	return ((BIT(hi) << 1) - 1) & ~(BIT(lo) - 1);
}

/* a * b for the product bounds, with a ceiling; 0 when either is 0 (a
 * sum or difference cage may hold 0 in Nylimb mode; its product bounds
 * go unused). */
static int64_t sat_mul(int64_t a, int64_t b)
{
	if (a <= 0 || b <= 0)
		return 0;
	if (a > INT64_MAX / b)
		return INT64_MAX;
	return a * b;
}

/* With FOOT_IS_VALUE (the instance's footprint of v is v itself), the
 * values of a distinct cage already keep every group's footprints
 * disjoint, so its enumeration keeps no groups as it goes. */
#define BY_VALUES(distinct) (FOOT_IS_VALUE && (distinct))

/* enum_leaf_values' must, for a cage enumerated BY_VALUES: its groups were not
 * kept, so what each holds is read off the values.  Whether some group
 * still has a must beyond what the unit rule knows. */
static bool must_by_values(struct engine *s)
{
	struct enum_ctx *e = &s->e;
	bool useful = false;

	for (int g = 0; g < e->c.ngroups; g++)
		e->used[g] = 0;
	for (int i = 0; i < e->k; i++)
		for (int j = 0; j < ENGINE_KINDS; j++)
			e->used[e->grp[i * NKINDS + j]] |= foot_of(s, e->val[i]);
	for (int g = 0; g < e->c.ngroups; g++) {
		e->must[g] &= e->used[g];
		if (e->must[g] & ~e->known[g])
			useful = true;
	}
	return useful;
}

/* A valid assignment found: recorded (when a table is being made:
 * false, nothing more to do), else its values are supported. */
static inline __attribute__((always_inline)) bool
leaf_supports(struct engine *s)
{
	struct enum_ctx *e = &s->e;

	/* Locals: stores through char and 64-bit pointers could alias e's
	 * fields, which the compiler would then read again each time. */
	const int k = e->k, *pos = e->pos, *val = e->val;

	e->found++;
	if (e->rec) {
		unsigned char *t;

		if (e->nrec == e->rec_max && !e->rec_also) {
			e->aborted = e->stop = true;
			return false;
		}
		if (e->nrec == e->rec_max) {
			e->rec = NULL;
		} else {
			t = e->rec + (size_t)e->nrec++ * (size_t)k;
			for (int i = 0; i < k; i++)
				t[pos[i]] = (unsigned char)val[i];
		}
		if (!e->rec_also)
			return false;
	}
	{
		dom_t *sup = e->sup;
		int lost = 0;

		for (int i = 0; i < k; i++) {
			dom_t b = BIT(val[i]);

			lost += !(sup[i] & b);
			sup[i] |= b;
		}
		e->unsupported -= lost;
	}
	return true;
}

/* One valid assignment: every value is supported, and the footprints it
 * puts into each group narrow what every assignment must put there.
 * The last cell's value is not in used[] (enum_walk adds a value only
 * before going deeper). */
static void enum_leaf(struct engine *s)
{
	struct enum_ctx *e = &s->e;
	bool useful = false;
	int last = e->k - 1;

	if (!leaf_supports(s))
		return;
	if (e->track_must) {
		foot_t f = foot_of(s, e->val[last]);
		const int *lg = e->grp + last * NKINDS;
		foot_t keep[ENGINE_KINDS];

		/* The last value joins its groups while they are compared
		 * (undone in reverse, as kinds may share a group). */
		for (int j = 0; j < ENGINE_KINDS; j++) {
			keep[j] = e->used[lg[j]];
			e->used[lg[j]] |= f;
		}
		for (int g = 0; g < e->c.ngroups; g++) {
			e->must[g] &= e->used[g];
			if (e->must[g] & ~e->known[g])
				useful = true;
		}
		for (int j = ENGINE_KINDS; j-- > 0;)
			e->used[lg[j]] = keep[j];
		e->track_must = useful;
	}
	/* Nothing more to learn, unless the layouts are being listed. */
	if (!e->unsupported && !e->track_must && !e->rec)
		e->stop = true;
}

/* enum_leaf for a cage enumerated BY_VALUES. */
static void enum_leaf_values(struct engine *s)
{
	struct enum_ctx *e = &s->e;

	if (!leaf_supports(s))
		return;
	if (e->track_must)
		e->track_must = must_by_values(s);
	if (!e->unsupported && !e->track_must && !e->rec)
		e->stop = true;
}

/* Candidates for position i (not the last) given what is chosen before
 * it.  acc is the running sum (+ and -), the remaining quotient (*) or
 * the running product (/); mx the largest value chosen so far. */
static inline __attribute__((always_inline)) dom_t
enum_filter(const struct engine *s, cdok_op op, int i, dom_t avail,
	    int64_t acc, int64_t mx)
{
	const struct enum_ctx *e = &s->e;
	int64_t t = e->c.target, vmax = s->vmax;
	dom_t ok = 0;

	switch (op) {
	case CDOK_OP_ADD: {
		int64_t rem = t - acc;

		return avail & range_mask(s, rem - e->maxsum[i + 1],
					  rem - e->minsum[i + 1]);
	}
	case CDOK_OP_MUL:
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);

			if (v > 0 && acc % v == 0 &&
			    acc / v <= e->maxprod[i + 1] &&
			    acc / v >= e->minprod[i + 1])
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_SUB:
		/* The largest value minus the sum of the others is t (with
		 * values >= 0 only a largest value can be the minuend), so
		 * the others' sum can never exceed vmax - t. */
		if (t > vmax)
			return 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (acc + v - m <= vmax - t)
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_DIV:
		/* The largest value is t times the product of the others,
		 * so that product can never exceed vmax / t. */
		if (t < 1 || t > vmax)
			return 0;
		for (dom_t a = avail; a; a &= a - 1) {
			int v = low_value(a);
			int64_t m = v > mx ? v : mx;

			if (v > 0 && acc * v <= (vmax / t) * m)
				ok |= BIT(v);
		}
		return ok;
	case CDOK_OP_ANY:
		/* Never walked as such: enumerate walks each of its
		 * operations in turn. */
		break;
	}
	return 0;
}

/* What position i's groups hold so far (kinds: the puzzle's kinds of
 * unit, a constant in each enumeration instance). */
static inline __attribute__((always_inline)) foot_t
enum_used(const struct enum_ctx *e, int i, int kinds)
{
	const int *g = e->grp + i * NKINDS;
	foot_t used = 0;

	for (int j = 0; j < kinds; j++)
		used |= e->used[g[j]];
	return used;
}

/* The last position: the clue leaves it at most two values (what the
 * sum or product still needs; for - and / the value that is the largest
 * or the one that keeps mx the largest), so they are tested one by one
 * rather than through sets.  Most steps of an enumeration end here. */
static inline __attribute__((always_inline)) void
enum_last(struct engine *s, cdok_op op, bool distinct, int kinds,
	  int64_t acc, int64_t mx)
{
	struct enum_ctx *e = &s->e;
	int64_t t = e->c.target, vmax = s->vmax, cand[2] = {0, 0};
	foot_t used = BY_VALUES(distinct) ? 0 : enum_used(e, e->k - 1, kinds);
	int ncand = 0;

	switch (op) {
	case CDOK_OP_ADD:
		cand[ncand++] = t - acc;
		break;
	case CDOK_OP_MUL:
		cand[ncand++] = acc;
		break;
	case CDOK_OP_SUB:
		if (t > vmax)
			break;
		if (t + acc >= mx)               /* v is the largest */
			cand[ncand++] = t + acc;
		if (2 * mx - acc - t <= mx)      /* mx stays the largest */
			cand[ncand++] = 2 * mx - acc - t;
		break;
	case CDOK_OP_DIV:
		if (t < 1 || t > vmax)
			break;
		if (t * acc >= mx)               /* v is the largest */
			cand[ncand++] = t * acc;
		if (mx > 0 && (mx * mx) % (t * acc) == 0 &&
		    mx * mx / (t * acc) <= mx)   /* mx stays the largest */
			cand[ncand++] = mx * mx / (t * acc);
		break;
	case CDOK_OP_ANY:                /* never walked (enum_filter) */
		break;
	}
	/* Both candidates are mx when mx alone meets the clue. */
	if (ncand == 2 && cand[0] == cand[1])
		ncand = 1;
	for (int j = 0; j < ncand && !e->stop; j++) {
		int64_t v = cand[j];

		if (v < s->vmin || v > s->vmax || !(e->d[e->k - 1] >> v & 1) ||
		    (foot_of(s, (int)v) & used) ||
		    (distinct && (e->usedvals >> v & 1)))
			continue;
		e->val[e->k - 1] = (int)v;
		if (BY_VALUES(distinct))
			enum_leaf_values(s);
		else
			enum_leaf(s);
	}
}

/* The candidates of position i (not the last) given the values before
 * it: its domain, less what clashes in its groups (or, in a distinct
 * cage, the values taken), less what the clue rules out. */
static inline __attribute__((always_inline)) dom_t
enum_avail(const struct engine *s, cdok_op op, bool distinct, int kinds,
	   int i, int64_t acc, int64_t mx)
{
	const struct enum_ctx *e = &s->e;
	dom_t avail = e->d[i];

	if (!BY_VALUES(distinct))
		avail &= ~clash_of(s, enum_used(e, i, kinds));
	if (distinct)
		avail &= ~e->usedvals;
	return enum_filter(s, op, i, avail, acc, mx);
}

/* What position i's value v adds to (on) or takes from (off) the groups
 * it is in and the values taken. */
static inline __attribute__((always_inline)) void
enum_take(struct engine *s, bool distinct, int kinds, int i, int v, bool on)
{
	struct enum_ctx *e = &s->e;
	const int *g = e->grp + i * NKINDS;
	foot_t f = foot_of(s, v), *used = e->used;

	/* Footprints in one group are disjoint, so taking off undoes
	 * exactly what was added. */
	for (int j = 0; j < kinds && !BY_VALUES(distinct); j++)
		used[g[j]] = on ? used[g[j]] | f : used[g[j]] & ~f;
	if (distinct)
		e->usedvals = on ? e->usedvals | BIT(v) : e->usedvals & ~BIT(v);
}

/* The enumeration of a cage with operation op (distinct: its values all
 * differ), made once per pair and number of kinds so that the clue's
 * tests fold: depth first over positions 0..k-2, values in increasing
 * order, with the last position's value(s) worked out from the clue
 * (enum_last).  acc0 is acc at the start (enum_filter).  Steps are
 * counted as a recursive walk would make calls, one to start and one
 * per value tried at positions 0..k-2, and the walk stops when they
 * run out (aborted) or a leaf says so (stop); the groups need no
 * clearing then (enumerate starts them afresh). */
static inline __attribute__((always_inline)) void
enum_walk(struct engine *s, cdok_op op, bool distinct, int kinds,
	  int64_t acc0)
{
	struct enum_ctx *e = &s->e;
	const int last = e->k - 1;
	dom_t cand[ENUM_MAX_CELLS];
	int64_t acc[ENUM_MAX_CELLS], mx[ENUM_MAX_CELLS];
	int i = 0;

	if (--e->budget < 0) {
		e->aborted = e->stop = true;
		return;
	}
	if (last == 0) {
		enum_last(s, op, distinct, kinds, acc0, 0);
		return;
	}
	acc[0] = acc0;
	mx[0] = 0;
	cand[0] = enum_avail(s, op, distinct, kinds, 0, acc0, 0);
	for (;;) {
		int64_t na, nm;
		int v;

		if (!cand[i]) {
			if (!i)
				return;
			i--;
			enum_take(s, distinct, kinds, i, e->val[i], false);
			continue;
		}
		v = low_value(cand[i]);
		cand[i] &= cand[i] - 1;
		if (--e->budget < 0) {
			e->aborted = e->stop = true;
			return;
		}
		e->val[i] = v;
		enum_take(s, distinct, kinds, i, v, true);
		switch (op) {
		case CDOK_OP_ADD:
		case CDOK_OP_SUB:
			na = acc[i] + v;
			break;
		case CDOK_OP_MUL:
			na = acc[i] / v;
			break;
		default:
			na = acc[i] * v;
			break;
		}
		nm = v > mx[i] ? v : mx[i];
		if (i + 1 == last) {
			enum_last(s, op, distinct, kinds, na, nm);
			if (e->stop)
				return;
			enum_take(s, distinct, kinds, i, v, false);
			continue;
		}
		i++;
		acc[i] = na;
		mx[i] = nm;
		cand[i] = enum_avail(s, op, distinct, kinds, i, na, nm);
	}
}

#define ENUM_WALK_OF(name, op, distinct, kinds)				\
	static void name(struct engine *s, int64_t acc0)		\
	{								\
		enum_walk(s, op, distinct, kinds, acc0);		\
	}
/* Per operation, distinctness and kinds of unit (2: rows and columns,
 * 3: boxes too; the engine's third kind, when it has one, is otherwise
 * a group of its own that no cell shares). */
#define ENUM_WALKS_OF(kinds, sfx)					\
	ENUM_WALK_OF(enum_add##sfx, CDOK_OP_ADD, false, kinds)		\
	ENUM_WALK_OF(enum_add_d##sfx, CDOK_OP_ADD, true, kinds)		\
	ENUM_WALK_OF(enum_sub##sfx, CDOK_OP_SUB, false, kinds)		\
	ENUM_WALK_OF(enum_sub_d##sfx, CDOK_OP_SUB, true, kinds)		\
	ENUM_WALK_OF(enum_mul##sfx, CDOK_OP_MUL, false, kinds)		\
	ENUM_WALK_OF(enum_mul_d##sfx, CDOK_OP_MUL, true, kinds)		\
	ENUM_WALK_OF(enum_div##sfx, CDOK_OP_DIV, false, kinds)		\
	ENUM_WALK_OF(enum_div_d##sfx, CDOK_OP_DIV, true, kinds)
ENUM_WALKS_OF(2, 2)
#if ENGINE_KINDS > 2
ENUM_WALKS_OF(3, 3)
#endif
#undef ENUM_WALKS_OF
#undef ENUM_WALK_OF

/* The instances for one number of kinds. */
#define ENUM_DISPATCH(sfx)						\
	switch (e->c.op) {						\
	case CDOK_OP_ADD:						\
		(d ? enum_add_d##sfx : enum_add##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_SUB:						\
		(d ? enum_sub_d##sfx : enum_sub##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_MUL:						\
		(d ? enum_mul_d##sfx : enum_mul##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_DIV:						\
		(d ? enum_div_d##sfx : enum_div##sfx)(s, acc0);		\
		break;							\
	case CDOK_OP_ANY:						\
		break;							\
	}

/* Enumerate the cage set up in s->e through the instance for its
 * operation and the puzzle's kinds of unit. */
static void enum_run(struct engine *s, int64_t acc0)
{
	const struct enum_ctx *e = &s->e;
	bool d = e->c.distinct;

#if ENGINE_KINDS > 2
	if (s->nkinds > 2) {
		ENUM_DISPATCH(3)
		return;
	}
#endif
	ENUM_DISPATCH(2)
}
#undef ENUM_DISPATCH

/* What the cheap reasoning knows of a cage's total: the sum of its
 * values (+, -) or their product (*, /).  Each cell lies between its
 * lowest and highest value (plain); and m cells of one unit, or of a
 * distinct cage, hold m different values of their domains' union, so
 * at least its m smallest and at most its m largest (by units).  The
 * plain bounds are exact once every cell is decided; the ones by units
 * reach the cages too large to enumerate, where a row of nine cells
 * adds to at least 45 whatever its cells' lowest values say.  A
 * product's upper bound is INT64_MAX when it may be that large or
 * more. */
struct cage_totals {
	int64_t plain_lo, plain_hi, unit_lo, unit_hi;
	int high;             /* the largest value any cell may hold */
	int low;              /* the largest of the cells' lowest values */
};

/* The m smallest (top false) or largest values of u, added or
 * multiplied; false when u has fewer than m values. */
static bool unit_extreme(dom_t u, int m, bool product, bool top,
			 int64_t *out)
{
	int64_t x = product;

	if (popc(u) < m)
		return false;
	for (int i = 0; i < m; i++) {
		int v = top ? high_value(u) : low_value(u);

		u &= ~BIT(v);
		x = product ? sat_mul(x, v) : x + v;
	}
	*out = x;
	return true;
}

/* The bounds by units of one group of cells (a unit's, or the whole
 * distinct cage's), added into t; false when its cells cannot all
 * differ. */
static bool unit_bounds_add(struct cage_totals *t, dom_t u, int m,
			    bool product)
{
	int64_t lo, hi;

	if (!unit_extreme(u, m, product, false, &lo) ||
	    !unit_extreme(u, m, product, true, &hi))
		return false;
	t->unit_lo = product ? sat_mul(t->unit_lo, lo) : t->unit_lo + lo;
	t->unit_hi = product ? sat_mul(t->unit_hi, hi) : t->unit_hi + hi;
	return true;
}

/* Fill t for cage c under dom: the plain bounds, and the best of the
 * bounds by rows, by columns, by boxes and (for a distinct cage) by the
 * cage itself.  False when some unit's cells cannot all differ. */
static bool cage_totals(struct engine *s, const dom_t *dom,
			const struct cage_info *c, bool product,
			struct cage_totals *t)
{
	int64_t one = product;

	t->plain_lo = t->plain_hi = one;
	t->unit_lo = one;
	t->unit_hi = product ? INT64_MAX : INT64_MAX / 2;
	t->high = s->vmin;
	t->low = s->vmin;
	for (int i = 0; i < c->ncells; i++) {
		dom_t d = dom[c->cells[i]];
		int lo = low_value(d), hi = high_value(d);

		t->plain_lo = product ? sat_mul(t->plain_lo, lo)
				      : t->plain_lo + lo;
		t->plain_hi = product ? sat_mul(t->plain_hi, hi)
				      : t->plain_hi + hi;
		if (hi > t->high)
			t->high = hi;
		if (lo > t->low)
			t->low = lo;
	}
	for (int kind = 0; kind <= s->nkinds; kind++) {
		struct cage_totals k = {0, 0, one, one, 0, 0};

		if (kind == s->nkinds) {
			/* The whole cage, when its values all differ. */
			dom_t u = 0;

			if (!c->distinct)
				break;
			for (int i = 0; i < c->ncells; i++)
				u |= dom[c->cells[i]];
			if (!unit_bounds_add(&k, u, c->ncells, product))
				return false;
		} else {
			for (int i = 0; i < c->ncells; i++) {
				int un = s->cell_units[c->cells[i] * NKINDS +
						       kind];

				s->unit_union[un] = 0;
				s->unit_count[un] = 0;
			}
			for (int i = 0; i < c->ncells; i++) {
				int un = s->cell_units[c->cells[i] * NKINDS +
						       kind];

				s->unit_union[un] |= dom[c->cells[i]];
				s->unit_count[un]++;
			}
			/* Each unit once: its count is cleared once added. */
			for (int i = 0; i < c->ncells; i++) {
				int un = s->cell_units[c->cells[i] * NKINDS +
						       kind];

				if (!s->unit_count[un])
					continue;
				if (!unit_bounds_add(&k, s->unit_union[un],
						     s->unit_count[un],
						     product))
					return false;
				s->unit_count[un] = 0;
			}
		}
		if (k.unit_lo > t->unit_lo)
			t->unit_lo = k.unit_lo;
		if (k.unit_hi < t->unit_hi)
			t->unit_hi = k.unit_hi;
	}
	return true;
}

/* a / b rounded up, for b > 0 and a >= 0. */
static inline int64_t div_up(int64_t a, int64_t b)
{
	return a / b + (a % b != 0);
}

/* The total's range that the clue allows, given t; false when it is
 * empty.  -: the largest value minus the others is the target, so the
 * sum is twice the largest less the target; /: the largest over the
 * others' product, so the product is the largest squared over the
 * target. */
static bool total_range(const struct cage_info *c, const struct cage_totals *t,
			int64_t *lo, int64_t *hi)
{
	int64_t x = c->target;

	*lo = *hi = x;          /* + and *: the target itself */
	switch (c->op) {
	case CDOK_OP_ADD:
	case CDOK_OP_MUL:
		break;
	case CDOK_OP_SUB:
		*lo = 2 * (int64_t)t->low - x;
		*hi = 2 * (int64_t)t->high - x;
		break;
	case CDOK_OP_DIV:
		*lo = div_up((int64_t)t->low * t->low, x);
		*hi = (int64_t)t->high * t->high / x;
		break;
	case CDOK_OP_ANY:               /* not asked (cage_total_bounds) */
		*lo = INT64_MIN;
		*hi = INT64_MAX;
		break;
	}
	if (t->plain_lo > *lo)
		*lo = t->plain_lo;
	if (t->unit_lo > *lo)
		*lo = t->unit_lo;
	if (t->plain_hi < *hi)
		*hi = t->plain_hi;
	if (t->unit_hi < *hi)
		*hi = t->unit_hi;
	return *lo <= *hi;
}

/* Narrow a large cage's cells by its total (total_range): each value
 * lies between that range less what the others can add (their sum), or
 * over what they can multiply (their product).  A ratio of a positive
 * target has no 0 (Nylimb values include it); cage_bounds has taken
 * 0 out of a product already. */
static bool cage_total_bounds(struct engine *s, dom_t *dom,
			      const struct cage_info *c)
{
	bool product = c->op == CDOK_OP_MUL || c->op == CDOK_OP_DIV;
	struct cage_totals t;
	int64_t lo, hi;

	/* A hidden operator's total may be a sum or a product: no bound
	 * on either, so no reasoning here (the final check decides). */
	if (c->target < (product ? 1 : 0) || c->op == CDOK_OP_ANY)
		return true;
	if (c->op == CDOK_OP_DIV)
		for (int i = 0; i < c->ncells; i++)
			if (!narrow(s, dom, c->cells[i],
				    dom[c->cells[i]] & ~BIT(0)))
				return false;
	if (!cage_totals(s, dom, c, product, &t))
		return false;
	if (!total_range(c, &t, &lo, &hi))
		return false;
	for (int i = 0; i < c->ncells; i++) {
		int cell = c->cells[i];
		dom_t d = dom[cell];
		int64_t vlo = low_value(d), vhi = high_value(d);
		int64_t olo, ohi, from, to;

		if (!product) {
			olo = t.plain_lo - vlo;
			if (t.unit_lo - vhi > olo)
				olo = t.unit_lo - vhi;
			ohi = t.plain_hi - vhi;
			if (t.unit_hi - vlo < ohi)
				ohi = t.unit_hi - vlo;
			from = lo - ohi;
			to = hi - olo;
		} else {
			/* The others' product: a saturated bound above
			 * says nothing. */
			olo = t.plain_lo / vlo;
			if (div_up(t.unit_lo, vhi) > olo)
				olo = div_up(t.unit_lo, vhi);
			ohi = t.plain_hi == INT64_MAX ? INT64_MAX
						       : t.plain_hi / vhi;
			if (t.unit_hi != INT64_MAX && t.unit_hi / vlo < ohi)
				ohi = t.unit_hi / vlo;
			from = ohi == INT64_MAX ? s->vmin : div_up(lo, ohi);
			to = olo < 1 ? s->vmax : hi / olo;
		}
		if (!narrow(s, dom, cell, d & range_mask(s, from, to)))
			return false;
	}
	return true;
}

/* The cheap reasoning for a cage too large or too loose to enumerate:
 * a product's values divide its target; and a cage too large to
 * enumerate at all, or a sum whose target is past its tables, is
 * narrowed by its total.  A smaller cage has its enumeration or its
 * table, which do that and more: the totals at a product cage's first
 * look at the root (root_cheap) would cost more than they remove
 * (keen_9e_05's solve: 113.3 k instructions, 120.5 k with them). */
static bool cage_bounds(struct engine *s, dom_t *dom,
			const struct cage_info *c)
{
	if (c->op == CDOK_OP_MUL) {
		for (int i = 0; i < c->ncells; i++) {
			int cell = c->cells[i];
			dom_t ok = 0;

			for (dom_t a = dom[cell]; a; a &= a - 1) {
				int v = low_value(a);

				if (v > 0 && c->target % v == 0)
					ok |= a & -a;
			}
			if (!narrow(s, dom, cell, ok))
				return false;
		}
	}
	if (c->ncells <= ENUM_MAX_CELLS && c->op != CDOK_OP_ADD)
		return true;
	return cage_total_bounds(s, dom, c);
}

/* Words of a bit table of the sums 0..t. */
static inline size_t sum_words(int64_t t)
{
	return (size_t)(t / 64) + 1;
}

/* dst |= src << shift, both tables of w words (bits past the last word
 * fall off). */
static void or_shifted(uint64_t *dst, const uint64_t *src, int64_t shift,
		       size_t w)
{
	size_t q = (size_t)(shift / 64);
	unsigned r = (unsigned)(shift % 64);

	for (size_t j = w; j-- > q;) {
		uint64_t x = src[j - q] << r;

		if (r && j > q)
			x |= src[j - q - 1] >> (64 - r);
		dst[j] |= x;
	}
}

static inline bool has_sum(const uint64_t *table, int64_t x)
{
	return table[x / 64] >> (x % 64) & 1;
}

/* Whether sum_supports can take the cage (its tables are sized for
 * this). */
static inline bool sum_table_fits(const struct cage_info *c)
{
	return c->op == CDOK_OP_ADD && c->ncells <= ENUM_MAX_CELLS &&
	       c->target <= SUM_TABLE_MAX;
}

/* dst |= src >> shift, both tables of w words. */
static void or_shifted_down(uint64_t *dst, const uint64_t *src,
			    int64_t shift, size_t w)
{
	size_t q = (size_t)(shift / 64);
	unsigned r = (unsigned)(shift % 64);

	for (size_t j = 0; j + q < w; j++) {
		uint64_t x = src[j + q] >> r;

		if (r && j + q + 1 < w)
			x |= src[j + q + 1] << (64 - r);
		dst[j] |= x;
	}
}

/* Whether (a << shift) and b, tables of w words, have a bit in common. */
static bool meet_shifted(const uint64_t *a, int64_t shift, const uint64_t *b,
			 size_t w)
{
	size_t q = (size_t)(shift / 64);
	unsigned r = (unsigned)(shift % 64);

	for (size_t j = q; j < w; j++) {
		uint64_t x = a[j - q] << r;

		if (r && j > q)
			x |= a[j - q - 1] >> (64 - r);
		if (x & b[j])
			return true;
	}
	return false;
}

/* Sum cages with too many assignments to enumerate: keep a value only if
 * the other cells can make up the rest of the target from their
 * domains.  Two runs of bit tables, built by shifting: fwd[i], the sums
 * cells 0..i-1 can reach; need[i], the sums of cells 0..i-1 that cells
 * i..k-1 can complete to the target.  Value v of cell i stays when some
 * x in fwd[i] has x + v in need[i + 1].  That costs cells x values x
 * (target / 64) word operations.  It ignores the rule that cells
 * sharing a unit differ, so it removes less than the enumeration, which
 * takes over once the domains shrink. */
static bool sum_supports(struct engine *s, dom_t *dom,
			 const struct cage_info *c)
{
	int k = c->ncells;
	int64_t t = c->target;
	size_t w, k1 = (size_t)k + 1;
	uint64_t *fwd, *need;

	if (t < 0 || t > (int64_t)k * s->vmax)
		return false;
	w = sum_words(t);
	s->work += (uint64_t)k * w * ((uint64_t)s->vmax + 1) * 2;
	if (w == 1) {
		/* Sums up to 63: one word a table, on the stack.  A value
		 * above the target (Nylimb's go up to 99) takes part in no
		 * sum, and would shift a word too far. */
		uint64_t f1[ENUM_MAX_CELLS + 1], n1[ENUM_MAX_CELLS + 1];
		dom_t upto = ((BIT(t) << 1) - 1);

		f1[0] = 1;
		for (int i = 0; i < k; i++) {
			uint64_t x = 0;

			for (dom_t a = dom[c->cells[i]] & upto; a; a &= a - 1)
				x |= f1[i] << low_value(a);
			f1[i + 1] = x;
		}
		if (!(f1[k] >> t & 1))
			return false;
		n1[k] = (uint64_t)1 << t;
		for (int i = k - 1; i > 0; i--) {
			uint64_t x = 0;

			for (dom_t a = dom[c->cells[i]] & upto; a; a &= a - 1)
				x |= n1[i + 1] >> low_value(a);
			n1[i] = x;
		}
		for (int i = 0; i < k; i++) {
			dom_t keep = 0;

			for (dom_t a = dom[c->cells[i]] & upto; a; a &= a - 1)
				if ((f1[i] << low_value(a)) & n1[i + 1])
					keep |= a & -a;
			if (!narrow(s, dom, c->cells[i], keep))
				return false;
		}
		return true;
	}
	fwd = s->sums;
	need = fwd + k1 * w;
	memset(fwd, 0, 2 * k1 * w * sizeof(uint64_t));
	fwd[0] = 1;
	for (int i = 0; i < k; i++)
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			or_shifted(fwd + (size_t)(i + 1) * w,
				   fwd + (size_t)i * w, low_value(a), w);
	if (!has_sum(fwd + (size_t)k * w, t))
		return false;
	need[(size_t)k * w + (size_t)(t / 64)] = (uint64_t)1 << (t % 64);
	for (int i = k - 1; i > 0; i--)
		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			or_shifted_down(need + (size_t)i * w,
					need + (size_t)(i + 1) * w,
					low_value(a), w);
	for (int i = 0; i < k; i++) {
		dom_t keep = 0;

		for (dom_t a = dom[c->cells[i]]; a; a &= a - 1)
			if (meet_shifted(fwd + (size_t)i * w, low_value(a),
					 need + (size_t)(i + 1) * w, w))
				keep |= a & -a;
		if (!narrow(s, dom, c->cells[i], keep))
			return false;
	}
	return true;
}

/* The reasoning for a cage too large or too loose to enumerate. */
static bool cage_cheap(struct engine *s, dom_t *dom,
		       const struct cage_info *c)
{
	if (sum_table_fits(c))
		return sum_supports(s, dom, c);
	return cage_bounds(s, dom, c);
}

/* The enumeration's rough cost: the product of the domain sizes (the
 * largest left out with ENUM_SPACE_SKIP_LARGEST), computed up to a
 * little past ENUM_SPACE. */
static uint64_t enum_space(const dom_t *dom, const struct cage_info *c)
{
	uint64_t space = 1;
	int big = 0;

	for (int i = 0; i < c->ncells && space <= ENUM_SPACE; i++) {
		int cnt = popc(dom[c->cells[i]]);

		if (ENUM_SPACE_SKIP_LARGEST && cnt > big) {
			space *= (uint64_t)(big ? big : 1);
			big = cnt;
		} else {
			space *= (uint64_t)cnt;
		}
	}
	return space;
}

/* enum_walk's acc at the start for a cage with operation op. */
static inline int64_t acc_start(cdok_op op, int64_t target)
{
	return op == CDOK_OP_MUL ? target : op == CDOK_OP_DIV ? 1 : 0;
}

/* Enumerate the cage's valid assignments under dom into s->e, taking at
 * most budget steps: per position the supported values (sup), and per
 * group what every assignment puts there beyond what the unit rule
 * already has (must & ~known, when track_must stays set).  Positions
 * are the cage's cells, most constrained first (pos).  Nothing is
 * narrowed here. */
static void enumerate(struct engine *s, const dom_t *dom, int ci, long budget)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;
	int k = c->ncells;
	dom_t divides;
	bool empty = false;

	/* The most constrained cells first: pruning bites earlier and the
	 * last cell's value is usually forced. */
	for (int i = 0; i < k; i++) {
		int j = i;
		int cnt = popc(dom[c->cells[i]]);

		while (j > 0 && popc(dom[c->cells[e->pos[j - 1]]]) > cnt) {
			e->pos[j] = e->pos[j - 1];
			j--;
		}
		e->pos[j] = i;
	}
	e->c = *c;
	e->k = k;
	e->usedvals = 0;
	e->unsupported = 0;
	divides = ~(dom_t)0;
	for (int g = 0; g < c->ngroups; g++) {
		e->used[g] = 0;
		e->must[g] = foot_all(s);
		e->known[g] = 0;
	}
	/* A product's cells hold divisors of its target only. */
	if (c->op == CDOK_OP_MUL && c->target > 0 && s->vmin > 0) {
		divides = 0;
		for (int v = s->vmin; v <= s->vmax; v++)
			if (c->target % v == 0)
				divides |= BIT(v);
	}
	for (int i = 0; i < k; i++) {
		int p = e->pos[i];
		int cell = c->cells[p];
		foot_t r = cell_req(s, dom, cell);

		e->d[i] = dom[cell] & divides;
		e->sup[i] = 0;
		e->unsupported += popc(e->d[i]);
		if (!e->d[i])
			empty = true;
		for (int j = 0; j < NKINDS; j++) {
			int g = c->groups[p * NKINDS + j];

			e->grp[i * NKINDS + j] = g;
			/* What the unit rule already takes from the unit. */
			e->known[g] |= r;
		}
	}
	/* A cell left without a divisor supports nothing: the cage has no
	 * assignment, and the walk below needs a value in every cell.  A
	 * single-cell cage places nothing the unit rule would miss. */
	e->track_must = k > 1;
	e->budget = budget;
	e->stop = e->aborted = false;
	e->found = 0;
	if (empty)
		return;
	e->minsum[k] = e->maxsum[k] = 0;
	e->minprod[k] = e->maxprod[k] = 1;
	for (int i = k - 1; i >= 0; i--) {
		int lo = low_value(e->d[i]), hi = high_value(e->d[i]);

		e->minsum[i] = e->minsum[i + 1] + lo;
		e->maxsum[i] = e->maxsum[i + 1] + hi;
		e->minprod[i] = sat_mul(e->minprod[i + 1], lo);
		e->maxprod[i] = sat_mul(e->maxprod[i + 1], hi);
	}
	if (c->op != CDOK_OP_ANY) {
		enum_run(s, acc_start(c->op, c->target));
	} else {
		/* A hidden operator: the layouts of each operation it may
		 * stand for, one walk each, into the same supports and
		 * musts (a layout two operations make is found twice,
		 * which changes neither; a table lists it twice, which is
		 * harmless).  A walk ends with its groups and values as
		 * it found them, unless it stopped the enumeration. */
		for (int i = 0; i < 4 && !e->stop; i++) {
			if (!(c->ops >> i & 1))
				continue;
			e->c.op = cdok_ops_nth(i);
			enum_run(s, acc_start(e->c.op, c->target));
		}
		e->c.op = CDOK_OP_ANY;
	}
	s->work += (uint64_t)(budget - (e->budget > 0 ? e->budget : 0));
}

/* Narrow the cage's cells to their supported values and keep the rest of
 * each unit clear of what every assignment puts into it. */
static bool apply_enumeration(struct engine *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;

	for (int i = 0; i < e->k; i++)
		if (!narrow(s, dom, c->cells[e->pos[i]], e->d[i] & e->sup[i]))
			return false;
	if (!e->track_must)
		return true;
	for (int g = 0; g < c->ngroups; g++) {
		foot_t m = e->must[g] & ~e->known[g];
		const int *cells;
		dom_t out;

		if (!m)
			continue;
		out = clash_of(s, m);
		cells = s->unit_cells + (size_t)c->group_unit[g] * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (!in_cage(s, ci, cell) && (dom[cell] & out) &&
			    !narrow(s, dom, cell, dom[cell] & ~out))
				return false;
		}
	}
	return true;
}

/* ------------------------------------------------------------------ */
/* Two-cell cages                                                      */

#if PAIR_CAGES
/* The partners of x in a two-cell cage: the values y with x op y (in
 * either order) meeting the clue, y != x (the two cells are neighbours,
 * so they share a row or a column). */
static inline dom_t pair_partners(const struct engine *s, cdok_op op,
				  int64_t t, int x)
{
	dom_t y = 0;

	switch (op) {
	case CDOK_OP_ADD:
		if (t >= (int64_t)x + s->vmin && t <= (int64_t)x + s->vmax)
			y = BIT(t - x);
		break;
	case CDOK_OP_SUB:
		/* t can be any 64-bit target: compare without overflow. */
		if (t >= 0 && t <= x - s->vmin)
			y |= BIT(x - t);
		if (t >= 0 && t <= s->vmax - x)
			y |= BIT(x + t);
		break;
	case CDOK_OP_MUL:
		if (x > 0 && t % x == 0 && t / x <= s->vmax && t / x >= s->vmin)
			y = BIT(t / x);
		break;
	case CDOK_OP_DIV:
		if (t >= 1 && x > 0) {
			if (t <= s->vmax / x)
				y |= BIT((int64_t)x * t);
			if (x % t == 0 && x / t >= s->vmin)
				y |= BIT(x / t);
		}
		break;
	case CDOK_OP_ANY:               /* pair_partners_any */
		break;
	}
	return y & ~BIT(x);
}

/* The partners of x in a two-cell cage with a hidden operator:
 * whichever operation makes the target (a pair may be any). */
static dom_t pair_partners_any(const struct engine *s, int64_t t, int x)
{
	return pair_partners(s, CDOK_OP_ADD, t, x) |
	       pair_partners(s, CDOK_OP_SUB, t, x) |
	       pair_partners(s, CDOK_OP_MUL, t, x) |
	       pair_partners(s, CDOK_OP_DIV, t, x);
}

/* A two-cell cage: each value keeps a partner in the other cell, and
 * what every fitting pair puts into the unit (or units) the two cells
 * share leaves the rest of it.  Exactly what the enumeration finds, in
 * a handful of word operations. */
static inline __attribute__((always_inline)) void
pair_scan(const struct engine *s, cdok_op op, int64_t t, dom_t da, dom_t db,
	  dom_t *ka, dom_t *kb, dom_t *must)
{
	for (dom_t x = da; x; x &= x - 1) {
		int v = low_value(x);
		dom_t y = (op == CDOK_OP_ANY ? pair_partners_any(s, t, v)
					     : pair_partners(s, op, t, v)) &
			  db;

		if (!y)
			continue;
		*ka |= x & -x;
		*kb |= y;
		/* Every pair from v is {v, y}: what they share. */
		*must &= (x & -x) | (y & (y - 1) ? 0 : y);
	}
}

/* Bit v of d moved to t - v, for every v (bits below 0 fall off). */
static inline dom_t mirror(dom_t d, int64_t t)
{
	d = ((d >> 1) & 0x5555555555555555u) | ((d & 0x5555555555555555u) << 1);
	d = ((d >> 2) & 0x3333333333333333u) | ((d & 0x3333333333333333u) << 2);
	d = ((d >> 4) & 0x0f0f0f0f0f0f0f0fu) | ((d & 0x0f0f0f0f0f0f0f0fu) << 4);
	d = __builtin_bswap64(d);
	/* Bit v is at 63 - v now. */
	if (t < 0 || t > 126)
		return 0;
	return t <= 63 ? d >> (63 - t) : d << (t - 63);
}

/* pair_scan's answer for a sum or a difference, from whole value sets:
 * the partners of a's values are their mirror images about t (a sum;
 * the value t / 2 has itself only, which a cell sharing a unit may not
 * be) or their shifts by t either way (a difference; t > 0).  What every
 * pair puts in the shared unit is worked out from a's kept values when
 * they are few: a sum's pairs share no value once a has three or more
 * values, a difference's once a has four or more (a value's partners
 * lie t below and t above it). */
static inline __attribute__((always_inline)) void
pair_fast(const struct engine *s, cdok_op op, int64_t t, dom_t da, dom_t db,
	  dom_t *ka, dom_t *kb, dom_t *must)
{
	if (op == CDOK_OP_ADD) {
		dom_t self = t >= 0 && t % 2 == 0 && t / 2 <= s->vmax
			     ? BIT(t / 2) : 0;

		*ka = da & mirror(db, t) & ~self;
		*kb = db & mirror(da, t) & ~self;
	} else if (t > 0 && t < DOM_BITS) {
		*ka = da & (db << t | db >> t);
		*kb = db & (da << t | da >> t);
	} else {
		*ka = *kb = 0;
	}
	if (popc(*ka) <= (op == CDOK_OP_ADD ? 2 : 3)) {
		dom_t x = 0, y = 0;

		pair_scan(s, op, t, *ka, *kb, &x, &y, must);
	} else {
		*must = 0;
	}
}

/* pair_scan for any operation: a sum or a difference in a few word
 * operations (pair_fast), the others a loop over the values, one per
 * operation, each with its clue test inlined. */
static inline __attribute__((always_inline)) void
pair_fit(const struct engine *s, cdok_op op, int64_t t, dom_t da, dom_t db,
	 dom_t *ka, dom_t *kb, dom_t *must)
{
	switch (op) {
	case CDOK_OP_ADD:
		pair_fast(s, CDOK_OP_ADD, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_SUB:
		pair_fast(s, CDOK_OP_SUB, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_MUL:
		pair_scan(s, CDOK_OP_MUL, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_DIV:
		pair_scan(s, CDOK_OP_DIV, t, da, db, ka, kb, must);
		break;
	case CDOK_OP_ANY:
		pair_scan(s, CDOK_OP_ANY, t, da, db, ka, kb, must);
		break;
	}
}

static bool pair_propagate(struct engine *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	int a = c->cells[0], b = c->cells[1];
	dom_t da = dom[a], db = dom[b], ka = 0, kb = 0, must = ~(dom_t)0;

	pair_fit(s, c->op, c->target, da, db, &ka, &kb, &must);
	if (!narrow(s, dom, a, ka) || !narrow(s, dom, b, kb))
		return false;
	must &= ka | kb;
	/* Values the unit rule has already: the cells' own singles. */
	if (!(ka & (ka - 1)))
		must &= ~ka;
	if (!(kb & (kb - 1)))
		must &= ~kb;
	if (!must)
		return true;
	for (int kind = 0; kind < s->nkinds; kind++) {
		int u = s->cell_units[a * NKINDS + kind];
		const int *cells;

		if (u != s->cell_units[b * NKINDS + kind])
			continue;
		cells = s->unit_cells + (size_t)u * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (cell != a && cell != b && (dom[cell] & must) &&
			    !narrow(s, dom, cell, dom[cell] & ~must))
				return false;
		}
	}
	return true;
}
#endif

/* ------------------------------------------------------------------ */
/* Layout tables                                                       */

#if LAYOUT_TABLES
/* The last word of a trail entry: the table's number, and this bit
 * when the table was fresh (see table_propagate_w), which undo puts
 * back with the words. */
#define TRAIL_FRESH ((uint64_t)1 << 63)

/* Keep a table's live words for putting back when the search leaves
 * this node (once per node).  False when memory runs out. */
static bool table_save(struct engine *s, struct layout_table *t, int ti)
{
	size_t need = s->trail_top + 1 + (size_t)t->save;

	if (!s->node_id || t->saved == s->node_id)
		return true;
	if (need > s->trail_cap) {
		size_t cap = need * 2 + 64;
		uint64_t *tr = cdok_realloc(s->trail, cap * sizeof(uint64_t));

		if (!tr) {
			s->nomem = s->stop = true;
			return false;
		}
		s->trail = tr;
		s->trail_cap = cap;
	}
	/* An entry is the old words, then the table's number, so that
	 * entries come off from the top. */
	memcpy(s->trail + s->trail_top, s->live + t->live,
	       (size_t)t->save * sizeof(uint64_t));
	s->trail_top += (size_t)t->save;
	s->trail[s->trail_top++] = (uint64_t)ti |
				   (t->fresh ? TRAIL_FRESH : 0);
	t->saved = s->node_id;
	return true;
}

/* Put back every live word saved since the trail stood at mark. */
static void tables_undo(struct engine *s, size_t mark)
{
	while (s->trail_top > mark) {
		uint64_t top = s->trail[--s->trail_top];
		struct layout_table *t = &s->tables[top & ~TRAIL_FRESH];

		t->fresh = (top & TRAIL_FRESH) != 0;
		s->trail_top -= (size_t)t->save;
		memcpy(s->live + t->live, s->trail + s->trail_top,
		       (size_t)t->save * sizeof(uint64_t));
		t->saved = 0;
	}
}

/* The layouts of cage c's table (sup, w words a set, nvals values) that
 * fit dom: the live ones whose every cell value is in its domain, into
 * now. */
static inline __attribute__((always_inline)) void
table_fit(const struct cage_info *c, const uint64_t *sup, int w, int nvals,
	  const dom_t *dom, const uint64_t *live, uint64_t *now)
{
	uint64_t mask[LAYOUT_BIG / 64];

	memcpy(now, live, (size_t)w * sizeof(uint64_t));
	for (int p = 0; p < c->ncells; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;

		memset(mask, 0, (size_t)w * sizeof(uint64_t));
		for (dom_t a = dom[c->cells[p]]; a; a &= a - 1) {
			const uint64_t *b = row + (size_t)low_value(a) * (size_t)w;

			for (int j = 0; j < w; j++)
				mask[j] |= b[j];
		}
		for (int j = 0; j < w; j++)
			now[j] &= mask[j];
	}
}

/* Table t's sets of the layouts giving v to some cell of group g of its
 * cage c, for v = 0..nvals-1: a cell's own sets when the group is one
 * cell, else their union (gsup). */
static inline const uint64_t *group_sup(const struct engine *s,
					const struct cage_info *c,
					const struct layout_table *t, int g)
{
	uint64_t in = c->group_cells[g];
	size_t row = (size_t)(s->vmax + 1) * (size_t)t->words;

	if (!(in & (in - 1)))
		return s->arena + t->sup + (size_t)__builtin_ctzll(in) * row;
	return s->arena + t->gsup + (size_t)g * row;
}

/* Of vals, the values that every layout in live puts into a group of a
 * table's cage (its sets as group_sup gives them, w words a set): v is
 * when no live layout lacks it in all the group's cells. */
static inline __attribute__((always_inline)) dom_t
table_must(const uint64_t *row, int w, const uint64_t *live, dom_t vals,
	   unsigned short *res)
{
	dom_t must = 0;

	if (w == 1) {
		for (dom_t a = vals; a; a &= a - 1)
			if (!(live[0] & ~row[low_value(a)]))
				must |= a & -a;
		return must;
	}
	for (dom_t a = vals; a; a &= a - 1) {
		int v = low_value(a), j = res[v];
		const uint64_t *with = row + (size_t)v * (size_t)w;

		/* Where a live layout lacked v last time, it may still. */
		if (live[j] & ~with[j])
			continue;
		j = 0;
		while (j < w && !(live[j] & ~with[j]))
			j++;
		if (j == w)
			must |= a & -a;
		else
			res[v] = (unsigned short)j;
	}
	return must;
}

/* Whether some layout of live gives v to the cell whose sets are row,
 * looking first where one did last time (res). */
static inline __attribute__((always_inline)) bool
table_supports(const uint64_t *row, int w, const uint64_t *live, int v,
	       unsigned short *res)
{
	const uint64_t *b = row + (size_t)v * (size_t)w;
	int j;

	if (w == 1)
		return (b[0] & live[0]) != 0;
	j = res[v];
	if (b[j] & live[j])
		return true;
	for (j = 0; j < w; j++)
		if (b[j] & live[j]) {
			res[v] = (unsigned short)j;
			return true;
		}
	return false;
}

/* Bring a tabled cage to consistency: drop the layouts a cell's domain
 * no longer allows, keep in each cell the values some live layout gives
 * it, and keep the rest of each unit clear of the values every live
 * layout puts there.  The same answers as the enumeration, in word
 * operations. */
static inline __attribute__((always_inline)) bool
table_propagate_w(struct engine *s, dom_t *dom, int ci, int w)
{
	const struct cage_info *c = &s->cages[ci];
	struct layout_table *t = &s->tables[c->table];
	int nvals = s->vmax + 1, k = c->ncells;
	uint64_t *live, any = 0;
	const uint64_t *sup = s->arena + t->sup;
	dom_t keeps[LAYOUT_MAX_CELLS];
	uint64_t now[LAYOUT_BIG / 64], lost = 0, mask[LAYOUT_BIG / 64];
	const uint64_t *from;
	unsigned char *seen;
	unsigned short *res;

	live = s->live + t->live;
	seen = (unsigned char *)(live + w);
	res = (unsigned short *)(void *)(s->arena + t->res);
	/* The live layouts give each cell a value of its seen domain, so
	 * those that no longer fit are the ones giving a cell a value its
	 * domain has lost since: only the cells that changed are looked
	 * at, through the fewer of their lost and their kept values.  The
	 * layouts so far are read from live until the first change, then
	 * from now. */
	from = live;
	for (int p = 0; p < k; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;
		dom_t d = dom[c->cells[p]], was, gone, a;

		memcpy(&was, seen + (size_t)p * sizeof(dom_t), sizeof(dom_t));
		gone = was & ~d;
		if (!gone)
			continue;
		s->work += (uint64_t)w * 8;
		if (popc(gone) <= popc(d)) {
			/* The layouts giving p a lost value go. */
			for (a = gone; a; a &= a - 1) {
				const uint64_t *b = row + (size_t)low_value(a) *
							  (size_t)w;

				for (int j = 0; j < w; j++)
					now[j] = from[j] & ~b[j];
				from = now;
			}
			continue;
		}
		/* Those giving it a kept value stay. */
		if (!d)
			return false;
		{
			const uint64_t *b = row + (size_t)low_value(d) *
						  (size_t)w;

			a = d & (d - 1);
			if (!a) {
				for (int j = 0; j < w; j++)
					now[j] = from[j] & b[j];
				from = now;
				continue;
			}
			{
				const uint64_t *b1 = row +
					(size_t)low_value(a) * (size_t)w;

				for (int j = 0; j < w; j++)
					mask[j] = b[j] | b1[j];
			}
		}
		for (a &= a - 1; a; a &= a - 1) {
			const uint64_t *b = row + (size_t)low_value(a) *
						  (size_t)w;

			for (int j = 0; j < w; j++)
				mask[j] |= b[j];
		}
		for (int j = 0; j < w; j++)
			now[j] = from[j] & mask[j];
		from = now;
	}
	if (from == live) {
		if (!t->fresh)
			return true;
		for (int j = 0; j < w; j++)
			now[j] = live[j];
	}
	for (int j = 0; j < w; j++) {
		any |= now[j];
		lost |= live[j] & ~now[j];
	}
	if (!any)
		return false;
	/* The same layouts as last time: every value still in a domain
	 * has the support it had, and what every layout puts in a unit
	 * has been cleared from it already.  The seen domains stay as
	 * they are (wider than the domains, which is allowed). */
	if (!lost && !t->fresh)
		return true;
	if (!table_save(s, t, c->table))
		return false;
	t->fresh = false;
	for (int j = 0; j < w; j++)
		live[j] = now[j];
	for (int p = 0; p < k; p++) {
		const uint64_t *row = sup + (size_t)p * (size_t)nvals * (size_t)w;
		int cell = c->cells[p];
		dom_t keep = 0;

		for (dom_t a = dom[cell]; a; a &= a - 1)
			if (table_supports(row, w, live, low_value(a),
					   res + (size_t)p * (size_t)nvals))
				keep |= a & -a;
		if (!narrow(s, dom, cell, keep))
			return false;
		memcpy(seen + (size_t)p * sizeof(dom_t), &keep, sizeof(dom_t));
		keeps[p] = keep;
	}
	if (k < 2)
		return true;
	/* What every live layout puts into each unit (beyond the cage's
	 * decided cells) cannot be anywhere else in it: v is in every live
	 * layout when no live layout lacks it in all the group's cells. */
	for (int g = 0; g < c->ngroups; g++) {
		dom_t vals = 0, known = 0, must;
		const int *cells;
		uint64_t in = c->group_cells[g];

		/* A group of one cell puts there what the cell holds in
		 * every live layout: a value only when the cell has just
		 * one, which the unit rule takes from the rest already. */
		if (!(in & (in - 1)))
			continue;
		/* The group's values, and those its decided cells hold. */
		for (; in; in &= in - 1) {
			dom_t x = keeps[__builtin_ctzll(in)];

			vals |= x;
			if (!(x & (x - 1)))
				known |= x;
		}
		must = table_must(group_sup(s, c, t, g), w, live, vals & ~known,
				  res + (size_t)(k + g) * (size_t)nvals);
		if (!must)
			continue;
		cells = s->unit_cells + (size_t)c->group_unit[g] * (size_t)s->n;
		for (int i = 0; i < s->n; i++) {
			int cell = cells[i];

			if (!in_cage(s, ci, cell) && (dom[cell] & must) &&
			    !narrow(s, dom, cell, dom[cell] & ~must))
				return false;
		}
	}
	return true;
}

/* table_propagate_w for one-word tables (at most 64 layouts, most of
 * them), with the word loops folded, and for the others. */
static bool table_propagate(struct engine *s, dom_t *dom, int ci)
{
	int w = s->tables[s->cages[ci].table].words;

	return w == 1 ? table_propagate_w(s, dom, ci, 1)
		      : table_propagate_w(s, dom, ci, w);
}

/* Room to record cap layouts (s->rec).  False when memory runs out
 * (s->nomem). */
static bool rec_room(struct engine *s, int cap)
{
	if (cap > s->rec_cap) {
		free(s->rec);
		s->rec = cdok_malloc((size_t)cap * LAYOUT_MAX_CELLS);
		s->rec_cap = s->rec ? cap : 0;
		if (!s->rec) {
			s->nomem = true;
			return false;
		}
	}
	return true;
}

static bool table_build(struct engine *s, const dom_t *dom, int ci);

/* Record the layouts of cage ci under dom, up to cap of them, within
 * budget enumeration steps, and make its table.  False (and no table)
 * when there are more than cap, the enumeration ran out of steps, or
 * memory ran out (s->nomem). */
static bool table_make(struct engine *s, const dom_t *dom, int ci, int cap,
		       long budget)
{
	struct enum_ctx *e = &s->e;

	if (!rec_room(s, cap))
		return false;
	e->rec = s->rec;
	e->rec_max = cap;
	e->nrec = 0;
	enumerate(s, dom, ci, budget);
	e->rec = NULL;
	if (e->aborted)
		return false;
	return table_build(s, dom, ci);
}

/* Cage ci's table from the e->nrec layouts in s->rec, all of them those
 * that fit dom.  False (and no table) when memory runs out (s->nomem). */
static bool table_build(struct engine *s, const dom_t *dom, int ci)
{
	struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;
	struct layout_table *t;
	int nvals = s->vmax + 1;
	size_t words, need, span, res_words;
	uint64_t *arena;

	if (s->ntables == s->tables_cap) {
		int grow = s->tables_cap * 2 + 16;
		struct layout_table *tv = cdok_realloc(s->tables, (size_t)grow *
							 sizeof(*tv));

		if (!tv) {
			s->nomem = true;
			return false;
		}
		s->tables = tv;
		s->tables_cap = grow;
	}
	words = (size_t)(e->nrec + 63) / 64;
	if (!words)
		words = 1;
	/* The sets of the cells, of the groups, then the residues. */
	res_words = (((size_t)c->ncells + (size_t)c->ngroups) *
		     (size_t)nvals * sizeof(unsigned short) + 7) / 8;
	need = ((size_t)c->ncells + (size_t)c->ngroups) * (size_t)nvals *
	       words + res_words;
	arena = cdok_realloc(s->arena, (s->arena_words + need) *
				       sizeof(uint64_t));
	if (!arena) {
		s->nomem = true;
		return false;
	}
	s->arena = arena;
	span = words + (size_t)c->ncells * DOM_WORDS;
	if (s->nlive + span > s->live_cap) {
		size_t cap2 = (s->nlive + span) * 2 + 16;
		uint64_t *live = cdok_realloc(s->live, cap2 * sizeof(uint64_t));

		if (!live) {
			s->nomem = true;
			return false;
		}
		s->live = live;
		s->live_cap = cap2;
	}
	t = &s->tables[s->ntables];
	t->res = s->arena_words + need - res_words;
	t->words = (int)words;
	t->save = (int)span;
	t->live = s->nlive;
	t->sup = s->arena_words;
	t->saved = 0;
	t->fresh = true;
	memset(arena + s->arena_words, 0, need * sizeof(uint64_t));
	memset(s->live + t->live, 0, words * sizeof(uint64_t));
	/* Every layout fits the domains it was listed under. */
	for (int p = 0; p < c->ncells; p++)
		memcpy((unsigned char *)(s->live + t->live + words) +
		       (size_t)p * sizeof(dom_t), &dom[c->cells[p]],
		       sizeof(dom_t));
	{
		/* Locals, which the stores cannot alias. */
		uint64_t *sup = arena + t->sup, *live = s->live + t->live;
		const unsigned char *lay = s->rec;
		size_t k = (size_t)c->ncells, row = (size_t)nvals * words;

		for (int n = 0; n < e->nrec; n++, lay += k) {
			uint64_t bit = (uint64_t)1 << (n % 64);
			size_t at = (size_t)n / 64;

			live[at] |= bit;
			for (size_t p = 0; p < k; p++)
				sup[p * row + lay[p] * words + at] |= bit;
		}
	}
	t->gsup = t->sup + (size_t)c->ncells * (size_t)nvals * words;
	for (int g = 0; g < c->ngroups; g++) {
		uint64_t *dst = arena + t->gsup + (size_t)g * (size_t)nvals *
				words;

		/* A one-cell group uses its cell's sets (group_sup). */
		if (!(c->group_cells[g] & (c->group_cells[g] - 1)))
			continue;
		for (uint64_t in = c->group_cells[g]; in; in &= in - 1) {
			const uint64_t *src = arena + t->sup +
				(size_t)__builtin_ctzll(in) * (size_t)nvals *
				words;

			for (size_t j = 0; j < (size_t)nvals * words; j++)
				dst[j] |= src[j];
		}
	}
	s->arena_words += need;
	s->nlive += span;
	c->table = s->ntables++;
	return true;
}

/* The number of ways to fill the cage's cells from their domains, the
 * last left out (the clue fixes it), up to a little past
 * LAYOUT_ROOT_MAX. */
static uint64_t layout_space(const struct engine *s, const dom_t *dom,
			     const struct cage_info *c)
{
	uint64_t space = 1;
	dom_t divides = ~(dom_t)0;

	/* A product's cells can only hold divisors of its target. */
	if (c->op == CDOK_OP_MUL && c->target > 0) {
		divides = 0;
		for (int v = s->vmin > 1 ? s->vmin : 1; v <= s->vmax; v++)
			if (c->target % v == 0)
				divides |= BIT(v);
	}
	for (int i = 0; i + 1 < c->ncells && space <= LAYOUT_ROOT_MAX; i++)
		space *= (uint64_t)popc(dom[c->cells[i]] & divides);
	return space;
}

/* Whether a cage should try for a table: cages of 3..LAYOUT_MAX_CELLS
 * cells (two-cell cages have their own way), once while the root's
 * reasoning runs and once more after it (tables_after_root). */
static bool table_wanted(const struct engine *s, const struct cage_info *c,
			 int ci)
{
	return c->table < 0 && c->ncells >= 3 &&
	       c->ncells <= LAYOUT_MAX_CELLS && !s->tried[ci] &&
	       !(c->op == CDOK_OP_MUL && c->target == 0);
}

/* After the root's reasoning: tables for the cages still open that did
 * not get one while it ran (now that their domains are smaller), of up
 * to cap layouts found within budget steps; for the derived cages too
 * when derived is set. */
static bool tables_after_root(struct engine *s, const dom_t *root, int cap,
			      long budget, bool derived)
{
	for (int ci = 0; ci < s->ncages; ci++) {
		struct cage_info *c = &s->cages[ci];
		bool open = false;

		for (int i = 0; i < c->ncells && !open; i++)
			open = popc(root[c->cells[i]]) > 1;
		s->tried[ci] = false;
		if (open && table_wanted(s, c, ci) && !cage_implied(s, ci) &&
		    (derived || ci < s->nreal))
			table_make(s, root, ci, cap, budget);
		if (s->nomem)
			return false;
	}
	return true;
}
#else
static bool table_propagate(struct engine *s, dom_t *dom, int ci)
{
	(void)s;
	(void)dom;
	(void)ci;
	return true;
}

static bool tables_after_root(struct engine *s, const dom_t *root, int cap,
			      long budget, bool derived)
{
	(void)s;
	(void)root;
	(void)cap;
	(void)budget;
	(void)derived;
	return true;
}

static void tables_undo(struct engine *s, size_t mark)
{
	(void)s;
	(void)mark;
}
#endif

/* The sets of k (1..COMBO_MAX_CELLS) different values of lo..hi (lo >=
 * 0) adding up to t, into out (room for max), in increasing order: how
 * many, or -1 when there are more than max.  Depth first over the
 * values in increasing order, each position's range cut to what the
 * positions after it can still complete, the last one worked out. */
static int value_sets(int k, int64_t t, int lo, int hi, dom_t *out, int max)
{
	int cur[COMBO_MAX_CELLS], end[COMBO_MAX_CELLS];
	int rest[COMBO_MAX_CELLS];
	dom_t bits[COMBO_MAX_CELLS];
	int n = 0, i = 0, from = lo;

	if (t < (int64_t)k * lo || t > (int64_t)k * hi)
		return 0;
	rest[0] = (int)t;
	bits[0] = 0;
	for (;;) {
		/* Position i takes a value from `from` on, m follow it. */
		int m = k - 1 - i;

		if (!m) {
			if (rest[i] >= from && rest[i] <= hi) {
				if (n == max)
					return -1;
				out[n++] = bits[i] | BIT(rest[i]);
			}
		} else {
			/* The m after it add up to between m v + m (m + 1)
			 * / 2 and m hi - m (m - 1) / 2. */
			int low = rest[i] - (m * hi - m * (m - 1) / 2);

			cur[i] = low > from ? low : from;
			end[i] = (rest[i] - m * (m + 1) / 2) / (m + 1);
			if (cur[i] <= end[i])
				goto down;
		}
		/* Back to the last position with a value left. */
		do {
			if (--i < 0)
				return n;
		} while (++cur[i] > end[i]);
down:
		rest[i + 1] = rest[i] - cur[i];
		bits[i + 1] = bits[i] | BIT(cur[i]);
		from = cur[i] + 1;
		i++;
	}
}

/* The sets of values of a distinct sum cage of 3 to COMBO_MAX_CELLS
 * cells, made at its first look: whether it has some (at most
 * COMBO_MAX; more are not kept).  Memory running out sets s->nomem. */
static bool cage_combos(struct engine *s, struct cage_info *c)
{
	int n;

	if (c->ncombo >= 0)
		return c->ncombo > 0;
	c->ncombo = 0;
	if (s->ncombos + COMBO_MAX > s->combos_cap) {
		size_t cap = s->combos_cap * 2 + COMBO_MAX;
		dom_t *v = cdok_realloc(s->combos, cap * sizeof(dom_t));

		if (!v) {
			s->nomem = true;
			return false;
		}
		s->combos = v;
		s->combos_cap = cap;
	}
	n = value_sets(c->ncells, c->target, s->vmin, s->vmax,
		       s->combos + s->ncombos, COMBO_MAX);
	if (n <= 0)
		return false;
	c->combo = (int)s->ncombos;
	c->ncombo = n;
	s->ncombos += (size_t)n;
	return true;
}

/* Whether puzzle cage ci's next look at the root is a cheap one: a
 * distinct sum cage's sets of values (combo_propagate, when it has
 * them), or the first look of a Calcudoku sum or product cage that
 * would get a table. */
static bool root_cheap(const struct engine *s, int ci)
{
	const struct cage_info *c = &s->cages[ci];

	if (c->ncombo)
		return true;
#if LAYOUT_TABLES
	return table_wanted(s, c, ci) && !s->looked[ci] && ci < s->nreal &&
	       !c->distinct && (c->op == CDOK_OP_ADD || c->op == CDOK_OP_MUL);
#else
	return false;
#endif
}

/* Cage ci's full look is due once everything else is done (Q_FULL). */
static inline void schedule_full(struct engine *s, int ci)
{
	if (!s->full_due[ci]) {
		s->full_due[ci] = true;
		ring_push(&s->q[Q_FULL], ci);
	}
}

/* A distinct sum cage through its sets of values (c->combo): a set fits
 * when it holds the cage's decided values, has a value for every cell
 * and only values some cell can take.  The cells keep the values of the
 * sets that fit.  A value of every set that fits is in the cage: when
 * one cell alone can take it, it goes there; when the cells that can all
 * lie in one unit, it leaves the rest of that unit.  Weaker than the
 * enumeration (which cell takes which value of a set is not asked), at
 * a small part of its cost. */
static bool combo_propagate(struct engine *s, dom_t *dom, int ci)
{
	const struct cage_info *c = &s->cages[ci];
	const dom_t *sets = s->combos + c->combo;
	int k = c->ncells;
	dom_t d[COMBO_MAX_CELLS], any = 0, fixed = 0, fit = 0;
	dom_t every = ~(dom_t)0;

	for (int i = 0; i < k; i++) {
		d[i] = dom[c->cells[i]];
		any |= d[i];
		if (!(d[i] & (d[i] - 1))) {
			if (fixed & d[i])
				return false;
			fixed |= d[i];
		}
	}
	for (int j = 0; j < c->ncombo; j++) {
		dom_t set = sets[j];
		int i = 0;

		if ((set & fixed) != fixed || (set & ~any))
			continue;
		while (i < k && (d[i] & set))
			i++;
		if (i < k)
			continue;
		fit |= set;
		every &= set;
	}
	if (!fit)
		return false;
	/* When every cell can take every value of every set that fits,
	 * any order of a set is a layout: the cells' values and what every
	 * layout puts into the cage are all the enumeration would say. */
	{
		bool exact = true;

		for (int i = 0; i < k; i++) {
			exact = exact && (d[i] & fit) == fit;
			if (!narrow(s, dom, c->cells[i], d[i] & fit))
				return false;
		}
		if (!exact)
			schedule_full(s, ci);
	}
	for (dom_t a = every & ~fixed; a; a &= a - 1) {
		dom_t v = a & -a;
		uint64_t in = 0;

		for (int i = 0; i < k; i++)
			if (dom[c->cells[i]] & v)
				in |= (uint64_t)1 << i;
		if (!in)
			return false;
		if (!(in & (in - 1))) {
			if (!narrow(s, dom, c->cells[__builtin_ctzll(in)], v))
				return false;
			continue;
		}
		for (int g = 0; g < c->ngroups; g++) {
			const int *cells;

			if (in & ~c->group_cells[g])
				continue;
			cells = s->unit_cells + (size_t)c->group_unit[g] *
						(size_t)s->n;
			for (int i = 0; i < s->n; i++)
				if (!in_cage(s, ci, cells[i]) &&
				    (dom[cells[i]] & v) &&
				    !narrow(s, dom, cells[i], dom[cells[i]] & ~v))
					return false;
		}
	}
	return true;
}

/* The work of cage_propagate: its table when it has one; cheap
 * reasoning for a cage too large or too loose to enumerate, otherwise
 * the enumeration. */
static bool cage_consistency(struct engine *s, dom_t *dom, int ci, bool full)
{
	const struct cage_info *c = &s->cages[ci];
	struct enum_ctx *e = &s->e;

#if PAIR_CAGES
	if (c->pair)
		return pair_propagate(s, dom, ci);
#endif
	if (FOOT_IS_VALUE && c->ncells <= ENUM_MAX_CELLS) {
		/* Every cell decided: the clue holds or it does not.  (The
		 * unit rule has kept decided cells of a unit apart: it ran
		 * to its end before any cage.) */
		dom_t seen = 0, all = 0;
		int i;

		for (i = 0; i < c->ncells; i++) {
			dom_t d = dom[c->cells[i]];

			if (d & (d - 1))
				break;
			e->val[i] = low_value(d);
			seen |= all & d;
			all |= d;
		}
		if (i == c->ncells)
			return !(c->distinct && seen) &&
			       clue_met(c, e->val, i);
	}
	/* At the root a cage's full reasoning may wait until everything
	 * else is done (Q_FULL), when the domains are narrowest and its
	 * table, if it gets one, smallest.  Meanwhile a distinct sum cage
	 * has its sets of values (combo_propagate) at every look, and a
	 * Calcudoku sum or product cage that would get a table the cheap
	 * reasoning at its first.  The full look always comes before the
	 * root's reasoning ends, which so ends where it would without the
	 * cheap ones (the sets say nothing the full look does not). */
	if (!s->node_id && !full && root_cheap(s, ci)) {
		if (c->ncombo && cage_combos(s, &s->cages[ci]))
			return combo_propagate(s, dom, ci);
		if (s->nomem)
			return false;
		if (!c->ncombo) {
			s->looked[ci] = true;
			schedule_full(s, ci);
			return cage_cheap(s, dom, c);
		}
	}
#if LAYOUT_TABLES
	/* At the root, a cage small enough to list cheaply gets its table
	 * at its full look; the others wait for the root's reasoning to
	 * narrow them (tables_after_root). */
	if (!s->node_id && table_wanted(s, c, ci) &&
	    layout_space(s, dom, c) <= LAYOUT_ROOT_MAX) {
		s->tried[ci] = true;
		if (!table_make(s, dom, ci, LAYOUT_ROOT_MAX, LAYOUT_BUDGET) &&
		    s->nomem)
			return false;
	}
#endif
	if (c->table >= 0)
		return table_propagate(s, dom, ci);
	if (ci >= s->nreal && c->ncells > DERIVED_MAX_CELLS)
		return cage_cheap(s, dom, c);
	if (c->ncells > ENUM_MAX_CELLS)
		return cage_cheap(s, dom, c);
	if ((ENUM_SPACE_ALL || c->op == CDOK_OP_ADD) &&
	    enum_space(dom, c) > ENUM_SPACE) {
		if (!cage_cheap(s, dom, c))
			return false;
		if (!ENUM_AFTER_CHEAP || enum_space(dom, c) > ENUM_SPACE)
			return true;
	}
	enumerate(s, dom, ci, ENUM_BUDGET);
	if (e->aborted)
		/* Out of budget: if every candidate already has a support
		 * there is nothing to remove; otherwise the cheap way. */
		return e->unsupported == 0 || cage_cheap(s, dom, c);
	if (!e->found)
		return false;
	return apply_enumeration(s, dom, ci);
}

/* Bring one cage to consistency with the current domains (full: with
 * its full reasoning, see cage_consistency). */
static bool cage_propagate(struct engine *s, dom_t *dom, int ci, bool full)
{
	const struct cage_info *c = &s->cages[ci];
	bool ok;

	/* A product of 0 (the model refuses it, but the engine need not
	 * depend on that) gets no reasoning; the final check decides. */
	/* So does a hidden one of 0 that may be a product where a value
	 * may be 0 (Nylimb): its product walk would miss those.  (The
	 * target first: it is rarely 0.) */
	if (c->target == 0 &&
	    (c->op == CDOK_OP_MUL ||
	     (c->op == CDOK_OP_ANY && s->vmin == 0 && (c->ops & CDOK_OPS_MUL))))
		return true;
	/* The cage is being brought to consistency right now: changes to
	 * its own cells need not queue it again. */
	s->queued[ci] = true;
	ok = cage_consistency(s, dom, ci, full);
	s->queued[ci] = false;
	return ok;
}

/* Run all reasoning to a fixed point: the unit rule's cheap part first,
 * a cage only when that is done, the rule's costly part when no cage is
 * waiting.  Returns false on a contradiction; either way the work lists
 * are empty afterwards. */
static bool propagate(struct engine *s, dom_t *dom)
{
	for (;;) {
		enum step r = units_cheap(s, dom);
		bool full;
		int ci;

		if (r == STEP_FAIL)
			break;
		if (r == STEP_AGAIN)
			continue;
		full = false;
		if (s->q[Q_CHEAP].count) {
			ci = ring_pop(&s->q[Q_CHEAP]);
		} else if (s->q[Q_LIGHT].count) {
			ci = ring_pop(&s->q[Q_LIGHT]);
		} else if (s->q[Q_COSTLY].count) {
			/* The costlier cages once the cheap ones are done:
			 * their domains are narrower by then. */
			ci = ring_pop(&s->q[Q_COSTLY]);
		} else if (s->q[Q_FULL].count) {
			ci = ring_pop(&s->q[Q_FULL]);
			s->full_due[ci] = false;
			full = true;
		} else {
			r = units_full(s, dom);
			if (r == STEP_FAIL)
				break;
			if (r == STEP_AGAIN || s->q[Q_CHEAP].count)
				continue;
			if (!s->q[Q_DERIVED].count)
				return true;
			/* The sums the units imply, last: they seldom say
			 * what the cages have not. */
			ci = ring_pop(&s->q[Q_DERIVED]);
		}
		if (!full)
			s->queued[ci] = false;
		if (!cage_propagate(s, dom, ci, full)) {
			weigh_cage(s, ci);
			break;
		}
	}
	reset_work(s);
	return false;
}

/* ------------------------------------------------------------------ */
/* Search                                                              */

static dom_t *level(struct engine *s, int depth)
{
	if (depth >= s->nlevels) {
		int want = depth + 8;
		dom_t **l = cdok_realloc(s->levels, (size_t)want * sizeof(*l));

		if (!l)
			return NULL;
		for (int i = s->nlevels; i < want; i++)
			l[i] = NULL;
		s->levels = l;
		s->nlevels = want;
	}
	if (!s->levels[depth])
		s->levels[depth] = cdok_malloc(s->level_bytes);
	return s->levels[depth];
}

/* Whether the grid in s->values is reported for the first time: a run
 * of search_root that may be cut short remembers what it reports, and
 * the runs after it report none of that again.  (Runs cut short find
 * few solutions: the first two stages stop after ESCALATE_NODES and
 * ESCALATE_BIG_NODES nodes, and a restarted run is never cut once it
 * has found one.) */
static bool seen_before(struct engine *s)
{
	size_t nc = (size_t)s->ncells;

	if (s->nseen) {
		for (size_t i = 0; i < s->nseen; i++) {
			const unsigned char *g = s->seen + i * nc;
			size_t j = 0;

			while (j < nc && g[j] == s->values[j])
				j++;
			if (j == nc)
				return true;
		}
	}
	/* Only a stage that may be cut short has a successor to tell. */
	if (!s->cut_at)
		return false;
	if (s->nseen == s->seen_cap) {
		size_t cap = s->seen_cap * 2 + 4;
		unsigned char *v = cdok_realloc(s->seen, cap * nc);

		if (!v) {
			s->nomem = s->stop = true;
			return true;
		}
		s->seen = v;
		s->seen_cap = cap;
	}
	for (size_t j = 0; j < nc; j++)
		s->seen[s->nseen * nc + j] = (unsigned char)s->values[j];
	s->nseen++;
	return false;
}

/* Report the grid in s->values if the checker accepts it. */
static void report_values(struct engine *s)
{
	/* Belt and braces: only a grid that the plain checker accepts is
	 * ever reported, whatever the reasoning did. */
	if (!cdok_puzzle_is_solution(s->puzzle, s->values))
		return;
	if (seen_before(s))
		return;
	if (s->count == 0 && s->solution_out)
		memcpy(s->solution_out, s->values,
		       (size_t)s->ncells * sizeof(int));
	s->count++;
	/* Restarts (the last stage) only look for a first solution: the
	 * run that finds it goes on to the end. */
	if (s->stage >= 2)
		s->cut_at = 0;
	if (s->on_solution && s->on_solution(s->user, s->values))
		s->stop = true;
	if (s->limit && s->count >= s->limit)
		s->stop = true;
}

/* Swap two rows (or columns) of s->values. */
static void swap_lines(struct engine *s)
{
	int n = s->n;

	for (int i = 0; i < n; i++) {
		int a = s->swap_rows ? s->swap_a * n + i : i * n + s->swap_a;
		int b = s->swap_rows ? s->swap_b * n + i : i * n + s->swap_b;
		int t = s->values[a];

		s->values[a] = s->values[b];
		s->values[b] = t;
	}
}

/* A solution is in s->values: report it, and its twin with two free
 * lines swapped when there is one. */
static void found_values(struct engine *s)
{
	report_values(s);
	/* Two free lines that may trade places: the swapped grid is a
	 * second solution, and the only question asked was whether one
	 * exists (see find_free_lines). */
	if (s->swap_a >= 0 && s->count == 1 && !s->stop) {
		swap_lines(s);
		report_values(s);
		s->stop = true;
	}
}

static void found_solution(struct engine *s, const dom_t *dom)
{
	for (int i = 0; i < s->ncells; i++)
		s->values[i] = low_value(dom[i]);
	found_values(s);
}

/* The branching cell: the undecided cell with the fewest candidates per
 * unit of failure weight of its cage and units (dom/wdeg), skipping
 * deferred cells when skip is set.  -1 when every cell considered is
 * decided. */
static int pick_branch(const struct engine *s, const dom_t *dom, bool skip,
		       int *count)
{
	int best = -1, best_count = 0;
	uint64_t best_weight = 1;

	for (int i = 0; i < s->ncells; i++) {
		int cnt = popc(dom[i]);
		uint64_t w;

		if (cnt < 2 || (skip && s->deferred[i]))
			continue;
		/* 1 + the weights of its units and its cage. */
		w = 1 + (uint64_t)s->wcell[i];
		if (best < 0 || (uint64_t)cnt * best_weight <
				(uint64_t)best_count * w) {
			best = i;
			best_count = cnt;
			best_weight = w;
		}
	}
	*count = best_count;
	return best;
}

#if NOGOODS
/* Cell has just been fixed (to the one value its domain holds): each
 * nogood watching it whose condition there now holds looks for another
 * condition that does not yet, and watches that; one that finds none
 * has every condition holding, so its cell x loses the values r. */
static bool nogood_fixed(struct engine *s, dom_t *dom, int cell)
{
	int v = low_value(dom[cell]), *link = &s->ng_head[cell];

	while (*link >= 0) {
		int gi = *link, j;
		struct nogood *g = &s->ng[gi];
		const int *l = s->ng_lits + 2 * (size_t)g->start;

		if (l[2 * g->watch + 1] != v) {
			link = &g->next;
			continue;
		}
		for (j = 0; j < g->len; j++)
			if (dom[l[2 * j]] != BIT(l[2 * j + 1]))
				break;
		if (j < g->len) {
			/* Conditions are on distinct cells, so j's is
			 * another cell's list. */
			*link = g->next;
			g->watch = j;
			g->next = s->ng_head[l[2 * j]];
			s->ng_head[l[2 * j]] = gi;
			continue;
		}
		if (!narrow(s, dom, g->x, dom[g->x] & ~g->r))
			return false;
		link = &g->next;
	}
	return true;
}

/* Room for one more nogood of len conditions; false when memory or
 * NOGOOD_MAX_LITS runs out (nogoods are only a help). */
static bool nogood_room(struct engine *s, int len)
{
	if (s->nlits + (size_t)len > NOGOOD_MAX_LITS)
		return false;
	if (!s->ng_head) {
		s->ng_head = cdok_malloc((size_t)s->ncells * sizeof(int));
		if (!s->ng_head)
			return false;
		for (int i = 0; i < s->ncells; i++)
			s->ng_head[i] = -1;
	}
	if (s->nng == s->ng_cap) {
		int cap = s->ng_cap * 2 + 64;
		struct nogood *g = cdok_realloc(s->ng, (size_t)cap *
						   sizeof(*g));

		if (!g)
			return false;
		s->ng = g;
		s->ng_cap = cap;
	}
	if (s->nlits + (size_t)len > s->lits_cap) {
		size_t cap = (s->nlits + (size_t)len) * 2 + 256;
		int *l = cdok_realloc(s->ng_lits, 2 * cap * sizeof(int));

		if (!l)
			return false;
		s->ng_lits = l;
		s->lits_cap = cap;
	}
	return true;
}

/* The search is being cut short at depth, no solution found so far: at
 * each depth i above, the values of the decision's cell below the one
 * being tried were each tried in full, and gave no solution.  So no
 * solution has the decisions above i and one of those values: a nogood
 * for each i, which the later runs of the search (search_root) use, so
 * that no subtree is refuted twice.  One whose every condition holds at
 * the root (none at depth 0) narrows the root instead. */
static void record_nogoods(struct engine *s, int depth)
{
	const dom_t *root = s->levels[0];

	for (int i = 0; i < depth; i++) {
		dom_t r = s->path_tried[i];
		int watch = -1;
		struct nogood *g;

		if (!r)
			continue;
		for (int j = 0; j < i && watch < 0; j++)
			if (root[s->path_cell[j]] != BIT(s->path_val[j]))
				watch = j;
		if (watch < 0) {
			if (s->nroot == s->root_cap) {
				int cap = s->root_cap * 2 + 16;
				int *x = cdok_realloc(s->root_x, (size_t)cap *
							 sizeof(int));
				dom_t *rr;

				if (!x)
					return;
				s->root_x = x;
				rr = cdok_realloc(s->root_r, (size_t)cap *
							 sizeof(dom_t));
				if (!rr)
					return;
				s->root_r = rr;
				s->root_cap = cap;
			}
			s->root_x[s->nroot] = s->path_cell[i];
			s->root_r[s->nroot++] = r;
			continue;
		}
		if (!nogood_room(s, i))
			return;
		g = &s->ng[s->nng];
		g->start = (int)s->nlits;
		g->len = i;
		g->x = s->path_cell[i];
		g->r = r;
		g->watch = watch;
		for (int j = 0; j < i; j++) {
			s->ng_lits[2 * s->nlits] = s->path_cell[j];
			s->ng_lits[2 * s->nlits + 1] = s->path_val[j];
			s->nlits++;
		}
		g->next = s->ng_head[s->path_cell[watch]];
		s->ng_head[s->path_cell[watch]] = s->nng++;
	}
}

/* The root's share of the nogoods: false when the root has no solution
 * left. */
static bool root_nogoods(struct engine *s, dom_t *root)
{
	bool ok = true;

	for (int i = 0; i < s->nroot && ok; i++)
		ok = narrow(s, root, s->root_x[i],
			    root[s->root_x[i]] & ~s->root_r[i]);
	s->nroot = 0;
	ok = ok && propagate(s, root);
	reset_work(s);
	return ok;
}
#endif

static void search(struct engine *s, int depth)
{
	dom_t *dom = s->levels[depth];
	dom_t *child, later, first;
	int best, best_count;

	s->nodes++;
#if LAYOUT_TABLES
	/* The tables of the cages the root left open come once the search
	 * has gone on for a while (search_root). */
	if (s->tables_due && s->nodes > TABLES_AFTER_NODES) {
		s->tables_due = false;
		if (!tables_after_root(s, s->levels[0], LAYOUT_MAX,
				       LAYOUT_BUDGET, s->nkinds < 3)) {
			s->nomem = s->stop = true;
			return;
		}
	}
#endif
	if (s->max_nodes && s->nodes > s->max_nodes) {
		s->gave_up = s->stop = true;
		return;
	}
	if (s->cut_at && s->nodes > s->cut_at) {
		s->cut = s->stop = true;
#if NOGOODS
		if (!s->count)
			record_nogoods(s, depth);
#endif
		return;
	}
	/* Ask the caller every 256 nodes, and sooner when nodes are slow
	 * (a million units of work is a few milliseconds). */
	if (s->on_progress && ((s->nodes & 255) == 0 ||
			       s->work - s->polled_work > 1000000)) {
		s->polled_work = s->work;
		if (s->on_progress(s->progress_user, s->nodes)) {
			s->gave_up = s->stop = true;
			return;
		}
	}
	/* Branch where the search has failed before (dom/wdeg): it is
	 * likely to fail there again, and failing early keeps the tree
	 * small.  Without this, random larger puzzles send a plain
	 * fewest-candidates search into huge dead subtrees (a 12 x 12
	 * measured at 246,000 nodes drops to 2,700).  Free lines wait until
	 * everything else is decided; then they are filled at once. */
	best = pick_branch(s, dom, s->deferred != NULL, &best_count);
	if (best < 0 && s->deferred) {
		if (units_complete(s, dom)) {
			found_values(s);
			return;
		}
		best = pick_branch(s, dom, false, &best_count);
	}
	if (best < 0) {
		found_solution(s, dom);
		return;
	}
	child = level(s, depth + 1);
	if (!child) {
		s->nomem = s->stop = true;
		return;
	}
	s->branches++;
	s->branch_score += (uint64_t)(best_count - 1) *
			   (uint64_t)(best_count - 1);
#if NOGOODS
	s->path_cell[depth] = best;
	s->path_tried[depth] = 0;
#endif
	/* Values in increasing order; a restarted run (search_root) starts
	 * from another one, so that it does not walk where the last run
	 * did. */
	later = dom[best];
	first = 0;
	if (s->rotate) {
		uint32_t h = (uint32_t)s->rotate * 2654435761u ^
			     (uint32_t)best * 40503u;

		for (int skip = (int)((h >> 16) % (uint32_t)best_count); skip;
		     skip--) {
			first |= later & -later;
			later &= later - 1;
		}
	}
	for (dom_t cand = later; !s->stop && (cand || first);
	     cand &= cand - 1) {
		size_t mark = s->trail_top;

		if (!cand) {
			cand = first;
			first = 0;
		}
#if NOGOODS
		s->path_val[depth] = low_value(cand);
#endif
		memcpy(child, dom, s->level_bytes);
		child[best] = cand & -cand;
		mark_cell(s, best);
		units_changed(s, best, child[best], true);
		s->node_id = ++s->nodes_made;
		if (propagate(s, child))
			search(s, depth + 1);
		tables_undo(s, mark);
#if NOGOODS
		s->path_tried[depth] |= cand & -cand;
#endif
	}
}

/* The search from the root, in at most three stages.  Most puzzles need
 * few nodes, and for them the sums the units imply are looked for
 * sparingly (single lines and boxes, at most DERIVED_MAX_CELLS cells).
 * A search still going after ESCALATE_NODES nodes is cut short, and
 * starts again from the root with the sums of up to DERIVED_WIDE_LINES
 * neighbouring lines and DERIVED_WIDE_CELLS cells: on random sum-only
 * grids they are what keeps the tree small (a 9 x 9 that took minutes
 * takes milliseconds), and their cost is paid only where it pays.  One
 * still going after ESCALATE_BIG_NODES starts again with layout tables
 * of up to LAYOUT_BIG layouts for the cages too loose for one so far
 * (cages of 5 to 7 cells whose enumeration ran out of steps and fell
 * back on bounds): worth their making only in a long search.  That last
 * stage is cut short and started again after RESTART_FIRST nodes, then
 * after RESTART_GROW percent as many as the run before, until it finds
 * a solution, keeping the failure weights: the search of a random
 * sum-only grid is heavy-tailed, a run that went wrong near the root
 * can take a hundred times the nodes of one that did not, and each new
 * run starts with better weights.  What a run cut short had refuted
 * is kept as nogoods (record_nogoods), so no later run refutes it
 * again. */
static void search_root(struct engine *s, dom_t *root)
{
	s->stage = 0;
	s->cut_at = DERIVED_SUMS ? ESCALATE_NODES : LAYOUT_TABLES ?
		    ESCALATE_BIG_NODES : 0;
#if NOGOODS
	/* A path is at most one decision per cell. */
	s->path_cell = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->path_val = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->path_tried = cdok_malloc((size_t)s->ncells * sizeof(dom_t));
	if (!s->path_cell || !s->path_val || !s->path_tried) {
		s->nomem = true;
		return;
	}
#endif
#if LAYOUT_TABLES
	/* The tables hold the layouts the root's reasoning left: fewer than
	 * at the start, and valid in the whole search below.  With boxes
	 * the derived cages wait for the next stage: 27 units give many,
	 * their tables are the largest (sums of five cells, a few hundred
	 * layouts each), and on a Killer puzzle whose search takes a few
	 * nodes they were up to a third of the solve (killer_ku_04: 1.06 M
	 * instructions with them, 0.84 M without).  Without boxes they
	 * stay: on the random sum-only 12 x 12s of bench/sum12, whose
	 * searches are long, leaving them out cost 14 % (24.0 s in all
	 * against 21.1 s).  When the root's reasoning has left most values
	 * in place (three quarters of all, on average: a random sum-only
	 * grid keeps nearly all) the search will be long and the tables
	 * come at once; otherwise once it passes TABLES_AFTER_NODES nodes
	 * (Keen's and Solo's puzzles keep at most two thirds, and search a
	 * few nodes: on the Extreme and Unreasonable 9 x 9s the tables were
	 * a quarter of the solve). */
	{
		uint64_t left = 0;

		for (int i = 0; i < s->ncells; i++)
			left += (uint64_t)popc(root[i]);
		if (4 * left > 3 * (uint64_t)s->ncells * (uint64_t)s->n) {
			if (!tables_after_root(s, root, LAYOUT_MAX,
					       LAYOUT_BUDGET, s->nkinds < 3))
				return;
		} else {
			s->tables_due = true;
		}
	}
#endif
	search(s, 0);
	while (s->cut) {
		s->cut = s->stop = false;
		s->stage++;
		s->node_id = 0;
		s->tables_due = false;
#if NOGOODS
		if (!root_nogoods(s, root))
			return;
#endif
		/* With the wider sums the failure weights start again too:
		 * what failed under the weaker reasoning misleads the
		 * stronger (on the random sum-only 9 x 9s, keeping them left
		 * a tail of 1.6 s against 0.17 s).  The larger tables keep
		 * them: they still point at the right places (on the random
		 * sum-only 12 x 12s of bench/sum12, 55 s in all against 74 s
		 * when they start again). */
		if (s->stage == 1) {
			memset(s->wcage, 0,
			       (size_t)s->ncages * sizeof(uint32_t));
			memset(s->wunit, 0,
			       (size_t)s->nunits * sizeof(uint32_t));
			memset(s->wcell, 0,
			       (size_t)s->ncells * sizeof(uint32_t));
		}
		if (s->stage == 1 && DERIVED_SUMS) {
			/* Wider derived sums, and the tables of the cages
			 * they narrowed. */
			s->cut_at = LAYOUT_TABLES ? ESCALATE_BIG_NODES : 0;
			if (!derive_sums(s, DERIVED_WIDE_CELLS,
					 DERIVED_WIDE_LINES)) {
				s->nomem = true;
				return;
			}
			if (!propagate(s, root) ||
			    !tables_after_root(s, root, LAYOUT_MAX, LAYOUT_BUDGET,
					       true))
				return;
		} else if (s->stage == 2) {
			/* Tables for the cages with too many layouts so
			 * far: a search this long pays for them.  Then the
			 * restarts. */
			s->restart_len = RESTART_FIRST;
			s->cut_at = RESTART_FIRST ? s->nodes + RESTART_FIRST : 0;
			if (!tables_after_root(s, root, LAYOUT_BIG,
					       LAYOUT_BIG_BUDGET, true))
				return;
		} else {
			/* Another run, longer than the last. */
			s->rotate = ROTATE_VALUES ? s->rotate + 1 : 0;
			s->restart_len = s->restart_len * RESTART_GROW / 100;
			s->cut_at = s->nodes + s->restart_len;
		}
		search(s, 0);
	}
}

/* ------------------------------------------------------------------ */
/* Set-up                                                              */

static void engine_free(struct engine *s)
{
	units_free(s);
	for (int i = 0; i < s->nlevels; i++)
		free(s->levels[i]);
	free(s->levels);
	free(s->deferred);
	free(s->tables);
	free(s->arena);
	free(s->live);
	free(s->trail);
	free(s->rec);
	free(s->derived);
	free(s->derived_cells);
	free(s->extra_start);
	free(s->extra);
	free(s->cblock);
	free(s->dblock);
	free(s->seen);
	free(s->combos);
	free(s->block);
	free(s->own_watch);
#if NOGOODS
	free(s->ng);
	free(s->ng_lits);
	free(s->ng_head);
	free(s->root_x);
	free(s->root_r);
	free(s->path_cell);
	free(s->path_val);
	free(s->path_tried);
#endif
}

/* The cage's local groups: one per unit it touches (cells of the cage in
 * one row, column or box must not clash). */
static void cage_info_init(struct engine *s, struct cage_info *ci,
			   const struct cdok_cage *c)
{
	int k = c->ncells;

	ci->op = c->op;
	ci->ops = cdok_clue_ops(c->op, c->ncells, s->puzzle->rules);
	ci->target = c->target;
	ci->ncells = k;
	ci->cells = c->cells;
	ci->distinct = c->distinct;
	ci->ngroups = 0;
	ci->table = -1;
	ci->combo = 0;
	/* Distinct sum cages get their sets of values at their first
	 * look (combo_propagate; -1: not yet). */
	ci->ncombo = FOOT_IS_VALUE && c->distinct && c->op == CDOK_OP_ADD &&
		     k >= 3 && k <= COMBO_MAX_CELLS ? -1 : 0;
	s->ustamp_now++;
	for (int i = 0; i < k; i++) {
		int *g = ci->groups + i * NKINDS;
		const int *units = s->cell_units + c->cells[i] * NKINDS;
		uint64_t bit = i < 64 ? (uint64_t)1 << i : 0;

		for (int kind = 0; kind < s->nkinds; kind++) {
			int u = units[kind];

			/* The unit's group in this cage, if it has one
			 * yet (ustamp says whether ugroup is this
			 * cage's). */
			if (s->ustamp[u] != s->ustamp_now) {
				s->ustamp[u] = s->ustamp_now;
				s->ugroup[u] = ci->ngroups;
				ci->group_cells[ci->ngroups] = 0;
				ci->group_unit[ci->ngroups++] = u;
			}
			g[kind] = s->ugroup[u];
			ci->group_cells[g[kind]] |= bit;
		}
		/* Boxes, when the puzzle lacks them, point at the row's
		 * group, which makes them harmless repeats. */
		if (s->nkinds < NKINDS)
			g[KIND_BOX] = g[KIND_ROW];
	}
	/* A pair in one row, column or box: different values, which is
	 * what pair_propagate counts on (a derived pair may lie apart). */
	ci->pair = k == 2 && ci->ngroups < 2 * s->nkinds;
}

/* Rows, columns and (with boxes) boxes as lists of cells. */
static void units_lists_init(struct engine *s, const cdok_puzzle *p)
{
	int n = s->n, cell = 0, filled[CDOK_MAX_SIZE] = {0};
	int br = p->box_rows, bc = p->box_cols;

	for (int r = 0; r < n; r++) {
		/* The box of the row's first cell; the next one starts bc
		 * columns on. */
		int box = br ? 2 * n + r / br * (n / bc) : 0, next = bc;

		for (int c = 0; c < n; c++, cell++) {
			int *u = s->cell_units + cell * NKINDS;
			uint64_t *bits = s->cell_bits + cell * NKINDS;

			if (br && c == next) {
				box++;
				next += bc;
			}
			u[KIND_ROW] = r;
			u[KIND_COL] = n + c;
			/* A kind the puzzle lacks: unit 0, no bits. */
			u[KIND_BOX] = br ? box : 0;
			bits[KIND_ROW] = (uint64_t)1 << r;
			bits[KIND_COL] = (uint64_t)1 << c;
			bits[KIND_BOX] = br ? (uint64_t)1 << (box - 2 * n) : 0;
			/* Each unit's list in reading order. */
			s->unit_cells[r * n + c] = cell;
			s->unit_cells[(n + c) * n + r] = cell;
			if (br)
				s->unit_cells[box * n + filled[box - 2 * n]++] =
					cell;
		}
	}
}

/* The enumeration's scratch for cages of up to k1 - 1 cells, in one
 * block (released by freeing e->d), widest members first so each is
 * aligned. */
static size_t enum_bytes(size_t k1)
{
	size_t g = k1 * NKINDS;

	return 2 * k1 * sizeof(dom_t) + 4 * k1 * sizeof(int64_t) +
	       3 * g * sizeof(foot_t) + (2 * k1 + g) * sizeof(int);
}

static void enum_carve(struct enum_ctx *e, size_t k1, char *b)
{
	size_t g = k1 * NKINDS;

	e->d = (dom_t *)(void *)b;
	e->sup = e->d + k1;
	e->minsum = (int64_t *)(void *)(e->sup + k1);
	e->maxsum = e->minsum + k1;
	e->minprod = e->maxsum + k1;
	e->maxprod = e->minprod + k1;
	e->used = (foot_t *)(void *)(e->maxprod + k1);
	e->must = e->used + g;
	e->known = e->must + g;
	e->pos = (int *)(void *)(e->known + g);
	e->val = e->pos + k1;
	e->grp = e->val + k1;
}

/* The model's cage, or the derived one, behind cage i. */
static inline const struct cdok_cage *cage_src(const struct engine *s, int i)
{
	return i < s->nreal ? &s->puzzle->cages[i]
			    : &s->derived[i - s->nreal];
}

/* Point cages from..to-1 at their group arrays, carved from store and
 * bits in turn. */
static void cages_point(struct engine *s, int from, int to, int *store,
			uint64_t *bits)
{
	for (int i = from; i < to; i++) {
		int k = cage_src(s, i)->ncells;

		s->cages[i].group_unit = store;
		s->cages[i].groups = store + (size_t)k * NKINDS;
		s->cages[i].group_cells = bits;
		store += 2 * (size_t)k * NKINDS;
		bits += (size_t)k * NKINDS;
	}
}

/* The per-cage arrays for ncap cages, in one new allocation that keeps
 * what the first s->ncages of them held (their facts, weights, whether
 * a table was tried; queues must be empty).  False when memory runs
 * out. */
static bool cages_alloc(struct engine *s, int ncap)
{
	size_t nc = (size_t)(ncap ? ncap : 1), at = 0, old = (size_t)s->ncages;
	struct cage_info *cages;
	int *q[NQUEUES];
	bool *queued, *full_due, *tried, *looked;
	uint32_t *wcage;
	char *b;

	/* Measured first, then carved: s keeps its arrays until the new
	 * block is there. */
	for (int pass = 0; pass < 2; pass++) {
		b = pass ? cdok_malloc(at) : NULL;
		if (pass && !b)
			return false;
		at = 0;
		cages = cdok_carve(b, &at, nc * sizeof(*cages));
		for (int i = 0; i < NQUEUES; i++)
			q[i] = cdok_carve(b, &at, nc * sizeof(int));
		queued = cdok_carve(b, &at, nc * sizeof(bool));
		full_due = cdok_carve(b, &at, nc * sizeof(bool));
		looked = cdok_carve(b, &at, nc * sizeof(bool));
		tried = cdok_carve(b, &at, nc * sizeof(bool));
		wcage = cdok_carve(b, &at, nc * sizeof(uint32_t));
	}
	/* The facts of each cage are set by cage_info_init (or copied
	 * below); the flags and weights start clear. */
	memset(queued, 0, nc * sizeof(bool));
	memset(full_due, 0, nc * sizeof(bool));
	memset(looked, 0, nc * sizeof(bool));
	memset(tried, 0, nc * sizeof(bool));
	memset(wcage, 0, nc * sizeof(uint32_t));
	if (s->cblock) {
		memcpy(cages, s->cages, old * sizeof(*cages));
		memcpy(tried, s->tried, old * sizeof(bool));
		memcpy(looked, s->looked, old * sizeof(bool));
		memcpy(wcage, s->wcage, old * sizeof(uint32_t));
		free(s->cblock);
	}
	for (int i = 0; i < NQUEUES; i++) {
		s->q[i].v = q[i];
		s->q[i].cap = (int)nc;
	}
	s->queued = queued;
	s->full_due = full_due;
	s->cblock = b;
	s->cages = cages;
	s->tried = tried;
	s->looked = looked;
	s->wcage = wcage;
	return true;
}

/* ------------------------------------------------------------------ */
/* Sums the units imply                                                */


#if DERIVED_SUMS
/* A sum being collected: its cells and target. */
struct derived_sum {
	int ncells, max;
	int cells[DERIVED_WIDE_CELLS];
	int64_t target;
	bool ok;
};

static void derived_add(struct derived_sum *d, int cell)
{
	if (d->ncells < d->max)
		d->cells[d->ncells] = cell;
	d->ncells++;
}

/* What derive_sums gathers: the sums kept, their cells. */
struct derived_list {
	struct cdok_cage *sums;
	int *start;           /* per sum: where its cells begin in cells */
	int *cells;
	int n, cap, ncells, cells_cap;
};

static inline bool same_cells(const int *a, const int *b, int n)
{
	for (int i = 0; i < n; i++)
		if (a[i] != b[i])
			return false;
	return true;
}

/* Keep a derived sum unless it is too large, says nothing (a sum of
 * every value of a unit) or is kept already. */
static bool derived_keep(struct engine *s, struct derived_list *l,
			 struct derived_sum *d)
{
	if (!d->ok || d->ncells < 1 || d->ncells > d->max ||
	    d->target < d->ncells || d->target > (int64_t)d->ncells * s->n)
		return true;
	/* At most DERIVED_WIDE_CELLS cells: an insertion sort. */
	for (int i = 1; i < d->ncells; i++) {
		int x = d->cells[i], j = i;

		for (; j > 0 && d->cells[j - 1] > x; j--)
			d->cells[j] = d->cells[j - 1];
		d->cells[j] = x;
	}
	for (int i = 0; i < l->n; i++)
		if (l->sums[i].ncells == d->ncells &&
		    l->sums[i].target == d->target &&
		    same_cells(l->cells + l->start[i], d->cells, d->ncells))
			return true;
	if (l->n == l->cap) {
		int cap = l->cap * 2 + 16;
		struct cdok_cage *v = cdok_realloc(l->sums,
						   (size_t)cap * sizeof(*v));
		int *st;

		if (!v)
			return false;
		l->sums = v;
		st = cdok_realloc(l->start, (size_t)cap * sizeof(int));
		if (!st)
			return false;
		l->start = st;
		l->cap = cap;
	}
	if (l->ncells + d->ncells > l->cells_cap) {
		int cap = l->cells_cap * 2 + 64;
		int *v = cdok_realloc(l->cells, (size_t)cap * sizeof(int));

		if (!v)
			return false;
		l->cells = v;
		l->cells_cap = cap;
	}
	memcpy(l->cells + l->ncells, d->cells, (size_t)d->ncells * sizeof(int));
	memset(&l->sums[l->n], 0, sizeof(l->sums[0]));
	l->sums[l->n].op = CDOK_OP_ADD;
	l->sums[l->n].target = d->target;
	l->sums[l->n].ncells = d->ncells;
	l->start[l->n] = l->ncells;
	l->ncells += d->ncells;
	l->n++;
	return true;
}

/* Whether a cell is in region (kind, a, len): rows or columns a..a+len-1
 * (kind 0, 1), or box a (kind 2). */
static inline bool region_has(const struct engine *s, int kind, int a,
			      int len, int cell)
{
	int n = s->n, line = kind == 0 ? cell / n : cell % n;

	if (kind == 2)
		return s->cell_units[cell * NKINDS + KIND_BOX] == 2 * n + a;
	return line >= a && line < a + len;
}

/* The sums a region of whole units implies.  Its cells hold every value
 * as often as it has units, so they add up to len * n(n + 1) / 2.  The
 * cages wholly inside it whose totals are known (sums, one-cell cages,
 * givens) leave the rest of its cells to make up the difference (the
 * "innies"); and when every cage that reaches into it is a sum, their
 * cells outside it make up what those cages exceed it by (the
 * "outies").  stamp marks the cages seen (by region number r). */
static bool derive_region(struct engine *s, struct derived_list *l,
			  int kind, int a, int len, int *stamp, int r,
			  int max_cells)
{
	const cdok_puzzle *p = s->puzzle;
	int n = s->n;
	int64_t total = (int64_t)len * n * (n + 1) / 2, known = 0, out = 0;
	struct derived_sum inn = {0, max_cells, {0}, 0, true};
	struct derived_sum outs = {0, max_cells, {0}, 0, true};

	for (int i = 0; i < len * n; i++) {
		/* The region's cells: along its lines, or the box. */
		int cell = kind == 0 ? (a + i / n) * n + i % n :
			   kind == 1 ? (i % n) * n + a + i / n :
			   s->unit_cells[(2 * n + a) * n + i];
		int ci = s->cage_of[cell];
		const struct cdok_cage *c;
		int inside = 0;
		bool sum;

		if (ci < 0) {
			if (cdok_has_given(p, cell)) {
				known += p->given[cell];
				out += p->given[cell];
			} else {
				derived_add(&inn, cell);
				outs.ok = false;
			}
			continue;
		}
		if (stamp[ci] == r)
			continue;
		stamp[ci] = r;
		c = &p->cages[ci];
		sum = c->op == CDOK_OP_ADD || c->ncells == 1;
		for (int j = 0; j < c->ncells; j++)
			inside += region_has(s, kind, a, len, c->cells[j]);
		if (sum)
			out += c->target;
		else
			outs.ok = false;
		if (inside == c->ncells && sum) {
			known += c->target;
			continue;
		}
		for (int j = 0; j < c->ncells; j++) {
			if (region_has(s, kind, a, len, c->cells[j]))
				derived_add(&inn, c->cells[j]);
			else
				derived_add(&outs, c->cells[j]);
		}
	}
	inn.target = total - known;
	outs.target = out - total;
	return derived_keep(s, l, &inn) && derived_keep(s, l, &outs);
}

/* The derived sums of the puzzle, added after its cages (cages nreal
 * and up, in the second queue, all queued), with per cell the derived
 * sums it is in.  Run once, at the root, when the reasoning without
 * them has not solved the puzzle.  False when memory runs out. */
static bool derive_sums(struct engine *s, int max_cells, int max_lines)
{
	struct derived_list l = {NULL, NULL, NULL, 0, 0, 0, 0};
	int n = s->n, r = 0, nd, *stamp, *fill, *store;
	uint64_t *bits;
	size_t groups = 0;
	bool ok = true;

	stamp = cdok_malloc((size_t)(s->nreal ? s->nreal : 1) * sizeof(int));
	if (!stamp)
		return false;
	for (int i = 0; i < s->nreal; i++)
		stamp[i] = -1;
	for (int kind = 0; kind < 2 && ok; kind++)
		for (int len = 1; len <= max_lines && len < n && ok; len++)
			for (int a = 0; a + len <= n && ok; a++)
				ok = derive_region(s, &l, kind, a, len, stamp,
						   r++, max_cells);
	for (int b = 0; s->nkinds > 2 && b < n && ok; b++)
		ok = derive_region(s, &l, 2, b, 1, stamp, r++, max_cells);
	free(stamp);
	/* Called again (search_root): the new list replaces the old. */
	free(s->derived);
	free(s->derived_cells);
	free(s->extra_start);
	free(s->extra);
	free(s->dblock);
	s->derived = NULL;
	s->derived_cells = NULL;
	s->extra_start = s->extra = NULL;
	s->dblock = NULL;
	s->ncages = s->nreal;
	nd = l.n;
	if (!ok || !nd) {
		free(l.sums);
		free(l.start);
		free(l.cells);
		return ok;
	}
	for (int i = 0; i < nd; i++) {
		l.sums[i].cells = l.cells + l.start[i];
		groups += (size_t)l.sums[i].ncells * NKINDS;
	}
	free(l.start);
	s->derived = l.sums;
	s->derived_cells = l.cells;
	s->extra_start = cdok_calloc((size_t)s->ncells + 1, sizeof(int));
	s->extra = cdok_malloc((size_t)l.ncells * sizeof(int));
	fill = cdok_malloc((size_t)s->ncells * sizeof(int));
	s->dblock = cdok_malloc(groups * (2 * sizeof(int) + sizeof(uint64_t)));
	if (!s->extra_start || !s->extra || !fill || !s->dblock ||
	    !cages_alloc(s, s->nreal + nd)) {
		free(fill);
		return false;
	}
	for (int i = 0; i < nd; i++)
		for (int j = 0; j < l.sums[i].ncells; j++)
			s->extra_start[l.sums[i].cells[j] + 1]++;
	for (int cell = 0; cell < s->ncells; cell++)
		s->extra_start[cell + 1] += s->extra_start[cell];
	memcpy(fill, s->extra_start, (size_t)s->ncells * sizeof(int));
	for (int i = 0; i < nd; i++)
		for (int j = 0; j < l.sums[i].ncells; j++)
			s->extra[fill[l.sums[i].cells[j]]++] = s->nreal + i;
	free(fill);
	s->ncages = s->nreal + nd;
	bits = s->dblock;
	store = (int *)(void *)(bits + groups);
	cages_point(s, s->nreal, s->ncages, store, bits);
	for (int i = s->nreal; i < s->ncages; i++) {
		struct cage_info *c = &s->cages[i];

		cage_info_init(s, c, cage_src(s, i));
		/* A sum whose cells all lie in one unit holds different
		 * values: enumerated by values, and through its sets of
		 * values at the root. */
		for (int g = 0; g < c->ngroups && !c->distinct; g++)
			if (c->ncells <= 64 &&
			    c->group_cells[g] == (~(uint64_t)0 >> (64 - c->ncells)))
				c->distinct = true;
		if (c->distinct && FOOT_IS_VALUE && c->ncells >= 3 &&
		    c->ncells <= COMBO_MAX_CELLS)
			c->ncombo = -1;
		enqueue_cage(s, i);
	}
	return true;
}
#else
static bool derive_sums(struct engine *s, int max_cells, int max_lines)
{
	(void)s;
	(void)max_cells;
	(void)max_lines;
	return true;
}
#endif



/* Lay the engine's fixed arrays out in block (NULL: only measure);
 * returns the bytes they take. */
static size_t engine_layout(struct engine *s, char *block, size_t k1,
			    size_t sums, size_t groups)
{
	size_t at = 0;
	size_t ncells = (size_t)s->ncells;
	int *group_store;
	uint64_t *group_bits;

	s->wcell = cdok_carve(block, &at, ncells * sizeof(uint32_t));
	s->wunit = cdok_carve(block, &at,
			      (size_t)(NKINDS * s->n) * sizeof(uint32_t));
	s->values = cdok_carve(block, &at, ncells * sizeof(int));
	s->unit_cells = cdok_carve(block, &at,
				   (size_t)s->nkinds * ncells * sizeof(int));
	s->cell_units = cdok_carve(block, &at, ncells * NKINDS * sizeof(int));
	s->cell_bits = cdok_carve(block, &at,
				  ncells * NKINDS * sizeof(uint64_t));
	s->ugroup = cdok_carve(block, &at,
			       (size_t)(NKINDS * s->n) * sizeof(int));
	s->unit_union = cdok_carve(block, &at,
				   (size_t)(NKINDS * s->n) * sizeof(dom_t));
	s->unit_count = cdok_carve(block, &at,
				   (size_t)(NKINDS * s->n) * sizeof(int));
	s->ustamp = cdok_carve(block, &at,
			       (size_t)(NKINDS * s->n) * sizeof(unsigned));
	group_store = cdok_carve(block, &at, 2 * groups * sizeof(int));
	group_bits = cdok_carve(block, &at, groups * sizeof(uint64_t));
	s->sums = sums ? cdok_carve(block, &at, sums * sizeof(uint64_t))
		       : NULL;
	{
		char *e = cdok_carve(block, &at, enum_bytes(k1));

		if (block)
			enum_carve(&s->e, k1, e);
	}
	if (block)
		cages_point(s, 0, s->ncages, group_store, group_bits);
	return at;
}

/* Whether cage c, made of whole units (m of them), holds whatever the
 * grid: every unit holds every value once, so its values are m copies
 * of them.  False with s->nomem set when memory runs out. */
static bool whole_units_hold(struct engine *s, const struct cage_info *c)
{
	int *v = cdok_malloc((size_t)c->ncells * sizeof(int)), i = 0;
	bool holds;

	if (!v) {
		s->nomem = true;
		return false;
	}
	while (i < c->ncells)
		for (dom_t a = s->valid; a && i < c->ncells; a &= a - 1)
			v[i++] = low_value(a);
	holds = clue_met(c, v, c->ncells);
	free(v);
	return holds;
}

/* Cages the unit rule keeps by itself: a cage of two or more cells that
 * are whole rows, whole columns or whole boxes, whose clue their values
 * meet in every filling (a row of a 60 x 60 as a +1830 cage).  It
 * decides nothing, yet its reasoning would run at every change to its
 * cells, and its cells would keep its lines from being free lines: a
 * 60 x 60 of such rows took 30 s to be found not unique.  Its cells are
 * left out of cage_watch.  A whole-unit cage whose clue no filling meets
 * makes the puzzle impossible (whole_fails; cages_possible says so).
 * Only where every unit holds every value: not in Nylimb mode.  False
 * when memory runs out. */
static bool cages_implied(struct engine *s)
{
	int n = s->n;

	if (popc(s->valid) != n)
		return true;
	for (int ci = 0; ci < s->nreal; ci++) {
		const struct cage_info *c = &s->cages[ci];
		int whole = 0, kind;

		if (c->ncells % n || c->ncells < 2)
			continue;
		for (kind = 0; kind < s->nkinds && !whole; kind++) {
			int m = 0;

			for (int g = 0; g < c->ngroups; g++)
				m += c->group_unit[g] / n == kind;
			if (m * n == c->ncells)
				whole = m;
		}
		if (!whole || (c->distinct && whole > 1))
			continue;
		if (!whole_units_hold(s, c)) {
			if (s->nomem)
				return false;
			if (s->whole_fails < 0) {
				s->whole_fails = ci;
				s->whole_units = whole;
				s->whole_kind = kind - 1;
			}
			continue;
		}
		if (!s->own_watch) {
			s->own_watch = cdok_malloc((size_t)s->ncells *
						   sizeof(int));
			if (!s->own_watch)
				return false;
			memcpy(s->own_watch, s->cage_of,
			       (size_t)s->ncells * sizeof(int));
			s->cage_watch = s->own_watch;
		}
		for (int i = 0; i < c->ncells; i++)
			s->own_watch[c->cells[i]] = -1;
	}
	return true;
}

static bool engine_init(struct engine *s, const cdok_puzzle *p)
{
	int maxk = 1;
	size_t sums = 0, groups = 0, bytes;

	memset(s, 0, sizeof(*s));
	s->puzzle = p;
	s->n = p->size;
	s->ncells = p->size * p->size;
	s->cage_of = s->cage_watch = p->cage_of;
	s->whole_fails = -1;
	s->ncages = s->nreal = p->ncages;
	s->swap_a = -1;
	s->level_bytes = (size_t)s->ncells * sizeof(dom_t);
	s->nkinds = p->box_rows ? 3 : 2;
	s->nunits = s->nkinds * s->n;
	if (DERIVED_SUMS) {
		/* Room for the derived sums the search may add, the wide
		 * ones of search_root too. */
		maxk = DERIVED_WIDE_CELLS;
		sums = (2 * (size_t)DERIVED_WIDE_CELLS + 3) *
		       sum_words((int64_t)DERIVED_WIDE_CELLS * s->n);
	}
	for (int i = 0; i < s->ncages; i++) {
		const struct cdok_cage *c = cage_src(s, i);

		if (c->ncells > maxk)
			maxk = c->ncells;
		groups += (size_t)c->ncells * NKINDS;
		/* sum_supports' tables: 2 (k + 1) + 1 rows of the sums up
		 * to the target. */
		if (c->op == CDOK_OP_ADD && c->ncells <= ENUM_MAX_CELLS &&
		    c->target >= 0 && c->target <= SUM_TABLE_MAX) {
			size_t need = (2 * (size_t)c->ncells + 3) *
				      sum_words(c->target);

			if (need > sums)
				sums = need;
		}
	}
	if (maxk > ENUM_MAX_CELLS)
		maxk = ENUM_MAX_CELLS;
	bytes = engine_layout(s, NULL, (size_t)maxk + 1, sums, groups);
	s->block = cdok_malloc(bytes);
	if (!s->block || !cages_alloc(s, s->ncages))
		return false;
	engine_layout(s, s->block, (size_t)maxk + 1, sums, groups);
	/* The rest of the block is filled before it is read. */
	memset(s->wunit, 0, (size_t)(NKINDS * s->n) * sizeof(uint32_t));
	memset(s->wcell, 0, (size_t)s->ncells * sizeof(uint32_t));
	memset(s->ustamp, 0, (size_t)(NKINDS * s->n) * sizeof(unsigned));
	units_lists_init(s, p);
	if (!units_init(s))
		return false;
	for (int i = 0; i < s->ncages; i++)
		cage_info_init(s, &s->cages[i], cage_src(s, i));
	return cages_implied(s);
}

/* The root of the search: every valid value, givens fixed, no 0 in a
 * product or ratio cage (a product with a 0 is 0 and targets are
 * positive; a 0 can be neither the dividend nor a divisor of a positive
 * ratio); every cage and unit needs a first look.  False if a cell has
 * nothing left at all (a given no cell can hold, or a 0 in a product
 * cage). */
static bool root_setup(struct engine *s, dom_t **rootp)
{
	const cdok_puzzle *p = s->puzzle;
	dom_t *root = level(s, 0);
	bool ok = true;

	*rootp = NULL;
	if (!root)
		return false;

	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		root[i] = s->valid;
		if (cdok_has_given(p, i))
			root[i] &= p->given[i] >= 0 && p->given[i] < DOM_BITS
				   ? BIT(p->given[i]) : 0;
		if (c >= 0 && s->cages[c].target > 0 &&
		    (s->cages[c].op == CDOK_OP_MUL ||
		     s->cages[c].op == CDOK_OP_DIV))
			root[i] &= ~BIT(0);
		if (!root[i])
			ok = false;
	}
	*rootp = root;
	for (int i = 0; i < s->ncages; i++)
		if (!cage_implied(s, i))
			enqueue_cage(s, i);
	for (int k = 0; k < s->nkinds; k++)
		s->dirty[k] = s->n == 64 ? ~(uint64_t)0
					 : ((uint64_t)1 << s->n) - 1;
	return units_root(s, root) && ok;
}

/* Whether t has a prime factor above vmax (so no product of values up to
 * vmax makes it). */
static bool factor_beyond(int64_t t, int vmax)
{
	for (int64_t d = 2; d <= vmax && t > 1; d++)
		while (t % d == 0)
			t /= d;
	return t > 1;
}

/* A cage no filling can meet, whatever the rest of the grid holds: too
 * many cells for values that must differ, or a target out of reach.
 * Says why in s->reason and returns false; true when nothing is seen.
 * The search would prove the same, but for large cages only after
 * exponentially many nodes. */
static bool cages_possible(struct engine *s)
{
	int nvals = popc(s->valid);

	for (int ci = 0; ci < s->nreal; ci++) {
		const struct cage_info *c = &s->cages[ci];
		int k = c->ncells;
		int64_t t = c->target, lo = 0, hi = 0;
		char name[96];
		const char *why = NULL;

		if (c->distinct && k > nvals) {
			cdki_cage_name(s->puzzle, ci, name, sizeof(name));
			snprintf(s->reason, sizeof(s->reason), "%s has %d cells "
				 "whose values must all differ, but there are "
				 "only %d values", name, k, nvals);
			return false;
		}
		if (k == 1) {
			/* One cell holds its target, whatever the operator. */
			if (t < s->vmin || t > s->vmax ||
			    !(s->valid >> t & 1))
				why = "values";
		} else if (c->op == CDOK_OP_ADD) {
			/* The smallest and largest sums: k values, all
			 * different in a distinct cage. */
			dom_t small = s->valid, large = s->valid;

			for (int i = 0; i < k; i++) {
				int a = low_value(small), b = high_value(large);

				lo += a;
				hi += b;
				if (c->distinct) {
					small &= small - 1;
					large &= ~BIT(b);
				}
			}
			if (t < lo || t > hi)
				why = c->distinct ? "different values" : "values";
		} else if (c->op == CDOK_OP_MUL && t > 0 &&
			   factor_beyond(t, s->vmax)) {
			why = "values (it has a prime factor too large)";
		} else if ((c->op == CDOK_OP_SUB && t > s->vmax - s->vmin) ||
			   (c->op == CDOK_OP_DIV && t > s->vmax)) {
			why = "values";
		}
		if (why) {
			cdki_cage_name(s->puzzle, ci, name, sizeof(name));
			snprintf(s->reason, sizeof(s->reason), "no %d %s of "
				 "%d..%d meet the clue of %s", k, why, s->vmin,
				 s->vmax, name);
			return false;
		}
	}
	if (s->whole_fails >= 0) {
		static const char *const kinds[] = {"row", "column", "box"};
		char name[96], times[32] = "once";

		cdki_cage_name(s->puzzle, s->whole_fails, name, sizeof(name));

		if (s->whole_units > 1)
			snprintf(times, sizeof(times), "%d times",
				 s->whole_units);
		snprintf(s->reason, sizeof(s->reason), "%s covers %d whole "
			 "%s%s, so its values are every value %s in any "
			 "filling, and they do not meet its clue", name,
			 s->whole_units, kinds[s->whole_kind],
			 s->whole_units == 1 ? "" :
			 s->whole_kind == 2 ? "es" : "s", times);
		return false;
	}
	return true;
}

/* Free lines: rows (or columns) none of whose cells is in a cage or
 * given.  Two free lines may trade places in any solution (with boxes,
 * when they lie in the same band or stack): the swapped grid keeps every
 * rule and differs, since no two lines of a solution are the same.  So a
 * puzzle with one solution has two, and when the caller only asks
 * whether there is more than one (limit 2) the search looks for one
 * solution and the swap gives the second.  And when the unit rule can
 * fill free lines by itself (units_can_complete), the search decides the
 * other cells first and has the free lines filled without searching
 * them -- the whole cost of a large, mostly empty grid -- as long as one
 * or two solutions are all that is asked.  Such puzzles are sparse
 * ones: cages over part of a large grid. */
static bool find_free_lines(struct engine *s)
{
	const cdok_puzzle *p = s->puzzle;
	int n = s->n, best_free = 0;

	if (s->limit < 1 || s->limit > 2)
		return true;
	for (int rows = 1; rows >= 0; rows--) {
		int band = rows ? p->box_rows : p->box_cols;
		int nfree = 0, lines[CDOK_MAX_SIZE];
		bool is_free[CDOK_MAX_SIZE];

		for (int a = 0; a < n; a++) {
			is_free[a] = true;
			for (int i = 0; i < n && is_free[a]; i++) {
				int cell = rows ? a * n + i : i * n + a;

				is_free[a] = s->cage_watch[cell] < 0 &&
					     !cdok_has_given(p, cell);
			}
			if (is_free[a])
				lines[nfree++] = a;
		}
		for (int i = 0; i < nfree && s->limit == 2 && s->swap_a < 0;
		     i++)
			for (int j = i + 1; j < nfree && s->swap_a < 0; j++)
				if (!band ||
				    lines[i] / band == lines[j] / band) {
					s->swap_a = lines[i];
					s->swap_b = lines[j];
					s->swap_rows = rows;
				}
		if (nfree > best_free) {
			best_free = nfree;
			s->free_rows = rows;
			memcpy(s->free_line, is_free, sizeof(is_free));
		}
	}
	if (!best_free || !units_can_complete(s))
		return true;
	s->deferred = cdok_malloc((size_t)s->ncells * sizeof(bool));
	if (!s->deferred)
		return false;
	for (int i = 0; i < s->ncells; i++)
		s->deferred[i] = s->free_line[s->free_rows ? i / n : i % n];
	return true;
}

/* The difficulty score: B * M + E (doc/SOLVER.md), where B sums
 * (k - 1)^2 over every branch point of the complete search (k = the
 * branching cell's candidates), M is the smallest power of ten not below
 * the number of cells and E is the number of cells without a given. */
static uint64_t difficulty(const struct engine *s)
{
	uint64_t m = 1, empty = 0;

	while (m < (uint64_t)s->ncells)
		m *= 10;
	/* A one-cell cage is a given written another way (UCF's '.', a Keen
	 * single-cell clue), so it does not count as an empty cell. */
	for (int i = 0; i < s->ncells; i++) {
		int c = s->cage_of[i];

		if (!cdok_has_given(s->puzzle, i) &&
		    (c < 0 || s->cages[c].ncells > 1))
			empty++;
	}
	return s->branch_score * m + empty;
}

/* Whether every cell is decided. */
static bool solved(const struct engine *s, const dom_t *dom)
{
	for (int i = 0; i < s->ncells; i++)
		if (dom[i] & (dom[i] - 1))
			return false;
	return true;
}

/* cdok_solve for this instance: p is valid, params not NULL. */
cdok_status ENGINE_NAME(solve)(const cdok_puzzle *p,
			       const cdok_solve_params *params,
			       int *solution, cdok_result *res,
			       cdok_error *err)
{
	struct engine *s;
	dom_t *root;
	bool ok;

	memset(res, 0, sizeof(*res));
	/* The state holds tables of a few kilobytes: on the heap, not the
	 * caller's stack. */
	s = cdok_malloc(sizeof(*s));
	if (!s)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (!engine_init(s, p)) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	s->limit = params->limit;
	s->max_nodes = params->max_nodes;
	s->on_solution = params->on_solution;
	s->user = params->user;
	s->on_progress = params->on_progress;
	s->progress_user = params->progress_user;
	s->solution_out = solution;
	if (!find_free_lines(s)) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}

	ok = root_setup(s, &root) && cages_possible(s);
	if (!root) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	ok = ok && propagate(s, root);
	reset_work(s);
	/* The sums the units imply join when the cages and units alone have
	 * not solved the puzzle: easy puzzles need not pay for them.  With
	 * boxes, those of up to DERIVED_BOX_CELLS cells: on Solo's Killer
	 * puzzles the sums of five cells cost more than the nodes they
	 * save (a search that goes on gets them at the next stage). */
	if (ok && DERIVED_SUMS && !solved(s, root) && !s->nomem) {
		if (!derive_sums(s, s->nkinds > 2 ? DERIVED_BOX_CELLS
						  : DERIVED_MAX_CELLS,
				 DERIVED_MAX_LINES))
			s->nomem = true;
		else
			ok = propagate(s, root);
		reset_work(s);
	}
	/* The tables hold the layouts the root's reasoning left: fewer than
	 * at the start, and valid in the whole search below.  A puzzle that
	 * reasoning alone solves needs none. */
	if (s->nomem) {
		/* Out of memory already: no search (reported below). */
	} else if (ok && !solved(s, root)) {
		search_root(s, root);
	} else if (!ok) {
		s->nodes = 1;
	} else {
		search(s, 0);
	}

	if (s->nomem) {
		engine_free(s);
		free(s);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	res->count = s->count;
	res->gave_up = s->gave_up;
	res->complete = !s->stop;
	res->nodes = s->nodes;
	res->branches = s->branches;
	res->difficulty = difficulty(s);
	memcpy(res->reason, s->reason, sizeof(res->reason));
	engine_free(s);
	free(s);
	return CDOK_OK;
}

/* cdki_root_candidates for this instance. */
int ENGINE_NAME(root_candidates)(const cdok_puzzle *p, int *counts)
{
	struct engine *s = cdok_malloc(sizeof(*s));
	dom_t *root = NULL;
	int ret = -1;

	if (!s)
		return -2;
	if (engine_init(s, p)) {
		if (root_setup(s, &root) && propagate(s, root)) {
			ret = 1;
			for (int i = 0; i < s->ncells; i++) {
				counts[i] = popc(root[i]);
				if (counts[i] > 1)
					ret = 0;
			}
		}
		reset_work(s);
	}
	if (!root || s->nomem)
		ret = -2;
	engine_free(s);
	free(s);
	return ret;
}
