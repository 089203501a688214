/* test_draw.c -- the ASCII and UTF-8 drawings.
 *
 * The original cdok's own output (tests/data/corpus/cdok-reference) is
 * the specification: `cdok print` is the spec, a blank line and the
 * drawing; `cdok solve` is the solution's spec, a blank line, the
 * drawing with the solution's values and a summary line.  Small hand-made
 * grids pin the cases those files do not show.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"

#define REFERENCE "tests/data/corpus/cdok-reference/"

static const char *const reference_names[] = {"ex6", "cdok12D_01",
					      "cdok16T_01"};

#define NREFERENCE \
	((int)(sizeof(reference_names) / sizeof(reference_names[0])))

static char *slurp_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	cr_assert_not_null(f, "cannot open %s", path);
	cr_assert_eq(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	cr_assert_geq(n, 0);
	rewind(f);
	buf = malloc((size_t)n + 1);
	cr_assert_not_null(buf);
	cr_assert_eq(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static cdok_puzzle *read_spec(const char *text, size_t len)
{
	cdok_reader *r = cdok_reader_new(test_format("spec"), text, len);
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert_not_null(r);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%d:%d: %s",
		     err.line, err.column, err.message);
	cdok_reader_free(r);
	return p;
}

static cdok_puzzle *read_reference(const char *name)
{
	char path[256];
	size_t len;
	char *text;
	cdok_puzzle *p;

	snprintf(path, sizeof(path), REFERENCE "%s.spec", name);
	text = slurp_file(path, &len);
	p = read_spec(text, len);
	free(text);
	return p;
}

static char *write_fmt(const char *format, const cdok_puzzle *p,
		       const int *values)
{
	char *out = NULL;
	cdok_error err;

	cr_assert_eq(cdok_write(test_format(format), p, values, &out,
				NULL, &err), CDOK_OK, "%s: %s", format,
		     err.message);
	return out;
}

/* The spec, a blank line and the drawing, as `cdok print` shows them. */
static char *print_like_cdok(const cdok_puzzle *p, const int *values,
			     const char *format)
{
	char *spec = write_fmt("spec", p, values);
	char *drawing = write_fmt(format, p, values);
	size_t n = strlen(spec) + strlen(drawing) + 2;
	char *all = malloc(n);

	cr_assert_not_null(all);
	snprintf(all, n, "%s\n%s", spec, drawing);
	cdok_free(spec);
	cdok_free(drawing);
	return all;
}

Test(draw, print_matches_original)
{
	for (int i = 0; i < NREFERENCE; i++) {
		cdok_puzzle *p = read_reference(reference_names[i]);

		for (int utf8 = 0; utf8 <= 1; utf8++) {
			char path[256];
			size_t len;
			char *want, *got;

			snprintf(path, sizeof(path), REFERENCE "%s.print%s.txt",
				 reference_names[i], utf8 ? "-u" : "");
			want = slurp_file(path, &len);
			got = print_like_cdok(p, NULL, utf8 ? "utf8" : "ascii");
			cr_expect_str_eq(got, want, "%s differs", path);
			free(got);
			free(want);
		}
		cdok_puzzle_free(p);
	}
}

/* The first n lines of a solve output are the solution, n numbers
 * separated by tabs each. */
static int *parse_solution(const char *text, int n)
{
	int *values = calloc((size_t)n * (size_t)n, sizeof(int));
	const char *s = text;

	cr_assert_not_null(values);
	for (int cell = 0; cell < n * n; cell++) {
		char *end;
		long v = strtol(s, &end, 10);

		cr_assert_neq(end, s, "no number for cell %d", cell);
		cr_assert(v >= 1 && v <= n);
		values[cell] = (int)v;
		cr_assert(*end == (cell % n == n - 1 ? '\n' : '\t'),
			  "bad separator after cell %d", cell);
		s = end + 1;
	}
	return values;
}

Test(draw, solve_matches_original)
{
	for (int i = 0; i < NREFERENCE; i++) {
		cdok_puzzle *p = read_reference(reference_names[i]);
		int n = cdok_puzzle_size(p);

		for (int utf8 = 0; utf8 <= 1; utf8++) {
			char path[256];
			size_t len, glen;
			char *want, *got, *rest;
			int *values;

			snprintf(path, sizeof(path), REFERENCE "%s.solve%s.txt",
				 reference_names[i], utf8 ? "-u" : "");
			want = slurp_file(path, &len);
			values = parse_solution(want, n);
			cr_expect(cdok_puzzle_is_solution(p, values), "%s",
				  path);
			got = print_like_cdok(p, values,
					      utf8 ? "utf8" : "ascii");
			glen = strlen(got);
			cr_assert_geq(len, glen, "%s is too short", path);
			cr_expect(!memcmp(got, want, glen), "%s differs:\n%s",
				  path, got);
			/* Only the summary line is left: a blank line and
			 * one line of words. */
			rest = want + glen;
			cr_expect_eq(rest[0], '\n', "%s", path);
			cr_expect(strchr(rest + 1, '\n') ==
				  want + len - 1, "%s: more than one line "
				  "after the drawing", path);
			free(values);
			free(got);
			free(want);
		}
		cdok_puzzle_free(p);
	}
}

