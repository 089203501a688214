/* test_techniques.c -- the grader's techniques as data: every line of
 * tests/data/techniques.txt (its head says how to read one) runs one
 * technique's function on a puzzle in a state and compares the step
 * with the line's, every placement and removal of it.  Adding a case is
 * adding a line.
 */
#include "fmt_helpers.h"

#include "grade/grade.h"

#define TECHNIQUES_FILE "tests/data/techniques.txt"
#define MAX_PUZZLES 32

/* Each technique's function, from the list. */
static const grade_tech_fn tech_fn[TECH_COUNT] = {
#define TECH_FN(id, fn, ...) cdki_tech_##fn,
	GRADE_TECHNIQUES(TECH_FN)
#undef TECH_FN
};

struct named {
	char name[32];
	cdok_puzzle *p;
	int *solution;        /* the only solution, or NULL */
};

struct run {
	struct named puzzles[MAX_PUZZLES];
	int npuzzles;
	int lines, failures;
	bool found[TECH_COUNT]; /* techniques some line finds a step of */
};

static cdok_puzzle *find_puzzle(struct run *r, const char *name,
				const int **solution)
{
	for (int i = 0; i < r->npuzzles; i++)
		if (!strcmp(r->puzzles[i].name, name)) {
			*solution = r->puzzles[i].solution;
			return r->puzzles[i].p;
		}
	return NULL;
}

/* Read the puzzle block whose first line ("puzzle NAME") starts at
 * *at; *at moves past it. */
static void read_puzzle(struct run *r, char **at, int line)
{
	char *text, *end = strstr(*at, "\n\n"), *nl = strchr(*at, '\n');
	struct named *np = &r->puzzles[r->npuzzles];
	cdok_result res;
	int n;

	cr_assert(r->npuzzles < MAX_PUZZLES, "line %d: too many puzzles",
		  line);
	cr_assert(nl, "line %d: a puzzle with no text", line);
	snprintf(np->name, sizeof(np->name), "%.*s",
		 (int)(nl - (*at + 7)), *at + 7);
	text = nl + 1;
	if (!end)
		end = text + strlen(text);
	np->p = fmt_read_one("spec", text, (size_t)(end - text), np->name);
	cr_assert(np->p, "line %d: puzzle %s does not read", line, np->name);
	n = cdok_puzzle_size(np->p);
	np->solution = malloc((size_t)(n * n) * sizeof(int));
	cr_assert(np->solution);
	cr_assert_eq(cdok_solve(np->p, NULL, np->solution, &res, NULL),
		     CDOK_OK);
	if (res.verdict != CDOK_VERDICT_UNIQUE) {
		free(np->solution);
		np->solution = NULL;
	}
	r->npuzzles++;
	*at = end;
}

/* A state ("-": the givens; else rows joined by '/') into values and
 * candidates; false when it does not read. */
static bool read_state(const cdok_puzzle *p, const char *state, int *values,
		       uint64_t *cand, bool *given_only)
{
	char text[1024];
	size_t len = strlen(state);

	*given_only = !strcmp(state, "-");
	if (*given_only)
		return true;
	if (len >= sizeof(text))
		return false;
	for (size_t i = 0; i <= len; i++)
		text[i] = state[i] == '/' ? '\n' : state[i];
	return cdok_read_state(text, len, cdok_puzzle_size(p), values, cand,
			       NULL) == CDOK_OK;
}

/* The step the grader holds, as a result is written. */
static void describe(const struct grader *g, int tech, int r, char *out,
		     size_t cap)
{
	const struct gstep *s = &g->step;
	size_t at = 0;

	out[0] = '\0';
	if (r == 0 || r == CDKI_CONTRADICTION) {
		snprintf(out, cap, "%s", r ? "contradiction" : "none");
		return;
	}
	if (s->tech != tech)
		at += (size_t)snprintf(out + at, cap - at, "%s: ",
				       cdok_technique_name(s->tech));
	if (s->place_cell >= 0 && at < cap)
		at += (size_t)snprintf(out + at, cap - at, "r%dc%d=%d ",
				       s->place_cell / g->n + 1,
				       s->place_cell % g->n + 1,
				       s->place_value);
	for (int c = 0; c < g->ncells && at < cap; c++) {
		if (!s->rm[c])
			continue;
		at += (size_t)snprintf(out + at, cap - at, "r%dc%d-",
				       c / g->n + 1, c % g->n + 1);
		for (int v = 1; v <= g->n && at < cap; v++)
			if (s->rm[c] & ((uint64_t)1 << v))
				at += (size_t)snprintf(out + at, cap - at,
						       g->n <= 9 ? "%d" : "%d,",
						       v);
		if (at < cap)
			out[at++] = ' ';
	}
	while (at > 0 && at <= cap && out[at - 1] == ' ')
		at--;
	out[at < cap ? at : cap - 1] = '\0';
}

