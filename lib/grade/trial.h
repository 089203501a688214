/* trial.h -- a trial step's links and state, shared by trial.c (the
 * links, one split, the techniques) and trial_nest.c (nested splits);
 * private to lib/grade. */
#ifndef CDOK_GRADE_TRIAL_H
#define CDOK_GRADE_TRIAL_H

#include "grade/grade.h"

#ifndef BIT
#define BIT(v) ((uint64_t)1 << (v))
#endif

/* Links of a trial: the cell, its value and why (the assumption, its
 * only candidate, the only place in unit). */
enum { L_ASSUME, L_NAKED, L_HIDDEN, L_CAGE, L_SPLIT, L_USPLIT };

struct link {
	int cell, value, kind, unit;  /* L_CAGE: unit is the cage;
				       * L_SPLIT: the cell's other value;
				       * L_USPLIT: the unit of the value's
				       * places */
	uint64_t mask;                /* L_SPLIT: the cell's candidates;
				       * L_USPLIT: the places' positions in
				       * the unit */
};

/* Cells with two candidates a nested trial tries at most. */
#define TRIAL_SPLITS 4096

/* Enumeration nodes one cage may take in a trial. */
#define TRIAL_CAGE_BUDGET 20000L

/* Splits nested in one another at most (a case split inside a case),
 * the cases a split may have, and the work one candidate's search for
 * nested splits may take (a cage's enumeration node is 1, a case 100).
 * The work: with 5,000,000, 4 of the corpus's 89 trial steps fell back
 * to "a search shows it", but grading a Killer state with many wrong
 * pencil marks (the grade fuzz target's seed from killer_kb_05) took
 * 24 s of CPU under the sanitizers, 1.4 s before nested splits; with
 * 200,000, 5 of 89 fall back and that state takes 2.6 s; with 100,000,
 * 8 and 2.1 s (bench/tutor/trial-steps.py).  Since sums of lines
 * (tech_linesum.c) took 26 of the 89 trial steps' places and a last
 * split tries the techniques (TRIAL_DEEP_TRIES), 2 of 63 fell back; with
 * the case split where the techniques stop (TRIAL_PROOF_*), none. */
#define TRIAL_DEPTH 3
#define TRIAL_WAYS 3
#define TRIAL_WORK 200000L

/* Runs of the grader's techniques one candidate's last search (a cell
 * of two candidates, each value's techniques to a contradiction:
 * trial.c, split_deeper) may take, when the nested splits find none. */
#define TRIAL_DEEP_TRIES 8

/* Past that, a case split in the state where the techniques stop,
 * nested at most this deep, in at most this many runs of the
 * techniques (trial_proof.c, cdki_trial_stalled).  With 200 runs one
 * corpus step still fell back; 400 made the grade fuzz target's full
 * replay 18 % slower (54 s -> 64 s of CPU under the sanitizers, 15 of
 * the 10 s on cdok9D_02's two seeds), in text only, never in a grade. */
#define TRIAL_PROOF_DEPTH 3
#define TRIAL_PROOF_TRIES 400

struct trial {
	const struct grader *g;
	int n, ncells;
	uint64_t *dom;
	int *val;
	int *by;          /* cell * (n + 1) + v: the link that removed v
			   * from cell, -1 before the trial */
	struct link *links;
	int nlinks, cap;
	bool *keep;
	/* The contradiction: a cell with no value left (cell >= 0), or
	 * value with no place in unit, or a cage no way of filling it
	 * fits. */
	int dead_cell, dead_unit, dead_value, dead_cage;
	/* Cage enumeration: its values so far, and per cell what some
	 * layout puts there. */
	int vals[CDOK_MAX_SIZE * 2];
	uint64_t support[CDOK_MAX_SIZE * 2];
	long budget;
	/* The state at a branch point (branch()). */
	uint64_t *save_dom;
	int *save_val, *save_by, save_nlinks;
	bool *outer_keep;
	/* The states at nested splits, per level (split_search()), what
	 * each level's case rests on, and the cases left to try. */
	uint64_t *lvl_dom[TRIAL_DEPTH];
	int *lvl_val[TRIAL_DEPTH], *lvl_by[TRIAL_DEPTH];
	int lvl_nlinks[TRIAL_DEPTH];
	bool *lvl_keep[TRIAL_DEPTH];
	long work;
	bool lost;        /* a case said found no contradiction */
};

/* trial.c's own steps, for trial_nest.c: place a link's value (false
 * on a contradiction); singles and cages until a contradiction (-1) or
 * none applies (0); after a contradiction, the links it rests on (in
 * t->keep), how many; the kept links from..to-1 in words, each followed
 * by ", ", how many; the contradiction in words. */
bool cdki_trial_put(struct trial *t, int cell, int v, int kind, int unit);
int cdki_trial_propagate(struct trial *t);
int cdki_trial_kept(struct trial *t);
int cdki_trial_say_chain(const struct trial *t, const bool *keep, int from,
			 int to, struct strbuf *sb);
void cdki_trial_say_dead(const struct trial *t, struct strbuf *sb);

/* Nested splits from where the singles and cages stopped after v in
 * cell (t holds that state), told into sb; false when none is found
 * within the work (trial_nest.c). */
bool cdki_trial_nested(struct trial *t, int cell, int v, struct strbuf *sb);

/* The grader's techniques recorded as steps (trial.c). */
struct deep_run {
	cdok_step *steps;
	int nsteps, cap;
	bool nomem;
};

/* The techniques from val and dom into run (the state where they stop
 * into stop_val and stop_dom when given), the grader's result; a run's
 * steps freed; the steps marked in needed in words, how many
 * (trial.c).  The case split past split_deeper (trial_proof.c). */
int cdki_trial_run(const struct grader *g, const int *val, const uint64_t *dom,
		   struct deep_run *run, int *stop_val, uint64_t *stop_dom);
void cdki_trial_run_free(struct deep_run *run);
int cdki_trial_say_steps(const cdok_puzzle *p, const cdok_step *steps,
			 const bool *needed, int from, int to,
			 struct strbuf *sb);
bool cdki_trial_stalled(struct trial *t, int cell, int v, struct strbuf *sb);

#endif
