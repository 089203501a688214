/* generate.c -- puzzles with exactly one solution: the loops every kind
 * of puzzle shares (doc/GENERATOR.md).
 *
 *  1. A solution grid: the caller's, or a random one of the policy's
 *     kind (grids.c).
 *  2. Cut it into regions with clues (the policy's partition).
 *  3. Repair until unique (make_unique): the solver -- its reasoning
 *     alone first where the policy asks, then a search for two
 *     solutions under a node budget -- either proves the puzzle unique,
 *     or finds a second solution that a local change then rules out,
 *     or gives up, and a change that says more is made.  A partition
 *     that will not converge is thrown away and cut again.
 *  4. Rounds: a puzzle scoring above max_score is thrown away and made
 *     again (with a new grid when the policy wants one and the caller
 *     gave none).
 *  5. Harden: rounds of random changes, each kept only if the puzzle
 *     stays unique and its score rises without passing max_score; stop
 *     early at target_score.
 *
 * Every puzzle returned has passed the solver's uniqueness proof in its
 * final form, and the proof is handed back.  All randomness comes from
 * the caller's cdok_rng, and the policies draw it in a fixed order, so a
 * seed always makes the same puzzle.
 */
#include <stdlib.h>
#include <string.h>

#include "generate/generate.h"
#include "grade/grade.h"

void cdok_gen_params_init(cdok_gen_params *p)
{
	memset(p, 0, sizeof(*p));
	p->size = 6;
	p->ops = CDOK_GEN_ALL_OPS;
	p->max_cage = 0;
	p->iterations = 0;
	p->level = -1;
}

/* ------------------------------------------------------------------ */
/* Puzzles from the partition, and their uniqueness                    */

unsigned cdki_gen_rules(const struct gen *g)
{
	return g->par->rules |
	       (g->par->hide_ops && g->par->two_cell ? CDOK_RULE_TWO_CELL : 0);
}

cdok_puzzle *cdki_gen_build_puzzle(struct gen *g)
{
	const struct regions *rg = &g->rg;
	cdok_puzzle *p = cdok_puzzle_new(g->n);
	int *mark = g->sc.mark, *cells = g->sc.cells;

	if (!p || cdok_puzzle_set_rules(p, cdki_gen_rules(g)) != CDOK_OK ||
	    (g->box_rows && cdok_puzzle_set_boxes(p, g->box_rows,
						  g->box_cols) != CDOK_OK))
		goto fail;
	memset(mark, 0, (size_t)g->ncells * sizeof(int));
	for (int cell = 0; cell < g->ncells; cell++) {
		int r = rg->of[cell], k, index;
		const struct slot *s = &rg->slot[r];
		int64_t target;

		if (mark[r])
			continue;
		mark[r] = 1;
		if (s->size == 1) {
			if (cdok_puzzle_set_given(p, cell, g->grid[cell]) !=
			    CDOK_OK)
				goto fail;
			continue;
		}
		k = cdki_regions_cells(rg, r, cells);
		/* A slot's size counts the cells of its region. */
		CDOK_ASSERT(k == s->size);
		target = s->target;
		if (g->pol->sums) {
			target = 0;
			for (int i = 0; i < k; i++)
				target += g->grid[cells[i]];
		}
		/* Hidden operators keep the clue's target, chosen with its
		 * operator, and show only that. */
		if (cdok_puzzle_add_cage(p, g->pol->sums ? CDOK_OP_ADD :
					 g->par->hide_ops ? CDOK_OP_ANY :
					 s->op, target, cells, k, NULL,
					 &index) != CDOK_OK ||
		    (g->pol->distinct &&
		     cdok_puzzle_set_cage_distinct(p, index, 1) != CDOK_OK))
			goto fail;
	}
	/* The values a level asked for, given inside their cages. */
	for (int cell = 0; cell < g->ncells; cell++)
		if (g->given[cell] &&
		    cdok_puzzle_set_given(p, cell, g->grid[cell]) != CDOK_OK)
			goto fail;
	memset(mark, 0, (size_t)g->ncells * sizeof(int));
	return p;
fail:
	memset(mark, 0, (size_t)g->ncells * sizeof(int));
	cdok_puzzle_free(p);
	return NULL;
}

