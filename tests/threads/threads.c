/* threads.c -- the library on several threads at once, for
 * ThreadSanitizer (make test-tsan; built with clang -fsanitize=thread
 * against its own copy of the library).
 *
 * The library keeps no global mutable state, so threads that read,
 * solve, generate, check and write different puzzles at the same time
 * must neither race (TSan reports any data race and the run fails) nor
 * disturb each other: every thread's results must be the ones the same
 * work gives on one thread, computed first.
 *
 *	threads [-t THREADS] [-r ROUNDS]
 *
 * Each of THREADS threads (default 4) does ROUNDS rounds (default 3) of
 * its share of the jobs, starting at a different job.  The last line
 * printed is a summary.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"

#define CORPUS "tests/data/corpus/"

/* Every format, libcdok-json's too, made before the threads start and
 * only read by them. */
static cdok_formats *formats;

/* ---- jobs ---- */

enum kind { SOLVE, GENERATE, CHECK, CONVERT };

struct job {
	enum kind kind;
	const char *path;     /* SOLVE, CHECK, CONVERT: the puzzle */
	const char *grid;     /* CHECK: the proposed grid's file */
	unsigned rules;       /* read with these rules */
	const char *format;   /* CONVERT: write in this format */
	/* GENERATE */
	int size, killer;
	unsigned cdki_gen_rules;
	uint64_t seed;
	char *want;           /* the result on one thread */
};

static struct job jobs[] = {
	{ SOLVE, "examples/readme6.spec", NULL, 0, NULL, 0, 0, 0, 0, NULL },
	{ SOLVE, CORPUS "keen/keen_9u_01.keen", NULL, 0, NULL, 0, 0, 0, 0,
	  NULL },
	{ SOLVE, CORPUS "killer/killer_ka_01.solo", NULL, 0, NULL, 0, 0, 0,
	  0, NULL },
	{ SOLVE, CORPUS "nylimb/GC7WQR5.puz", NULL, CDOK_RULE_NYLIMB, NULL,
	  0, 0, 0, 0, NULL },
	{ SOLVE, CORPUS "ambiguous/amb_6x6.spec", NULL, 0, NULL, 0, 0, 0, 0,
	  NULL },
	{ GENERATE, NULL, NULL, 0, NULL, 6, 0, 0, 1, NULL },
	{ GENERATE, NULL, NULL, 0, NULL, 4, 1, 0, 2, NULL },
	{ GENERATE, NULL, NULL, 0, NULL, 4, 0, CDOK_RULE_NYLIMB, 3, NULL },
	{ GENERATE, NULL, NULL, 0, NULL, 7, 0, 0, 4, NULL },
	{ CHECK, "examples/readme6.spec", "examples/readme6-wrong.txt", 0,
	  NULL, 0, 0, 0, 0, NULL },
	{ CHECK, CORPUS "killer/killer_ka_01.solo",
	  CORPUS "killer/killer_ka_01.sol", 0, NULL, 0, 0, 0, 0, NULL },
	{ CHECK, CORPUS "nylimb/GC7WQR5.puz", CORPUS "nylimb/GC7WQR5.sol",
	  CDOK_RULE_NYLIMB, NULL, 0, 0, 0, 0, NULL },
	{ CONVERT, CORPUS "ucf/sample.in", NULL, 0, "json", 0, 0, 0, 0,
	  NULL },
	{ CONVERT, CORPUS "killer/killer_ka_02.json", NULL, 0, "solo", 0, 0,
	  0, 0, NULL },
	{ CONVERT, "examples/readme6.spec", NULL, 0, "utf8", 0, 0, 0, 0,
	  NULL },
	{ CONVERT, CORPUS "calpoly/sample.in", NULL, 0, "keen", 0, 0, 0, 0,
	  NULL },
};

#define NJOBS ((int)(sizeof(jobs) / sizeof(jobs[0])))

/* ---- text ---- */

struct text {
	char *s;
	size_t len, cap;
};

