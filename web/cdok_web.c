/* cdok_web.c -- the page's way into libcdok, compiled with emscripten.
 *
 * A thin layer over the public API (include/cdok.h) and nothing else:
 * every function takes text (a puzzle in any core format, grids as
 * comma-separated numbers) and returns a new NUL-terminated JSON
 * document that the caller releases with cw_free.  The page is
 * stateless towards this layer: it passes the puzzle's spec (and its
 * solution, so that nothing is solved twice) with every call; reading a
 * spec back costs microseconds.
 *
 * Every document has "ok": true, or "ok": false with "error" (the
 * library's message), "line" and "column" (from 1, 0 when the error is
 * not about a position).  doc/WEB.md lists the documents.
 *
 * JSON puzzles are read by libcdok-json, as in the program; in the
 * WebAssembly build it sits on jansson compiled from Debian's source
 * with emcc (mk/web.mk, doc/WEB.md).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define CW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define CW_EXPORT
#endif

/* ---- a growing JSON text ---- */

struct buf {
	char *p;
	size_t len, cap;
	int failed;
};

static void put_n(struct buf *b, const char *s, size_t n)
{
	if (b->failed)
		return;
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		char *p;

		while (cap < b->len + n + 1)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->failed = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void put(struct buf *b, const char *s)
{
	put_n(b, s, strlen(s));
}

static void putf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void putf(struct buf *b, const char *fmt, ...)
{
	char small[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = 1;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		put_n(b, small, (size_t)n);
		return;
	}
	{
		char *big = malloc((size_t)n + 1);

		if (!big) {
			b->failed = 1;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(big, (size_t)n + 1, fmt, ap);
		va_end(ap);
		put_n(b, big, (size_t)n);
		free(big);
	}
}

/* A JSON string, or null for NULL. */
static void put_str(struct buf *b, const char *s)
{
	if (!s) {
		put(b, "null");
		return;
	}
	put(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			char esc[3] = { '\\', (char)c, 0 };

			put(b, esc);
		} else if (c == '\n') {
			put(b, "\\n");
		} else if (c < 0x20) {
			putf(b, "\\u%04x", c);
		} else {
			put_n(b, (const char *)&c, 1);
		}
	}
	put(b, "\"");
}

static void put_ints(struct buf *b, const int *v, int n)
{
	put(b, "[");
	for (int i = 0; i < n; i++)
		putf(b, "%s%d", i ? "," : "", v[i]);
	put(b, "]");
}

static void put_candidates(struct buf *b, const cdok_candidate *c, int n)
{
	put(b, "[");
	for (int i = 0; i < n; i++)
		putf(b, "%s[%d,%d]", i ? "," : "", c[i].cell, c[i].value);
	put(b, "]");
}

/* The finished document, or a fixed one when memory ran out (strdup of
 * a literal may fail too: the caller then gets NULL, and says so). */
static char *finish(struct buf *b)
{
	if (b->failed) {
		free(b->p);
		return strdup("{\"ok\":false,\"error\":\"out of memory\","
			      "\"line\":0,\"column\":0}");
	}
	return b->p;
}

static char *fail_doc(const char *message, int line, int column)
{
	struct buf b = { 0 };

	put(&b, "{\"ok\":false,\"error\":");
	put_str(&b, message);
	putf(&b, ",\"line\":%d,\"column\":%d}", line, column);
	return finish(&b);
}

static char *fail_err(const cdok_error *err)
{
	return fail_doc(err->message[0] ? err->message :
			cdok_status_name(err->status), err->line, err->column);
}

/* ---- arguments ---- */

/* n comma-separated numbers into v (missing ones are 0). */
static void parse_ints(const char *s, int *v, int n)
{
	for (int i = 0; i < n; i++) {
		char *end;

		v[i] = s && *s ? (int)strtol(s, &end, 10) : 0;
		if (s && *s) {
			s = end;
			if (*s == ',')
				s++;
		}
	}
}

static void parse_sets(const char *s, uint64_t *v, int n)
{
	for (int i = 0; i < n; i++) {
		char *end;

		v[i] = s && *s ? strtoull(s, &end, 10) : 0;
		if (s && *s) {
			s = end;
			if (*s == ',')
				s++;
		}
	}
}

/* The first puzzle of a text, in whatever core format it is written. */
static cdok_status read_puzzle(const char *text, cdok_puzzle **out,
			       const cdok_format **format, cdok_error *err)
{
	size_t len = strlen(text);
	const cdok_format *f;
	cdok_formats *set;
	cdok_reader *r;
	cdok_status st;

	memset(err, 0, sizeof(*err));
	*out = NULL;
	/* The core's formats and libcdok-json's, told apart as the
	 * program tells them. */
	set = cdok_formats_new();
	if (!set || cdok_formats_add(set, cdok_json_formats(), err) !=
	    CDOK_OK) {
		cdok_formats_free(set);
		err->status = CDOK_ERR_NOMEM;
		snprintf(err->message, sizeof(err->message), "out of memory");
		return err->status;
	}
	f = cdok_formats_detect(set, text, len);
	cdok_formats_free(set);
	if (!f) {
		err->status = CDOK_ERR_SYNTAX;
		snprintf(err->message, sizeof(err->message),
			 "the text is empty: paste a puzzle");
		return err->status;
	}
	r = cdok_reader_new(f, text, len);
	if (!r) {
		err->status = CDOK_ERR_NOMEM;
		snprintf(err->message, sizeof(err->message), "out of memory");
		return err->status;
	}
	st = cdok_reader_next(r, out, err);
	cdok_reader_free(r);
	if (st == CDOK_END) {
		err->status = CDOK_ERR_SYNTAX;
		snprintf(err->message, sizeof(err->message),
			 "the text holds no puzzle");
		return err->status;
	}
	if (format)
		*format = f;
	return st;
}

/* The puzzle's only solution from the caller's text, if it has one that
 * is a solution; NULL otherwise (the library then finds out itself). */
static int *given_solution(const cdok_puzzle *p, const char *text)
{
	int n = cdok_puzzle_size(p);
	int *v;

	if (!text || !*text)
		return NULL;
	v = malloc(sizeof(int) * (size_t)(n * n));
	if (!v)
		return NULL;
	parse_ints(text, v, n * n);
	if (!cdok_puzzle_is_solution(p, v)) {
		free(v);
		return NULL;
	}
	return v;
}

/* ---- the puzzle as the page draws it ---- */

static const char *scale_word(cdok_scale s)
{
	return s == CDOK_SCALE_CALCUDOKU ? "calcudoku" :
	       s == CDOK_SCALE_KILLER ? "killer" : "none";
}

static void put_model(struct buf *b, const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p);
	cdok_scale scale = cdok_puzzle_scale(p);

	putf(b, "{\"size\":%d,\"boxRows\":%d,\"boxCols\":%d,\"nylimb\":%s,"
	     "\"diagonals\":%s,\"scale\":\"%s\",\"levels\":[", n,
	     cdok_puzzle_box_rows(p), cdok_puzzle_box_cols(p),
	     cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB ? "true" : "false",
	     cdok_puzzle_rules(p) & CDOK_RULE_DIAGONALS ? "true" : "false",
	     scale_word(scale));
	for (int i = 0; i < cdok_level_count(scale); i++) {
		put(b, i ? "," : "");
		put_str(b, cdok_level_name(scale, i));
	}
	/* Each cell's box (-1: none), by the library's geometry, so that
	 * the page divides nothing out itself. */
	put(b, "],\"boxes\":[");
	for (int c = 0; c < n * n; c++)
		putf(b, "%s%d", c ? "," : "", cdok_puzzle_box_of(p, c));
	put(b, "],\"givens\":[");
	for (int c = 0; c < n * n; c++)
		putf(b, "%s%d", c ? "," : "", cdok_puzzle_given(p, c));
	put(b, "],\"cages\":[");
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		putf(b, "%s{\"op\":\"%c\",\"target\":%" PRId64 ",\"distinct\":"
		     "%s,\"cells\":", k ? "," : "", (char)cdok_cage_op(p, k),
		     cdok_cage_target(p, k),
		     cdok_cage_distinct(p, k) ? "true" : "false");
		put_ints(b, cdok_cage_cells(p, k), cdok_cage_size(p, k));
		put(b, "}");
	}
	put(b, "]}");
}