bool cdki_gen_clue_holds(const struct gen *g, cdok_op op, int64_t t,
			 const int *v, int k)
{
	if (g->par->hide_ops)
		return cdki_ops_hold(cdok_clue_ops(CDOK_OP_ANY, k, cdki_gen_rules(g)),
				     t, v, k);
	return cdki_cage_holds(op, t, v, k);
}

static int keep_solution(void *user, const int *values)
{
	struct gen *g = user;

	if (g->nsols < 2)
		memcpy(g->sols[g->nsols], values,
		       (size_t)g->ncells * sizeof(int));
	g->nsols++;
	return 0;
}

/* The caller's stop question, asked by the searches the generator
 * runs; a yes is remembered so that the loops end too. */
static int gen_search_progress(void *user, uint64_t nodes)
{
	struct gen *g = user;

	(void)nodes;
	if (!g->stopped && g->par->on_progress(g->par->progress_user,
					       g->steps))
		g->stopped = true;
	return g->stopped;
}

/* Whether the caller wants generation to stop, or memory ran out;
 * counts a step. */
static bool gen_stop(struct gen *g)
{
	g->steps++;
	if (g->par->on_progress && !g->stopped &&
	    g->par->on_progress(g->par->progress_user, g->steps))
		g->stopped = true;
	return g->stopped || g->nomem;
}

enum unique cdki_gen_check_unique(struct gen *g, const cdok_puzzle *p,
				  cdok_result *res)
{
	cdok_solve_params params;

	cdok_solve_params_init(&params);
	params.limit = 2;
	/* A partition the solver cannot settle quickly is not worth
	 * keeping: such puzzles are slow for people too, and the budget
	 * keeps generation time bounded.  A check that gives up counts as
	 * "not unique (yet)", never as unique. */
	params.max_nodes = g->node_budget;
	params.on_solution = keep_solution;
	params.user = g;
	if (g->par->on_progress) {
		params.on_progress = gen_search_progress;
		params.progress_user = g;
	}
	g->nsols = 0;
	g->other = NULL;
	if (cdok_solve(p, &params, NULL, res, NULL) != CDOK_OK)
		return UNIQUE_NOMEM;
	for (int i = 0; i < g->nsols && i < 2; i++)
		if (memcmp(g->sols[i], g->grid,
			   (size_t)g->ncells * sizeof(int)))
			g->other = g->sols[i];
	return res->count == 1 && res->complete && !g->other ? UNIQUE_YES
							    : UNIQUE_NOT;
}

void cdki_gen_save(struct gen *g)
{
	cdki_regions_copy(&g->saved, &g->rg);
}

void cdki_gen_restore(struct gen *g)
{
	cdki_regions_copy(&g->rg, &g->saved);
}

/* ------------------------------------------------------------------ */
/* The loops                                                           */

/* Repair steps without fewer open cells before a partition is cut
 * again. */
#define STALL_STEPS(g) ((g)->n > 10 ? 2 * (g)->n : 20)

/* The cells the solver's reasoning leaves open in p, into open (its
 * count in *nopen).  Returns whether a search should follow: reasoning
 * decided every cell, or only a few (at most n) stay open.
 * CDKI_CONTRADICTION when the reasoning found one (a clue the last
 * change could not fit to the grid), CDKI_NOMEM when memory ran out. */
static int ask_reasoning(struct gen *g, const cdok_puzzle *p, int *open,
			 int *nopen)
{
	int *counts = g->sc.queue;
	int root = cdki_root_candidates(p, counts);

	*nopen = 0;
	if (root < 0)
		return root;
	for (int i = 0; i < g->ncells; i++)
		if (counts[i] > 1)
			open[(*nopen)++] = i;
	return root == 1 || *nopen <= g->n;
}

