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
 *
 * This file holds the JSON text the documents are written in, the
 * arguments, reading a puzzle and the puzzle's own document; the other
 * calls are in the files web/cdok_web.h lists.
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok_web.h"

/* ---- a growing JSON text ---- */

void cwi_put_n(struct buf *b, const char *s, size_t n)
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

void cwi_put(struct buf *b, const char *s)
{
	cwi_put_n(b, s, strlen(s));
}

void cwi_putf(struct buf *b, const char *fmt, ...)
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
		cwi_put_n(b, small, (size_t)n);
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
		cwi_put_n(b, big, (size_t)n);
		free(big);
	}
}

/* A JSON string, or null for NULL. */
void cwi_put_str(struct buf *b, const char *s)
{
	if (!s) {
		cwi_put(b, "null");
		return;
	}
	cwi_put(b, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\') {
			char esc[3] = { '\\', (char)c, 0 };

			cwi_put(b, esc);
		} else if (c == '\n') {
			cwi_put(b, "\\n");
		} else if (c < 0x20) {
			cwi_putf(b, "\\u%04x", c);
		} else {
			cwi_put_n(b, (const char *)&c, 1);
		}
	}
	cwi_put(b, "\"");
}

void cwi_put_ints(struct buf *b, const int *v, int n)
{
	cwi_put(b, "[");
	for (int i = 0; i < n; i++)
		cwi_putf(b, "%s%d", i ? "," : "", v[i]);
	cwi_put(b, "]");
}

void cwi_put_candidates(struct buf *b, const cdok_candidate *c, int n)
{
	cwi_put(b, "[");
	for (int i = 0; i < n; i++)
		cwi_putf(b, "%s[%d,%d]", i ? "," : "", c[i].cell, c[i].value);
	cwi_put(b, "]");
}

/* The finished document, or a fixed one when memory ran out (strdup of
 * a literal may fail too: the caller then gets NULL, and says so). */
char *cwi_finish(struct buf *b)
{
	if (b->failed) {
		free(b->p);
		return strdup("{\"ok\":false,\"error\":\"out of memory\","
			      "\"line\":0,\"column\":0}");
	}
	return b->p;
}

char *cwi_fail_doc(const char *message, int line, int column)
{
	struct buf b = { 0 };

	cwi_put(&b, "{\"ok\":false,\"error\":");
	cwi_put_str(&b, message);
	cwi_putf(&b, ",\"line\":%d,\"column\":%d}", line, column);
	return cwi_finish(&b);
}

char *cwi_fail_err(const cdok_error *err)
{
	return cwi_fail_doc(err->message[0] ? err->message :
			cdok_status_name(err->status), err->line, err->column);
}

/* ---- arguments ---- */

/* n comma-separated numbers into v (missing ones are 0). */
void cwi_parse_ints(const char *s, int *v, int n)
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

void cwi_parse_sets(const char *s, uint64_t *v, int n)
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
cdok_status cwi_read_puzzle(const char *text, cdok_puzzle **out,
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
int *cwi_given_solution(const cdok_puzzle *p, const char *text)
{
	int n = cdok_puzzle_size(p);
	int *v;

	if (!text || !*text)
		return NULL;
	v = malloc(sizeof(int) * (size_t)(n * n));
	if (!v)
		return NULL;
	cwi_parse_ints(text, v, n * n);
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

	cwi_putf(b, "{\"size\":%d,\"boxRows\":%d,\"boxCols\":%d,\"nylimb\":%s,"
	     "\"diagonals\":%s,\"scale\":\"%s\",\"levels\":[", n,
	     cdok_puzzle_box_rows(p), cdok_puzzle_box_cols(p),
	     cdok_puzzle_rules(p) & CDOK_RULE_NYLIMB ? "true" : "false",
	     cdok_puzzle_rules(p) & CDOK_RULE_DIAGONALS ? "true" : "false",
	     scale_word(scale));
	for (int i = 0; i < cdok_level_count(scale); i++) {
		cwi_put(b, i ? "," : "");
		cwi_put_str(b, cdok_level_name(scale, i));
	}
	/* Each cell's box (-1: none), by the library's geometry, so that
	 * the page divides nothing out itself. */
	cwi_put(b, "],\"boxes\":[");
	for (int c = 0; c < n * n; c++)
		cwi_putf(b, "%s%d", c ? "," : "", cdok_puzzle_box_of(p, c));
	cwi_put(b, "],\"givens\":[");
	for (int c = 0; c < n * n; c++)
		cwi_putf(b, "%s%d", c ? "," : "", cdok_puzzle_given(p, c));
	cwi_put(b, "],\"cages\":[");
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		cwi_putf(b, "%s{\"op\":\"%c\",\"target\":%" PRId64 ",\"distinct\":"
		     "%s,\"cells\":", k ? "," : "", (char)cdok_cage_op(p, k),
		     cdok_cage_target(p, k),
		     cdok_cage_distinct(p, k) ? "true" : "false");
		cwi_put_ints(b, cdok_cage_cells(p, k), cdok_cage_size(p, k));
		cwi_put(b, "}");
	}
	cwi_put(b, "]}");
}

