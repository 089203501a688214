/* grade.h -- the grader's inside view: the state a person's solution
 * goes through, the step being built, and the techniques (techniques.h
 * lists them as data).
 *
 * The grader is a layer above the solver engine (doc/LEVELS.md).  It
 * keeps its own candidates (64-bit value sets, as the engine's domains),
 * takes units from the puzzle model, and asks the engine to enumerate
 * cages (cdki_latin_scan, solve/solve.h): it never searches.  When
 * reasoning stalls, only cdok_solve decides whether the puzzle has one
 * solution, and a guess then takes that solution's value.
 *
 * One run (cdki_grade_run) applies techniques until the grid is full or none
 * applies, always the easiest first: after every step it starts again
 * from the easiest.  Grading, hints and explanations are such runs; an
 * explanation records every step as data and text, grading only counts.
 */
#ifndef CDOK_GRADE_H
#define CDOK_GRADE_H

#include "model/model.h"
#include "solve/solve.h"
#include "grade/techniques.h"

/* Enumeration steps a cage may take in cdki_latin_scan: 64 times what
 * the hungriest corpus puzzle needs (doc/LEVELS.md).  A cage that needs
 * more gives no deduction until its candidates shrink, and the grading
 * says so (cdok_grading.cage_budget_hit).  A build may set it smaller
 * (-DGRADE_SCAN_BUDGET=...) to see which puzzles come near it. */
#ifndef GRADE_SCAN_BUDGET
#define GRADE_SCAN_BUDGET (1L << 24)
#endif

/* A technique as data (techniques.h). */
struct grade_tech {
	const char *name;
	const char *title;
	int level[3];         /* by cdok_scale; -1: not used */
	int weight;           /* in the finer score */
	const char *text;     /* the sentence's template (text.c) */
};

extern const struct grade_tech cdki_grade_techs[TECH_COUNT];

/* A Killer cage as the 45 rule and the sum techniques see it (Solo's
 * book-keeping): the open cells of a puzzle cage, or of a part of one
 * split off along a unit, and what they still add up to. */
struct kcage {
	int origin;           /* the puzzle cage */
	int unit;             /* -1, or the unit of a split: part 1 lies in
			       * it, part 2 is the rest */
	int part;             /* 0 whole, 1 inside unit, 2 the rest */
	int sum;              /* what the open cells add up to */
	int ncells;
	int *cells;           /* open cells, reading order */
	int within[CDKI_KINDS]; /* per kind of unit: the unit holding
				 * every open cell, or -1 (kcage_within) */
	unsigned char clean;  /* the sum techniques (CLEAN_*) that found
			       * nothing here, with nothing changed since */
};

/* Bits of kcage and vcage clean. */
#define CLEAN_BOUNDS 1
#define CLEAN_COMBOS 2

/* A cage the 45 rule finds: the cells of a unit outside its placed
 * values and the cages wholly inside it. */
struct vcage {
	int unit;
	int sum;              /* what they add up to */
	int used;             /* the unit's total minus sum */
	int ncells;
	int *cells;           /* n entries allotted */
	unsigned char clean;  /* as for struct kcage */
};

/* Which cage a step is about. */
enum step_cage { SC_NONE, SC_PUZZLE, SC_KCAGE, SC_VCAGE };

/* The step being built, and then applied. */
struct gstep {
	int tech;
	int value, other;     /* the value; a chain's other value */
	uint64_t values;      /* a set of values */
	int unit, unit2;      /* units, or -1 */
	enum step_cage cage_kind;
	int cage;             /* puzzle cage, kcage or vcage index */
	int sum, total, used, count;
	int target;           /* a forcing chain's target cell */
	int ncells;
	int *cells;           /* focus cells (ncells of them) */
	int nchain;
	int *chain;           /* chain cells and values, fish lines */
	int ncombos;
	uint64_t *combos;     /* cage-combinations: the sets that fit
			       * (the first 32 of ncombos) */
	int place_cell, place_value; /* -1: places nothing */
	uint64_t *rm;         /* per cell: candidates the step removes */
	int *rm_cells;        /* cells with rm set, in the order set */
	int nrm;
};