/* Make one unique puzzle from the current grid, or fail after the
 * policy's number of partitions.  On success *best holds the puzzle and
 * *res the solver's uniqueness proof of it.
 *
 * Where the policy asks, each step first runs the solver's reasoning
 * alone, with no search: when that decides every cell the puzzle is
 * unique (reasoning never removes a value that is part of a solution),
 * and such puzzles can be solved by deduction, as published ones are.
 * When only a few cells stay open, a short search may still settle it,
 * or find a second solution to rule out.  Otherwise the puzzle needs
 * more information around the open cells.  A step then costs one
 * propagation, so larger grids stay affordable. */
static cdok_status make_unique(struct gen *g, cdok_puzzle **best,
			       cdok_result *res)
{
	const struct gen_policy *pol = g->pol;
	int max_steps = pol->max_steps(g);
	int *open = g->open;

	for (int attempt = 0; attempt < pol->partitions; attempt++) {
		int best_open = g->ncells + 1, stalled = 0;

		/* A new cut starts without the givens a level asked of the
		 * last one. */
		memset(g->given, 0, (size_t)g->ncells * sizeof(*g->given));
		if (!pol->partition(g, attempt))
			continue;
		for (int step = 0; step < max_steps; step++) {
			cdok_puzzle *p;
			int nopen = 0, search = 1;
			enum unique u;
			bool changed;

			if (gen_stop(g))
				return CDOK_ERR_LIMIT;
			if (pol->tidy)
				pol->tidy(g);
			p = cdki_gen_build_puzzle(g);
			if (!p)
				return CDOK_ERR_NOMEM;
			if (pol->reason_first) {
				search = ask_reasoning(g, p, open, &nopen);
				if (search == CDKI_NOMEM) {
					/* Say so, not another puzzle. */
					cdok_puzzle_free(p);
					return CDOK_ERR_NOMEM;
				}
				if (search == CDKI_CONTRADICTION) {
					/* No solution: this partition is
					 * given up. */
					cdok_puzzle_free(p);
					break;
				}
			}
			/* A partition whose repairs keep trading one second
			 * solution for another (the open cells never fewer)
			 * is cut again: a fresh cut converges sooner than
			 * hundreds more repairs. */
			if (nopen < best_open) {
				best_open = nopen;
				stalled = 0;
			} else if (pol->reason_first &&
				   ++stalled > STALL_STEPS(g)) {
				cdok_puzzle_free(p);
				break;
			}
			if (!search) {
				cdok_puzzle_free(p);
				changed = pol->strengthen(g, open, nopen);
			} else {
				u = cdki_gen_check_unique(g, p, res);
				if (u == UNIQUE_NOMEM) {
					cdok_puzzle_free(p);
					return CDOK_ERR_NOMEM;
				}
				if (u == UNIQUE_YES &&
				    (!pol->accept || pol->accept(g))) {
					*best = p;
					return CDOK_OK;
				}
				cdok_puzzle_free(p);
				if (g->other && (res->count >= 2 ||
						 pol->rule_out_partial))
					changed = pol->rule_out(g, g->other);
				else
					changed = pol->strengthen(g, open,
								  nopen);
			}
			if (!changed)
				break;
		}
	}
	return CDOK_ERR_LIMIT;
}

/* A level's band of scores (doc/LEVELS.md): the grade's difficulty. */
static uint64_t level_low(int level)
{
	return (uint64_t)CDOK_SCORE_SPAN * (uint64_t)(level + 1);
}

/* With a level, the grade's difficulty, grading no further than the
 * level: a puzzle above it scores past the band (*unique is 1 when the
 * grade proved the puzzle unique: every step sound, the grid full). */
static uint64_t grade_score(struct gen *g, const cdok_puzzle *p,
			    bool *unique)
{
	cdok_grade_params params;
	cdok_grading gr;
	cdok_status st;

	*unique = false;
	cdok_grade_params_init(&params);
	params.max_level = g->par->level;
	st = cdki_grade_reasoning_first(p, &params, &gr, NULL);
	if (st == CDOK_ERR_NOMEM)
		g->nomem = true;
	if (st != CDOK_OK)
		return UINT64_MAX;
	if (gr.outcome == CDOK_GRADE_LEVEL) {
		*unique = true;
		return gr.difficulty;
	}
	return gr.outcome == CDOK_GRADE_ABOVE ? level_low(g->par->level + 1)
					      : UINT64_MAX;
}

