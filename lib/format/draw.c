/* draw.c -- pictures of a puzzle, as the original cdok's `print` draws
 * them: in ASCII, or in UTF-8 box-drawing characters.
 *
 * Both drawings are one layout with two character sets.  Every line on
 * the picture is either a border (major) -- between cages, or in a
 * Killer puzzle between boxes -- or a line between two cells of one
 * cage and one box (minor); the character sets say how each kind of
 * line, tee and junction looks.  doc/FORMAT.md describes the layout.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"

/* Arms of a junction that are major borders, as bits. */
enum {
	ARM_LEFT = 1,
	ARM_RIGHT = 2,
	ARM_UP = 4,
	ARM_DOWN = 8
};

/* Pairs are indexed by "joined": [0] for a border, [1] for a line
 * inside a cage. */
struct box_chars {
	const char *top_left, *top_right, *bottom_left, *bottom_right;
	const char *top_tee[2];
	const char *bottom_tee[2];
	const char *left_tee[2];
	const char *right_tee[2];
	const char *hline[2];
	const char *vline[2];
	const char *junction[16];  /* by ARM_* bits */
};

/* A single major arm cannot happen: "joined" is "in the same cage (and
 * box)", an equivalence, so three joined pairs around a junction force
 * the fourth.  Those entries
 * still hold the matching straight line so that nothing is ever blank
 * by accident. */
static const struct box_chars ascii_chars = {
	"+", "+", "+", "+",
	{"=", "="}, {"=", "="},
	{"+", "|"}, {"+", "|"},
	{"=", "."}, {"|", ":"},
	{
		[0] = " ",
		[ARM_LEFT] = "=",
		[ARM_RIGHT] = "=",
		[ARM_LEFT | ARM_RIGHT] = "=",
		[ARM_UP] = "|",
		[ARM_DOWN] = "|",
		[ARM_UP | ARM_DOWN] = "|",
		[ARM_UP | ARM_LEFT] = "+",
		[ARM_UP | ARM_RIGHT] = "+",
		[ARM_UP | ARM_LEFT | ARM_RIGHT] = "+",
		[ARM_DOWN | ARM_LEFT] = "+",
		[ARM_DOWN | ARM_RIGHT] = "+",
		[ARM_DOWN | ARM_LEFT | ARM_RIGHT] = "+",
		[ARM_UP | ARM_DOWN | ARM_LEFT] = "+",
		[ARM_UP | ARM_DOWN | ARM_RIGHT] = "+",
		[ARM_UP | ARM_DOWN | ARM_LEFT | ARM_RIGHT] = "+",
	},
};

static const struct box_chars utf8_chars = {
	"\u2554", "\u2557", "\u255a", "\u255d",         /* ╔ ╗ ╚ ╝ */
	{"\u2566", "\u2550"}, {"\u2569", "\u2550"},     /* ╦ ═, ╩ ═ */
	{"\u2560", "\u2551"}, {"\u2563", "\u2551"},     /* ╠ ║, ╣ ║ */
	{"\u2550", "\u2508"}, {"\u2551", "\u250a"},     /* ═ ┈, ║ ┊ */
	{
		[0] = " ",
		[ARM_LEFT] = "\u2550",
		[ARM_RIGHT] = "\u2550",
		[ARM_LEFT | ARM_RIGHT] = "\u2550",
		[ARM_UP] = "\u2551",
		[ARM_DOWN] = "\u2551",
		[ARM_UP | ARM_DOWN] = "\u2551",
		[ARM_UP | ARM_LEFT] = "\u255d",                     /* ╝ */
		[ARM_UP | ARM_RIGHT] = "\u255a",                    /* ╚ */
		[ARM_UP | ARM_LEFT | ARM_RIGHT] = "\u2569",         /* ╩ */
		[ARM_DOWN | ARM_LEFT] = "\u2557",                   /* ╗ */
		[ARM_DOWN | ARM_RIGHT] = "\u2554",                  /* ╔ */
		[ARM_DOWN | ARM_LEFT | ARM_RIGHT] = "\u2566",       /* ╦ */
		[ARM_UP | ARM_DOWN | ARM_LEFT] = "\u2563",          /* ╣ */
		[ARM_UP | ARM_DOWN | ARM_RIGHT] = "\u2560",         /* ╠ */
		[ARM_UP | ARM_DOWN | ARM_LEFT | ARM_RIGHT] = "\u256c", /* ╬ */
	},
};

/* The box of a cell (the puzzle has boxes). */
static int box_of(const cdok_puzzle *p, int cell)
{
	int n = p->size;

	return cell / n / p->box_rows * (n / p->box_cols) +
	       cell % n / p->box_cols;
}

/* Two different cells of one cage, and of one box when the puzzle has
 * boxes: a box border is drawn as a cage border is.  Cells outside any
 * cage are joined to nothing; a one-cell cage has no second cell to
 * join. */
static int joined(const cdok_puzzle *p, int a, int b)
{
	int k = p->cage_of[a];

	if (k < 0 || k != p->cage_of[b])
		return 0;
	return !p->box_rows || box_of(p, a) == box_of(p, b);
}

/* The value a cell shows: the caller's value, else its given, else the
 * target of a one-cell cage (which fixes the value just as a given
 * does).  CDOK_NONE shows nothing. */