/* A step's reasons as the grader builds them (reasons.c): the records,
 * their texts one after another in text (each record's text holds its
 * offset there until cdki_reasons_take copies them out). */
struct reasons_build {
	cdok_reason *r;
	int n, cap;
	struct strbuf text;
};

/* A step's reasons as kept (cdok_explanation_reasons): the records and
 * the block their texts are in. */
struct step_reasons {
	cdok_reason *r;
	int n;
	char *pool;
};

/* The grader's state for one puzzle. */
struct grader {
	const cdok_puzzle *p;
	void *block;          /* the arrays sized by the puzzle
			       * (cdki_grader_init) */
	cdok_scale scale;
	int n, ncells;
	uint64_t full;        /* every value: bits 1..n */
	int nkinds;           /* 2 (rows, columns) or 3 (and boxes) */
	int *unit_cells;      /* unit * n + i -> cell */
	int *cell_units;      /* cell * CDKI_KINDS + kind -> unit (model.h) */
	uint64_t *cell_bits;  /* cell * CDKI_KINDS + kind -> the unit's
			       * bit in its kind's masks (0: no boxes) */
	uint64_t *dom;        /* candidates */
	int *val;             /* placed value, 0 while open */
	uint64_t *placed;     /* per unit: the values placed in it */
	/* Per unit and value (unit * (n + 1) + v), how many of the unit's
	 * cells have v among their candidates; per unit, the values with
	 * one such cell (ones) and with none (zeros); per kind, a bit for
	 * each unit where such a value may be one the unit misses (hot,
	 * cleared when a look finds none).  Kept by every change of
	 * candidates: the hidden singles need no scan of the cells. */
	unsigned char *count;
	uint64_t *ones, *zeros, hot[CDKI_KINDS];
	/* What changed since a technique last looked and found nothing,
	 * so that it looks only there: units (a bit per unit, by kind)
	 * for the subsets, cells that have one candidate left, and per
	 * cage the techniques that found nothing since its scan (bit t for
	 * CAGE_* technique t's position below). */
	uint64_t dirty_subsets[CDKI_KINDS];
	/* The same for the box-line intersections (cdki_tech_pointing,
	 * cdki_tech_claiming), whose answer for a unit also depends on the
	 * units crossing it: the boxes to look at again, per kind of line
	 * they are matched with, and the rows and the columns; per line
	 * (rows, then columns) the boxes crossing it and per box the lines
	 * crossing it.  Puzzles with boxes only. */
	uint64_t dirty_pointing[2], dirty_claiming[2];
	uint64_t line_boxes[2][CDOK_MAX_SIZE], box_lines[2][CDOK_MAX_SIZE];
	/* Units changed since the intersections last brought theirs up
	 * to date (intersect_dirty). */
	uint64_t dirty_cross[CDKI_KINDS];
	uint64_t fish_dirty;  /* values whose candidates or places changed
			       * since cdki_tech_fish last found nothing for
			       * them (bit v) */
	uint64_t *single;     /* ncells bits: open cells with one candidate */
	unsigned char *cage_clean;
#define CAGE_NEVER 0x80    /* in cage_clean: no scan technique, ever */
	/* Per scan technique t (SCAN_*, techniques.h), a bit per cage whose
	 * cage_clean lacks SCAN_BIT(t): the cages it still has to look at
	 * (cage_words words each, t's after t * cage_words). */
	uint64_t *cage_todo;
	int cage_words;
	int open;             /* cells not placed */
	const int *solution;  /* for guesses; NULL when unknown */
	bool contradiction;