static void put(struct text *t, const char *s, size_t n)
{
	if (t->len + n + 1 > t->cap) {
		t->cap = (t->len + n + 1) * 2;
		t->s = realloc(t->s, t->cap);
		if (!t->s)
			abort();
	}
	memcpy(t->s + t->len, s, n);
	t->len += n;
	t->s[t->len] = '\0';
}

static void puts_text(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void take(struct text *t, char *s)
{
	if (s)
		puts_text(t, s);
	cdok_free(s);
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct text t = { NULL, 0, 0 };
	char buf[4096];
	size_t n;

	if (!f) {
		fprintf(stderr, "threads: cannot open %s\n", path);
		exit(2);
	}
	put(&t, "", 0);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		put(&t, buf, n);
	fclose(f);
	*len = t.len;
	return t.s;
}

/* The first puzzle of a file, its format told from its text. */
static cdok_puzzle *read_puzzle(const char *path, unsigned rules)
{
	size_t len;
	char *text = slurp(path, &len);
	cdok_reader *r = cdok_reader_new(cdok_formats_detect(formats, text, len), text,
					 len);
	cdok_puzzle *p = NULL;
	cdok_error err;

	if (!r)
		abort();
	cdok_reader_set_rules(r, rules);
	if (cdok_reader_next(r, &p, &err) != CDOK_OK) {
		fprintf(stderr, "threads: %s: %s\n", path, err.message);
		exit(2);
	}
	cdok_reader_free(r);
	free(text);
	return p;
}

/* ---- doing a job ---- */

static void spec_of(struct text *t, const cdok_puzzle *p, const int *values)
{
	char *s = NULL;

	if (cdok_write(cdok_formats_find(formats, "spec"), p, values, &s, NULL, NULL) !=
	    CDOK_OK)
		abort();
	take(t, s);
}

static void do_solve(const struct job *j, struct text *t)
{
	cdok_puzzle *p = read_puzzle(j->path, j->rules);
	int n = cdok_puzzle_size(p);
	int *sol = calloc((size_t)(n * n), sizeof(int));
	cdok_result res;
	char line[128];

	if (!sol || cdok_solve(p, NULL, sol, &res, NULL) != CDOK_OK)
		abort();
	snprintf(line, sizeof(line), "%s %llu nodes %llu difficulty %llu\n",
		 cdok_verdict_name(res.verdict), (unsigned long long)res.count,
		 (unsigned long long)res.nodes,
		 (unsigned long long)res.search_score);
	puts_text(t, line);
	if (res.count)
		spec_of(t, p, sol);
	free(sol);
	cdok_puzzle_free(p);
}

static void do_generate(const struct job *j, struct text *t)
{
	cdok_gen_params params;
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_rng rng;
	cdok_gen_result gen;
	char line[64];

	cdok_gen_params_init(&params);
	params.size = j->size;
	params.killer = j->killer;
	params.rules = j->cdki_gen_rules;
	cdok_rng_seed(&rng, j->seed, 0);
	memset(&gen, 0, sizeof(gen));
	if (cdok_generate(&params, NULL, &rng, &p, &gen, &err) != CDOK_OK) {
		fprintf(stderr, "threads: generate: %s\n", err.message);
		abort();
	}
	snprintf(line, sizeof(line), "score %llu\n",
		 (unsigned long long)gen.score);
	puts_text(t, line);
	spec_of(t, p, NULL);
	cdok_puzzle_free(p);
}

static void do_check(const struct job *j, struct text *t)
{
	cdok_puzzle *p = read_puzzle(j->path, j->rules);
	int n = cdok_puzzle_size(p), count;
	int *grid = malloc(sizeof(int) * (size_t)(n * n));
	cdok_problem *problems;
	cdok_json_info info;
	size_t len;
	char *text = slurp(j->grid, &len), *doc, msg[256];

	if (!grid || cdok_read_grid(text, len, n, grid, NULL) != CDOK_OK ||
	    cdok_check(p, grid, &problems, &count, NULL) != CDOK_OK)
		abort();
	for (int i = 0; i < count; i++) {
		cdok_problem_describe(&problems[i], p, msg, sizeof(msg));
		puts_text(t, msg);
		puts_text(t, "\n");
	}
	cdok_json_info_init(&info);
	info.command = "check";
	info.candidate = grid;
	info.problems = problems;
	info.nproblems = count;
	if (cdok_json_result(p, &info, &doc, NULL, NULL) != CDOK_OK)
		abort();
	take(t, doc);
	cdok_free(problems);
	free(text);
	free(grid);
	cdok_puzzle_free(p);
}

static void do_convert(const struct job *j, struct text *t)
{
	size_t len;
	char *text = slurp(j->path, &len), *out;
	cdok_reader *r = cdok_reader_new(cdok_formats_detect(formats, text, len), text,
					 len);
	cdok_writer *w = cdok_writer_new(cdok_formats_find(formats, j->format), 0);
	cdok_puzzle *p;

	if (!r || !w)
		abort();
	while (cdok_reader_next(r, &p, NULL) == CDOK_OK) {
		if (cdok_writer_put(w, p, NULL, &out, NULL, NULL) == CDOK_OK)
			take(t, out);
		cdok_puzzle_free(p);
	}
	if (cdok_writer_finish(w, &out, NULL, NULL) == CDOK_OK)
		take(t, out);
	cdok_writer_free(w);
	cdok_reader_free(r);
	free(text);
}

static char *run_job(const struct job *j)
{
	struct text t = { NULL, 0, 0 };

	put(&t, "", 0);
	switch (j->kind) {
	case SOLVE:
		do_solve(j, &t);
		break;
	case GENERATE:
		do_generate(j, &t);
		break;
	case CHECK:
		do_check(j, &t);
		break;
	case CONVERT:
		do_convert(j, &t);
		break;
	}
	return t.s;
}

/* ---- threads ---- */

struct worker {
	pthread_t thread;
	int first, rounds, step;
	int done, wrong;
};

static void *work(void *arg)
{
	struct worker *w = arg;

	for (int round = 0; round < w->rounds; round++)
		for (int i = 0; i < NJOBS; i += w->step) {
			const struct job *j = &jobs[(w->first + i) % NJOBS];
			char *got = run_job(j);

			w->done++;
			if (strcmp(got, j->want))
				w->wrong++;
			free(got);
		}
	return NULL;
}

int main(int argc, char **argv)
{
	struct worker workers[64];
	int nthreads = 4, rounds = 3, done = 0, wrong = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-t") && i + 1 < argc)
			nthreads = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-r") && i + 1 < argc)
			rounds = atoi(argv[++i]);
		else {
			fprintf(stderr, "usage: threads [-t THREADS] "
				"[-r ROUNDS]\n");
			return 2;
		}
	}
	if (nthreads < 1 || nthreads > 64 || rounds < 1) {
		fprintf(stderr, "threads: 1 to 64 threads, 1 round or more\n");
		return 2;
	}
	formats = cdok_formats_new();
	if (!formats ||
	    cdok_formats_add(formats, cdok_json_formats(), NULL) != CDOK_OK)
		return 2;
	for (int i = 0; i < NJOBS; i++)
		jobs[i].want = run_job(&jobs[i]);
	/* Each thread does every job (step 1), starting at its own, so
	 * that different jobs run side by side; with more threads than
	 * that makes sense, some share their starting job. */
	for (int i = 0; i < nthreads; i++) {
		workers[i] = (struct worker){ .first = i * NJOBS / nthreads,
					      .rounds = rounds, .step = 1 };
		if (pthread_create(&workers[i].thread, NULL, work,
				   &workers[i])) {
			fprintf(stderr, "threads: cannot start a thread\n");
			return 2;
		}
	}
	for (int i = 0; i < nthreads; i++) {
		pthread_join(workers[i].thread, NULL);
		done += workers[i].done;
		wrong += workers[i].wrong;
	}
	for (int i = 0; i < NJOBS; i++)
		free(jobs[i].want);
	cdok_formats_free(formats);
	printf("threads: %d threads, %d jobs done, %d differ from one "
	       "thread's results\n", nthreads, done, wrong);
	return wrong ? 1 : 0;
}
