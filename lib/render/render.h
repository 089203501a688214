/* render.h -- what the parts of libcdok-render share: the measures of
 * the drawings, drawing one grid (paint.c), laying out pages (pages.c)
 * and the writer's state (render.c).
 *
 * Everything is measured in points (1/72 inch), the unit of cairo's
 * PDF and SVG surfaces; a PNG is the same drawing scaled by dpi / 72.
 */
#ifndef CDOK_RENDER_H
#define CDOK_RENDER_H

#include <cairo.h>

#include "format/format.h"

/* The one font, found by fontconfig (Debian's fonts-dejavu-core). */
#define RENDER_FONT "DejaVu Sans"

/* Clue type is this fraction of a cell, up to RENDER_CLUE_MAX; digits
 * in cells are RENDER_VALUE_RATIO of a cell.  So the clue type reaches
 * CDOK_RENDER_MIN_TYPE at cells of RENDER_MIN_CELL. */
#define RENDER_CLUE_RATIO 0.28
#define RENDER_CLUE_MAX 11.0
#define RENDER_VALUE_RATIO 0.5
#define RENDER_MIN_CELL (CDOK_RENDER_MIN_TYPE / RENDER_CLUE_RATIO)

/* Cells on pages are at most an inch; a picture of one puzzle (svg,
 * png) has cells of 1/2 inch. */
#define RENDER_MAX_CELL 72.0
#define RENDER_PICTURE_CELL 36.0

/* ---- one grid (paint.c) ---- */

/* How a grid is drawn. */
enum render_look {
	RENDER_PUZZLE,   /* clues, givens, and values when given */
	RENDER_ANSWER    /* an answer key: the values, cage borders
			  * (Calcudoku) or boxes (Killer), no clues */
};

/* The clue type of a grid with cells of this size. */
double cdki_render_clue_size(double cell);

/* How far the grid's frame reaches outside the grid's edge. */
double cdki_render_frame_outset(double cell);

/* What a picture of a state of play adds to a grid: pencil marks and
 * shaded cells (cdok_render_item); either may be NULL. */
struct render_marks {
	const uint64_t *candidates;
	const unsigned char *shade;
	const uint64_t *removed;   /* struck out, among the candidates */
};

/* Draw puzzle p with its top-left corner at (x, y) and square cells of
 * size cell.  values (size*size, or NULL) are shown in the cells as
 * cdok_write's values are; marks (or NULL) adds shading and pencil
 * marks.  given_cages draws a Calcudoku's givens and one-cell cages as
 * corner clues (cdok_render_params.givens_as_cages).  *min_clue (when min_clue is not NULL) gets
 * the smallest clue type used (a clue too long for its cage's top row
 * is set smaller), or 0 when no clue was drawn.  Fails when memory runs
 * out or cairo fails (cdki_render_cairo_fail). */
cdok_status cdki_render_paint(cairo_t *cr, const cdok_puzzle *p,
			      const int *values,
			      const struct render_marks *marks,
			      enum render_look look, bool given_cages, double x,
			      double y, double cell, double *min_clue,
			      cdok_error *err);

/* Set the font: RENDER_FONT, bold or not, at size points. */
void cdki_render_font(cairo_t *cr, bool bold, double size);

/* ---- the writer's state (render.c) ---- */

/* One puzzle of a booklet, kept until the pages are made. */
struct render_entry {
	cdok_puzzle *puzzle;
	int *values;       /* NULL: the puzzle itself */
	int *answer;       /* NULL: no answer key */
	char *level;       /* NULL: none */
	uint64_t *candidates; /* NULL: no pencil marks */
	uint64_t *removed;    /* NULL: no marks struck out */
	unsigned char *shade; /* NULL: nothing shaded */
	char *note;        /* NULL: no text under the grid */
	char *source;      /* NULL: no seed or ID in the caption */
	int number;        /* from 1, in the stream; -1: none */
};

struct render_state {
	cdok_render_params params;
	char *title;                 /* params.title, copied */
	bool set_up;                 /* cdok_render_setup was called */
	cdok_render_item *item;      /* the item of the put in progress */
	struct render_entry *entries;
	int nentries, cap;
};

/* ---- pages (pages.c) ---- */

/* The whole PDF of a booklet's entries into sb. */
cdok_status cdki_render_pdf(struct strbuf *sb, const struct render_state *st,
			    cdok_error *err);

/* The clue type an entry's grid gets alone on a page of these
 * settings, for the warning of cdok_render_put. */
double cdki_render_pdf_alone_type(const cdok_render_params *params,
				  const cdok_puzzle *p);

/* ---- shared by the surfaces (render.c) ---- */

/* cairo's write callback: append to the strbuf given as closure. */
cairo_status_t cdki_render_sink(void *closure, const unsigned char *data,
				unsigned int length);

/* CDOK_OK for CAIRO_STATUS_SUCCESS; otherwise CDOK_ERR_NOMEM when
 * cairo ran out of memory, else CDOK_ERR_LIMIT with cairo's words (a
 * surface too large, a write that failed). */
cdok_status cdki_render_cairo_fail(cairo_status_t cs, cdok_error *err);

#endif /* CDOK_RENDER_H */