static uint64_t score_of(struct gen *g, const cdok_puzzle *p,
			 const cdok_result *res)
{
	bool unique;

	if (g->par->level >= 0)
		return grade_score(g, p, &unique);
	if (g->par->score)
		return g->par->score(g->par->score_user, p, res);
	return res->search_score;
}

/* The band of scores a puzzle must fall in: the parameters', or the
 * level's. */
static uint64_t max_score(const struct gen *g)
{
	return g->par->level >= 0 ? level_low(g->par->level + 1) - 1
				  : g->par->max_score;
}

static uint64_t min_score(const struct gen *g)
{
	return g->par->level >= 0 ? level_low(g->par->level)
				  : g->par->min_score;
}

/* Rounds of up to 10 random changes, each kept only if the puzzle stays
 * unique and its score rises without passing max_score.  With a level,
 * the grade decides both at once: a puzzle it solves with techniques up
 * to the level is unique (every step is sound), and one it does not is
 * above the level, unique or not, so the solver is not asked; the
 * puzzle kept is proven again at the end (*proof). */
static cdok_status harden(struct gen *g, cdok_puzzle **best,
			  cdok_result *proof, uint64_t *best_score)
{
	const cdok_gen_params *par = g->par;
	uint64_t target = par->level >= 0 ? min_score(g) : par->target_score;
	uint64_t top = max_score(g);
	bool reprove = false;

	for (int it = 0; it < par->iterations; it++) {
		if (target && *best_score >= target)
			break;
		for (int m = 0; m < 10; m++) {
			cdok_puzzle *p;
			cdok_result res;
			enum unique u;
			uint64_t sc;
			bool unique;

			if (gen_stop(g))
				return CDOK_ERR_LIMIT;
			cdki_gen_save(g);
			if (!g->pol->mutate(g)) {
				cdki_gen_restore(g);
				continue;
			}
			p = cdki_gen_build_puzzle(g);
			if (!p)
				return CDOK_ERR_NOMEM;
			if (par->level >= 0) {
				sc = grade_score(g, p, &unique);
				u = unique ? UNIQUE_YES : UNIQUE_NOT;
			} else {
				u = cdki_gen_check_unique(g, p, &res);
				if (u == UNIQUE_NOMEM) {
					cdok_puzzle_free(p);
					return CDOK_ERR_NOMEM;
				}
				sc = u == UNIQUE_YES ? score_of(g, p, &res) : 0;
			}
			if (u == UNIQUE_YES && sc > *best_score &&
			    (!top || sc <= top)) {
				cdok_puzzle_free(*best);
				*best = p;
				*best_score = sc;
				if (par->level >= 0)
					reprove = true;
				else
					*proof = res;
				continue;
			}
			cdok_puzzle_free(p);
			cdki_gen_restore(g);
		}
	}
	if (reprove)
		g->unproven = true;
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Entry point                                                         */

cdok_status cdki_gen_prove(const cdok_puzzle *p, cdok_result *proof,
			   cdok_error *err)
{
	cdok_status st = cdok_solve(p, NULL, NULL, proof, err);

	if (st != CDOK_OK)
		return st;
	/* The generator's own proof (the grade's, or a search's) is sound;
	 * anything else is a bug, and the puzzle is not handed out. */
	if (proof->verdict != CDOK_VERDICT_UNIQUE)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "the grader and "
				 "the solver disagree on a puzzle's "
				 "uniqueness (a bug)");
	return CDOK_OK;
}

void cdki_gen_report(cdok_gen_result *result, uint64_t score,
		     const cdok_result *proof, const int *grid, int ncells)
{
	if (!result)
		return;
	result->score = score;
	result->proof = *proof;
	if (result->solution)
		memcpy(result->solution, grid, (size_t)ncells * sizeof(int));
}