	/* Cage enumeration through the engine. */
	struct cdok_latin *engine;
	int *cage_off;        /* cage -> offset of its cells in the pools */
	int *cage_pos;        /* cell -> its index in its cage */
	uint64_t *support;    /* per cage cell: values in some layout */
	int *scan_ngroups;
	int *scan_unit;       /* per cage: 3 * cells entries */
	uint64_t *scan_must;
	signed char *scan_state; /* per cage: -2 stale, else the scan's
				  * answer */
	bool budget_hit;

	/* Killer book-keeping (scale CDOK_SCALE_KILLER). */
	bool killer;
	struct kcage *kc;
	int nkc, kc_cap;
	int nkc_single;       /* kcages of one open cell */
	int *kc_of;           /* cell -> kcage, -1 */
	bool *kc_cage;        /* puzzle cage -> handled as kcages */
	struct vcage *vc;     /* the 45 rule's cages, in unit order */
	int nvc;
	int *vc_pool;
	/* Per unit, what the 45 rule found there when it last looked
	 * (uvc_on: a vcage, uvc), and the units whose cells or cages
	 * changed since (a bit per unit, by kind). */
	struct vcage *uvc;
	bool *uvc_on;
	uint64_t rdirty[CDKI_KINDS];
	uint64_t placements;
	bool vc_valid;
	/* The sets of k = 2..4 different values of 1..n (n <= SETS_MAX_N)
	 * by k and sum, each list in the order the enumeration of
	 * cdki_tech_cage_combinations meets them: sets_off[k * (nsums + 1) +
	 * sum] .. the next entry index sets.  Made at the first use; NULL
	 * before, or when it could not be (then the enumeration runs). */
	uint64_t *sets;
	int *sets_off;
	int nsums;

	/* Recording: the step's sentence is written into text before the
	 * step is applied (it speaks of the state the step starts from). */
	bool record;
	struct strbuf text;
	/* The hint's first two tiers, written with text (cdki_step_tiers), and
	 * the cells of the place it names (focus, ncells entries, allotted
	 * at the first recorded step). */
	struct strbuf where, what;
	int *focus;
	int nfocus;
	/* The step's reasons (reasons.c), and per cell the candidates
	 * the technique itself removes (all 0 between steps). */
	struct reasons_build reasons;
	uint64_t *tech_rm;

	/* Work space.  mark is all zero between uses. */
	struct gstep step;
	int *queue, *prev, *num, *mark;
	/* On grids of at most 128 cells, per unit its cells as bits (bit
	 * c: cell c), for the forcing chains, which fill it when they
	 * first run (all 0 until then); NULL on larger grids. */
	unsigned __int128 *unit_sets;
	int *scratch;
};

/* ---- grader.c ---- */

/* Set up a grader for puzzle (not Nylimb) from a state: values
 * (CDOK_NONE or 0 = empty; NULL: the givens) and optional candidates
 * (0 in a cell: not noted).  false when memory runs out. */
bool cdki_grader_init(struct grader *g, const cdok_puzzle *p, const int *values,
		      const uint64_t *candidates);
void cdki_grader_free(struct grader *g);

/* Check every cache of g that can be recomputed against what it is
 * kept from (invariants.c), where they must all be current: after
 * cdki_grader_init and between steps.  Only in debug builds
 * (CDOK_DEBUG, model.h); elsewhere GRADER_CHECK is nothing. */
#ifdef CDOK_DEBUG
void cdki_grader_check(const struct grader *g);
#define GRADER_CHECK(g) cdki_grader_check(g)
#else
#define GRADER_CHECK(g) ((void)0)
#endif

/* The technique functions: 1 when a step was found (in g->step), 0 when
 * the technique does not apply, CDKI_CONTRADICTION on a contradiction. */
typedef int (*grade_tech_fn)(struct grader *g);

/* The techniques of a scale in the order they are tried, up to and
 * including max_level (-1: all); returns how many. */
int cdki_grade_order(cdok_scale scale, int max_level, int *order);