/* Run one test line; false (with the reason in why) when its result is
 * not the grader's. */
static bool run_line(struct run *r, char *line, char *why, size_t cap)
{
	char tech_name[64], puzzle[32], state[1024], got[2048];
	const char *want = strstr(line, "=>");
	const int *solution;
	cdok_puzzle *p;
	int tech = -1, values[CDOK_MAX_SIZE * CDOK_MAX_SIZE], res;
	uint64_t cand[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	struct grader g;
	bool given_only;

	if (!want || sscanf(line, "%63s %31s %1023s", tech_name, puzzle,
			    state) != 3) {
		snprintf(why, cap, "not TECHNIQUE PUZZLE STATE => RESULT");
		return false;
	}
	for (want += 2; *want == ' '; want++)
		;
	for (int t = 0; t < TECH_COUNT; t++)
		if (!strcmp(cdok_technique_name(t), tech_name))
			tech = t;
	p = find_puzzle(r, puzzle, &solution);
	if (tech < 0 || !p) {
		snprintf(why, cap, "no technique %s or puzzle %s", tech_name,
			 puzzle);
		return false;
	}
	if (!read_state(p, state, values, cand, &given_only)) {
		snprintf(why, cap, "the state does not read");
		return false;
	}
	cr_assert(cdki_grader_init(&g, p, given_only ? NULL : values,
				   given_only ? NULL : cand));
	cr_assert(!g.contradiction, "the state contradicts the puzzle");
	g.solution = solution;
	/* A sum of lines is used only where steps are recorded. */
	g.record = tech == TECH_LINE_SUM;
	res = tech_fn[tech](&g);
	describe(&g, tech, res, got, sizeof(got));
	if (res > 0)
		r->found[g.step.tech] = true;
	cdki_grader_free(&g);
	if (!strcmp(got, want))
		return true;
	snprintf(why, cap, "got \"%s\", expected \"%s\"", got, want);
	return false;
}

/* Run every test of text (a techniques file), counting lines and
 * failures in r; report: say what failed. */
static void run_text(struct run *r, char *text, bool report)
{
	char *at = text;
	int line = 1;

	while (*at) {
		char *nl = strchr(at, '\n'), why[4200];

		if (nl)
			*nl = '\0';
		if (!strncmp(at, "puzzle ", 7)) {
			char *start = at;

			if (nl)
				*nl = '\n';
			read_puzzle(r, &at, line);
			for (char *c = start; c < at; c++)
				line += *c == '\n';
			continue;
		}
		if (*at && *at != '#') {
			r->lines++;
			if (!run_line(r, at, why, sizeof(why))) {
				r->failures++;
				cr_expect(!report, "%s:%d: %s: %s",
					  TECHNIQUES_FILE, line, at, why);
			}
		}
		if (!nl)
			break;
		at = nl + 1;
		line++;
	}
}

static void run_free(struct run *r)
{
	for (int i = 0; i < r->npuzzles; i++) {
		cdok_puzzle_free(r->puzzles[i].p);
		free(r->puzzles[i].solution);
	}
}

Test(techniques, every_line_of_the_file, .timeout = 600)
{
	struct run r;
	char *text = tl_read(TECHNIQUES_FILE, NULL);

	memset(&r, 0, sizeof(r));
	run_text(&r, text, true);
	cr_expect(r.lines >= TECH_COUNT, "only %d lines", r.lines);
	cr_expect_eq(r.failures, 0);
	for (int t = 0; t < TECH_COUNT; t++)
		cr_expect(r.found[t], "%s: no line finds a step of it",
			  cdok_technique_name(t));
	run_free(&r);
	free(text);
}

/* The runner itself can fail: a wrong placement, a missing removal, an
 * extra one, a step where there is none, and a line it cannot read are
 * each one failure. */
Test(techniques, a_wrong_line_fails)
{
	static const char wrong[] =
		"puzzle plain4\n"
		"A+10 A A A\nB+10 B B B\nC+10 C C C\nD+10 D D D\n"
		"\n"
		"naked-single plain4 {3}.../..../..../.... => r1c1=3\n"
		"naked-single plain4 {3}.../..../..../.... => r1c1=4\n"
		"naked-single plain4 {3}.../..../..../.... => none\n"
		"hidden-single plain4 - => r1c1=1\n"
		"cage-values plain4 - => r1c1-1\n"
		"naked-single nosuch - => none\n";
	char *text = strdup(wrong);
	struct run r;

	memset(&r, 0, sizeof(r));
	run_text(&r, text, false);
	cr_expect_eq(r.lines, 6);
	cr_expect_eq(r.failures, 5);
	run_free(&r);
	free(text);
}