/* How often a puzzle scoring below min_score is made again. */
#define MIN_SCORE_AGAIN 20

/* The failure to find a puzzle within the score bounds, said plainly. */
static cdok_status no_puzzle(const cdok_gen_params *par, cdok_error *err)
{
	const char *kind = par->killer ? "Killer " : "";
	unsigned long long lo = par->min_score, hi = par->max_score;

	if (par->level >= 0)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no %s%s "
				 "puzzle; other seeds or options may find one",
				 cdok_level_name(par->killer ?
						 CDOK_SCALE_KILLER :
						 CDOK_SCALE_CALCUDOKU,
						 par->level), kind[0] ?
				 " Killer" : "");

	if (lo && hi)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique "
				 "%spuzzle scoring between %llu and %llu",
				 kind, lo, hi);
	if (hi)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique "
				 "%spuzzle scoring at most %llu", kind, hi);
	if (lo)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique "
				 "%spuzzle scoring at least %llu", kind, lo);
	return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "found no unique "
			 "%spuzzle", kind);
}

static void gen_free(struct gen *g)
{
	if (g->pol && g->pol->free)
		g->pol->free(g);
	cdki_regions_free(&g->rg);
	cdki_regions_free(&g->saved);
	free(g->grid);
	free(g->sols[0]);
	free(g->sols[1]);
	free(g->sc.cells);
	free(g->sc.queue);
	free(g->sc.mark);
	free(g->sc.list);
	free(g->open);
	free(g->given);
}

/* Everything but the policy's state.  g is zeroed first, so gen_free
 * can follow any failure. */
static bool gen_alloc(struct gen *g)
{
	size_t nc = (size_t)g->ncells;

	g->grid = cdok_malloc(nc * sizeof(int));
	g->sols[0] = cdok_malloc(nc * sizeof(int));
	g->sols[1] = cdok_malloc(nc * sizeof(int));
	g->sc.cells = cdok_malloc(nc * sizeof(int));
	g->sc.queue = cdok_malloc(nc * sizeof(int));
	g->sc.mark = cdok_calloc(nc, sizeof(int));
	g->sc.list = cdok_malloc(2 * nc * sizeof(int) + 16 * sizeof(int));
	g->open = cdok_malloc(nc * sizeof(int));
	g->given = cdok_calloc(nc, sizeof(bool));
	return g->grid && g->sols[0] && g->sols[1] && g->sc.cells &&
	       g->sc.queue && g->sc.mark && g->sc.list && g->open &&
	       g->given &&
	       cdki_regions_init(&g->rg, g->n, g->grid) &&
	       cdki_regions_init(&g->saved, g->n, g->grid);
}

/* Steps of soften without fewer open cells before a value is given. */
#define SOFTEN_STALL 4

/* Give the value of one of the nopen open cells (g->open) that is not
 * given yet, drawn at random; false if there is none. */
static bool give_open_cell(struct gen *g, int nopen)
{
	int first = gen_rnd(g, nopen);

	for (int k = 0; k < nopen; k++) {
		int cell = g->open[(first + k) % nopen];

		if (!g->given[cell]) {
			g->given[cell] = true;
			return true;
		}
	}
	return false;
}

/* With a level, a puzzle above it says more where a person gets stuck:
 * the cells the grade leaves open at the level get more telling clues
 * (the policy's strengthen, as make_unique does where the solver's
 * reasoning stops), until the grade solves the puzzle within the level
 * -- which also proves it unique.  A policy that gives values
 * (give_in_soften, in the later rounds) gives one at an open cell when
 * its clues stop helping: strengthen finds no change, or the open cells
 * got no fewer in SOFTEN_STALL steps; each given closes a cell, so this
 * ends.  CDOK_ERR_LIMIT when the policy finds nothing more to say
 * within its steps. */
