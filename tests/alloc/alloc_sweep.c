/* alloc_sweep.c -- what the library does when memory runs out.
 *
 * Built against the sanitizer build's library, compiled with
 * -DCDOK_ALLOC_TEST (lib/model/model.h): every cdok_malloc, cdok_calloc
 * and cdok_realloc first asks cdok_test_alloc_fails(), which this
 * program defines.  jansson's allocations are routed through the same
 * question with json_set_alloc_funcs, here only.  The state (how many
 * allocations so far, which one fails) is this program's; the library
 * keeps none.
 *
 * Each operation below (reading every format, writing, solving,
 * checking, generating, ...) is run once to count its allocations, N,
 * and to record what it produces.  Then it is run again for k = 1..N
 * (a stride over large N), with the k-th allocation failing.  Every run
 * must end in one of two ways: CDOK_ERR_NOMEM, with the message "out of
 * memory" where the operation takes a cdok_error, or success with
 * exactly what the first run produced (an allocation the library can
 * do without).  Under AddressSanitizer a crash, an invalid access or a
 * leak (checked after each operation's sweep, then narrowed down to the
 * k) fails the program too, which then says which operation and k.
 *
 *	alloc_sweep [-m MAX] [-f FIRST] [-t] [-s NAME] [NAME-PREFIX...]
 *
 * MAX bounds the runs per operation (a stride covers the rest; default
 * 1000, which leaves only generation with a stride; 0: every k); FIRST is the first k tried (default 1; to look past a
 * finding that ends the program); -t prints the stack of every
 * allocation made to fail; -s skips the operations whose names
 * start with NAME; prefixes select operations.  The last line printed
 * is a summary.
 */
#include <jansson.h>
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"

bool cdok_test_alloc_fails(void);

/* ---- the failing allocator ---- */

static long alloc_calls;   /* allocations asked for in this run */
static long fail_at;       /* the one that fails (0: none) */
static long failed_calls;  /* how many were made to fail */
static bool trace;         /* -t: print where the failing one was asked */

bool cdok_test_alloc_fails(void)
{
	if (++alloc_calls != fail_at)
		return false;
	failed_calls++;
	if (trace) {
		fprintf(stderr, "alloc_sweep: allocation %ld fails here:\n",
			fail_at);
		__sanitizer_print_stack_trace();
	}
	return true;
}

static void *json_alloc(size_t size)
{
	return cdok_test_alloc_fails() ? NULL : malloc(size);
}

/* ---- what an operation produced ---- */

struct outcome {
	char *text;
	size_t len, cap;
};

static void out_add(struct outcome *o, const char *s, size_t n)
{
	if (o->len + n + 1 > o->cap) {
		size_t cap = o->cap ? o->cap : 256;

		while (cap < o->len + n + 1)
			cap *= 2;
		o->text = realloc(o->text, cap);
		if (!o->text)
			abort();
		o->cap = cap;
	}
	memcpy(o->text + o->len, s, n);
	o->len += n;
	o->text[o->len] = '\0';
}

static void out_printf(struct outcome *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void out_printf(struct outcome *o, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	out_add(o, buf, n < 0 ? 0 : (size_t)n < sizeof(buf) ? (size_t)n
							    : sizeof(buf) - 1);
}

/* Take a string the library returned into the outcome, and free it. */
static void out_take(struct outcome *o, char *s)
{
	if (s)
		out_add(o, s, strlen(s));
	cdok_free(s);
}

/* ---- inputs ---- */

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET)) {
		fprintf(stderr, "alloc_sweep: cannot read %s\n", path);
		exit(2);
	}
	buf = malloc((size_t)n + 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		abort();
	buf[n] = '\0';
	fclose(f);
	return buf;
}

#define CORPUS "tests/data/corpus/"

/* Every format, libcdok-json's too, as the cdok program has them; made
 * before any sweep. */
static cdok_formats *formats;

static const cdok_format *format_named(const char *name)
{
	return cdok_formats_find(formats, name);
}

