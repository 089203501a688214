/* paint.c -- one grid, drawn with cairo: the one drawing path of the
 * svg, pdf and png pictures.
 *
 * A Calcudoku is drawn as newspapers print it: thin cell lines, thick
 * cage borders, each cage's clue (target and operator, with the
 * typographic x, / and -) in the top-left corner of its first cell,
 * givens and values large in the middle of their cells.  A puzzle with
 * boxes (Killer Sudoku) is drawn as Killer puzzles are printed: thick
 * box lines, thin cell lines, each cage outlined by a dashed line inside
 * its cells, its sum small in the outline's top-left corner.  A
 * one-cell cage shows only its number, as a given does, in both; a
 * Calcudoku drawn with given_cages shows its givens and one-cell cages
 * instead as KenKen is printed, the number as the cell's corner clue.
 * doc/PICTURES.md gives the measures.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "render/render.h"

/* A grid being drawn. */
struct grid {
	cairo_t *cr;
	const cdok_puzzle *p;
	const int *values;
	const struct render_marks *marks;
	enum render_look look;
	bool given_cages;  /* givens as corner clues (Calcudoku only) */
	double x, y, cell;
	int n;
	double min_clue;   /* smallest clue type used; 0: none yet */
	bool nomem;        /* memory ran out */
};