/* A puzzle's text in a format, or NULL when the format cannot hold it. */
static char *written(const cdok_puzzle *p, const char *format,
		     const int *values)
{
	char *out = NULL;

	if (cdok_write(cdok_format_find(format), p, values, &out, NULL,
		       NULL) != CDOK_OK)
		return NULL;
	return out;
}

/* Everything the page needs of a puzzle: the model, its spec, a short
 * game ID when Keen or Solo can hold it, its solution and level.
 * solution, when not NULL, is the proven only solution. */
static void put_puzzle_doc(struct buf *b, const cdok_puzzle *p,
			   const cdok_format *format, const int *solution)
{
	int n = cdok_puzzle_size(p);
	int *grid = malloc(sizeof(int) * (size_t)(n * n));
	cdok_scale scale = cdok_puzzle_scale(p);
	cdok_result res;
	cdok_grading g;
	cdok_grade_params gp;
	cdok_error err;
	char *spec = written(p, "spec", NULL);
	char *id = written(p, scale == CDOK_SCALE_KILLER ? "solo" : "keen",
			   NULL);

	put(b, "{\"ok\":true,\"format\":");
	put_str(b, format ? cdok_format_name(format) : "spec");
	put(b, ",\"puzzle\":");
	put_model(b, p);
	put(b, ",\"spec\":");
	put_str(b, spec);
	put(b, ",\"id\":");
	/* A game ID ends in no newline worth keeping in an address. */
	if (id)
		id[strcspn(id, "\r\n")] = '\0';
	put_str(b, id);
	cdok_free(spec);
	cdok_free(id);
	if (!grid) {
		b->failed = 1;
		return;
	}
	memset(&res, 0, sizeof(res));
	memset(&err, 0, sizeof(err));
	if (solution) {
		memcpy(grid, solution, sizeof(int) * (size_t)(n * n));
		res.verdict = CDOK_VERDICT_UNIQUE;
		res.count = 1;
	} else if (cdok_solve(p, NULL, grid, &res, &err) != CDOK_OK) {
		put(b, ",\"verdict\":\"error\",\"reason\":");
		put_str(b, err.message);
		put(b, "}");
		free(grid);
		return;
	}
	putf(b, ",\"verdict\":\"%s\",\"reason\":", cdok_verdict_name(res.verdict));
	put_str(b, res.reason);
	if (res.verdict == CDOK_VERDICT_UNIQUE) {
		put(b, ",\"solution\":");
		put_ints(b, grid, n * n);
		cdok_grade_params_init(&gp);
		gp.solution = grid;
		if (scale != CDOK_SCALE_NONE &&
		    cdok_grade(p, &gp, &g, NULL) == CDOK_OK &&
		    g.outcome == CDOK_GRADE_LEVEL) {
			put(b, ",\"level\":");
			put_str(b, cdok_level_name(scale, g.level));
		}
	}
	free(grid);
	put(b, "}");
}