/* One sample text per readable format, and the rules to read it with. */
static const struct sample {
	const char *format;
	const char *path;      /* NULL: text below */
	const char *text;
	unsigned rules;
} samples[] = {
	{ "spec", "examples/readme6.spec", NULL, 0 },
	{ "spec", NULL, "@boxes 2x2\n@distinct\nA+3\tA\tB+7\tB\n"
	  "C+7\tC\tD+3\tD\nE+3\tE\tF+7\tF\nG+7\tG\tH+3\tH\n", 0 },
	{ "spec", CORPUS "nylimb/sample.puz", NULL, CDOK_RULE_NYLIMB },
	{ "ucf", CORPUS "ucf/sample.in", NULL, 0 },
	{ "calpoly", CORPUS "calpoly/sample.in", NULL, 0 },
	{ "keen", CORPUS "keen/keen_3e_01.keen", NULL, 0 },
	{ "solo", CORPUS "killer/killer_ka_01.solo", NULL, 0 },
	{ "killer", CORPUS "killer/killer_ka_01.json", NULL, 0 },
	/* Text NULL too: the first sample, written in this format. */
	{ "json", NULL, NULL, 0 },
};

#define NSAMPLES (sizeof(samples) / sizeof(samples[0]))

static char *sample_text[NSAMPLES];

/* The first puzzle of a sample, read with allocation failures off. */
static cdok_puzzle *sample_puzzle(size_t i)
{
	const char *text = sample_text[i];
	cdok_reader *r = cdok_reader_new(format_named(samples[i].format),
					 text, strlen(text));
	cdok_puzzle *p = NULL;
	cdok_error err;

	if (!r)
		abort();
	cdok_reader_set_rules(r, samples[i].rules);
	if (cdok_reader_next(r, &p, &err) != CDOK_OK) {
		fprintf(stderr, "alloc_sweep: sample %zu: %s\n", i,
			err.message);
		exit(2);
	}
	cdok_reader_free(r);
	return p;
}

/* The puzzles the operations work on and their solutions, made before
 * any sweep. */
static cdok_puzzle *plain6, *killer4, *killer9, *nylimb6, *ucf_puzzle;
static cdok_puzzle *calpoly5;
static int *plain6_sol, *killer9_sol, *nylimb6_sol, *calpoly5_sol;
static int *wrong6;    /* a wrong grid for plain6 */

/* ---- operations ----
 *
 * Each returns the status that decides the run: CDOK_OK, or the
 * failure (which must be CDOK_ERR_NOMEM), with err filled when the
 * library filled it. */

typedef cdok_status (*op_fn)(const void *arg, struct outcome *o,
			     cdok_error *err);

/* The status of a run, and whether err must say "out of memory" when
 * it is a failure (the functions that take a cdok_error fill it). */
static cdok_status nomem(cdok_error *err)
{
	snprintf(err->message, sizeof(err->message), "out of memory");
	err->status = CDOK_ERR_NOMEM;
	return CDOK_ERR_NOMEM;
}

static cdok_status op_read(const void *arg, struct outcome *o,
			   cdok_error *err)
{
	const struct sample *s = arg;
	const char *text = sample_text[s - samples];
	cdok_reader *r = cdok_reader_new(format_named(s->format), text,
					 strlen(text));
	cdok_status st;
	cdok_puzzle *p;

	if (!r)
		return nomem(err);
	cdok_reader_set_rules(r, s->rules);
	while ((st = cdok_reader_next(r, &p, err)) == CDOK_OK) {
		char *spec = NULL;

		st = cdok_write(format_named("spec"), p, NULL, &spec,
				NULL, err);
		cdok_puzzle_free(p);
		if (st != CDOK_OK)
			break;
		out_take(o, spec);
	}
	cdok_reader_free(r);
	return st == CDOK_END ? CDOK_OK : st;
}

/* A solution of the puzzle (solved with failures off), or NULL. */
static int *solution_of(const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p);
	int *v = malloc(sizeof(int) * (size_t)(n * n));
	cdok_result res;

	if (!v || cdok_solve(p, NULL, v, &res, NULL) != CDOK_OK)
		abort();
	if (res.count == 0) {
		free(v);
		return NULL;
	}
	return v;
}

struct write_arg {
	const char *format;
	const cdok_puzzle *const *puzzle;
	int *const *values;    /* NULL: none */
};