static double clamp(double v, double lo, double hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* Line widths: hairlines between cells, thick borders between cages
 * (or boxes), a frame a little heavier, thin dashes round Killer
 * cages. */
static double thin_width(double cell)
{
	return clamp(cell * 0.02, 0.4, 0.8);
}

static double thick_width(double cell)
{
	return clamp(cell * 0.075, 1.2, 3.2);
}

static double frame_width(double cell)
{
	return thick_width(cell) * 1.25;
}

static double dash_width(double cell)
{
	return clamp(cell * 0.028, 0.5, 1.2);
}

double cdki_render_frame_outset(double cell)
{
	return frame_width(cell) / 2;
}

double cdki_render_clue_size(double cell)
{
	double s = cell * RENDER_CLUE_RATIO;

	return s < RENDER_CLUE_MAX ? s : RENDER_CLUE_MAX;
}

void cdki_render_font(cairo_t *cr, bool bold, double size)
{
	cairo_select_font_face(cr, RENDER_FONT, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD
				    : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
}

/* DejaVu Sans's digits stand this fraction of the type size tall. */
#define DIGIT_HEIGHT 0.73

static bool has_boxes(const struct grid *g)
{
	return g->p->box_rows > 0;
}

static bool in_cage(const struct grid *g, int k, int row, int col)
{
	return row >= 0 && col >= 0 && row < g->n && col < g->n &&
	       g->p->cage_of[row * g->n + col] == k;
}

/* Whether the line between two neighbouring cells is drawn thick: a
 * box border in a Killer puzzle, a cage border otherwise (a cell in no
 * cage has borders all round). */
static bool thick_between(const struct grid *g, int a, int b)
{
	int k = g->p->cage_of[a];

	if (has_boxes(g))
		return cdki_box_of(g->p, a) != cdki_box_of(g->p, b);
	return k < 0 || k != g->p->cage_of[b];
}

/* Whether a cell's given (or one-cell cage) is drawn as a corner clue:
 * with given_cages, on a Calcudoku's puzzle, when the cell is a cage
 * of its own (a given in a larger cage keeps its digit). */
static bool corner_given(const struct grid *g, int cell)
{
	int k = g->p->cage_of[cell];

	if (!g->given_cages || has_boxes(g) || g->look != RENDER_PUZZLE)
		return false;
	if (k >= 0)
		return g->p->cages[k].ncells == 1;
	return cdok_has_given(g->p, cell);
}

/* Every line between two cells, thin. */
static void draw_thin_lines(struct grid *g)
{
	cairo_t *cr = g->cr;
	int n = g->n;
	double c = g->cell;

	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_width(cr, thin_width(c));
	/* Lighter in a Killer puzzle, where the dashed cage lines must
	 * stand out from them. */
	if (has_boxes(g))
		cairo_set_source_rgb(cr, 0.6, 0.6, 0.6);
	else
		cairo_set_source_rgb(cr, 0.45, 0.45, 0.45);
	for (int i = 1; i < n; i++) {
		cairo_move_to(cr, g->x + i * c, g->y);
		cairo_line_to(cr, g->x + i * c, g->y + n * c);
		cairo_move_to(cr, g->x, g->y + i * c);
		cairo_line_to(cr, g->x + n * c, g->y + i * c);
	}
	cairo_stroke(cr);
}

/* The colour of a cell's ground: white, or its shade. */
static void set_cell_ground(const struct grid *g, int cell)
{
	int shade = g->marks && g->marks->shade ? g->marks->shade[cell] : 0;

	if (shade == 1)
		cairo_set_source_rgb(g->cr, 1.0, 0.96, 0.74);
	else if (shade)
		cairo_set_source_rgb(g->cr, 1.0, 0.82, 0.42);
	else
		cairo_set_source_rgb(g->cr, 1, 1, 1);
}

/* The borders, thick, in runs so that each meets the next cleanly, then
 * the frame. */
static void draw_thick_lines(struct grid *g)
{
	cairo_t *cr = g->cr;
	int n = g->n;
	double c = g->cell;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
	cairo_set_line_width(cr, thick_width(c));
	for (int i = 1; i < n; i++) {
		/* Runs along the line below row i - 1 and along the line
		 * right of column i - 1. */
		for (int across = 0; across < 2; across++) {
			int start = -1;

			for (int j = 0; j <= n; j++) {
				int a = across ? j * n + i - 1
					       : (i - 1) * n + j;
				int b = across ? a + 1 : a + n;
				bool on = j < n && thick_between(g, a, b);

				if (on && start < 0)
					start = j;
				if (on || start < 0)
					continue;
				if (across) {
					cairo_move_to(cr, g->x + i * c,
						      g->y + start * c);
					cairo_line_to(cr, g->x + i * c,
						      g->y + j * c);
				} else {
					cairo_move_to(cr, g->x + start * c,
						      g->y + i * c);
					cairo_line_to(cr, g->x + j * c,
						      g->y + i * c);
				}
				start = -1;
			}
		}
	}
	cairo_stroke(cr);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_set_line_width(cr, frame_width(c));
	cairo_rectangle(cr, g->x, g->y, n * c, n * c);
	cairo_stroke(cr);
}

/* The clue of cage k: "12+", "60×", "4÷", "1−"; a Killer sum and a
 * hidden operator are the number alone. */
static void clue_text(const struct grid *g, int k, char *buf, size_t cap)
{
	const struct cdok_cage *cage = &g->p->cages[k];
	const char *op = "";

	switch (cage->op) {
	case CDOK_OP_ADD:
		op = has_boxes(g) ? "" : "+";
		break;
	case CDOK_OP_SUB:
		op = "\u2212";
		break;
	case CDOK_OP_MUL:
		op = "\u00d7";
		break;
	case CDOK_OP_DIV:
		op = "\u00f7";
		break;
	case CDOK_OP_ANY:       /* a hidden operator: the target alone */
		break;
	}
	snprintf(buf, cap, "%" PRId64 "%s", cage->target, op);
}

/* The type size for text that should be size but must fit in width. */
static double fit_size(cairo_t *cr, const char *text, bool bold, double size,
		       double width)
{
	cairo_text_extents_t ext;

	cdki_render_font(cr, bold, size);
	cairo_text_extents(cr, text, &ext);
	if (ext.x_advance > width && ext.x_advance > 0)
		size *= width / ext.x_advance;
	return size;
}

/* One clue, top left in cell first, as wide as run cells allow. */
static void corner_clue(struct grid *g, int first, int run,
			const char *text)
{
	cairo_t *cr = g->cr;
	double c = g->cell, pad = thick_width(c) / 2 + c * 0.06;
	int row = first / g->n, col = first % g->n;
	double size = fit_size(cr, text, false, cdki_render_clue_size(c),
			       run * c - 2 * pad);

	if (g->min_clue == 0 || size < g->min_clue)
		g->min_clue = size;
	cdki_render_font(cr, false, size);
	cairo_move_to(cr, g->x + col * c + pad,
		      g->y + row * c + pad + DIGIT_HEIGHT * size);
	cairo_show_text(cr, text);
}

/* Calcudoku clues: top left in the cage's first cell, as wide as the
 * cage's cells in that row allow, smaller if they do not; with
 * given_cages, the givens' and one-cell cages' numbers too. */
static void draw_clues(struct grid *g)
{
	cairo_set_source_rgb(g->cr, 0, 0, 0);
	for (int k = 0; k < g->p->ncages; k++) {
		const struct cdok_cage *cage = &g->p->cages[k];
		int first = cage->cells[0], run = 1;
		char text[48];

		if (cage->ncells < 2)
			continue;
		while (in_cage(g, k, first / g->n, first % g->n + run))
			run++;
		clue_text(g, k, text, sizeof(text));
		corner_clue(g, first, run, text);
	}
	for (int cell = 0; cell < g->n * g->n; cell++) {
		int k = g->p->cage_of[cell];
		char text[24];

		if (!corner_given(g, cell))
			continue;
		snprintf(text, sizeof(text), "%" PRId64,
			 k >= 0 ? g->p->cages[k].target
				: (int64_t)g->p->given[cell]);
		corner_clue(g, cell, 1, text);
	}
}

/* One boundary edge of a cage, a grid line between a cell of the cage
 * and one outside, directed so that the cage is on its right. */
struct edge {
	int x, y;      /* start, in cells */
	int dx, dy;    /* a unit step */
	bool used;
};

/* The boundary edges of cage k into e (room for 4 per cell). */
static int cage_edges(const struct grid *g, int k, struct edge *e)
{
	const struct cdok_cage *cage = &g->p->cages[k];
	int ne = 0;

	for (int i = 0; i < cage->ncells; i++) {
		int r = cage->cells[i] / g->n, c = cage->cells[i] % g->n;

		if (!in_cage(g, k, r - 1, c))
			e[ne++] = (struct edge){c, r, 1, 0, false};
		if (!in_cage(g, k, r, c + 1))
			e[ne++] = (struct edge){c + 1, r, 0, 1, false};
		if (!in_cage(g, k, r + 1, c))
			e[ne++] = (struct edge){c + 1, r + 1, -1, 0, false};
		if (!in_cage(g, k, r, c - 1))
			e[ne++] = (struct edge){c, r + 1, 0, -1, false};
	}
	return ne;
}

/* The edge that continues edge cur: one starting where cur ends, unused
 * or the loop's first, turning right (into the cage) when two meet at a
 * corner where the cage touches itself diagonally. */
static int next_edge(const struct edge *e, int ne, int cur, int first)
{
	int x = e[cur].x + e[cur].dx, y = e[cur].y + e[cur].dy, next = -1;

	for (int j = 0; j < ne; j++) {
		if (e[j].x != x || e[j].y != y || (e[j].used && j != first))
			continue;
		if (next < 0 || (e[j].dx == -e[cur].dy && e[j].dy == e[cur].dx))
			next = j;
	}
	return next;
}

/* Cage k's outline, inset by inset inside its cells, as closed paths
 * (one per loop of its boundary).  Each corner moves inwards along both
 * of its edges' normals, so an outline turning round a corner of
 * another cage keeps its distance too. */
static void cage_outline(struct grid *g, int k, double inset)
{
	int ne, n4 = 4 * g->p->cages[k].ncells;
	struct edge *e = cdok_malloc((size_t)n4 * sizeof(*e));
	double c = g->cell;

	if (!e) {
		g->nomem = true;
		return;
	}
	ne = cage_edges(g, k, e);
	for (int first = 0; first < ne; first++) {
		int cur = first;
		bool begun = false;

		if (e[first].used)
			continue;
		do {
			int next = next_edge(e, ne, cur, first);

			e[cur].used = true;
			if (next < 0)
				break;
			if (e[next].dx != e[cur].dx || e[next].dy != e[cur].dy) {
				double px = e[next].x * c + g->x +
					    inset * (-e[cur].dy - e[next].dy);
				double py = e[next].y * c + g->y +
					    inset * (e[cur].dx + e[next].dx);

				if (begun)
					cairo_line_to(g->cr, px, py);
				else
					cairo_move_to(g->cr, px, py);
				begun = true;
			}
			cur = next;
		} while (cur != first);
		cairo_close_path(g->cr);
	}
	free(e);
}

/* The sum of Killer cage k in the top-left corner of cell, on a white
 * patch that breaks the dashed outline there; on each part of a cage
 * that comes in parts, with a star and the cage's tag after it (tag >=
 * 0, written as a label: "14*A"; doc/PICTURES.md). */
static void killer_clue(struct grid *g, int k, int cell, int tag)
{
	cairo_t *cr = g->cr;
	double c = g->cell, inset = c * 0.11;
	double x = g->x + cell % g->n * c + thick_width(c) / 2 + c * 0.04;
	double y = g->y + cell / g->n * c + thick_width(c) / 2 + c * 0.04;
	double size, patch = c * 0.035;
	cairo_text_extents_t ext;
	char text[48 + CDOK_LABEL_MAX + 2], label[CDOK_LABEL_MAX + 1];

	clue_text(g, k, text, 48);
	if (tag >= 0) {
		cdki_label_for_index(tag, label);
		strcat(text, "*");
		strcat(text, label);
	}
	size = fit_size(cr, text, false, cdki_render_clue_size(c) * 0.92,
			c - 2 * inset);
	if (g->min_clue == 0 || size < g->min_clue)
		g->min_clue = size;
	cdki_render_font(cr, false, size);
	cairo_text_extents(cr, text, &ext);
	set_cell_ground(g, cell);
	cairo_rectangle(cr, x - patch, y - patch, ext.x_advance + 2 * patch,
			DIGIT_HEIGHT * size + 2 * patch);
	cairo_fill(cr);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, x, y + DIGIT_HEIGHT * size);
	cairo_show_text(cr, text);
}

/* A Killer cage in parts (the tag-th such cage): its tagged sum on the
 * first cell of each part, so that a reader sees which parts make one
 * cage. */
static void killer_parts_clues(struct grid *g, int k, int tag)
{
	const struct cdok_cage *cage = &g->p->cages[k];
	int nn = g->n * g->n;
	int *stack = cdok_malloc((size_t)nn * sizeof(*stack));
	unsigned char *seen = cdok_calloc((size_t)nn, 1);

	if (!stack || !seen) {
		g->nomem = true;
	} else {
		for (int i = 0; i < cage->ncells; i++) {
			if (seen[cage->cells[i]])
				continue;
			cdki_region_fill(g->n, g->p->cage_of, cage->cells[i],
					 stack, seen);
			killer_clue(g, k, cage->cells[i], tag);
		}
	}
	free(stack);
	free(seen);
}

/* Killer X: the two main diagonals as thin grey lines from corner to
 * corner, under the values (doc/PICTURES.md). */
static void draw_diagonals(struct grid *g)
{
	cairo_t *cr = g->cr;
	double side = g->n * g->cell;

	if (!cdki_has_diagonals(g->p))
		return;
	cairo_set_source_rgb(cr, 0.55, 0.55, 0.55);
	cairo_set_line_width(cr, thin_width(g->cell) * 1.5);
	cairo_move_to(cr, g->x, g->y);
	cairo_line_to(cr, g->x + side, g->y + side);
	cairo_move_to(cr, g->x + side, g->y);
	cairo_line_to(cr, g->x, g->y + side);
	cairo_stroke(cr);
}

/* Killer cages: each outlined by a dashed line inside its cells, the
 * sum in the outline's top-left corner on a white patch that breaks the
 * line there. */
static void draw_killer_cages(struct grid *g)
{
	cairo_t *cr = g->cr;
	double c = g->cell, inset = c * 0.11, dashes[2] = {c * 0.06, c * 0.05};

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_set_line_width(cr, dash_width(c));
	cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
	cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
	cairo_set_dash(cr, dashes, 2, 0);
	/* A one-cell cage shows its number in the cell, as a given. */
	for (int k = 0; k < g->p->ncages; k++) {
		if (g->p->cages[k].ncells < 2)
			continue;
		cage_outline(g, k, inset);
		cairo_stroke(cr);
	}
	cairo_set_dash(cr, NULL, 0, 0);

	for (int k = 0, tag = 0; k < g->p->ncages; k++) {
		const struct cdok_cage *cage = &g->p->cages[k];

		if (cage->ncells < 2)
			continue;
		if (cdki_cage_connected(g->p, k))
			killer_clue(g, k, cage->cells[0], -1);
		else
			killer_parts_clues(g, k, tag++);
	}
}

/* The value a cell shows, as in the text drawings: the caller's value,
 * else its given, else the target of a one-cell cage.  *fixed says
 * whether it belongs to the puzzle (a given or a one-cell cage), which
 * is drawn bold.  A given drawn as a corner clue shows only the
 * caller's value, not bold. */
static int64_t shown_value(const struct grid *g, int cell, bool *fixed)
{
	const cdok_puzzle *p = g->p;
	int k = p->cage_of[cell];
	bool one = k >= 0 && p->cages[k].ncells == 1;
	bool corner = corner_given(g, cell);

	*fixed = !corner && (cdok_has_given(p, cell) || one);
	if (g->values && cdok_is_value(p, g->values[cell]))
		return g->values[cell];
	if (corner)
		return CDOK_NONE;
	if (cdok_has_given(p, cell))
		return p->given[cell];
	if (one)
		return p->cages[k].target;
	return CDOK_NONE;
}

/* Givens and values, centred in their cells (a little low under a
 * clue); two-digit numbers are narrowed to fit. */
static void draw_values(struct grid *g)
{
	cairo_t *cr = g->cr;
	double c = g->cell;
	double middle = g->look == RENDER_ANSWER ? 0.5 : 0.58;

	cairo_set_source_rgb(cr, 0, 0, 0);
	for (int cell = 0; cell < g->n * g->n; cell++) {
		bool fixed;
		int64_t v = shown_value(g, cell, &fixed);
		cairo_text_extents_t ext;
		double size;
		char text[24];

		if (v == CDOK_NONE)
			continue;
		snprintf(text, sizeof(text), "%" PRId64, v);
		size = fit_size(cr, text, fixed, c * RENDER_VALUE_RATIO,
				c * 0.7);
		cdki_render_font(cr, fixed, size);
		cairo_text_extents(cr, text, &ext);
		cairo_move_to(cr, g->x + (cell % g->n + 0.5) * c -
				  ext.x_bearing - ext.width / 2,
			      g->y + (cell / g->n + middle) * c +
				  DIGIT_HEIGHT * size / 2);
		cairo_show_text(cr, text);
	}
}

/* Shaded cells, under everything else: a pale yellow for a hint's
 * place, a stronger one for its cells. */
static void draw_shade(struct grid *g)
{
	const unsigned char *shade = g->marks ? g->marks->shade : NULL;
	double c = g->cell;

	for (int cell = 0; shade && cell < g->n * g->n; cell++) {
		if (!shade[cell])
			continue;
		set_cell_ground(g, cell);
		cairo_rectangle(g->cr, g->x + cell % g->n * c,
				g->y + cell / g->n * c, c, c);
		cairo_fill(g->cr);
	}
}

/* Pencil marks, small and grey, in the cells that show no value: the
 * values in a square of k x k places (k the smallest with k * k >= n),
 * each value always in its own place, as players write them, below
 * the clue's corner. */
static void draw_pencil(struct grid *g)
{
	const uint64_t *cand = g->marks ? g->marks->candidates : NULL;
	double c = g->cell, size, top = 0.3, side;
	int k = 1;

	if (!cand)
		return;
	while (k * k < g->n)
		k++;
	side = (1.0 - top - 0.06) / k;
	size = c * side * 0.8;
	if (size > c * 0.22)
		size = c * 0.22;
	cdki_render_font(g->cr, false, size);
	cairo_set_source_rgb(g->cr, 0.3, 0.3, 0.3);
	for (int cell = 0; cell < g->n * g->n; cell++) {
		bool fixed;

		if (!(cand[cell] & ~(uint64_t)1) || corner_given(g, cell) ||
		    shown_value(g, cell, &fixed) != CDOK_NONE)
			continue;
		for (int v = 1; v <= g->n && v < 64; v++) {
			cairo_text_extents_t ext;
			char text[8];
			int slot = v - 1;
			double cx, cy;

			if (!(cand[cell] & ((uint64_t)1 << v)))
				continue;
			snprintf(text, sizeof(text), "%d", v);
			cairo_text_extents(g->cr, text, &ext);
			cx = g->x + (cell % g->n + 0.06 / 2 +
				     (slot % k + 0.5) * (1.0 - 0.06) / k) * c;
			cy = g->y + (cell / g->n + top +
				     (slot / k + 0.5) * side) * c;
			cairo_move_to(g->cr, cx - ext.x_bearing - ext.width / 2,
				      cy + DIGIT_HEIGHT * size / 2);
			cairo_show_text(g->cr, text);
		}
	}
}

cdok_status cdki_render_paint(cairo_t *cr, const cdok_puzzle *p,
			      const int *values,
			      const struct render_marks *marks,
			      enum render_look look, bool given_cages, double x,
			      double y, double cell, double *min_clue,
			      cdok_error *err)
{
	struct grid g = {cr, p, values, marks, look, given_cages, x, y, cell,
			 p->size, 0, false};

	cairo_save(cr);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_rectangle(cr, x, y, p->size * cell, p->size * cell);
	cairo_fill(cr);
	draw_shade(&g);
	draw_diagonals(&g);
	draw_thin_lines(&g);
	if (has_boxes(&g)) {
		/* The box lines go over the dashed outlines and the
		 * patches under the sums. */
		if (look == RENDER_PUZZLE)
			draw_killer_cages(&g);
		draw_thick_lines(&g);
	} else {
		draw_thick_lines(&g);
		if (look == RENDER_PUZZLE)
			draw_clues(&g);
	}
	draw_values(&g);
	draw_pencil(&g);
	cairo_restore(cr);
	if (min_clue)
		*min_clue = g.min_clue;
	if (g.nomem)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	return cdki_render_cairo_fail(cairo_status(cr), err);
}