/* A puzzle's text in a format, or NULL when the format cannot hold it. */
char *cwi_written(const cdok_puzzle *p, const char *format,
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
void cwi_put_puzzle_doc(struct buf *b, const cdok_puzzle *p,
			const cdok_format *format, const int *solution)
{
	int n = cdok_puzzle_size(p);
	int *grid = malloc(sizeof(int) * (size_t)(n * n));
	cdok_scale scale = cdok_puzzle_scale(p);
	cdok_result res;
	cdok_grading g;
	cdok_grade_params gp;
	cdok_error err;
	char *spec = cwi_written(p, "spec", NULL);
	char *id = cwi_written(p, scale == CDOK_SCALE_KILLER ? "solo" : "keen",
			   NULL);

	cwi_put(b, "{\"ok\":true,\"format\":");
	cwi_put_str(b, format ? cdok_format_name(format) : "spec");
	cwi_put(b, ",\"puzzle\":");
	put_model(b, p);
	cwi_put(b, ",\"spec\":");
	cwi_put_str(b, spec);
	cwi_put(b, ",\"id\":");
	/* A game ID ends in no newline worth keeping in an address. */
	if (id)
		id[strcspn(id, "\r\n")] = '\0';
	cwi_put_str(b, id);
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
		cwi_put(b, ",\"verdict\":\"error\",\"reason\":");
		cwi_put_str(b, err.message);
		cwi_put(b, "}");
		free(grid);
		return;
	}
	cwi_putf(b, ",\"verdict\":\"%s\",\"reason\":", cdok_verdict_name(res.verdict));
	cwi_put_str(b, res.reason);
	if (res.verdict == CDOK_VERDICT_UNIQUE) {
		cwi_put(b, ",\"solution\":");
		cwi_put_ints(b, grid, n * n);
		cdok_grade_params_init(&gp);
		gp.solution = grid;
		if (scale != CDOK_SCALE_NONE &&
		    cdok_grade(p, &gp, &g, NULL) == CDOK_OK &&
		    g.outcome == CDOK_GRADE_LEVEL) {
			cwi_put(b, ",\"level\":");
			cwi_put_str(b, cdok_level_name(scale, g.level));
		}
	}
	free(grid);
	cwi_put(b, "}");
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

	if (cwi_read_puzzle(text ? text : "", &p, &format, &err) != CDOK_OK)
		return cwi_fail_err(&err);
	/* The page hands the puzzle back as its spec with every call. */
	if (cdok_write(cdok_format_find("spec"), p, NULL, &spec, NULL,
		       &err) != CDOK_OK) {
		char msg[384];

		cdok_puzzle_free(p);
		snprintf(msg, sizeof(msg), "the page plays puzzles that a "
			 "spec can hold, and this one it cannot: %s",
			 err.message);
		return cwi_fail_doc(msg, 0, 0);
	}
	cdok_free(spec);
	cwi_put_puzzle_doc(&b, p, format, NULL);
	cdok_puzzle_free(p);
	return cwi_finish(&b);
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

	if (cwi_read_puzzle(puzzle ? puzzle : "", &p, NULL, &err) != CDOK_OK)
		return cwi_fail_err(&err);
	n = cdok_puzzle_size(p);
	grid = calloc((size_t)(n * n), sizeof(int));
	if (!grid || cdok_solve(p, NULL, grid, &res, &err) != CDOK_OK) {
		free(grid);
		cdok_puzzle_free(p);
		return grid ? cwi_fail_err(&err) : cwi_fail_doc("out of memory", 0, 0);
	}
	cwi_putf(&b, "{\"ok\":true,\"verdict\":\"%s\",\"count\":%" PRIu64
	     ",\"nodes\":%" PRIu64 ",\"solution\":",
	     cdok_verdict_name(res.verdict), res.count, res.nodes);
	cwi_put_ints(&b, grid, n * n);
	cwi_put(&b, "}");
	free(grid);
	cdok_puzzle_free(p);
	return cwi_finish(&b);
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