/* One step: the first technique of order (norder of them, easiest
 * first) that applies, applied (with its sentence when g->record).
 * Returns 1, 0 when none applies, CDKI_CONTRADICTION on a
 * contradiction. */
int cdki_grade_step(struct grader *g, const int *order, int norder);

/* Apply techniques of order (norder of them, easiest first) until the
 * grid is full (1), none applies (0) or a contradiction appears
 * (CDKI_CONTRADICTION).  After each step, on_step (when not NULL) sees
 * the grader with the step applied; returning false ends the run with
 * GRADE_STOPPED. */
enum { GRADE_STOPPED = -3 };  /* not a cdki_rc: the caller stopped it */
int cdki_grade_run(struct grader *g, const int *order, int norder,
		   bool (*on_step)(void *user, struct grader *g), void *user);

/* Start a new step of technique tech (clearing the last one). */
void cdki_step_begin(struct grader *g, int tech);
/* Note that the step removes the values rm from cell (only those still
 * candidates there count); returns whether anything was added. */
bool cdki_step_remove(struct grader *g, int cell, uint64_t rm);
/* Note that the step places value in cell. */
void cdki_step_place(struct grader *g, int cell, int value);
/* Add a focus cell. */
void cdki_step_cell(struct grader *g, int cell);

/* Apply g->step to the state.  Returns false on a contradiction. */
bool cdki_step_apply(struct grader *g);

/* Units, numbered as the model numbers them (model.h, "geometry"). */
int cdki_unit_kind(const struct grader *g, int unit); /* CDKI_ROW, ... */
/* The cells of unit, in reading order. */
static inline const int *unit_of(const struct grader *g, int unit)
{
	return g->unit_cells + (size_t)unit * (size_t)g->n;
}
/* The unit of kind (CDKI_ROW, CDKI_COL, CDKI_BOX) that holds cell; the
 * box of a grid without boxes is the row. */
static inline int cell_unit(const struct grader *g, int cell, int kind)
{
	return g->cell_units[cell * CDKI_KINDS + kind];
}
/* Whether two cells see each other (share a unit, or a distinct cage). */
bool cdki_cells_see(const struct grader *g, int a, int b);

/* The same for two cells of p, without a grader: the same row, column
 * or box, or one distinct cage (a cell sees itself). */
static inline bool cdki_puzzle_cells_see(const cdok_puzzle *p, int a, int b)
{
	int n = p->size, cage = p->cage_of[a];

	if (a / n == b / n || a % n == b % n)
		return true;
	if (p->box_rows && cdki_box_of(p, a) == cdki_box_of(p, b))
		return true;
	return cage >= 0 && p->cage_of[b] == cage && p->cages[cage].distinct;
}

/* The engine's scan of a cage, brought up to date: 1 fits, 0 no layout
 * fits, -1 over budget. */
int cdki_cage_scan(struct grader *g, int cage);

/* Killer: bring the 45 rule's cages up to date (and do its splits). */
bool cdki_killer_regions(struct grader *g);

/* ---- the techniques (tech_units.c, tech_cages.c) ----
 *
 * One function per row of GRADE_TECHNIQUES, cdki_tech_NAME, as
 * grade_tech_fn describes. */

#define GRADE_TECH_PROTO(id, fn, name, title, keen, solo, weight, text) \
	int cdki_tech_##fn(struct grader *g);
GRADE_TECHNIQUES(GRADE_TECH_PROTO)
#undef GRADE_TECH_PROTO

/* Box and line with Killer X's diagonals (tech_diagonals.c): 0 for a
 * puzzle without them. */
int cdki_diagonal_pointing(struct grader *g);
int cdki_diagonal_claiming(struct grader *g);

/* ---- mistakes.c ---- */

/* cdok_check_state (candidates may be NULL), and when solution
 * (size*size) is not NULL the puzzle's only solution into it (when
 * *unique); verdict (may be NULL) gets the solver's verdict on the
 * puzzle. */