/* Read the first puzzle of a text in any core format. */
CW_EXPORT char *cw_read(const char *text);
CW_EXPORT char *cw_read(const char *text)
{
	const cdok_format *format;
	cdok_puzzle *p;
	cdok_error err;
	struct buf b = { 0 };

	char *spec;

	if (read_puzzle(text ? text : "", &p, &format, &err) != CDOK_OK)
		return fail_err(&err);
	/* The page hands the puzzle back as its spec with every call. */
	if (cdok_write(cdok_format_find("spec"), p, NULL, &spec, NULL,
		       &err) != CDOK_OK) {
		char msg[384];

		cdok_puzzle_free(p);
		snprintf(msg, sizeof(msg), "the page plays puzzles that a "
			 "spec can hold, and this one it cannot: %s",
			 err.message);
		return fail_doc(msg, 0, 0);
	}
	cdok_free(spec);
	put_puzzle_doc(&b, p, format, NULL);
	cdok_puzzle_free(p);
	return finish(&b);
}

/* ---- generate, as `cdok generate` does ---- */

/* The levels puzzles of a kind (0 Calcudoku, 1 Killer, 2 plain Sudoku,
 * as cw_generate takes it) and size can have, easiest first, as the
 * library makes them (cdok_gen_top_level): "levels", their names. */
CW_EXPORT char *cw_levels(int kind, int size);
CW_EXPORT char *cw_levels(int kind, int size)
{
	cdok_gen_params par;
	struct buf b = { 0 };
	int top;

	cdok_gen_params_init(&par);
	par.size = size;
	par.killer = kind == 1;
	par.sudoku = kind == 2;
	top = cdok_gen_top_level(&par);
	put(&b, "{\"ok\":true,\"levels\":[");
	for (int i = 0; i <= top; i++) {
		put(&b, i ? "," : "");
		put_str(&b, cdok_level_name(cdok_gen_scale(&par), i));
	}
	put(&b, "]}");
	return finish(&b);
}

/* Make the puzzle `cdok -s SIZE [--killer | --sudoku] [--boxes RxC]
 * [--ops OPS] [-T] [--hide-ops] [--level LEVEL] --seed SEED generate`
 * makes, with "text" holding what that command prints, byte for byte.
 * kind is 0 (Calcudoku), 1 (Killer), 2 (plain Sudoku); level and ops
 * may be "" or NULL; box_rows 0 lets the library choose the boxes. */
CW_EXPORT char *cw_generate(int size, const char *level, const char *ops,
			    int two_cell, int kind, int box_rows,
			    int box_cols, const char *seed_text,
			    int hide_ops);
