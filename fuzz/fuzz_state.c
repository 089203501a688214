/* fuzz_state.c -- fuzz target for states of play (doc/FORMAT.md,
 * "States of play"): cdok_read_state, cdok_write_state and the mistake
 * finder they feed, cdok_check_partial.
 *
 * The input is a puzzle in any format (told from its text, as the
 * program does), then a NUL byte, then a state; without a NUL byte the
 * state is empty (the empty grid, where play starts).  For each puzzle
 * (up to MAX_PUZZLES) the state is read at the puzzle's size, with
 * pencil marks allowed and again with them refused.
 *
 * Checks: an error has a one-line message and a position inside the
 * state's text; a state that reads holds only empty cells and values
 * 1..size, with pencil marks only on empty cells and only of values
 * 1..size; read without room for pencil marks it reads the same when it
 * has none, and fails when it has some; written, it reads back the same
 * and writes the same text again.  Under every rule set the puzzle can
 * take, cdok_check_partial on the state succeeds (for a puzzle that
 * validates), its problems point inside the grid and the puzzle, and
 * when the puzzle has one solution (found within a node limit) the
 * cells it calls wrong are exactly the filled cells without a given
 * that differ from that solution; and cdok_check_state, with the
 * state's pencil marks, lists the same problems, then a MARKS problem
 * for exactly the empty cells without a given whose marks leave out the
 * solution's value.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Puzzles taken from one input (formats such as UCF hold many). */
#define MAX_PUZZLES 4

/* What no reader writes: a cell the reader left alone shows it. */
#define UNSET 0x5a5a5a5a

struct state {
	const char *text;     /* the state's text */
	size_t len;
	int n;
	int *values;          /* n*n, as read */
	uint64_t *marks;      /* n*n, as read */
};

/* Search nodes for the mistake finder's solver: 300, fewer for big
 * grids, and 20 in Nylimb mode, whose nodes cost the most (work, never
 * time, bounds every input; fuzz_solve is the solver's own target). */
static uint64_t node_limit(const cdok_puzzle *p)
{
	uint64_t cells = (uint64_t)cdok_puzzle_size(p) *
			 (uint64_t)cdok_puzzle_size(p);

	if (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB)
		return 20;
	return 12000 / cells < 300 ? 12000 / cells + 1 : 300;
}

/* Bits 1..n. */
static uint64_t all_values(int n)
{
	return n == 63 ? ~(uint64_t)1 : (((uint64_t)1 << n) - 1) << 1;
}

/* What a state that reads must hold. */
static void check_read(const struct state *s)
{
	int n = s->n;

	for (int i = 0; i < n * n; i++) {
		int v = s->values[i];
		uint64_t m = s->marks[i];

		FUZZ_CHECK(v == CDOK_NONE || (v >= 1 && v <= n),
			   "cell %d holds %d in a grid of %d", i, v, n);
		FUZZ_CHECK(!(m & ~all_values(n)), "cell %d: pencil marks "
			   "%#llx outside 1..%d", i, (unsigned long long)m,
			   n);
		FUZZ_CHECK(v == CDOK_NONE || !m, "cell %d holds %d and "
			   "pencil marks %#llx", i, v, (unsigned long long)m);
	}
}

/* Read without room for pencil marks: the same values when there are
 * none, else an error that points inside the text. */
static void check_without_marks(const struct state *s, bool read)
{
	int n = s->n, *values = malloc((size_t)(n * n) * sizeof(int));
	bool any_marks = false;
	cdok_error err;
	cdok_status st;

	FUZZ_CHECK(values, "out of memory");
	memset(&err, 0, sizeof(err));
	st = cdok_read_state(s->text, s->len, n, values, NULL, &err);
	if (st != CDOK_OK)
		fuzz_check_error(s->text, s->len, st, &err);
	if (!read) {
		FUZZ_CHECK(st != CDOK_OK, "a state that does not read with "
			   "pencil marks allowed reads without");
		free(values);
		return;
	}
	for (int i = 0; i < n * n; i++)
		any_marks |= s->marks[i] != 0;
	FUZZ_CHECK((st == CDOK_OK) == !any_marks, "read without pencil "
		   "marks: status %d, but the state has %s", st,
		   any_marks ? "some" : "none");
	if (st == CDOK_OK)
		FUZZ_CHECK(!memcmp(values, s->values,
				   (size_t)(n * n) * sizeof(int)),
			   "read without pencil marks, the values differ");
	free(values);
}