static cdok_status soften(struct gen *g, cdok_puzzle **best,
			  uint64_t *best_score)
{
	const struct gen_policy *pol = g->pol;
	int max_steps = pol->max_steps(g), fewest = g->ncells + 1, stalled = 0;

	if (g->may_give)
		max_steps += g->ncells;
	for (int step = 0; step < max_steps; step++) {
		int nopen = cdki_grade_open_cells(*best, g->par->level,
						  g->open);
		cdok_puzzle *p;
		bool unique, changed = false;

		if (gen_stop(g))
			return CDOK_ERR_LIMIT;
		/* A clue the policy could not fit to the grid after a change
		 * leaves the puzzle without a solution: give it up. */
		if (nopen == CDKI_NOMEM)
			return CDOK_ERR_NOMEM;
		if (nopen == CDKI_CONTRADICTION || !nopen)
			return CDOK_ERR_LIMIT;
		if (nopen < fewest) {
			fewest = nopen;
			stalled = 0;
		}
		if (!g->may_give || stalled++ < SOFTEN_STALL)
			changed = pol->strengthen(g, g->open, nopen);
		if (!changed && g->may_give)
			changed = give_open_cell(g, nopen);
		if (!changed)
			return CDOK_ERR_LIMIT;
		if (pol->tidy)
			pol->tidy(g);
		if (pol->accept && !pol->accept(g))
			return CDOK_ERR_LIMIT;
		p = cdki_gen_build_puzzle(g);
		if (!p)
			return CDOK_ERR_NOMEM;
		cdok_puzzle_free(*best);
		*best = p;
		*best_score = grade_score(g, p, &unique);
		if (unique) {
			g->unproven = true;
			return CDOK_OK;
		}
	}
	return CDOK_ERR_LIMIT;
}

/* Grids above this size may get givens from the first round on
 * (give_in_soften): a Killer round on them takes seconds. */
#define GIVE_AT_ONCE 16

/* The rounds of step 4: a unique puzzle within max_score, or
 * CDOK_ERR_LIMIT. */
static cdok_status rounds(struct gen *g, cdok_puzzle **best,
			  cdok_result *proof, uint64_t *best_score)
{
	const struct gen_policy *pol = g->pol;
	cdok_status st = CDOK_ERR_LIMIT;

	for (int round = 0; round < pol->rounds; round++) {
		/* Puzzles without givens first, as long as they come, but
		 * not on grids where a round costs seconds. */
		g->may_give = pol->give_in_soften &&
			      (round >= pol->rounds / 2 || g->n > GIVE_AT_ONCE);
		st = make_unique(g, best, proof);
		if (st == CDOK_ERR_NOMEM || g->stopped)
			return st;
		if (st == CDOK_OK) {
			g->unproven = false;
			*best_score = score_of(g, *best, proof);
			if (!max_score(g) || *best_score <= max_score(g))
				return CDOK_OK;
			if (g->par->level >= 0) {
				st = soften(g, best, best_score);
				if (st != CDOK_ERR_LIMIT)
					return st;
			}
			cdok_puzzle_free(*best);
			*best = NULL;
			st = CDOK_ERR_LIMIT;
		} else if (!pol->new_grid_per_round) {
			return st;
		} else if (!g->caller_grid) {
			st = pol->new_grid(g);
			if (st != CDOK_OK)
				return st;
			CDOK_ASSERT(pol->check_grid(g, NULL) == CDOK_OK);
			st = CDOK_ERR_LIMIT;
		}
	}
	return st;
}

