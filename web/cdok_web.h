/* cdok_web.h -- what the files of the page's layer share: the growing
 * JSON text every call writes its document into, the arguments as the
 * page passes them, and the puzzle read from its text.
 *
 * The layer is one concern a file:
 *   cdok_web.c      the JSON text, the arguments, reading a puzzle and
 *                   its document (cw_read, cw_solve, cw_free, cw_version)
 *   cw_generate.c   making puzzles as `cdok generate` does (cw_generate,
 *                   cw_levels)
 *   cw_steps.c      hints, the mistake finder and explanations (cw_hint,
 *                   cw_check, cw_explain)
 *   cw_cells.c      what a cell sees and what a cage can hold (cw_peers,
 *                   cw_combos, cw_cage_marks)
 * Names shared between them begin with cwi_ ("cdok web internal"); the
 * calls the page makes begin with cw_ (mk/web.mk, WEB_EXPORTS).
 */
#ifndef CDOK_WEB_H
#define CDOK_WEB_H

#include <stddef.h>
#include <stdint.h>

#include "cdok.h"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#define CW_EXPORT EMSCRIPTEN_KEEPALIVE
#else
#define CW_EXPORT
#endif

/* A growing JSON text: starts as { 0 }; once an allocation fails,
 * failed is set and everything after is dropped (cwi_finish then gives
 * the out-of-memory document). */
struct buf {
	char *p;
	size_t len, cap;
	int failed;
};

void cwi_put_n(struct buf *b, const char *s, size_t n);
void cwi_put(struct buf *b, const char *s);
void cwi_putf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* A JSON string, or null for NULL. */
void cwi_put_str(struct buf *b, const char *s);
void cwi_put_ints(struct buf *b, const int *v, int n);
void cwi_put_candidates(struct buf *b, const cdok_candidate *c, int n);
/* The finished document (the caller's to cw_free), or the fixed
 * out-of-memory one. */
char *cwi_finish(struct buf *b);
char *cwi_fail_doc(const char *message, int line, int column);
char *cwi_fail_err(const cdok_error *err);

/* n comma-separated numbers (or sets) into v; missing ones are 0. */
void cwi_parse_ints(const char *s, int *v, int n);
void cwi_parse_sets(const char *s, uint64_t *v, int n);

/* The first puzzle of a text, in whatever format cdok reads. */
cdok_status cwi_read_puzzle(const char *text, cdok_puzzle **out,
			    const cdok_format **format, cdok_error *err);
/* The caller's solution when it is one, or NULL. */
int *cwi_given_solution(const cdok_puzzle *p, const char *text);
/* A puzzle's text in a format, or NULL when the format cannot hold it. */
char *cwi_written(const cdok_puzzle *p, const char *format,
		  const int *values);
/* A puzzle's document, as cw_read gives it: the model, spec, game ID,
 * verdict, solution and level; solution, when not NULL, is the proven
 * only solution. */
void cwi_put_puzzle_doc(struct buf *b, const cdok_puzzle *p,
			const cdok_format *format, const int *solution);

#endif