/* Written, the state reads back the same and writes the same text. */
static void check_round_trip(const struct state *s)
{
	int n = s->n, *values = malloc((size_t)(n * n) * sizeof(int));
	uint64_t *marks = malloc((size_t)(n * n) * sizeof(uint64_t));
	char *text, *again;
	size_t len, again_len, lines = 0;
	cdok_error err;
	cdok_status st;

	FUZZ_CHECK(values && marks, "out of memory");
	memset(&err, 0, sizeof(err));
	st = cdok_write_state(n, s->values, s->marks, &text, &len, &err);
	FUZZ_CHECK(st == CDOK_OK, "cdok_write_state: %s", err.message);
	FUZZ_CHECK(strlen(text) == len, "written state: length %zu, but "
		   "%zu bytes before the NUL", len, strlen(text));
	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	FUZZ_CHECK(lines == (size_t)n && len && text[len - 1] == '\n',
		   "a state of size %d written in %zu lines", n, lines);
	st = cdok_read_state(text, len, n, values, marks, &err);
	FUZZ_CHECK(st == CDOK_OK, "the written state does not read back: "
		   "%d:%d: %s\n--- text ---\n%.2000s", err.line, err.column,
		   err.message, text);
	FUZZ_CHECK(!memcmp(values, s->values, (size_t)(n * n) * sizeof(int)),
		   "the written state reads back other values\n--- text "
		   "---\n%.2000s", text);
	FUZZ_CHECK(!memcmp(marks, s->marks, (size_t)(n * n) *
			   sizeof(uint64_t)), "the written state reads back "
		   "other pencil marks\n--- text ---\n%.2000s", text);
	st = cdok_write_state(n, values, marks, &again, &again_len, NULL);
	FUZZ_CHECK(st == CDOK_OK && again_len == len &&
		   !memcmp(again, text, len), "writing the state read back "
		   "gives other text");
	cdok_free(again);
	cdok_free(text);
	free(values);
	free(marks);
}

/* cdok_check_state with the pencil marks: the partial problems
 * (count of them), then exactly the empty cells without a given whose
 * marks leave out the solution's value (sol, when unique). */
static void check_marks(const struct state *s, const cdok_puzzle *p,
			const cdok_grade_params *params, int count,
			int unique, const int *sol, const char *rules)
{
	int n = s->n, total = -1, u = -1, expect = 0;
	cdok_problem *problems = NULL;
	cdok_status st;

	st = cdok_check_state(p, s->values, s->marks, params, &problems,
			      &total, &u, NULL);
	FUZZ_CHECK(st == CDOK_OK && u == unique, "%s rules: "
		   "cdok_check_state: status %d, unique %d", rules, st, u);
	for (int i = 0; unique && i < n * n; i++)
		expect += s->values[i] == CDOK_NONE &&
			  cdok_puzzle_given(p, i) == CDOK_NONE &&
			  s->marks[i] && !(s->marks[i] >> sol[i] & 1);
	FUZZ_CHECK(total == count + expect, "%s rules: %d problems with "
		   "marks, %d without, %d marks wrong", rules, total, count,
		   expect);
	for (int i = count; i < total; i++) {
		const cdok_problem *pr = &problems[i];
		int cell = pr->row * n + pr->column;

		fuzz_check_problem(pr, p, true);
		FUZZ_CHECK(pr->kind == CDOK_PROBLEM_MARKS &&
			   s->values[cell] == CDOK_NONE &&
			   pr->where == s->marks[cell] &&
			   pr->given == sol[cell], "%s rules: r%dc%d: marks "
			   "%#llx called wrong", rules, pr->row + 1,
			   pr->column + 1, (unsigned long long)pr->where);
	}
	cdok_free(problems);
}