cdok_status cdki_grade_mistakes(const cdok_puzzle *p, const int *values,
				const uint64_t *candidates,
				const cdok_grade_params *params,
				cdok_problem **problems, int *count,
				int *unique, cdok_verdict *verdict,
				int *solution, cdok_error *err);

/* ---- api.c ---- */

/* The cells a person's reasoning with techniques up to max_level leaves
 * open in p, from its givens, into open (size*size entries): how many;
 * CDKI_CONTRADICTION when p has no solution, CDKI_NOMEM when memory
 * runs out (the convention of cdki_root_candidates).
 * For the generator, which makes a puzzle that is too hard say more
 * around them. */
int cdki_grade_open_cells(const cdok_puzzle *p, int max_level, int *open);
/* cdok_grade without its first step, the solver's proof that the puzzle
 * has one solution: for the generator, whose puzzles are proven unique
 * already or take their proof from the grade (a puzzle the grader
 * solves with sound steps has one solution). */
cdok_status cdki_grade_reasoning_first(const cdok_puzzle *puzzle,
				       const cdok_grade_params *params,
				       cdok_grading *grading, cdok_error *err);

/* The grader's current step (applied, with g->text) as public data. */
bool cdki_step_export(const struct grader *g, cdok_step *out);
void cdki_step_free(cdok_step *s);
/* Copies of where, what (NULL: empty) and focus into out's tiers;
 * false when memory runs out (out is then freed by cdki_step_free). */
bool cdki_step_export_tiers(const char *where, const char *what,
			    const int *focus, int nfocus, cdok_step *out);

/* ---- reasons.c ---- */

/* The reasons of g->step: of what its technique removes and places,
 * before the step is applied (begin), and of the copies of a placed
 * value that leave the cells seeing it, after (end: false when memory
 * ran out).  g->text must already hold the step's sentence. */
void cdki_reasons_begin(struct grader *g);
bool cdki_reasons_end(struct grader *g);
/* After begin: a cage step of three removals at most whose reasons say
 * more than its sentence (what a cage's other cell would need, a sum's
 * arithmetic) gets them added to its sentence in g->text. */
void cdki_reasons_tell(struct grader *g);
/* A step on a hidden operator's cage of two cells: which operation each
 * way of filling it left uses, added to its sentence ("(11 is 5+6: an
 * addition)"), when there are four at most. */
void cdki_reasons_hidden(struct grader *g);
/* A recorded step's reasons before it is applied: begin, tell and
 * hidden, with the grader's removal table made on first use (no
 * reasons, and g->reasons.text failed, when memory runs out). */
void cdki_reasons_step(struct grader *g);
/* Free what the grader's reasons hold (the grader's own, not a step's: cdki_reasons_free). */
void cdki_reasons_drop(struct grader *g);
/* A copy of the last step's reasons into out (false: out of memory). */
bool cdki_reasons_take(struct grader *g, struct step_reasons *out);
/* Add copies of src's reasons to dst's (false: out of memory, dst
 * unchanged). */
bool cdki_reasons_append(struct step_reasons *dst,
			 const struct step_reasons *src);
void cdki_reasons_free(struct step_reasons *rs);

/* ---- place.c ---- */

/* The words of a placing hint into sb: the placement of the last of
 * steps (nsteps of them, from the state values, with their reasons
 * rs), then the facts of the earlier steps it rests on, then filled
 * (what the filled cells keep out, for a naked single; may be "") and
 * the placing sentence.  *hardest gets the index of the hardest step
 * kept (the hint's label).  false when memory runs out. */
bool cdki_place_text(const cdok_puzzle *p, const int *values,
		     const cdok_step *steps, const struct step_reasons *rs,
		     int nsteps, const char *filled, struct strbuf *sb,
		     int *hardest);

/* ---- trial.c ---- */