static cdok_status op_write(const void *arg, struct outcome *o,
			    cdok_error *err)
{
	const struct write_arg *a = arg;
	const cdok_puzzle *p = *a->puzzle;
	const cdok_format *f = format_named(a->format);
	const int *values = a->values ? *a->values : NULL;
	cdok_writer *w;
	cdok_status st;
	char *text = NULL;

	st = cdok_write(f, p, values, &text, NULL, err);
	if (st != CDOK_OK)
		return st;
	out_take(o, text);
	/* The same puzzle twice as a stream, then its end. */
	w = cdok_writer_new(f, 0);
	if (!w)
		return nomem(err);
	for (int i = 0; i < 2 && st == CDOK_OK; i++) {
		st = cdok_writer_put(w, p, values, &text, NULL, err);
		if (st == CDOK_OK)
			out_take(o, text);
	}
	if (st == CDOK_OK) {
		st = cdok_writer_finish(w, &text, NULL, err);
		if (st == CDOK_OK)
			out_take(o, text);
	}
	cdok_writer_free(w);
	return st;
}

struct solve_arg {
	const cdok_puzzle *const *puzzle;
	uint64_t limit;
};

static int count_solution(void *user, const int *values)
{
	(void)values;
	++*(int *)user;
	return 0;
}

static cdok_status op_solve(const void *arg, struct outcome *o,
			    cdok_error *err)
{
	const struct solve_arg *a = arg;
	const cdok_puzzle *p = *a->puzzle;
	int n = cdok_puzzle_size(p), reported = 0;
	int *sol = malloc(sizeof(int) * (size_t)(n * n));
	cdok_solve_params params;
	cdok_result res;
	cdok_status st;

	if (!sol)
		abort();
	cdok_solve_params_init(&params);
	params.limit = a->limit;
	params.on_solution = count_solution;
	params.user = &reported;
	st = cdok_solve(p, &params, sol, &res, err);
	if (st == CDOK_OK) {
		out_printf(o, "%s %llu %d %d %llu %llu %d:",
			   cdok_verdict_name(res.verdict),
			   (unsigned long long)res.count, res.complete,
			   res.gave_up, (unsigned long long)res.nodes,
			   (unsigned long long)res.search_score, reported);
		for (int i = 0; res.count && i < n * n; i++)
			out_printf(o, " %d", sol[i]);
	}
	free(sol);
	return st;
}

struct check_arg {
	const cdok_puzzle *const *puzzle;
	int *const *grid;      /* NULL: a grid with empty cells */
};

static cdok_status op_check(const void *arg, struct outcome *o,
			    cdok_error *err)
{
	const struct check_arg *a = arg;
	const cdok_puzzle *p = *a->puzzle;
	int n = cdok_puzzle_size(p), count;
	const int *grid = a->grid ? *a->grid : NULL;
	int *fill = NULL;
	cdok_problem *problems;
	cdok_json_info info;
	cdok_status st;
	char *doc, msg[256];

	if (!grid) {
		/* An empty grid breaks every rule there is to break. */
		fill = malloc(sizeof(int) * (size_t)(n * n));
		if (!fill)
			abort();
		for (int i = 0; i < n * n; i++)
			fill[i] = i % 3 ? CDOK_NONE : 1 + i % n;
		grid = fill;
	}
	out_printf(o, "is_solution %d;", cdok_puzzle_is_solution(p, grid));
	st = cdok_check(p, grid, &problems, &count, err);
	if (st != CDOK_OK)
		goto out;
	for (int i = 0; i < count; i++) {
		cdok_problem_describe(&problems[i], p, msg, sizeof(msg));
		out_printf(o, "%s;", msg);
	}
	cdok_json_info_init(&info);
	info.command = "check";
	info.candidate = grid;
	info.problems = problems;
	info.nproblems = count;
	st = cdok_json_result(p, &info, &doc, NULL, err);
	if (st == CDOK_OK)
		out_take(o, doc);
	cdok_free(problems);
out:
	free(fill);
	return st;
}

static cdok_status op_read_grid(const void *arg, struct outcome *o,
				cdok_error *err)
{
	static const char text[] = "@nylimb\n\n1 2 3\n2 3 1\n3 1 2\n";
	int values[9];
	cdok_status st = cdok_read_grid(text, sizeof(text) - 1, 3, values,
					err);

	(void)arg;
	for (int i = 0; st == CDOK_OK && i < 9; i++)
		out_printf(o, "%d ", values[i]);
	return st;
}

