/* draw.c -- pictures of a puzzle, as the original cdok's `print` draws
 * them: in ASCII, or in UTF-8 box-drawing characters.
 *
 * Both drawings are one layout with two character sets.  Every line
 * segment of the picture lies between two cells (or a cell and the
 * frame) and is of one of four kinds (enum seg): inside a cage, a cage
 * border, and -- in a puzzle with boxes (Killer Sudoku) -- a box border
 * inside a cage or a box border that is also a cage border.  A plain
 * puzzle has only the first two and is drawn exactly as the original
 * draws it.  In a Killer puzzle a cage reads as one region even where a
 * box border crosses it, and the box borders stay visible: the
 * character sets say how each kind of line and junction looks.
 * doc/FORMAT.md (section 8) describes the layout.
 */
#include <inttypes.h>
#include <string.h>

#include "format/format.h"

/* The kind of a line segment between two cells. */
enum seg {
	SEG_OPEN = 0,     /* both cells in one cage (and box) */
	SEG_CAGE,         /* a cage border */
	SEG_BOX_OPEN,     /* a box border between two cells of one cage */
	SEG_BOX           /* a box border that is also a cage border; the
			   * frame of a puzzle with boxes */
};

/* Arms of a junction, as bits and as indexes of its arm array. */
enum {
	ARM_LEFT = 1,
	ARM_RIGHT = 2,
	ARM_UP = 4,
	ARM_DOWN = 8
};
enum { LEFT, RIGHT, UP, DOWN };

/* Where a junction sits: inside the grid or on its frame. */
enum spot {
	SPOT_INNER,
	SPOT_TOP, SPOT_BOTTOM, SPOT_LEFT, SPOT_RIGHT,
	SPOT_TOP_LEFT, SPOT_TOP_RIGHT, SPOT_BOTTOM_LEFT, SPOT_BOTTOM_RIGHT
};

/* The original's characters.  Pairs are indexed by "joined": [0] for a
 * border, [1] for a line inside a cage. */
struct box_chars {
	const char *top_left, *top_right, *bottom_left, *bottom_right;
	const char *top_tee[2];
	const char *bottom_tee[2];
	const char *left_tee[2];
	const char *right_tee[2];
	const char *junction[16];  /* by ARM_* bits */
};

/* A character set: the segments by kind, and how junctions look. */
struct palette {
	const char *hline[4];      /* by enum seg, one character each */
	const char *hline_alt[4];  /* every other character of a horizontal
				    * segment (a dashed line in ASCII) */
	const char *vline[4];
	const char *(*junction)(const struct palette *pal,
				const enum seg arm[4], enum spot spot);
	const struct box_chars *plain;
};

/* A single major arm cannot happen: "joined" is "in the same cage", an
 * equivalence, so three joined pairs around a junction force the
 * fourth.  Those entries still hold the matching straight line so that
 * nothing is ever blank by accident. */
