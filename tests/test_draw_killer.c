/* test_draw_killer.c -- the text drawings of puzzles with boxes read
 * right: each cage is one region with one clue, even where a box border
 * crosses it, and every box border is still shown as one.
 *
 * The drawings are read back as a person reads them: the cells are the
 * blocks between the lines, two neighbouring cells are in one region
 * unless the line between them is a cage border, and a line is a box
 * border when it is drawn as one.  The regions must be the puzzle's
 * cages exactly, each with its clue on its first cell, and the box
 * lines exactly the borders between boxes (doc/FORMAT.md, section 8).
 */
#include <stdint.h>

#include "fmt_helpers.h"

/* A drawing as rows of code points (UTF-8 decoded). */
struct picture {
	uint32_t **line;
	int *len;
	int nlines;
};

static void picture_read(struct picture *pic, const char *text)
{
	memset(pic, 0, sizeof(*pic));
	while (*text) {
		const char *nl = strchr(text, '\n');
		uint32_t *row;
		int n = 0;

		cr_assert_not_null(nl, "drawing without a final newline");
		row = calloc((size_t)(nl - text) + 1, sizeof(*row));
		cr_assert_not_null(row);
		while (text < nl) {
			unsigned char c = (unsigned char)*text++;
			uint32_t cp = c;
			int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : c >= 0xc0;

			if (more)
				cp = c & (0x3f >> more);
			for (; more > 0; more--)
				cp = cp << 6 | ((unsigned char)*text++ & 0x3f);
			row[n++] = cp;
		}
		pic->line = realloc(pic->line, (size_t)(pic->nlines + 1) *
					       sizeof(*pic->line));
		pic->len = realloc(pic->len, (size_t)(pic->nlines + 1) *
					     sizeof(*pic->len));
		cr_assert(pic->line && pic->len);
		pic->line[pic->nlines] = row;
		pic->len[pic->nlines++] = n;
		text = nl + 1;
	}
}

static void picture_free(struct picture *pic)
{
	for (int i = 0; i < pic->nlines; i++)
		free(pic->line[i]);
	free(pic->line);
	free(pic->len);
}

static bool is_one_of(uint32_t c, const uint32_t *set)
{
	for (; *set; set++)
		if (c == *set)
			return true;
	return false;
}

/* Cage borders, and lines on box borders, across and along. */
static const uint32_t cage_vertical[] = {'|', '#', 0x2502, 0x2503, 0};
static const uint32_t cage_horizontal[] = {'=', '#', 0x2500, 0x2501, 0};
static const uint32_t box_vertical[] = {'!', '#', 0x250b, 0x2503, 0};
static const uint32_t box_horizontal[] = {'-', '#', 0x2509, 0x2501, 0};

static int find(int *parent, int i)
{
	while (parent[i] != i)
		i = parent[i] = parent[parent[i]];
	return i;
}