CW_EXPORT char *cw_generate(int size, const char *level, const char *ops,
			    int two_cell, int kind, int box_rows,
			    int box_cols, const char *seed_text,
			    int hide_ops)
{
	int killer = kind == 1, sudoku = kind == 2;
	cdok_gen_params par;
	cdok_gen_result res;
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_rng rng;
	struct buf b = { 0 };
	char msg[256], line[128], *end;
	char *spec, *drawing;
	uint64_t seed;
	int lvl, *solution;

	cdok_gen_params_init(&par);
	par.size = size;
	par.killer = killer;
	par.sudoku = sudoku;
	par.hide_ops = !kind && hide_ops;
	/* The sizes the program makes without --timeout (cdok_gen_max_size):
	 * a page has no deadline to give. */
	if (size < 1 || size > cdok_gen_max_size(&par)) {
		cdok_gen_params k, h;

		cdok_gen_params_init(&k);
		cdok_gen_params_init(&h);
		k.killer = h.hide_ops = 1;
		snprintf(msg, sizeof(msg), "this page makes puzzles of 1 x 1 "
			 "to %d x %d (Killer and Sudoku: up to %d x %d, hidden "
			 "operators: up to %d x %d)", CDOK_MAX_SIZE,
			 CDOK_MAX_SIZE, cdok_gen_max_size(&k),
			 cdok_gen_max_size(&k), cdok_gen_max_size(&h),
			 cdok_gen_max_size(&h));
		return fail_doc(msg, 0, 0);
	}
	seed = strtoull(seed_text ? seed_text : "", &end, 10);
	if (!seed_text || !*seed_text || *end)
		return fail_doc("the seed must be a whole number", 0, 0);
	if (kind) {
		par.box_rows = box_rows;
		par.box_cols = box_cols;
	} else {
		if (ops && *ops && cdok_gen_ops_find(ops, &par.ops) != CDOK_OK)
			return fail_doc("the operators must be all, mul, add, "
					"addsub, or some of + - * / with + "
					"or *", 0, 0);
		par.two_cell = two_cell != 0;
	}
	/* The level and rounds as the program has them, from the library:
	 * the level made when none is named, the levels that occur at the
	 * size, the hardening rounds. */
	if (level && *level) {
		lvl = cdok_level_find(cdok_gen_scale(&par), level);
		if (lvl < 0) {
			snprintf(msg, sizeof(msg), "no level '%s' on this "
				 "scale", level);
			return fail_doc(msg, 0, 0);
		}
	} else {
		lvl = cdok_gen_default_level(&par);
	}
	memset(&err, 0, sizeof(err));
	if (cdok_gen_set_level(&par, lvl, -1, &err) != CDOK_OK)
		return fail_doc(err.message, 0, 0);
	solution = malloc(sizeof(int) * (size_t)(size * size));
	if (!solution)
		return fail_doc("out of memory", 0, 0);
	memset(&res, 0, sizeof(res));
	res.solution = solution;
	memset(&err, 0, sizeof(err));
	cdok_rng_seed(&rng, seed, 0);
	if (cdok_generate(&par, NULL, &rng, &p, &res, &err) != CDOK_OK) {
		free(solution);
		return fail_err(&err);
	}
	/* What the program prints: the spec, a blank line, the drawing, a
	 * blank line and the difficulty. */
	spec = written(p, "spec", NULL);
	drawing = written(p, "ascii", NULL);
	memcpy(line, "Difficulty: ", 12);
	cdok_difficulty_describe(cdok_puzzle_scale(p), res.score, line + 12,
				 sizeof(line) - 13);
	strcat(line, "\n");
	put_puzzle_doc(&b, p, NULL, solution);
	/* put_puzzle_doc ends the object: reopen it for the rest. */
	if (!b.failed && b.len && b.p[b.len - 1] == '}')
		b.p[--b.len] = '\0';
	putf(&b, ",\"seed\":\"%" PRIu64 "\",\"text\":", seed);
	if (spec && drawing) {
		struct buf t = { 0 };

		put(&t, spec);
		put(&t, "\n");
		put(&t, drawing);
		put(&t, "\n");
		put(&t, line);
		put_str(&b, t.failed ? NULL : t.p);
		free(t.p);
	} else {
		put(&b, "null");
	}
	put(&b, "}");
	cdok_free(spec);
	cdok_free(drawing);
	cdok_puzzle_free(p);
	free(solution);
	return finish(&b);
}

/* ---- steps: hints and explanations ---- */

/* The three tiers of a hint (doc/LEVELS.md): "where" says where to look
 * without naming a technique, "focus" are the cells to highlight for
 * it, "what" names the technique and its cells; the step's own text is
 * the third tier.  All three are the library's. */
static void hint_tiers(struct buf *b, const cdok_step *step)
{
	put(b, "\"where\":");
	put_str(b, step->where);
	put(b, ",\"focus\":");
	put_ints(b, step->focus, step->nfocus);
	put(b, ",\"what\":");
	put_str(b, step->what);
}

/* One step: its technique, level, cells, what it places and removes,
 * and its sentence. */
static void put_step(struct buf *b, const cdok_puzzle *p,
		     const cdok_step *s)
{
	cdok_scale scale = cdok_puzzle_scale(p);

	put(b, "{\"technique\":");
	put_str(b, s->technique >= 0 ? cdok_technique_name(s->technique)
		   : NULL);
	put(b, ",\"title\":");
	put_str(b, s->technique >= 0 ? cdok_technique_title(s->technique)
		   : NULL);
	put(b, ",\"level\":");
	put_str(b, s->technique >= 0 ? cdok_level_name(scale, s->level) :
		   NULL);
	put(b, ",\"cells\":");
	put_ints(b, s->cells, s->ncells);
	put(b, ",\"placed\":");
	put_candidates(b, s->placed, s->nplaced);
	put(b, ",\"removed\":");
	put_candidates(b, s->removed, s->nremoved);
	put(b, ",\"text\":");
	put_str(b, s->text);
	put(b, "}");
}

/* The next step from a state: values and pencil marks (bit v for value
 * v; 0 in a cell: not noted) as comma-separated numbers, solution as
 * given by cw_read (or "").  The document has "outcome", the three
 * tiers (hint_tiers) and the step's technique, level, cells, placed,
 * removed and text, and "values" and "candidates": the state with the
 * step applied (cdok_step_apply).  A state with a mistake has outcome
 * "contradiction" and the text says what is wrong.  place non-zero: the
 * next value to write (cdok_hint_place, from the values alone), so that
 * every hint leads to a digit. */
CW_EXPORT char *cw_hint(const char *puzzle, const char *solution,
			const char *values, const char *candidates,
			int place);