static int64_t shown_value(const cdok_puzzle *p, const int *values, int cell)
{
	int k = p->cage_of[cell];

	if (values && cdok_is_value(p, values[cell]))
		return values[cell];
	if (cdok_has_given(p, cell))
		return p->given[cell];
	if (k >= 0 && p->cages[k].ncells == 1)
		return p->cages[k].target;
	return CDOK_NONE;
}

/* The clue a cell shows, "12+", into buf (at least 24 bytes); only the
 * first cell of a cage of two or more cells has one. */
static int clue_text(const cdok_puzzle *p, int cell, char *buf, size_t size)
{
	int k = p->cage_of[cell];
	const struct cdok_cage *c;

	buf[0] = '\0';
	if (k < 0)
		return 0;
	c = &p->cages[k];
	if (c->ncells < 2 || c->cells[0] != cell)
		return 0;
	return snprintf(buf, size, "%" PRId64 "%c", c->target, (char)c->op);
}

static int value_text(int64_t v, char *buf, size_t size)
{
	buf[0] = '\0';
	if (v == CDOK_NONE)
		return 0;
	return snprintf(buf, size, "%" PRId64, v);
}

/* The line between rows y and y + 1. */
static void draw_row_gap(struct strbuf *sb, const cdok_puzzle *p,
			 const struct box_chars *bc, int width, int y)
{
	int n = p->size, up = y * n, down = (y + 1) * n;

	sb_puts(sb, bc->left_tee[joined(p, up, down)]);
	for (int x = 0; x < n; x++) {
		sb_repeat(sb, bc->hline[joined(p, up + x, down + x)], width);
		if (x + 1 < n) {
			int arms = 0;

			if (!joined(p, up + x, down + x))
				arms |= ARM_LEFT;
			if (!joined(p, up + x + 1, down + x + 1))
				arms |= ARM_RIGHT;
			if (!joined(p, up + x, up + x + 1))
				arms |= ARM_UP;
			if (!joined(p, down + x, down + x + 1))
				arms |= ARM_DOWN;
			sb_puts(sb, bc->junction[arms]);
		}
	}
	sb_puts(sb, bc->right_tee[joined(p, up + n - 1, down + n - 1)]);
	sb_putc(sb, '\n');
}

/* The top or bottom border, along row y. */
static void draw_edge(struct strbuf *sb, const cdok_puzzle *p,
		      const struct box_chars *bc, int width, int y,
		      bool top)
{
	int n = p->size, row = y * n;

	sb_puts(sb, top ? bc->top_left : bc->bottom_left);
	for (int x = 0; x < n; x++) {
		sb_repeat(sb, bc->hline[0], width);
		if (x + 1 < n) {
			int j = joined(p, row + x, row + x + 1);

			sb_puts(sb, top ? bc->top_tee[j] : bc->bottom_tee[j]);
		}
	}
	sb_puts(sb, top ? bc->top_right : bc->bottom_right);
	sb_putc(sb, '\n');
}

/* One of the three text lines of row y: 0 the clues, 1 the values,
 * 2 empty. */
static void draw_cell_line(struct strbuf *sb, const cdok_puzzle *p,
			   const int *values, const struct box_chars *bc,
			   int width, int y, int part)
{
	int n = p->size;
	char buf[32];

	sb_puts(sb, bc->vline[0]);
	for (int x = 0; x < n; x++) {
		int cell = y * n + x, len;

		if (part == 0) {
			len = clue_text(p, cell, buf, sizeof(buf));
			sb_puts(sb, buf);
			sb_repeat(sb, " ", width - len);
		} else if (part == 1) {
			len = value_text(shown_value(p, values, cell), buf,
					 sizeof(buf));
			sb_repeat(sb, " ", (width - len) / 2);
			sb_puts(sb, buf);
			sb_repeat(sb, " ", (width - len + 1) / 2);
		} else {
			sb_repeat(sb, " ", width);
		}
		sb_puts(sb, x + 1 < n ? bc->vline[joined(p, cell, cell + 1)]
				      : bc->vline[0]);
	}
	sb_putc(sb, '\n');
}

static cdok_status draw(struct strbuf *sb, const cdok_puzzle *p,
			const int *values, const struct box_chars *bc)
{
	int n = p->size, width = 5;
	char buf[32];

	/* Every cell is as wide as the widest text any cell shows, and no
	 * narrower than 5, so the grid stays square-ish for small
	 * numbers. */
	for (int cell = 0; cell < n * n; cell++) {
		int a = clue_text(p, cell, buf, sizeof(buf));
		int b = value_text(shown_value(p, values, cell), buf,
				   sizeof(buf));

		if (a > width)
			width = a;
		if (b > width)
			width = b;
	}

	draw_edge(sb, p, bc, width, 0, true);
	for (int y = 0; y < n; y++) {
		if (y > 0)
			draw_row_gap(sb, p, bc, width, y - 1);
		for (int part = 0; part < 3; part++)
			draw_cell_line(sb, p, values, bc, width, y, part);
	}
	draw_edge(sb, p, bc, width, n - 1, false);
	return CDOK_OK;
}

cdok_status cdok_draw_ascii(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err)
{
	(void)err;
	return draw(sb, puzzle, values, &ascii_chars);
}

cdok_status cdok_draw_utf8(struct strbuf *sb, const cdok_puzzle *puzzle,
			   const int *values, cdok_error *err)
{
	(void)err;
	return draw(sb, puzzle, values, &utf8_chars);
}