/* The checks of the file comment on one drawing of p. */
static void check_drawing(const cdok_puzzle *p, const char *format,
			  const char *what)
{
	int n = cdok_puzzle_size(p), br = cdok_puzzle_box_rows(p),
	    bc = cdok_puzzle_box_cols(p);
	char *text = fmt_write(format, p, NULL, NULL);
	struct picture pic;
	int width, parent[CDOK_MAX_SIZE * CDOK_MAX_SIZE];

	picture_read(&pic, text);
	cr_assert_eq(pic.nlines, 4 * n + 1, "%s %s: %d lines", what, format,
		     pic.nlines);
	/* Every cell is as wide as the first one: up to the first line
	 * across the first row. */
	for (width = 0; width + 1 < pic.len[1]; width++) {
		uint32_t c = pic.line[1][width + 1];

		if (is_one_of(c, cage_vertical) || is_one_of(c, box_vertical) ||
		    c == ':' || c == 0x250a)
			break;
	}
	cr_assert_eq(pic.len[0], n * (width + 1) + 1, "%s %s", what, format);
	for (int c = 0; c < n * n; c++)
		parent[c] = c;
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++) {
			int cell = r * n + c;
			/* The line right of the cell (on its value line) and
			 * the line below it (its first character). */
			uint32_t right = pic.line[4 * r + 2][(c + 1) * (width + 1)];
			uint32_t below = pic.line[4 * r + 4][c * (width + 1) + 1];
			bool box_right = (c + 1) % bc == 0;
			bool box_below = (r + 1) % br == 0;

			cr_expect_eq(is_one_of(right, box_vertical), box_right,
				     "%s %s: the line right of row %d, column "
				     "%d is %sa box border", what, format,
				     r + 1, c + 1, box_right ? "not " : "");
			cr_expect_eq(is_one_of(below, box_horizontal), box_below,
				     "%s %s: the line below row %d, column %d "
				     "is %sa box border", what, format, r + 1,
				     c + 1, box_below ? "not " : "");
			if (c + 1 < n && !is_one_of(right, cage_vertical))
				parent[find(parent, cell)] = find(parent,
								  cell + 1);
			if (r + 1 < n && !is_one_of(below, cage_horizontal))
				parent[find(parent, cell)] = find(parent,
								  cell + n);
		}
	/* The regions are the cages, and each shows its clue on its first
	 * cell only. */
	for (int a = 0; a < n * n; a++) {
		int k = cdok_puzzle_cage_of(p, a);
		const uint32_t *clue = pic.line[4 * (a / n) + 1] +
				       (a % n) * (width + 1) + 1;
		bool first = k >= 0 && cdok_cage_cells(p, k)[0] == a &&
			     cdok_cage_size(p, k) > 1;

		cr_expect_eq(clue[0] != ' ', first, "%s %s: row %d, column "
			     "%d %s a clue", what, format, a / n + 1,
			     a % n + 1, first ? "lacks" : "has");
		/* A cell in no cage is a region of its own. */
		for (int b = a + 1; b < n * n; b++)
			cr_expect_eq(find(parent, a) == find(parent, b),
				     k >= 0 && k == cdok_puzzle_cage_of(p, b),
				     "%s %s: cells %d and %d", what, format,
				     a, b);
	}
	picture_free(&pic);
	cdok_free(text);
}

static void check_corpus(const char *suffix, const char *format_in)
{
	int count;
	char **names = fmt_list("killer", suffix, &count);

	cr_assert_gt(count, 0);
	for (int i = 0; i < count; i++) {
		char rel[160];
		size_t len;
		char *text;
		cdok_puzzle *p;

		snprintf(rel, sizeof(rel), "killer/%s", names[i]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one(format_in, text, len, rel);
		check_drawing(p, "ascii", rel);
		check_drawing(p, "utf8", rel);
		cdok_puzzle_free(p);
		free(text);
	}
	fmt_free_names(names, count);
}

Test(draw_killer, corpus_cages_are_regions_with_one_clue, .timeout = 600)
{
	check_corpus(".json", "killer");
	check_corpus(".solo", "solo");
}

/* The cage the issue was about: f+29 of killer_kt_01 runs from box 8
 * into box 7, and its two parts are one region with one clue. */
Test(draw_killer, cage_across_a_box_border)
{
	size_t len;
	char *text = fmt_corpus_file("killer/killer_kt_01.solo", &len);
	cdok_puzzle *p = fmt_read_one("solo", text, len, "kt_01");
	char *out = fmt_write("ascii", p, NULL, NULL);

	/* Row 9: cell (9,3) belongs to f with (9,4..6); the box border
	 * between them is '!', not a cage border. */
	cr_expect(strstr(out, "#     :     |     !     :     :     #14+") !=
		  NULL, "%s", out);
	check_drawing(p, "ascii", "kt_01");
	cdok_free(out);
	cdok_puzzle_free(p);
	free(text);
}

/* Boxes of 2 x 3 with cages crossing box borders both ways, a cage
 * that turns a box corner, and givens in no cage. */
Test(draw_killer, six_by_six_boxes)
{
	static const char spec[] =
		"@boxes 2x3\n"
		"@distinct\n"
		"A+6 A A B+9 B C+5\n"
		"D+7 D E+10 E B C\n"
		"D F+3 F E G+8 G\n"
		"H+12 H I+4 J+6 J G\n"
		"H K+11 I L+7 J 5\n"
		"3 K K L O+9 O\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "6x6");

	check_drawing(p, "ascii", "6x6");
	check_drawing(p, "utf8", "6x6");
	cdok_puzzle_free(p);
}
