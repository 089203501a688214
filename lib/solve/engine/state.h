/* engine/state.h -- the value sets (dom_t) and the engine's state:
 * struct cage_info, struct layout_table, struct enum_ctx, the
 * propagation queues and struct engine, which holds everything a
 * solve keeps (nothing is global). */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
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
/* 64-bit words a domain takes. */
#define DOM_WORDS (sizeof(dom_t) / sizeof(uint64_t))

#ifndef FOOT_IS_VALUE
#define FOOT_IS_VALUE 0
#endif


/* Units come in kinds: rows (units 0..n-1), columns (n..2n-1) and, in a
 * Killer puzzle, boxes (2n..3n-1): model.h's numbering (geometry). */
enum {
	KIND_ROW = CDKI_ROW, KIND_COL = CDKI_COL, KIND_BOX = CDKI_BOX,
	NKINDS = CDKI_KINDS
};

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
 * enumeration.  Where its words are: the picture at the top of
 * engine/tables.h. */
struct layout_table {
	int words;            /* 64-bit words per bit set */
	size_t live;          /* offset of its live words in s->live,
			       * followed by its cells' domains when the
			       * live words were last brought up to date
			       * (the seen domains, DOM_WORDS words each),
			       * then its groups' cleared values */
	int save;             /* words of all three, saved on the trail */
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
	CDOK_ASSERT(r->count < r->cap);
	r->v[(r->head + r->count) % r->cap] = x;
	r->count++;
}

static inline int ring_pop(struct cage_ring *r)
{
	int x = r->v[r->head];

	CDOK_ASSERT(r->count > 0);
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
	 * path per depth (cell, value, the cell's domain there).
	 *
	 *   ng_lits:  ... | cell | value | cell | value | ... |
	 *                   ^ 2 * start      (len pairs)
	 */
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