static cdok_status op_result(const void *arg, struct outcome *o,
			     cdok_error *err)
{
	const cdok_puzzle *p = *(const cdok_puzzle *const *)arg;
	const int *sols[1] = { plain6_sol };
	cdok_json_timing timing = { "solve", 0.25 };
	cdok_result res;
	cdok_json_info info;
	cdok_status st;
	char *doc;

	memset(&res, 0, sizeof(res));
	res.verdict = CDOK_VERDICT_UNIQUE;
	res.count = 1;
	res.complete = 1;
	cdok_json_info_init(&info);
	info.command = "solve";
	info.source = "sweep";
	info.index = 1;
	info.result = &res;
	info.solutions = sols;
	info.nsolutions = 1;
	info.timings = &timing;
	info.ntimings = 1;
	st = cdok_json_result(p, &info, &doc, NULL, err);
	if (st == CDOK_OK)
		out_take(o, doc);
	return st;
}

static cdok_status op_model(const void *arg, struct outcome *o,
			    cdok_error *err)
{
	static const int cells[][2] = { {0, 1}, {2, 3}, {4, 8}, {5, 6} };
	cdok_puzzle *p = cdok_puzzle_new(3), *q;
	cdok_status st = CDOK_OK;
	char *spec;

	(void)arg;
	if (!p)
		return nomem(err);
	for (int k = 0; k < 4 && st == CDOK_OK; k++)
		st = cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3 + k, cells[k], 2,
					  k ? NULL : "Quite", NULL);
	if (st == CDOK_OK)
		st = cdok_puzzle_set_given(p, 7, 2);
	if (st != CDOK_OK) {
		cdok_puzzle_free(p);
		return st == CDOK_ERR_NOMEM ? nomem(err) : st;
	}
	q = cdok_puzzle_clone(p);
	cdok_puzzle_free(p);
	if (!q)
		return nomem(err);
	st = cdok_write(format_named("spec"), q, NULL, &spec, NULL, err);
	if (st == CDOK_OK)
		out_take(o, spec);
	cdok_puzzle_free(q);
	return st;
}

static cdok_status op_formats(const void *arg, struct outcome *o,
			      cdok_error *err)
{
	static const char killer[] = "{\"board\": [], \"cages\": []}";
	cdok_formats *set = cdok_formats_new();
	cdok_status st;

	(void)arg;
	if (!set)
		return nomem(err);
	st = cdok_formats_add(set, cdok_json_formats(), err);
	if (st == CDOK_OK)
		out_printf(o, "%s %s %s",
			   cdok_format_name(cdok_formats_at(set, 0)),
			   cdok_format_name(cdok_formats_detect(set,
							"3:a_3aab_,s1", 12)),
			   cdok_format_name(cdok_formats_detect(set, killer,
							sizeof(killer) - 1)));
	cdok_formats_free(set);
	return st;
}

struct gen_arg {
	int size;
	int killer;
	unsigned rules;
	unsigned ops;
	int iterations;
	int grid_only;    /* 1: cdok_generate_grid, 2: sudoku, 3: nylimb */
	int level1;       /* a level to make, plus 1; 0: none */
};

static cdok_status op_generate(const void *arg, struct outcome *o,
			       cdok_error *err)
{
	const struct gen_arg *a = arg;
	int n = a->size, grid[81];
	cdok_gen_params params;
	cdok_puzzle *p = NULL;
	cdok_rng rng;
	cdok_status st;
	cdok_gen_result gen;
	char *spec;

	cdok_rng_seed(&rng, 7, 0);
	switch (a->grid_only) {
	case 1:
		st = cdok_generate_grid(n, &rng, grid);
		break;
	case 2:
		st = cdok_generate_sudoku(n, 2, n / 2, &rng, grid);
		break;
	case 3:
		st = cdok_generate_nylimb_grid(n, &rng, grid);
		break;
	default:
		cdok_gen_params_init(&params);
		params.size = n;
		params.killer = a->killer;
		params.rules = a->rules;
		params.iterations = a->iterations;
		params.level = a->level1 - 1;
		if (a->ops)
			params.ops = a->ops;
		memset(&gen, 0, sizeof(gen));
		st = cdok_generate(&params, NULL, &rng, &p, &gen, err);
		if (st != CDOK_OK)
			return st;
		st = cdok_write(format_named("spec"), p, NULL, &spec,
				NULL, err);
		if (st == CDOK_OK) {
			out_printf(o, "score %llu\n",
				   (unsigned long long)gen.score);
			out_take(o, spec);
		}
		cdok_puzzle_free(p);
		return st;
	}
	if (st == CDOK_ERR_NOMEM)
		return nomem(err);
	for (int i = 0; st == CDOK_OK && i < n * n; i++)
		out_printf(o, "%d ", grid[i]);
	return st;
}