/* The mistake finder on the state, under one rule set. */
static void check_partial(void *user, const cdok_puzzle *p,
			  const char *rules)
{
	const struct state *s = user;
	int n = s->n, count = -1, unique = -1, wrong = 0, flagged = 0;
	int *sol = malloc((size_t)(n * n) * sizeof(int));
	cdok_problem *problems = NULL;
	cdok_grade_params params;
	cdok_solve_params sp;
	cdok_result res;
	cdok_error err;
	cdok_status st;

	FUZZ_CHECK(sol, "out of memory");
	cdok_grade_params_init(&params);
	params.max_nodes = node_limit(p);
	memset(&err, 0, sizeof(err));
	st = cdok_check_partial(p, s->values, &params, &problems, &count,
				&unique, &err);
	if (cdok_puzzle_validate(p, NULL) != CDOK_OK) {
		FUZZ_CHECK(st != CDOK_OK && err.message[0] && !problems,
			   "%s rules: cdok_check_partial on an invalid "
			   "puzzle: status %d", rules, st);
		free(sol);
		return;
	}
	FUZZ_CHECK(st == CDOK_OK, "%s rules: cdok_check_partial: %s", rules,
		   err.message);
	FUZZ_CHECK(count >= 0 && (count == 0) == (problems == NULL) &&
		   (unique == 0 || unique == 1), "%s rules: %d problems at "
		   "%p, unique %d", rules, count, (void *)problems, unique);
	for (int i = 0; i < count; i++) {
		fuzz_check_problem(&problems[i], p, true);
		flagged += problems[i].kind == CDOK_PROBLEM_WRONG;
	}

	/* The same search as the mistake finder's gives the same
	 * answer: the solver is deterministic. */
	cdok_solve_params_init(&sp);
	sp.max_nodes = params.max_nodes;
	st = cdok_solve(p, &sp, sol, &res, NULL);
	FUZZ_CHECK(st == CDOK_OK, "cdok_solve failed on a valid puzzle");
	FUZZ_CHECK(unique == (res.verdict == CDOK_VERDICT_UNIQUE),
		   "%s rules: unique %d, but the solver's verdict is %s",
		   rules, unique, cdok_verdict_name(res.verdict));
	if (unique) {
		for (int i = 0; i < n * n; i++)
			wrong += s->values[i] != CDOK_NONE &&
				 cdok_puzzle_given(p, i) == CDOK_NONE &&
				 s->values[i] != sol[i];
		FUZZ_CHECK(wrong == flagged, "%s rules: %d cells differ from "
			   "the only solution, %d are called wrong", rules,
			   wrong, flagged);
		for (int i = 0; i < count; i++) {
			const cdok_problem *pr = &problems[i];
			int cell = pr->row * n + pr->column;

			if (pr->kind != CDOK_PROBLEM_WRONG)
				continue;
			FUZZ_CHECK(pr->row >= 0 && pr->column >= 0 &&
				   s->values[cell] == pr->value &&
				   sol[cell] == pr->given &&
				   pr->value != pr->given, "%s rules: r%dc%d "
				   "called wrong: %d for %d", rules,
				   pr->row + 1, pr->column + 1, pr->value,
				   pr->given);
		}
	} else {
		FUZZ_CHECK(!flagged, "%s rules: a cell called wrong without "
			   "a unique solution", rules);
	}
	check_marks(s, p, &params, count, unique, sol, rules);
	cdok_free(problems);
	free(sol);
}

static void one_puzzle(const cdok_puzzle *p, const char *text, size_t len)
{
	int n = cdok_puzzle_size(p);
	struct state s = { text, len, n, NULL, NULL };
	cdok_error err;
	cdok_status st;

	s.values = malloc((size_t)(n * n) * sizeof(int));
	s.marks = malloc((size_t)(n * n) * sizeof(uint64_t));
	FUZZ_CHECK(s.values && s.marks, "out of memory");
	for (int i = 0; i < n * n; i++) {
		s.values[i] = UNSET;
		s.marks[i] = UNSET;
	}
	memset(&err, 0, sizeof(err));
	st = cdok_read_state(text, len, n, s.values, s.marks, &err);
	if (st != CDOK_OK) {
		fuzz_check_error(text, len, st, &err);
		check_without_marks(&s, false);
	} else {
		check_read(&s);
		check_without_marks(&s, true);
		check_round_trip(&s);
		fuzz_rule_sets(p, check_partial, &s);
	}
	free(s.values);
	free(s.marks);
}

/* The state of play after the input's NUL (empty without one). */
struct after_nul {
	const char *text;
	size_t len;
};

static void state_puzzle(void *user, cdok_puzzle *p)
{
	const struct after_nul *st = user;

	one_puzzle(p, st->text, st->len);
	cdok_puzzle_free(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t text_len = nul ? (size_t)(nul - data) : size;
	struct after_nul st = { nul ? (const char *)nul + 1 : "",
			    nul ? size - text_len - 1 : 0 };

	fuzz_each_puzzle((const char *)data, text_len, MAX_PUZZLES,
			 state_puzzle, &st);
	return 0;
}