cdok_status cdki_gen_new(const cdok_gen_params *par, const int *solution,
			 cdok_rng *rng, struct gen **out, cdok_error *err)
{
	struct gen *g = cdok_calloc(1, sizeof(*g));
	cdok_status st;

	*out = NULL;
	if (!g)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	g->par = par;
	g->pol = par->killer ? &cdki_killer_policy : &cdki_calcudoku_policy;
	g->rng = rng;
	if (par->size < 1 || par->size > CDOK_MAX_SIZE) {
		free(g);
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "size %d is outside 1..%d", par->size,
				 CDOK_MAX_SIZE);
	}
	g->n = par->size;
	g->ncells = par->size * par->size;
	if (par->hide_ops && (par->killer || par->rules)) {
		free(g);
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 "hidden operators are made for plain "
				 "Calcudoku, not with %s", par->killer ?
				 "Killer boxes" : "Nylimb rules");
	}
	if (par->level >= 0 &&
	    ((par->rules & CDOK_RULE_NYLIMB) ||
	     par->level >= cdok_level_count(par->killer ? CDOK_SCALE_KILLER
					    : CDOK_SCALE_CALCUDOKU))) {
		free(g);
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
				 par->rules & CDOK_RULE_NYLIMB ?
				 "Nylimb puzzles have no levels" :
				 "level %d is not one of the scale's",
				 par->level);
	}
	st = g->pol->init(g, err);
	if (st == CDOK_OK && !gen_alloc(g))
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (st == CDOK_OK && solution) {
		g->caller_grid = true;
		memcpy(g->grid, solution, (size_t)g->ncells * sizeof(int));
		st = g->pol->check_grid(g, err);
	} else if (st == CDOK_OK) {
		st = g->pol->new_grid(g);
		if (st != CDOK_OK)
			st = cdki_fail(err, st, 0, 0, st == CDOK_ERR_NOMEM ?
				       "out of memory" :
				       "found no solution grid of size %d",
				       g->n);
	}
	/* Cages are cut only from a grid of the policy's kind (a Latin
	 * square, a Sudoku grid, a Nylimb grid): one the generator drew
	 * needs no check, so it is only asserted. */
	CDOK_ASSERT(st != CDOK_OK || g->pol->check_grid(g, NULL) == CDOK_OK);
	if (st != CDOK_OK) {
		cdki_gen_delete(g);
		return st;
	}
	*out = g;
	return CDOK_OK;
}

void cdki_gen_delete(struct gen *g)
{
	if (!g)
		return;
	gen_free(g);
	free(g);
}

cdok_status cdok_generate(const cdok_gen_params *par, const int *solution,
			  cdok_rng *rng, cdok_puzzle **out,
			  cdok_gen_result *result, cdok_error *err)
{
	struct gen *g;
	cdok_puzzle *best = NULL;
	cdok_result proof;
	uint64_t best_score = 0;
	cdok_status st = CDOK_ERR_LIMIT;

	*out = NULL;
	if (par->sudoku)
		return cdki_gen_sudoku(par, solution, rng, out, result, err);
	memset(&proof, 0, sizeof(proof));
	st = cdki_gen_new(par, solution, rng, &g, err);
	if (st != CDOK_OK)
		return st;

	/* A puzzle that scores below min_score even after hardening is
	 * made again, from scratch. */
	for (int again = 0; again < MIN_SCORE_AGAIN; again++) {
		st = rounds(g, &best, &proof, &best_score);
		if (st == CDOK_OK)
			st = harden(g, &best, &proof, &best_score);
		if (st != CDOK_OK || g->stopped || g->nomem ||
		    best_score >= min_score(g))
			break;
		cdok_puzzle_free(best);
		best = NULL;
		st = CDOK_ERR_LIMIT;
	}
	if (st == CDOK_ERR_NOMEM || g->nomem) {
		cdok_puzzle_free(best);
		best = NULL;
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	if (g->stopped) {
		cdok_puzzle_free(best);
		best = NULL;
		st = cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "stopped after %llu "
			       "steps", (unsigned long long)g->steps);
		goto out;
	}
	if (st != CDOK_OK || !best) {
		st = no_puzzle(par, err);
		goto out;
	}
	/* A puzzle the grade proved unique gets the solver's proof too:
	 * every puzzle returned has one. */
	if (g->unproven) {
		st = cdki_gen_prove(best, &proof, err);
		if (st != CDOK_OK)
			goto out;
	}
	*out = best;
	best = NULL;
	cdki_gen_report(result, best_score, &proof, g->grid, g->ncells);
out:
	cdok_puzzle_free(best);
	cdki_gen_delete(g);
	return st;
}