CW_EXPORT char *cw_hint(const char *puzzle, const char *solution,
			const char *values, const char *candidates,
			int place)
{
	cdok_puzzle *p;
	cdok_hint *h = NULL;
	cdok_grade_params gp;
	cdok_error err;
	struct buf b = { 0 };
	int n, *sol, *v;
	uint64_t *c;
	cdok_status st;

	if (read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return fail_err(&err);
	n = cdok_puzzle_size(p);
	sol = given_solution(p, solution);
	v = malloc(sizeof(int) * (size_t)(n * n));
	c = malloc(sizeof(uint64_t) * (size_t)(n * n));
	if (!v || !c) {
		st = CDOK_ERR_NOMEM;
		snprintf(err.message, sizeof(err.message), "out of memory");
		goto out;
	}
	parse_ints(values, v, n * n);
	parse_sets(candidates, c, n * n);
	cdok_grade_params_init(&gp);
	gp.solution = sol;
	st = place ? cdok_hint_place(p, v, &gp, &h, &err) :
		     cdok_hint_next(p, v, c, &gp, &h, &err);
	if (st != CDOK_OK)
		goto out;
	putf(&b, "{\"ok\":true,\"outcome\":\"%s\",\"empty\":%d,",
	     cdok_hint_outcome_name(h->outcome), h->empty);
	if (h->outcome == CDOK_HINT_STEP) {
		hint_tiers(&b, &h->step);
	} else {
		put(&b, "\"where\":null,\"focus\":");
		put_ints(&b, h->step.cells, h->step.ncells);
		put(&b, ",\"what\":null");
	}
	put(&b, ",\"technique\":");
	put_str(&b, h->step.technique >= 0 ?
		cdok_technique_name(h->step.technique) : NULL);
	put(&b, ",\"title\":");
	put_str(&b, h->step.technique >= 0 ?
		cdok_technique_title(h->step.technique) : NULL);
	put(&b, ",\"level\":");
	put_str(&b, h->outcome == CDOK_HINT_STEP ?
		cdok_level_name(cdok_puzzle_scale(p), h->step.level) : NULL);
	put(&b, ",\"cells\":");
	put_ints(&b, h->step.cells, h->step.ncells);
	put(&b, ",\"placed\":");
	put_candidates(&b, h->step.placed, h->step.nplaced);
	put(&b, ",\"removed\":");
	put_candidates(&b, h->step.removed, h->step.nremoved);
	put(&b, ",\"text\":");
	put_str(&b, h->step.text);
	/* The state once the step is applied, as the library applies it
	 * (pencil marks where the filled cells do not imply them). */
	if (h->outcome == CDOK_HINT_STEP) {
		cdok_step_apply(p, &h->step, v, c);
		put(&b, ",\"values\":");
		put_ints(&b, v, n * n);
		put(&b, ",\"candidates\":[");
		for (int i = 0; i < n * n; i++)
			putf(&b, "%s%" PRIu64, i ? "," : "", c[i]);
		put(&b, "]");
	}
	put(&b, "}");
out:
	cdok_hint_free(h);
	cdok_puzzle_free(p);
	free(sol);
	free(v);
	free(c);
	if (st != CDOK_OK) {
		free(b.p);
		return fail_err(&err);
	}
	return finish(&b);
}

static const char *problem_word(cdok_problem_kind k)
{
	switch (k) {
	case CDOK_PROBLEM_VALUE: return "value";
	case CDOK_PROBLEM_GIVEN: return "given";
	case CDOK_PROBLEM_ROW: return "row";
	case CDOK_PROBLEM_COLUMN: return "column";
	case CDOK_PROBLEM_CAGE: return "cage";
	case CDOK_PROBLEM_BOX: return "box";
	case CDOK_PROBLEM_CAGE_REPEAT: return "cage-repeat";
	case CDOK_PROBLEM_DIGIT: return "digit";
	case CDOK_PROBLEM_TWO_DIGIT: return "two-digit";
	case CDOK_PROBLEM_WRONG: return "wrong";
	case CDOK_PROBLEM_MARKS: return "marks";
	case CDOK_PROBLEM_DIAGONAL: return "diagonal";
	}
	return "value";
}

/* The cells a problem is about, from its row, column and bits. */
static void put_problem_cells(struct buf *b, const cdok_puzzle *p,
			      const cdok_problem *pr)
{
	int n = cdok_puzzle_size(p), first = 1;

	put(b, "[");
#define CELL(c) do { putf(b, "%s%d", first ? "" : ",", (c)); first = 0; } \
	while (0)
	switch (pr->kind) {
	case CDOK_PROBLEM_ROW:
	case CDOK_PROBLEM_COLUMN:
	case CDOK_PROBLEM_DIGIT:
	case CDOK_PROBLEM_TWO_DIGIT:
		for (int i = 0; i < n; i++)
			if (pr->where >> i & 1)
				CELL(pr->column < 0 ? pr->row * n + i :
				     i * n + pr->column);
		break;
	case CDOK_PROBLEM_BOX: {
		/* Bit i: the box's i-th cell in reading order; the box is the
		 * one its first cell is in, by the library's geometry. */
		int box = cdok_puzzle_box_of(p, pr->row * n + pr->column);

		for (int c = 0, i = 0; c < n * n && box >= 0; c++)
			if (cdok_puzzle_box_of(p, c) == box)
				if (pr->where >> i++ & 1)
					CELL(c);
		break;
	}
	case CDOK_PROBLEM_DIAGONAL:
		/* Bit r: the diagonal's cell in row r. */
		for (int i = 0; i < n; i++)
			if (pr->where >> i & 1)
				CELL(i * n + (pr->column == 0 ? i : n - 1 - i));
		break;
	case CDOK_PROBLEM_CAGE:
		for (int i = 0; i < cdok_cage_size(p, pr->cage); i++)
			CELL(cdok_cage_cells(p, pr->cage)[i]);
		break;
	case CDOK_PROBLEM_CAGE_REPEAT:
		for (int i = 0; i < cdok_cage_size(p, pr->cage) && i < 64; i++)
			if (pr->where >> i & 1)
				CELL(cdok_cage_cells(p, pr->cage)[i]);
		break;
	default:
		CELL(pr->row * n + pr->column);
		break;
	}
#undef CELL
	put(b, "]");
}

/* The mistake finder on a state of play (comma-separated values, 0
 * for empty, and pencil marks as cw_hint takes them): the judgement of
 * `cdok check` and of hints (cdok_check_state), every broken rule and,
 * when the puzzle has one solution, every filled value that differs
 * from it ("wrong") and every cell whose marks leave out its value
 * ("marks"), each with its cells and the library's sentence.  solution
 * as for cw_hint. */
CW_EXPORT char *cw_check(const char *puzzle, const char *solution,
			 const char *values, const char *candidates);
CW_EXPORT char *cw_check(const char *puzzle, const char *solution,
			 const char *values, const char *candidates)
{
	cdok_puzzle *p;
	cdok_problem *pr = NULL;
	cdok_grade_params gp;
	cdok_error err;
	struct buf b = { 0 };
	int n, *sol, *v, count = 0, unique = 0;
	uint64_t *c;
	cdok_status st;

	if (read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return fail_err(&err);
	n = cdok_puzzle_size(p);
	sol = given_solution(p, solution);
	v = malloc(sizeof(int) * (size_t)(n * n));
	c = malloc(sizeof(uint64_t) * (size_t)(n * n));
	if (!v || !c) {
		free(sol);
		free(v);
		free(c);
		cdok_puzzle_free(p);
		return fail_doc("out of memory", 0, 0);
	}
	parse_ints(values, v, n * n);
	parse_sets(candidates, c, n * n);
	/* 0 is the page's empty cell; a Nylimb grid may hold 0 itself. */
	if (!(cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB))
		for (int i = 0; i < n * n; i++)
			if (!v[i])
				v[i] = CDOK_NONE;
	cdok_grade_params_init(&gp);
	gp.solution = sol;
	st = cdok_check_state(p, v, c, &gp, &pr, &count, &unique, &err);
	if (st == CDOK_OK) {
		putf(&b, "{\"ok\":true,\"unique\":%s,\"problems\":[",
		     unique ? "true" : "false");
		for (int i = 0; i < count; i++) {
			char text[512];

			cdok_problem_describe(&pr[i], p, text, sizeof(text));
			putf(&b, "%s{\"kind\":\"%s\",\"cells\":", i ? "," : "",
			     problem_word(pr[i].kind));
			put_problem_cells(&b, p, &pr[i]);
			put(&b, ",\"text\":");
			put_str(&b, text);
			put(&b, "}");
		}
		put(&b, "]}");
	}
	cdok_free(pr);
	cdok_puzzle_free(p);
	free(sol);
	free(v);
	free(c);
	if (st != CDOK_OK) {
		free(b.p);
		return fail_err(&err);
	}
	return finish(&b);
}

/* The whole logical solution from the givens: the level, whether the
 * steps reach the end, and every step (as put_step writes them); brief
 * non-zero: the explanation a tutor gives (cdok_explain_brief), as
 * `cdok explain` shows it. */
CW_EXPORT char *cw_explain(const char *puzzle, const char *solution,
			   int brief);
CW_EXPORT char *cw_explain(const char *puzzle, const char *solution,
			   int brief)
{
	cdok_puzzle *p;
	cdok_explanation *e = NULL, *full = NULL;
	cdok_grade_params gp;
	cdok_error err;
	struct buf b = { 0 };
	cdok_scale scale;
	int *sol;

	if (read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return fail_err(&err);
	scale = cdok_puzzle_scale(p);
	sol = given_solution(p, solution);
	cdok_grade_params_init(&gp);
	gp.solution = sol;
	if (cdok_explain(p, &gp, &full, &err) != CDOK_OK ||
	    (brief && cdok_explain_brief(p, full, &e, &err) != CDOK_OK)) {
		cdok_explanation_free(full);
		free(sol);
		cdok_puzzle_free(p);
		return fail_err(&err);
	}
	if (!brief) {
		e = full;
		full = NULL;
	}
	put(&b, "{\"ok\":true,\"level\":");
	put_str(&b, e->grading.outcome == CDOK_GRADE_LEVEL ?
		cdok_level_name(scale, e->grading.level) : NULL);
	putf(&b, ",\"solved\":%s,\"steps\":[", e->solved ? "true" : "false");
	for (int i = 0; i < e->nsteps; i++) {
		put(&b, i ? "," : "");
		put_step(&b, p, &e->steps[i]);
	}
	put(&b, "]}");
	cdok_explanation_free(e);
	cdok_explanation_free(full);
	cdok_puzzle_free(p);
	free(sol);
	return finish(&b);
}

/* Solve a puzzle (any core format): the verdict, the first solution,
 * the search's nodes.  For the benchmark and for checking. */
CW_EXPORT char *cw_solve(const char *puzzle);
CW_EXPORT char *cw_solve(const char *puzzle)
{
	cdok_puzzle *p;
	cdok_result res;
	cdok_error err;
	struct buf b = { 0 };
	int n, *grid;

	if (read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return fail_err(&err);
	n = cdok_puzzle_size(p);
	grid = calloc((size_t)(n * n), sizeof(int));
	if (!grid || cdok_solve(p, NULL, grid, &res, &err) != CDOK_OK) {
		free(grid);
		cdok_puzzle_free(p);
		return grid ? fail_err(&err) : fail_doc("out of memory", 0, 0);
	}
	putf(&b, "{\"ok\":true,\"verdict\":\"%s\",\"count\":%" PRIu64
	     ",\"nodes\":%" PRIu64 ",\"solution\":",
	     cdok_verdict_name(res.verdict), res.count, res.nodes);
	put_ints(&b, grid, n * n);
	put(&b, "}");
	free(grid);
	cdok_puzzle_free(p);
	return finish(&b);
}

/* Release a document this layer returned. */
CW_EXPORT void cw_free(char *doc);
CW_EXPORT void cw_free(char *doc)
{
	free(doc);
}

/* The library's release, for the page's footer. */
CW_EXPORT const char *cw_version(void);
CW_EXPORT const char *cw_version(void)
{
	return cdok_version();
}

/* ---- what a cage can hold ---- */

/* The sets of values the cage holding a cell can take by its clue
 * alone (values kept apart in its rows, columns and boxes), as the
 * library lists them (cdok_cage_combinations): "combos", a list of
 * sorted lists in increasing order, and "complete": false when there
 * were too many layouts to list them all.  Not for Nylimb puzzles. */
CW_EXPORT char *cw_combos(const char *puzzle, int cell);
CW_EXPORT char *cw_combos(const char *puzzle, int cell)
{
	cdok_error err;
	cdok_puzzle *p;
	struct buf b = { 0 };
	int cage, m, *sets = NULL, nsets = 0, complete = 0;

	if (read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return fail_err(&err);
	if (cell < 0 || cell >= cdok_puzzle_size(p) * cdok_puzzle_size(p) ||
	    cdok_puzzle_cage_of(p, cell) < 0 ||
	    (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB)) {
		cdok_puzzle_free(p);
		return fail_doc("this cell is in no cage", 0, 0);
	}
	cage = cdok_puzzle_cage_of(p, cell);
	m = cdok_cage_size(p, cage);
	memset(&err, 0, sizeof(err));
	if (cdok_cage_combinations(p, cage, &sets, &nsets, &complete,
				   &err) != CDOK_OK) {
		cdok_puzzle_free(p);
		return fail_err(&err);
	}
	putf(&b, "{\"ok\":true,\"complete\":%s,\"cells\":",
	     complete ? "true" : "false");
	put_ints(&b, cdok_cage_cells(p, cage), m);
	put(&b, ",\"combos\":[");
	for (int s = 0; s < nsets; s++) {
		put(&b, s ? "," : "");
		put_ints(&b, sets + (size_t)s * (size_t)m, m);
	}
	put(&b, "]}");
	cdok_free(sets);
	cdok_puzzle_free(p);
	return finish(&b);
}

/* The most steps cw_cage_marks spends laying out one cage's sets: a
 * first hint stays quick, and a cage past it keeps what its cells'
 * lines leave. */
#define MARK_STEPS 200000L

/* Where a cage's sets can go: each set of the library's is the values
 * of some fitting layout, and any arrangement of it that keeps values
 * apart where the grid says, and givens in place, fits the clue too
 * (a clue is a sum, product, difference or quotient of the values
 * whatever their order). */
struct layouts {
	const cdok_puzzle *p;
	int m;
	const int *cells;
	const int *set;          /* m values, ascending */
	uint64_t apart[64];      /* per cell: the cage cells it must differ from */
	int vals[64];
	long steps;
};

/* Lay the set out from cell k on, the values of the unused bit clear,
 * cell at holding v; true at the first layout that fits (in vals). */
static int lay_out(struct layouts *l, int k, uint64_t used, int at, int v)
{
	int given;

	if (k == l->m)
		return 1;
	if (++l->steps > MARK_STEPS)
		return 0;
	given = cdok_puzzle_given(l->p, l->cells[k]);
	for (int j = 0; j < l->m; j++) {
		int x = l->set[j], clash = 0;

		/* Equal values are one choice: take the first unused. */
		if (used >> j & 1 || (j && l->set[j - 1] == x &&
				      !(used >> (j - 1) & 1)))
			continue;
		if ((k == at && x != v) || (given != CDOK_NONE && x != given))
			continue;
		for (int q = 0; q < k && !clash; q++)
			clash = (l->apart[k] >> q & 1) && l->vals[q] == x;
		if (clash)
			continue;
		l->vals[k] = x;
		if (lay_out(l, k + 1, used | (uint64_t)1 << j, at, v))
			return 1;
	}
	return 0;
}

/* The values each of the cage's cells takes in some fitting layout,
 * into allowed (one set per cage cell); false when the cage has too
 * many layouts to tell (allowed then means nothing). */
static int cage_allowed(const cdok_puzzle *p, int cage, uint64_t *allowed,
			int *peers, int *nomem)
{
	struct layouts l;
	cdok_error err;
	cdok_status st;
	int *sets = NULL, nsets = 0, complete = 0;

	memset(&l, 0, sizeof(l));
	l.p = p;
	l.m = cdok_cage_size(p, cage);
	l.cells = cdok_cage_cells(p, cage);
	memset(&err, 0, sizeof(err));
	st = cdok_cage_combinations(p, cage, &sets, &nsets, &complete, &err);
	if (st != CDOK_OK || !complete) {
		*nomem = st == CDOK_ERR_NOMEM;
		cdok_free(sets);
		return 0;
	}
	for (int i = 0; i < l.m; i++) {
		int np = cdok_puzzle_peers(p, l.cells[i], peers);

		allowed[i] = 0;
		for (int j = 0; j < l.m; j++) {
			int peer = cdok_cage_distinct(p, cage) && j != i;

			for (int k = 0; k < np && !peer; k++)
				peer = peers[k] == l.cells[j];
			l.apart[i] |= (uint64_t)peer << j;
		}
	}
	for (int s = 0; s < nsets && l.steps <= MARK_STEPS; s++) {
		l.set = sets + (size_t)s * (size_t)l.m;
		for (int i = 0; i < l.m; i++)
			for (int j = 0; j < l.m; j++) {
				int v = l.set[j];

				if (allowed[i] >> v & 1 ||
				    !lay_out(&l, 0, 0, i, v))
					continue;
				for (int k = 0; k < l.m; k++)
					allowed[k] |= (uint64_t)1 << l.vals[k];
			}
	}
	cdok_free(sets);
	return l.steps <= MARK_STEPS;
}

/* The pencil marks of a first hint on a grid without them: for every
 * empty cell, the values its cage's clue allows there (every layout of
 * the cage's sets, values kept apart in rows, columns, boxes and a cage
 * whose values differ, with the givens), less the values of the filled
 * cells that see it.  values as cw_hint takes them.  A cage too large
 * to lay out (the library's listing stopped, or MARK_STEPS) or a cell
 * in no cage keeps every value the filled cells leave.  "candidates":
 * size*size sets (bit v for value v), 0 for a filled cell. */
CW_EXPORT char *cw_cage_marks(const char *puzzle, const char *values);
CW_EXPORT char *cw_cage_marks(const char *puzzle, const char *values)
{
	cdok_error err;
	cdok_puzzle *p;
	struct buf b = { 0 };
	uint64_t *out = NULL, allowed[64];
	int n, nn, *v = NULL, *peers = NULL, failed = 0;

	if (read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return fail_err(&err);
	n = cdok_puzzle_size(p);
	nn = n * n;
	if (cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB) {
		cdok_puzzle_free(p);
		return fail_doc("Nylimb cages are not pencilled in", 0, 0);
	}
	v = malloc(sizeof(int) * (size_t)nn);
	out = malloc(sizeof(uint64_t) * (size_t)nn);
	peers = malloc(sizeof(int) * 4 * (size_t)n);
	if (!v || !out || !peers) {
		failed = 1;
		goto done;
	}
	parse_ints(values, v, nn);
	for (int i = 0; i < nn; i++)
		if (v[i] <= 0)
			v[i] = CDOK_NONE;
	/* What the filled cells leave (the library's view of a player's
	 * grid without marks). */
	cdok_state_candidates(p, v, NULL, out);
	for (int k = 0; k < cdok_puzzle_cage_count(p) && !failed; k++) {
		const int *cells = cdok_cage_cells(p, k);

		if (!cage_allowed(p, k, allowed, peers, &failed))
			continue;
		for (int i = 0; i < cdok_cage_size(p, k); i++)
			out[cells[i]] &= allowed[i];
	}
	if (!failed) {
		put(&b, "{\"ok\":true,\"candidates\":[");
		for (int i = 0; i < nn; i++)
			putf(&b, "%s%" PRIu64, i ? "," : "",
			     v[i] == CDOK_NONE ? out[i] : 0);
		put(&b, "]}");
	}
done:
	free(v);
	free(out);
	free(peers);
	cdok_puzzle_free(p);
	if (failed) {
		free(b.p);
		return fail_doc("out of memory", 0, 0);
	}
	return finish(&b);
}