/* What trial step s (a guess, in g's state before it) shows: for each
 * other candidate of its cell, the singles that lead from it to a
 * contradiction, then its conclusion ("So r4c2 is 3."). */
void cdki_trial_text(const struct grader *g, const struct gstep *s,
		     struct strbuf *sb);

/* ---- depend.c ---- */

/* The steps that the steps already marked in needed (nsteps entries)
 * rest on, marked too, back to the start (the reads of each step are
 * its focus cells).  false when memory runs out. */
bool cdki_steps_needed(const cdok_puzzle *p, const cdok_step *steps, int nsteps,
		       bool *needed);

/* ---- brief.c ---- */

/* A single or a cage's removals in a few words, its conclusion and
 * where it comes from ("r6c9 is 9 (its only candidate)", "the 5- cage
 * at r6c8 rules out 8 in r6c8"), into sb; false, writing nothing, for
 * a step of any other kind (a trial step's links, trial.c). */
bool cdki_brief_clause(const cdok_puzzle *p, const cdok_step *s,
		       struct strbuf *sb);

/* The steps of cdok_explain_brief for full, p's explanation, into a new
 * array (*nsteps of them; each freed with cdki_step_free, the array with
 * free), and their reasons into *rs (as many, each freed with
 * cdki_reasons_free) from full_rs, full's (NULL: none). */
cdok_status cdki_grade_brief(const cdok_puzzle *p, const cdok_explanation *full,
			     const struct step_reasons *full_rs,
			     cdok_step **steps, struct step_reasons **rs,
			     int *nsteps, cdok_error *err);

/* ---- text.c ---- */

/* The step's sentence (from its technique's template) into sb. */
void cdki_step_text(const struct grader *g, const struct gstep *s,
		    struct strbuf *sb);
/* The first two tiers of a hint for step s: where to look ("Look at
 * row 4."), naming no technique, and what to look for (the technique's
 * title and its cells, with no full stop: "Naked subset: r1c1 and r1c4,
 * in row 1"); focus (ncells entries) gets the cells of the
 * place where names, in reading order, *nfocus how many. */
void cdki_step_tiers(const struct grader *g, const struct gstep *s,
		     struct strbuf *where, struct strbuf *what, int *focus,
		     int *nfocus);
/* A sum of lines' fact (tech_linesum.c's step s): "rows 3 and 4 add up
 * to 42; the cages wholly inside them make 35, so r5c2 + r5c3 = 42 - 35
 * = 7", without a capital or a full stop. */
void cdki_line_sum_fact(const struct grader *g, const struct gstep *s,
			struct strbuf *sb);
/* Why value cannot go in cell by step s (a sum of lines): "1 in r4c4
 * would need 4 in r4c1, which it cannot hold" for two cells (returns
 * the other cell, *need what it would need, or 0), else that no way of
 * filling the cells makes the sum (returns -1). */
int cdki_line_sum_why(const struct grader *g, const struct gstep *s,
		      int cell, int value, int *need, struct strbuf *sb);
/* "r3c4" into sb. */
void cdki_text_cell(const struct grader *g, int cell, struct strbuf *sb);
/* "row 4", "column 6", "box 5". */
void cdki_text_unit(const struct grader *g, int unit, struct strbuf *sb);
/* "r1c1, r1c2 and r2c1"; "3, 4 and 5". */
void cdki_text_cells(const struct grader *g, const int *cells, int n,
		     struct strbuf *sb);
void cdki_text_values(uint64_t values, struct strbuf *sb);
/* A cage's clue as printed ("4/", "12+"; "11" when hidden). */
void cdki_text_clue(const struct grader *g, int cage, struct strbuf *sb);
/* The cage step s is about, as its sentence names it ({cage}). */
void cdki_text_step_cage(const struct grader *g, const struct gstep *s,
			 struct strbuf *sb);

#endif /* CDOK_GRADE_H */