static const struct box_chars ascii_chars = {
	"+", "+", "+", "+",
	{"=", "="}, {"=", "="},
	{"+", "|"}, {"+", "|"},
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

/* The bits of the arms that are borders of any kind. */
static int border_arms(const enum seg arm[4])
{
	int bits = 0;

	for (int i = 0; i < 4; i++)
		if (arm[i] == SEG_CAGE || arm[i] == SEG_BOX)
			bits |= 1 << i;
	return bits;
}

/* The original's junctions: a frame position has its own characters,
 * an inner junction shows its border arms. */
static const char *plain_junction(const struct palette *pal,
				  const enum seg arm[4], enum spot spot)
{
	const struct box_chars *bc = pal->plain;

	switch (spot) {
	case SPOT_TOP_LEFT:
		return bc->top_left;
	case SPOT_TOP_RIGHT:
		return bc->top_right;
	case SPOT_BOTTOM_LEFT:
		return bc->bottom_left;
	case SPOT_BOTTOM_RIGHT:
		return bc->bottom_right;
	case SPOT_TOP:
		return bc->top_tee[arm[DOWN] == SEG_OPEN];
	case SPOT_BOTTOM:
		return bc->bottom_tee[arm[UP] == SEG_OPEN];
	case SPOT_LEFT:
		return bc->left_tee[arm[RIGHT] == SEG_OPEN];
	case SPOT_RIGHT:
		return bc->right_tee[arm[LEFT] == SEG_OPEN];
	case SPOT_INNER:
		break;
	}
	return bc->junction[border_arms(arm)];
}

/* Killer drawings in ASCII: '#' where a box border that is also a cage
 * border meets the junction, '+' where only cage borders do (or '=' and
 * '|' when they go straight through), and with no border at all the
 * dashed box line passing through, if any. */
static const char *killer_ascii_junction(const struct palette *pal,
					 const enum seg arm[4],
					 enum spot spot)
{
	int bits = border_arms(arm);

	(void)pal;
	(void)spot;
	for (int i = 0; i < 4; i++)
		if (arm[i] == SEG_BOX)
			return "#";
	if (bits == (ARM_LEFT | ARM_RIGHT))
		return "=";
	if (bits == (ARM_UP | ARM_DOWN))
		return "|";
	if (bits)
		return "+";
	if (arm[UP] == SEG_BOX_OPEN)
		return "!";
	return " ";
}

/* Killer junctions in UTF-8, by border arms (ARM_* bits), whether the
 * horizontal arms are heavy (a box border) and whether the vertical
 * ones are: [bits][heavy horizontal][heavy vertical].  Along a line the
 * two arms are both box border or both not, so these are all the
 * cases. */
static const char *const heavy_light[16][2][2] = {
	[ARM_LEFT] = {{"\u2574", "\u2574"}, {"\u2578", "\u2578"}},
	[ARM_RIGHT] = {{"\u2576", "\u2576"}, {"\u257a", "\u257a"}},
	[ARM_LEFT | ARM_RIGHT] = {{"\u2500", "\u2500"}, {"\u2501", "\u2501"}},
	[ARM_UP] = {{"\u2575", "\u2579"}, {"\u2575", "\u2579"}},
	[ARM_UP | ARM_LEFT] = {{"\u2518", "\u251a"}, {"\u2519", "\u251b"}},
	[ARM_UP | ARM_RIGHT] = {{"\u2514", "\u2516"}, {"\u2515", "\u2517"}},
	[ARM_UP | ARM_LEFT | ARM_RIGHT] =
		{{"\u2534", "\u2538"}, {"\u2537", "\u253b"}},
	[ARM_DOWN] = {{"\u2577", "\u257b"}, {"\u2577", "\u257b"}},
	[ARM_DOWN | ARM_LEFT] = {{"\u2510", "\u2512"}, {"\u2511", "\u2513"}},
	[ARM_DOWN | ARM_RIGHT] = {{"\u250c", "\u250e"}, {"\u250d", "\u250f"}},
	[ARM_DOWN | ARM_LEFT | ARM_RIGHT] =
		{{"\u252c", "\u2530"}, {"\u252f", "\u2533"}},
	[ARM_UP | ARM_DOWN] = {{"\u2502", "\u2503"}, {"\u2502", "\u2503"}},
	[ARM_UP | ARM_DOWN | ARM_LEFT] =
		{{"\u2524", "\u2528"}, {"\u2525", "\u252b"}},
	[ARM_UP | ARM_DOWN | ARM_RIGHT] =
		{{"\u251c", "\u2520"}, {"\u251d", "\u2523"}},
	[ARM_UP | ARM_DOWN | ARM_LEFT | ARM_RIGHT] =
		{{"\u253c", "\u2542"}, {"\u253f", "\u254b"}},
};

/* Killer drawings in UTF-8: light lines for cage borders, heavy ones
 * for box borders that are cage borders too, so junctions mix the two
 * weights; with no border arm, the dashed box line passing through. */
static const char *killer_utf8_junction(const struct palette *pal,
					const enum seg arm[4], enum spot spot)
{
	int bits = border_arms(arm);
	int heavy_h = arm[LEFT] == SEG_BOX || arm[RIGHT] == SEG_BOX;
	int heavy_v = arm[UP] == SEG_BOX || arm[DOWN] == SEG_BOX;

	(void)spot;
	if (bits)
		return heavy_light[bits][heavy_h][heavy_v];
	if (arm[LEFT] == SEG_BOX_OPEN)
		return pal->hline[SEG_BOX_OPEN];
	if (arm[UP] == SEG_BOX_OPEN)
		return pal->vline[SEG_BOX_OPEN];
	return " ";
}

static const struct palette ascii_plain = {
	{".", "=", ".", "="}, {".", "=", ".", "="},
	{":", "|", ":", "|"},
	plain_junction, &ascii_chars,
};

static const struct palette utf8_plain = {
	{"\u2508", "\u2550", "\u2508", "\u2550"},       /* ┈ ═ */
	{"\u2508", "\u2550", "\u2508", "\u2550"},
	{"\u250a", "\u2551", "\u250a", "\u2551"},       /* ┊ ║ */
	plain_junction, &utf8_chars,
};

/* Killer: '.' and ':' inside a cage, '=' and '|' for cage borders,
 * '- - -' and '!' for a box border inside a cage, '#' for a box border
 * that is a cage border too. */
static const struct palette ascii_killer = {
	{".", "=", "-", "#"}, {".", "=", " ", "#"},
	{":", "|", "!", "#"},
	killer_ascii_junction, NULL,
};

/* Killer: ┈ ┊ inside a cage, ─ │ for cage borders, ┉ ┋ for a box border
 * inside a cage, ━ ┃ for a box border that is a cage border too. */
static const struct palette utf8_killer = {
	{"\u2508", "\u2500", "\u2509", "\u2501"},
	{"\u2508", "\u2500", "\u2509", "\u2501"},
	{"\u250a", "\u2502", "\u250b", "\u2503"},
	killer_utf8_junction, NULL,
};

/* The segment between two different neighbouring cells.  Cells outside
 * any cage are in a cage with nothing; a one-cell cage has no second
 * cell to share. */
static enum seg seg_between(const cdok_puzzle *p, int a, int b)
{
	int k = p->cage_of[a];
	bool same_cage = k >= 0 && k == p->cage_of[b];

	/* box_rows first: without boxes the whole test is one load, and
	 * seg_between stays small enough to be inlined in draw. */
	if (p->box_rows && cdki_box_of(p, a) != cdki_box_of(p, b))
		return same_cage ? SEG_BOX_OPEN : SEG_BOX;
	return same_cage ? SEG_OPEN : SEG_CAGE;
}

/* The frame: a box border in a puzzle with boxes, else a cage border. */
static enum seg frame_seg(const cdok_puzzle *p)
{
	return p->box_rows ? SEG_BOX : SEG_CAGE;
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

/* The clue a cell shows, "12+" (or "12" for a hidden operator), into buf (at least 24 bytes, not
 * terminated); returns its length, 0 for none.  Only the first cell of
 * a cage of two or more cells has one -- and in a cage that comes in
 * parts (a Killer's may), the first cell of each part (part_head),
 * each with '*' and the cage's tag after the clue (tag: the split
 * cage's number, written as a label, A for the first): "14+*A" in
 * three places is one cage, "14+*B" another. */
static int clue_text(const cdok_puzzle *p, int cell, bool part_head,
		     int tag, char *buf)
{
	int k = p->cage_of[cell], len;
	const struct cdok_cage *c;

	if (k < 0)
		return 0;
	c = &p->cages[k];
	if (c->ncells < 2 || (c->cells[0] != cell && !part_head))
		return 0;
	len = cdki_decimal(c->target, buf);
	/* A hidden operator shows the target alone. */
	if (c->op != CDOK_OP_ANY)
		buf[len++] = (char)c->op;
	if (part_head) {
		char label[CDOK_LABEL_MAX + 1];

		buf[len++] = '*';
		cdki_label_for_index(tag, label);
		memcpy(buf + len, label, strlen(label));
		len += (int)strlen(label);
	}
	return len;
}

static int value_text(int64_t v, char *buf)
{
	return v == CDOK_NONE ? 0 : cdki_decimal(v, buf);
}

/* The length of v in decimal, as cdki_decimal writes it. */
static int decimal_len(int64_t v)
{
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	int len = v < 0 ? 2 : 1;

	for (; u >= 10; u /= 10)
		len++;
	return len;
}

/* Copy the len bytes of text to o (a few bytes: a loop is cheaper than
 * a call). */
static void put_text(char *o, const char *text, int len)
{
	for (int i = 0; i < len; i++)
		o[i] = text[i];
}

/* One drawing being made.  Each line is built in a buffer of its own
 * and put whole; the horizontal segments of each kind are made once,
 * as strings, so that a line is a few copies rather than a call per
 * character. */
struct drawing {
	struct strbuf *sb;
	const cdok_puzzle *p;
	const int *values;
	const struct palette *pal;
	int width;
	char hseg[4][4 * 32];   /* by enum seg: width characters */
	size_t hseg_len[4];
	/* The segment right of each cell (the frame's kind in the last
	 * column) and below it (the frame's in the last row), each
	 * worked out once: lines and junctions ask for them again and
	 * again. */
	unsigned char right[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	unsigned char below[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	/* Whether any cage comes in parts, and then the first cell of
	 * each part of such a cage and each such cage's tag, 0, 1, ...
	 * in cage order (clue_text). */
	bool parts;
	int nsplit;
	unsigned char part_head[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
	int tag[CDOK_MAX_SIZE * CDOK_MAX_SIZE];
};

/* The longest line: n cells of up to 21 characters, n + 1 lines or
 * junctions, at most 3 bytes a character, and the newline. */
#define LINE_MAX_BYTES (3 * (CDOK_MAX_SIZE * 22 + 1) + 1)

/* Copy the string s to o; returns the end. */
static char *put(char *o, const char *s)
{
	while (*s)
		*o++ = *s++;
	return o;
}

/* The horizontal line above row y (y = n: below the last row), with its
 * junctions.  Outside the grid a segment is the frame's kind, and an
 * arm that would leave the grid is absent (SEG_OPEN). */
static void draw_hline(struct drawing *d, int y)
{
	int n = d->p->size, up = (y - 1) * n, down = y * n;
	enum seg frame = frame_seg(d->p);
	bool top = y == 0, bottom = y == n;
	char line[LINE_MAX_BYTES], *o = line;

	for (int x = 0; x <= n; x++) {
		enum seg arm[4] = {SEG_OPEN, SEG_OPEN, SEG_OPEN, SEG_OPEN};
		enum spot spot = SPOT_INNER;

		if (x > 0)
			arm[LEFT] = top || bottom ? frame :
				    (enum seg)d->below[up + x - 1];
		if (x < n)
			arm[RIGHT] = top || bottom ? frame :
				     (enum seg)d->below[up + x];
		if (!top)
			arm[UP] = x == 0 || x == n ? frame :
				  (enum seg)d->right[up + x - 1];
		if (!bottom)
			arm[DOWN] = x == 0 || x == n ? frame :
				    (enum seg)d->right[down + x - 1];
		if (top)
			spot = x == 0 ? SPOT_TOP_LEFT :
			       x == n ? SPOT_TOP_RIGHT : SPOT_TOP;
		else if (bottom)
			spot = x == 0 ? SPOT_BOTTOM_LEFT :
			       x == n ? SPOT_BOTTOM_RIGHT : SPOT_BOTTOM;
		else if (x == 0)
			spot = SPOT_LEFT;
		else if (x == n)
			spot = SPOT_RIGHT;
		o = put(o, d->pal->junction(d->pal, arm, spot));
		if (x < n) {
			memcpy(o, d->hseg[arm[RIGHT]], d->hseg_len[arm[RIGHT]]);
			o += d->hseg_len[arm[RIGHT]];
		}
	}
	*o++ = '\n';
	sb_putn(d->sb, line, (size_t)(o - line));
}

/* The three text lines of row y: the clues, the values, and an empty
 * line.  The empty line is made first, spaces with the vertical lines
 * between the cells, and the other two are copies of it with their texts
 * written in. */
static void draw_cell_lines(struct drawing *d, int y)
{
	const cdok_puzzle *p = d->p;
	int n = p->size, width = d->width;
	char blank[LINE_MAX_BYTES], line[LINE_MAX_BYTES], *o = blank;
	int at[CDOK_MAX_SIZE];
	size_t len;

	memset(blank, ' ', (size_t)(n * (width + 3) + 3));
	o = put(o, d->pal->vline[frame_seg(p)]);
	for (int x = 0; x < n; x++) {
		at[x] = (int)(o - blank);
		o = put(o + width, d->pal->vline[d->right[y * n + x]]);
	}
	*o++ = '\n';
	len = (size_t)(o - blank);

	memcpy(line, blank, len);
	for (int x = 0; x < n; x++) {
		char text[24];
		int cell = y * n + x;
		int tl = clue_text(p, cell, d->parts && d->part_head[cell],
				   d->parts && p->cage_of[cell] >= 0 ?
				   d->tag[p->cage_of[cell]] : 0, text);

		put_text(line + at[x], text, tl);
	}
	sb_putn(d->sb, line, len);

	memcpy(line, blank, len);
	for (int x = 0; x < n; x++) {
		char text[24];
		int tl = value_text(shown_value(p, d->values, y * n + x),
				    text);

		put_text(line + at[x] + (width - tl) / 2, text, tl);
	}
	sb_putn(d->sb, line, len);
	if (!cdki_has_diagonals(p)) {
		sb_putn(d->sb, blank, len);
		return;
	}
	/* Killer X: the bottom line of a diagonal's cell shows which one,
	 * '\\' from top left, '/' from top right, 'X' on both. */
	memcpy(line, blank, len);
	line[at[y] + (width - 1) / 2] = '\\';
	line[at[n - 1 - y] + (width - 1) / 2] = y == n - 1 - y ? 'X' : '/';
	sb_putn(d->sb, line, len);
}

/* The first cell of each part of every cage that comes in parts, into
 * d->part_head; d->parts says whether there is one. */
static void find_parts(struct drawing *d)
{
	const cdok_puzzle *p = d->p;
	int n = p->size, stack[CDOK_MAX_SIZE * CDOK_MAX_SIZE];

	d->parts = false;
	d->nsplit = 0;
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *c = &p->cages[k];

		if (c->ncells < 2 || cdki_cage_connected(p, k))
			continue;
		if (!d->parts)
			memset(d->part_head, 0, (size_t)n * (size_t)n);
		d->parts = true;
		d->tag[k] = d->nsplit++;
		/* part_head doubles as the fill's marks (1, made 2 once
		 * the part is done); 3 where a part starts. */
		for (int i = 0; i < c->ncells; i++) {
			int cell = c->cells[i];

			if (d->part_head[cell])
				continue;
			cdki_region_fill(n, p->cage_of, cell, stack,
					 d->part_head);
			for (int j = 0; j < c->ncells; j++)
				if (d->part_head[c->cells[j]] == 1)
					d->part_head[c->cells[j]] = 2;
			d->part_head[cell] = 3;
		}
	}
	for (int cell = 0; d->parts && cell < n * n; cell++)
		d->part_head[cell] = d->part_head[cell] == 3;
}

static cdok_status draw(struct strbuf *sb, const cdok_puzzle *p,
			const int *values, const struct palette *pal)
{
	struct drawing d;
	int n = p->size;

	/* Set field by field: zeroing the segment arrays whole would cost
	 * more than filling the part a grid uses. */
	d.sb = sb;
	d.p = p;
	d.values = values;
	d.pal = pal;
	d.width = 5;

	for (int cell = 0; cell < n * n; cell++) {
		d.right[cell] = (unsigned char)(cell % n + 1 < n ?
				seg_between(p, cell, cell + 1) : frame_seg(p));
		d.below[cell] = (unsigned char)(cell + n < n * n ?
				seg_between(p, cell, cell + n) : frame_seg(p));
	}

	find_parts(&d);
	/* Every cell is as wide as the widest text any cell shows, and no
	 * narrower than 5, so the grid stays square-ish for small
	 * numbers (a split cage's clue counts its star and tag). */
	for (int k = 0; k < p->ncages; k++) {
		char label[CDOK_LABEL_MAX + 1];
		int a = p->cages[k].ncells < 2 ? 0 :
			decimal_len(p->cages[k].target) + 1;

		if (a && d.parts && !cdki_cage_connected(p, k)) {
			cdki_label_for_index(d.tag[k], label);
			a += 1 + (int)strlen(label);
		}

		if (a > d.width)
			d.width = a;
	}
	for (int cell = 0; cell < n * n; cell++) {
		int64_t v = shown_value(p, values, cell);
		int b = v == CDOK_NONE ? 0 : decimal_len(v);

		if (b > d.width)
			d.width = b;
	}
	for (int s = 0; s < 4; s++) {
		size_t len = 0;

		for (int i = 0; i < d.width; i++) {
			const char *c = i % 2 ? pal->hline_alt[s]
					      : pal->hline[s];
			size_t cl = strlen(c);

			memcpy(d.hseg[s] + len, c, cl);
			len += cl;
		}
		d.hseg_len[s] = len;
	}
	/* The whole drawing at once: 4n + 1 lines of n cells and n + 1
	 * lines or junctions, each at most 3 bytes a character. */
	cdki_sb_reserve(sb, (size_t)(4 * n + 1) *
		       ((size_t)(n * (d.width + 1) + 2) * 3));

	for (int y = 0; y < n; y++) {
		draw_hline(&d, y);
		draw_cell_lines(&d, y);
	}
	draw_hline(&d, n);
	return CDOK_OK;
}

cdok_status cdki_draw_ascii(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err)
{
	(void)err;
	return draw(sb, puzzle, values,
		    puzzle->box_rows ? &ascii_killer : &ascii_plain);
}

cdok_status cdki_draw_utf8(struct strbuf *sb, const cdok_puzzle *puzzle,
			   const int *values, cdok_error *err)
{
	(void)err;
	return draw(sb, puzzle, values,
		    puzzle->box_rows ? &utf8_killer : &utf8_plain);
}