/* ---- the table of operations ---- */

struct op {
	char name[48];
	op_fn fn;
	const void *arg;
	bool fills_err;   /* a failure fills the cdok_error */
};

static struct op ops[128];
static int nops;

static void add_op(op_fn fn, const void *arg, bool fills_err,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void add_op(op_fn fn, const void *arg, bool fills_err,
		   const char *fmt, ...)
{
	va_list ap;
	struct op *op = &ops[nops++];

	va_start(ap, fmt);
	vsnprintf(op->name, sizeof(op->name), fmt, ap);
	va_end(ap);
	op->fn = fn;
	op->arg = arg;
	op->fills_err = fills_err;
}

static void build_ops(void)
{
	static const char *const writers[] = {
		"spec", "ascii", "utf8", "ucf", "calpoly", "keen", "json",
	};
	static struct write_arg wargs[64];
	static const struct solve_arg sargs[] = {
		{ (const cdok_puzzle *const *)&plain6, 2 },
		{ (const cdok_puzzle *const *)&plain6, 1 },
		{ (const cdok_puzzle *const *)&killer4, 0 },
		{ (const cdok_puzzle *const *)&killer9, 2 },
		{ (const cdok_puzzle *const *)&nylimb6, 2 },
		{ (const cdok_puzzle *const *)&ucf_puzzle, 2 },
	};
	static const char *const snames[] = {
		"plain6", "plain6-limit1", "killer4-all", "killer9",
		"nylimb6", "ucf",
	};
	static const struct gen_arg gargs[] = {
		{ 4, 0, 0, 0, 0, 0, 0 },
		{ 5, 0, 0, CDOK_GEN_MUL | CDOK_GEN_DIV, 2, 0, 0 },
		{ 4, 1, 0, 0, 0, 0, 0 },
		{ 3, 0, CDOK_RULE_NYLIMB, 0, 0, 0, 0 },
		{ 6, 0, 0, 0, 0, 1, 0 },
		{ 6, 0, 0, 0, 0, 2, 0 },
		{ 5, 0, 0, 0, 0, 3, 0 },
		{ 5, 0, 0, 0, 0, 0, 3 },
	};
	static const char *const gnames[] = {
		"generate-plain4", "generate-plain5-hardened",
		"generate-killer4", "generate-nylimb3", "grid-latin6",
		"grid-sudoku6", "grid-nylimb5", "generate-level-hard5",
	};
	int nw = 0;

	for (size_t i = 0; i < NSAMPLES; i++)
		add_op(op_read, &samples[i], true, "read-%s-%zu",
		       samples[i].format, i);
	for (size_t i = 0; i < sizeof(writers) / sizeof(writers[0]); i++)
		for (int values = 0; values < 2; values++) {
			struct write_arg *a = &wargs[nw++];

			bool cp = !strcmp(writers[i], "calpoly");

			a->format = writers[i];
			a->puzzle = (const cdok_puzzle *const *)(cp ? &calpoly5
								    : &plain6);
			a->values = !values ? NULL : cp ? &calpoly5_sol
							: &plain6_sol;
			if (values && (!strcmp(writers[i], "keen")))
				continue;
			add_op(op_write, a, true, "write-%s%s", writers[i],
			       values ? "-values" : "");
		}
	wargs[nw] = (struct write_arg){ "solo",
		(const cdok_puzzle *const *)&killer9, NULL };
	add_op(op_write, &wargs[nw++], true, "write-solo");
	wargs[nw] = (struct write_arg){ "killer",
		(const cdok_puzzle *const *)&killer9, &killer9_sol };
	add_op(op_write, &wargs[nw++], true, "write-killer-values");
	wargs[nw] = (struct write_arg){ "spec",
		(const cdok_puzzle *const *)&nylimb6, &nylimb6_sol };
	add_op(op_write, &wargs[nw++], true, "write-spec-nylimb");
	wargs[nw] = (struct write_arg){ "utf8",
		(const cdok_puzzle *const *)&killer4, NULL };
	add_op(op_write, &wargs[nw++], true, "write-utf8-killer4");
	for (size_t i = 0; i < sizeof(sargs) / sizeof(sargs[0]); i++)
		add_op(op_solve, &sargs[i], true, "solve-%s", snames[i]);
	static const struct check_arg cargs[] = {
		{ (const cdok_puzzle *const *)&plain6, &wrong6 },
		{ (const cdok_puzzle *const *)&plain6, &plain6_sol },
		{ (const cdok_puzzle *const *)&killer4, NULL },
		{ (const cdok_puzzle *const *)&killer9, &killer9_sol },
		{ (const cdok_puzzle *const *)&nylimb6, NULL },
		{ (const cdok_puzzle *const *)&nylimb6, &nylimb6_sol },
	};
	static const char *const cnames[] = {
		"plain6-wrong", "plain6-right", "killer4-empty",
		"killer9-right", "nylimb6-empty", "nylimb6-right",
	};
	for (size_t i = 0; i < sizeof(cargs) / sizeof(cargs[0]); i++)
		add_op(op_check, &cargs[i], true, "check-%s", cnames[i]);
	add_op(op_read_grid, NULL, true, "read-grid");
	add_op(op_result, &plain6, true, "json-result");
	add_op(op_model, NULL, true, "model");
	add_op(op_formats, NULL, true, "formats");
	for (size_t i = 0; i < sizeof(gargs) / sizeof(gargs[0]); i++)
		add_op(op_generate, &gargs[i], gargs[i].grid_only == 0, "%s",
		       gnames[i]);
}

/* ---- running ---- */

static const struct op *current;
static long current_k;

/* Said when a sanitizer ends the program, so the finding has its k. */
static void on_death(void)
{
	if (current)
		fprintf(stderr, "alloc_sweep: died in %s with allocation "
			"%ld failing\n", current->name, current_k);
}

/* One run with allocation k failing (0: none).  Returns whether it
 * ended well; *calls gets the allocations it asked for. */
static bool run(const struct op *op, long k, const struct outcome *want,
		struct outcome *got, long *calls)
{
	cdok_error err;
	cdok_status st;

	current = op;
	current_k = k;
	memset(&err, 0, sizeof(err));
	got->len = 0;
	if (got->text)
		got->text[0] = '\0';
	alloc_calls = 0;
	failed_calls = 0;
	fail_at = k;
	st = op->fn(op->arg, got, &err);
	fail_at = 0;
	*calls = alloc_calls;
	if (st == CDOK_OK) {
		if (!want || (want->len == got->len &&
			      !memcmp(want->text, got->text, got->len)))
			return true;
		printf("FINDING %s: allocation %ld failed, yet it succeeded "
		       "with another result:\n--- want ---\n%.600s\n"
		       "--- got ---\n%.600s\n", op->name, k,
		       want->text ? want->text : "", got->text ? got->text
							       : "");
		return false;
	}
	if (st != CDOK_ERR_NOMEM || (k && !failed_calls)) {
		printf("FINDING %s: allocation %ld failing ended in status "
		       "%d (%s): %s\n", op->name, k, st,
		       cdok_status_name(st), err.message);
		return false;
	}
	if (op->fills_err && (err.status != CDOK_ERR_NOMEM ||
			      strcmp(err.message, "out of memory"))) {
		printf("FINDING %s: allocation %ld failing: status "
		       "CDOK_ERR_NOMEM, but the error says %d \"%s\"\n",
		       op->name, k, err.status, err.message);
		return false;
	}
	return true;
}

/* The k to try for n allocations: all of them, or with max > 0 the
 * first max / 2 and an even stride over the rest. */
static long next_k(long k, long n, long max)
{
	long head = max / 2, step;

	if (!max || n <= max || k < head)
		return k + 1;
	step = (n - head + (max - head) - 1) / (max - head);
	return k + (step > 1 ? step : 1);
}

/* Sweep one operation.  Returns the number of findings. */
static long first_k = 1;

static int sweep(const struct op *op, long max, long *runs_done)
{
	struct outcome want = { NULL, 0, 0 }, got = { NULL, 0, 0 };
	long n, calls, runs = 0;
	int findings = 0;

	if (!run(op, 0, NULL, &want, &n)) {
		printf("FINDING %s: fails with no allocation failing\n",
		       op->name);
		return 1;
	}
	for (long k = first_k; k <= n; k = next_k(k, n, max)) {
		runs++;
		if (!run(op, k, &want, &got, &calls))
			findings++;
	}
	current = NULL;
	/* Leaks: one check for the whole sweep, then, if it found one,
	 * each k again to name it. */
	if (__lsan_do_recoverable_leak_check()) {
		for (long k = first_k; k <= n; k = next_k(k, n, max)) {
			run(op, k, &want, &got, &calls);
			if (__lsan_do_recoverable_leak_check()) {
				printf("FINDING %s: allocation %ld failing "
				       "leaks memory (report above)\n",
				       op->name, k);
				findings++;
				break;
			}
		}
	}
	printf("alloc sweep: %-28s %6ld allocations, %6ld runs, %s\n",
	       op->name, n, runs, findings ? "FAILED" : "ok");
	fflush(stdout);
	free(want.text);
	free(got.text);
	*runs_done += runs;
	return findings;
}

static bool starts_with(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static void prepare(void)
{
	int n;

	formats = cdok_formats_new();
	if (!formats ||
	    cdok_formats_add(formats, cdok_json_formats(), NULL) != CDOK_OK)
		abort();
	for (size_t i = 0; i < NSAMPLES; i++)
		sample_text[i] = samples[i].path ? slurp(samples[i].path) :
				 samples[i].text ? strdup(samples[i].text) :
				 NULL;
	plain6 = sample_puzzle(0);
	for (size_t i = 0; i < NSAMPLES; i++)
		if (!sample_text[i] &&
		    cdok_write(format_named(samples[i].format), plain6,
			       NULL, &sample_text[i], NULL, NULL) != CDOK_OK)
			abort();
	killer4 = sample_puzzle(1);
	nylimb6 = sample_puzzle(2);
	ucf_puzzle = sample_puzzle(3);
	killer9 = sample_puzzle(6);
	calpoly5 = sample_puzzle(4);
	calpoly5_sol = solution_of(calpoly5);
	n = cdok_puzzle_size(plain6);
	plain6_sol = solution_of(plain6);
	killer9_sol = solution_of(killer9);
	nylimb6_sol = solution_of(nylimb6);
	wrong6 = solution_of(plain6);
	if (!plain6_sol || !killer9_sol || !nylimb6_sol || !calpoly5_sol ||
	    !wrong6)
		abort();
	/* Two swapped cells break a row, two columns and cages. */
	wrong6[0] ^= wrong6[1];
	wrong6[1] ^= wrong6[0];
	wrong6[0] ^= wrong6[1];
	wrong6[n + 2] = n + 5;
}

int main(int argc, char **argv)
{
	const char *skip[16];
	const char *only[16];
	int nskip = 0, nonly = 0, findings = 0, swept = 0;
	long max = 1000, runs = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-m") && i + 1 < argc)
			max = atol(argv[++i]);
		else if (!strcmp(argv[i], "-f") && i + 1 < argc)
			first_k = atol(argv[++i]);
		else if (!strcmp(argv[i], "-t"))
			trace = true;
		else if (!strcmp(argv[i], "-s") && i + 1 < argc && nskip < 16)
			skip[nskip++] = argv[++i];
		else if (argv[i][0] != '-' && nonly < 16)
			only[nonly++] = argv[i];
		else {
			fprintf(stderr, "usage: alloc_sweep [-m MAX] [-f FIRST]"
				" [-t] [-s NAME] [NAME-PREFIX...]\n");
			return 2;
		}
	}
	__sanitizer_set_death_callback(on_death);
	json_set_alloc_funcs(json_alloc, free);
	prepare();
	build_ops();
	for (int i = 0; i < nops; i++) {
		bool chosen = !nonly, skipped = false;

		for (int j = 0; j < nonly; j++)
			chosen |= starts_with(ops[i].name, only[j]);
		for (int j = 0; j < nskip; j++)
			skipped |= starts_with(ops[i].name, skip[j]);
		if (!chosen)
			continue;
		if (skipped) {
			printf("alloc sweep: %-28s skipped (-s)\n",
			       ops[i].name);
			continue;
		}
		findings += sweep(&ops[i], max, &runs);
		swept++;
	}
	cdok_puzzle_free(plain6);
	cdok_puzzle_free(killer4);
	cdok_puzzle_free(killer9);
	cdok_puzzle_free(nylimb6);
	cdok_puzzle_free(ucf_puzzle);
	free(wrong6);
	free(plain6_sol);
	free(killer9_sol);
	free(nylimb6_sol);
	free(calpoly5_sol);
	cdok_puzzle_free(calpoly5);
	for (size_t i = 0; i < NSAMPLES; i++)
		free(sample_text[i]);
	cdok_formats_free(formats);
	printf("alloc sweep: %d operations, %ld runs, %d findings\n", swept,
	       runs, findings);
	return findings ? 1 : 0;
}