static void expect_drawing(const char *spec, const char *format,
			   const int *values, const char *want)
{
	cdok_puzzle *p = read_spec(spec, strlen(spec));
	char *got = write_fmt(format, p, values);

	cr_expect_str_eq(got, want, "%s drawing of\n%s", format, spec);
	cdok_free(got);
	cdok_puzzle_free(p);
}

/* Tees and junctions around cages of different shapes:
 *
 *	A A 1
 *	B A C
 *	B C C
 */
Test(draw, ascii_tees)
{
	expect_drawing("A+4 A 1\nB-1 A C*6\nB C C\n", "ascii", NULL,
		"+=================+\n"
		"|4+   :     |     |\n"
		"|     :     |  1  |\n"
		"|     :     |     |\n"
		"+=====+.....+=====+\n"
		"|1-   |     |6*   |\n"
		"|     |     |     |\n"
		"|     |     |     |\n"
		"|.....+=====+.....|\n"
		"|     |     :     |\n"
		"|     |     :     |\n"
		"|     |     :     |\n"
		"+=================+\n");
}

/* A 2 x 2 block has a junction with no border at all, drawn blank; the
 * straight junctions are '|', '=' and their box-drawing twins.
 *
 *	A A B
 *	A A B
 *	C C B
 */
static const char block_spec[] = "A*24 A B+6\nA A B\nC-1 C B\n";

Test(draw, ascii_junctions)
{
	expect_drawing(block_spec, "ascii", NULL,
		"+=================+\n"
		"|24*  :     |6+   |\n"
		"|     :     |     |\n"
		"|     :     |     |\n"
		"|..... .....|.....|\n"
		"|     :     |     |\n"
		"|     :     |     |\n"
		"|     :     |     |\n"
		"+===========+.....|\n"
		"|1-   :     |     |\n"
		"|     :     |     |\n"
		"|     :     |     |\n"
		"+=================+\n");
}

Test(draw, utf8_junctions)
{
	expect_drawing(block_spec, "utf8", NULL,
		"╔═══════════╦═════╗\n"
		"║24*  ┊     ║6+   ║\n"
		"║     ┊     ║     ║\n"
		"║     ┊     ║     ║\n"
		"║┈┈┈┈┈ ┈┈┈┈┈║┈┈┈┈┈║\n"
		"║     ┊     ║     ║\n"
		"║     ┊     ║     ║\n"
		"║     ┊     ║     ║\n"
		"╠═══════════╣┈┈┈┈┈║\n"
		"║1-   ┊     ║     ║\n"
		"║     ┊     ║     ║\n"
		"║     ┊     ║     ║\n"
		"╚═══════════╩═════╝\n");
}

/* Cells widen to the longest clue or value; values are centred with the
 * odd space on the right. */
Test(draw, width_follows_longest_text)
{
	expect_drawing("A+10000000 A\n1 2\n", "ascii", NULL,
		"+===================+\n"
		"|10000000+:         |\n"
		"|         :         |\n"
		"|         :         |\n"
		"+=========+=========+\n"
		"|         |         |\n"
		"|    1    |    2    |\n"
		"|         |         |\n"
		"+===================+\n");
	expect_drawing("1 2\n2 1\n", "ascii", NULL,
		"+===========+\n"
		"|     |     |\n"
		"|  1  |  2  |\n"
		"|     |     |\n"
		"+=====+=====+\n"
		"|     |     |\n"
		"|  2  |  1  |\n"
		"|     |     |\n"
		"+===========+\n");
}

/* Values replace givens where the caller has one; a 0 leaves the cell
 * as the puzzle has it. */
Test(draw, values_over_givens)
{
	static const int first[] = {2, 0, 0, 0}, third[] = {0, 0, 12, 0};

	expect_drawing("A+3 2\nA 1\n", "ascii", first,
		"+===========+\n"
		"|3+   |     |\n"
		"|  2  |  2  |\n"
		"|     |     |\n"
		"|.....+=====+\n"
		"|     |     |\n"
		"|     |  1  |\n"
		"|     |     |\n"
		"+===========+\n");
	expect_drawing("A+3 2\nA 1\n", "ascii", third,
		"+===========+\n"
		"|3+   |     |\n"
		"|     |  2  |\n"
		"|     |     |\n"
		"|.....+=====+\n"
		"|     |     |\n"
		"| 12  |  1  |\n"
		"|     |     |\n"
		"+===========+\n");
}

/* A one-cell cage (other formats have them) is drawn like a given: its
 * target as the value, no clue, borders all round. */
Test(draw, one_cell_cage)
{
	cdok_puzzle *p = cdok_puzzle_new(2);
	int one[] = {0}, rest[] = {1, 3};
	char *got;

	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 2, one, 1, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_MUL, 2, rest, 2, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_given(p, 2, 1), CDOK_OK);
	got = write_fmt("utf8", p, NULL);
	cr_expect_str_eq(got,
		"╔═════╦═════╗\n"
		"║     ║2*   ║\n"
		"║  2  ║     ║\n"
		"║     ║     ║\n"
		"╠═════╣┈┈┈┈┈║\n"
		"║     ║     ║\n"
		"║  1  ║     ║\n"
		"║     ║     ║\n"
		"╚═════╩═════╝\n");
	cdok_free(got);
	cdok_puzzle_free(p);
}
