/* test_spec.c -- the cdok spec reader and writer.
 *
 * The reader is tested against the malformed files of the corpus (each
 * must fail with the right status at the right place), against small
 * inline texts for every other error and token form, and against random
 * bytes.  The writer must reproduce the original cdok's files byte for
 * byte and survive round trips of every other spec in the corpus.
 */
#include <criterion/criterion.h>
#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"
#include "model/model.h"
#include "testlib.h"

#define CORPUS "tests/data/corpus/"

/* Read one puzzle from text; *p is NULL unless the status is CDOK_OK. */
static cdok_status parse_n(const char *text, size_t len, cdok_puzzle **p,
			   cdok_error *err)
{
	cdok_reader *r = cdok_reader_new(test_format("spec"), text, len);
	cdok_status st;

	cr_assert_not_null(r);
	memset(err, 0, sizeof(*err));
	st = cdok_reader_next(r, p, err);
	cdok_reader_free(r);
	return st;
}

static cdok_status parse(const char *text, cdok_puzzle **p, cdok_error *err)
{
	return parse_n(text, strlen(text), p, err);
}

static cdok_puzzle *parse_ok(const char *text)
{
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_status st = parse(text, &p, &err);

	cr_assert_eq(st, CDOK_OK, "parse failed: %d:%d: %s", err.line,
		     err.column, err.message);
	cr_assert_not_null(p);
	return p;
}

/* Expect text to fail with this status at this position; column 0 means
 * "any column". */
static void expect_error(const char *text, cdok_status status, int line,
			 int column, const char *part)
{
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_status st = parse(text, &p, &err);

	cr_expect_eq(st, status, "%s: status %d, wanted %d (%s)", text, st,
		     status, err.message);
	cr_expect_null(p);
	cr_expect_eq(err.status, st);
	cr_expect_eq(err.line, line, "%s: line %d, wanted %d (%s)", text,
		     err.line, line, err.message);
	if (column)
		cr_expect_eq(err.column, column, "%s: column %d, wanted %d "
			     "(%s)", text, err.column, column, err.message);
	if (part)
		cr_expect(strstr(err.message, part) != NULL,
			  "%s: message '%s' lacks '%s'", text, err.message,
			  part);
}

/* expect_error for each row of a table. */
static void expect_errors(const struct tl_bad *bad, size_t count)
{
	for (size_t i = 0; i < count; i++)
		expect_error(bad[i].text, bad[i].status, bad[i].line,
			     bad[i].column, bad[i].part);
}

static char *write_fmt(const char *format, const cdok_puzzle *p,
		       const int *values)
{
	char *out = NULL;
	size_t len = 0;
	cdok_error err;
	cdok_status st = cdok_write(test_format(format), p, values,
				    &out, &len, &err);

	cr_assert_eq(st, CDOK_OK, "write %s failed: %s", format,
		     err.message);
	cr_assert_eq(strlen(out), len);
	return out;
}

/* Same size, givens and cages (cells, clue and label), in order. */
static void expect_same_puzzle(const cdok_puzzle *a, const cdok_puzzle *b,
			       const char *what)
{
	int n = cdok_puzzle_size(a);

	cr_assert_eq(cdok_puzzle_size(b), n, "%s: size", what);
	for (int cell = 0; cell < n * n; cell++) {
		cr_expect_eq(cdok_puzzle_given(a, cell),
			     cdok_puzzle_given(b, cell), "%s: given %d", what,
			     cell);
		cr_expect_eq(cdok_puzzle_cage_of(a, cell),
			     cdok_puzzle_cage_of(b, cell), "%s: cage of %d",
			     what, cell);
	}
	cr_assert_eq(cdok_puzzle_cage_count(a), cdok_puzzle_cage_count(b),
		     "%s: cage count", what);
	for (int k = 0; k < cdok_puzzle_cage_count(a); k++) {
		const char *la = cdok_cage_label(a, k);
		const char *lb = cdok_cage_label(b, k);

		cr_expect_eq(cdok_cage_op(a, k), cdok_cage_op(b, k));
		cr_expect_eq(cdok_cage_target(a, k), cdok_cage_target(b, k));
		cr_assert_eq(cdok_cage_size(a, k), cdok_cage_size(b, k));
		cr_expect_arr_eq(cdok_cage_cells(a, k), cdok_cage_cells(b, k),
				 (size_t)cdok_cage_size(a, k) * sizeof(int));
		cr_expect_str_eq(la ? la : "", lb ? lb : "",
				 "%s: label of cage %d", what, k);
	}
}

/* ------------------------------------------------------------------ */
/* The corpus's malformed files                                        */

struct malformed {
	const char *name;
	cdok_status status;
	int line;
	int column;       /* 0: not checked */
	const char *part; /* a piece of the message */
};

static const struct malformed malformed[] = {
	{"binary_garbage", CDOK_ERR_SYNTAX, 1, 1, "unexpected character"},
	{"empty", CDOK_ERR_SYNTAX, 1, 1, "empty"},
	{"given_zero", CDOK_ERR_INVALID, 1, 10, "given value 0 is outside "
	 "1..6"},
	{"jagged", CDOK_ERR_SYNTAX, 4, 12, "row 4 has 5 cells but the first "
	 "row has 6"},
	{"label_two_regions", CDOK_ERR_INVALID, 6, 1, "cage J is not "
	 "connected"},
	{"long_line", CDOK_ERR_LIMIT, 1, 1, "longer than 15 letters"},
	{"no_target", CDOK_ERR_SYNTAX, 5, 7, "cage B has no clue"},
	{"noncontiguous", CDOK_ERR_INVALID, 6, 12, "cage A is not connected"},
	{"nonsquare", CDOK_ERR_SYNTAX, 6, 1, "5 rows of 6 cells"},
	{"op_no_target", CDOK_ERR_SYNTAX, 2, 5, "cage H has an operator but "
	 "no target"},
	{"product_zero", CDOK_ERR_INVALID, 1, 15, "product target must not "
	 "be 0"},
	{"ratio_zero", CDOK_ERR_INVALID, 1, 7, "ratio target must not be 0"},
	{"target_overflow", CDOK_ERR_LIMIT, 2, 13, "64 bits"},
	{"two_ops", CDOK_ERR_SYNTAX, 4, 7, "two operators"},
	{"two_targets", CDOK_ERR_SYNTAX, 2, 2, "cage J has two different "
	 "clues: +12 and +11"},
	{"unknown_op", CDOK_ERR_SYNTAX, 2, 6, "unexpected character '%'"},
	{"value_too_large", CDOK_ERR_INVALID, 1, 10, "given value 7 is "
	 "outside 1..6"},
	{"whitespace_only", CDOK_ERR_SYNTAX, 0, 0, "white space"},
};

#define NMALFORMED ((int)(sizeof(malformed) / sizeof(malformed[0])))

Test(spec, malformed_files_fail_where_expected)
{
	for (int i = 0; i < NMALFORMED; i++) {
		const struct malformed *m = &malformed[i];
		char path[256];
		cdok_puzzle *p = NULL;
		cdok_error err;
		size_t len;
		char *text;
		cdok_status st;

		snprintf(path, sizeof(path), CORPUS "invalid/malformed_%s.spec",
			 m->name);
		text = tl_read(path, &len);
		st = parse_n(text, len, &p, &err);
		cr_expect_eq(st, m->status, "%s: status %s, wanted %s (%s)",
			     m->name, cdok_status_name(st),
			     cdok_status_name(m->status), err.message);
		cr_expect_null(p);
		cr_expect_geq(err.line, 1, "%s: no line", m->name);
		cr_expect_neq(err.message[0], '\0', "%s: no message", m->name);
		if (m->line)
			cr_expect_eq(err.line, m->line,
				     "%s: line %d, wanted %d", m->name,
				     err.line, m->line);
		if (m->column)
			cr_expect_eq(err.column, m->column,
				     "%s: column %d, wanted %d", m->name,
				     err.column, m->column);
		cr_expect(strstr(err.message, m->part) != NULL,
			  "%s: message '%s' lacks '%s'", m->name, err.message,
			  m->part);
		free(text);
	}
}

/* Every malformed file in the corpus has an entry above, so a new one
 * cannot slip by untested. */
Test(spec, every_malformed_file_is_listed)
{
	DIR *d = opendir(CORPUS "invalid");
	struct dirent *e;
	int seen = 0;

	cr_assert_not_null(d);
	while ((e = readdir(d))) {
		const char *name = e->d_name;
		size_t n = strlen(name);
		bool found = false;

		if (strncmp(name, "malformed_", 10) || n < 15 ||
		    strcmp(name + n - 5, ".spec"))
			continue;
		for (int i = 0; i < NMALFORMED; i++)
			if (strlen(malformed[i].name) == n - 15 &&
			    !strncmp(malformed[i].name, name + 10, n - 15))
				found = true;
		cr_expect(found, "%s has no expected error", name);
		seen++;
	}
	closedir(d);
	cr_expect_eq(seen, NMALFORMED);
}

/* The invalid puzzles that are well-formed (no solution) must read. */
Test(spec, nosol_files_read)
{
	static const char *names[] = {"nosol_16x16", "nosol_6x6", "nosol_9x9",
				      "nosol_givens_clash",
				      "nosol_unreachable"};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char path[256];
		size_t len;
		char *text;
		cdok_puzzle *p = NULL;
		cdok_error err;

		snprintf(path, sizeof(path), CORPUS "invalid/%s.spec",
			 names[i]);
		text = tl_read(path, &len);
		cr_expect_eq(parse_n(text, len, &p, &err), CDOK_OK,
			     "%s: %s", names[i], err.message);
		cdok_puzzle_free(p);
		free(text);
	}
}

/* ------------------------------------------------------------------ */
/* Reading                                                             */

static const char readme_example[] =
	"\n"
	"J+12    F/4     5       2       E*3     E\n"
	"J       F       H+7     H       I*60    I\n"
	"J       D+12    G+28    G       G       I\n"
	"3       D       K-1     K       G       G\n"
	"4       D       D       B+11    G       A*2\n"
	"C+10    C       C       B       4       A\n";

Test(spec, readme_example)
{
	static const struct {
		const char *label;
		cdok_op op;
		int64_t target;
		int ncells;
	} want[] = {
		{"J", CDOK_OP_ADD, 12, 3}, {"F", CDOK_OP_DIV, 4, 2},
		{"E", CDOK_OP_MUL, 3, 2}, {"H", CDOK_OP_ADD, 7, 2},
		{"I", CDOK_OP_MUL, 60, 3}, {"D", CDOK_OP_ADD, 12, 4},
		{"G", CDOK_OP_ADD, 28, 6}, {"K", CDOK_OP_SUB, 1, 2},
		{"B", CDOK_OP_ADD, 11, 2}, {"A", CDOK_OP_MUL, 2, 2},
		{"C", CDOK_OP_ADD, 10, 3},
	};
	static const int j_cells[] = {0, 6, 12};
	static const int g_cells[] = {14, 15, 16, 22, 23, 28};
	cdok_puzzle *p = parse_ok(readme_example);

	cr_assert_eq(cdok_puzzle_size(p), 6);
	cr_assert_eq(cdok_puzzle_cage_count(p), 11);
	for (int k = 0; k < 11; k++) {
		cr_expect_str_eq(cdok_cage_label(p, k), want[k].label);
		cr_expect_eq(cdok_cage_op(p, k), want[k].op, "cage %d", k);
		cr_expect_eq(cdok_cage_target(p, k), want[k].target);
		cr_expect_eq(cdok_cage_size(p, k), want[k].ncells, "cage %s",
			     want[k].label);
	}
	cr_expect_arr_eq(cdok_cage_cells(p, 0), j_cells, sizeof(j_cells));
	cr_expect_arr_eq(cdok_cage_cells(p, 6), g_cells, sizeof(g_cells));
	for (int cell = 0; cell < 36; cell++) {
		int g = cell == 2 ? 5 : cell == 3 ? 2 : cell == 18 ? 3 :
			cell == 24 ? 4 : cell == 34 ? 4 : CDOK_NONE;

		cr_expect_eq(cdok_puzzle_given(p, cell), g, "given %d", cell);
		cr_expect_eq(cdok_puzzle_cage_of(p, cell) < 0, g != CDOK_NONE);
	}
	cr_expect_eq(cdok_puzzle_validate(p, NULL), CDOK_OK);
	cdok_puzzle_free(p);
}

Test(spec, second_read_is_end)
{
	cdok_reader *r = cdok_reader_new(test_format("spec"),
					 readme_example,
					 strlen(readme_example));
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK);
	cdok_puzzle_free(p);
	cr_expect_eq(cdok_reader_next(r, &p, &err), CDOK_END);
	cr_expect_null(p);
	cr_expect_eq(cdok_reader_next(r, &p, &err), CDOK_END);
	cdok_reader_free(r);
}

/* Label, operator and target may come in any order within a token. */
Test(spec, token_orders)
{
	static const char *forms[] = {"A+3", "A3+", "+3A", "3+A", "+A3",
				      "3A+"};

	for (size_t i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		char text[64];
		cdok_puzzle *p;

		snprintf(text, sizeof(text), "%s A\nB B-1\n", forms[i]);
		p = parse_ok(text);
		cr_assert_eq(cdok_puzzle_cage_count(p), 2, "%s", forms[i]);
		cr_expect_str_eq(cdok_cage_label(p, 0), "A");
		cr_expect_eq(cdok_cage_op(p, 0), CDOK_OP_ADD, "%s", forms[i]);
		cr_expect_eq(cdok_cage_target(p, 0), 3, "%s", forms[i]);
		cr_expect_eq(cdok_cage_op(p, 1), CDOK_OP_SUB);
		cr_expect_eq(cdok_cage_target(p, 1), 1);
		cdok_puzzle_free(p);
	}
}

/* The clue may sit on any cell of the cage, and may be repeated. */
Test(spec, clue_anywhere_and_repeated)
{
	cdok_puzzle *p = parse_ok("A B\nA+3 B*2\n");

	cr_expect_eq(cdok_cage_target(p, 0), 3);
	cr_expect_eq(cdok_cage_op(p, 1), CDOK_OP_MUL);
	cdok_puzzle_free(p);
	p = parse_ok("A+3 B*2\nA+3 B2*\n");
	cr_expect_eq(cdok_puzzle_cage_count(p), 2);
	cr_expect_eq(cdok_cage_target(p, 1), 2);
	cdok_puzzle_free(p);
}

/* Blank lines before the grid are skipped, DOS line ends are accepted,
 * and whatever follows the blank line after the grid is ignored. */
Test(spec, layout_tolerance)
{
	static const char *texts[] = {
		"A+3 A\nB-1 B\n",
		"A+3 A\nB-1 B",
		"\n \t\n\nA+3\tA\n\tB-1  B \n",
		"A+3 A\r\nB-1 B\r\n\r\nnot % a puzzle\n",
		"A+3 A\nB-1 B\n\n%%% cdok generate prints a drawing here\n",
		"A+3 A\nB-1 B\n   \nA A A\n",
	};

	for (size_t i = 0; i < sizeof(texts) / sizeof(texts[0]); i++) {
		cdok_puzzle *p = parse_ok(texts[i]);
		char *out = write_fmt("spec", p, NULL);

		cr_expect_str_eq(out, "A+3\tA\nB-1\tB\n", "text %zu", i);
		cdok_free(out);
		cdok_puzzle_free(p);
	}
}

static const struct tl_bad bad_tokens[] = {
	{ "A+3B A\nB B\n", CDOK_ERR_SYNTAX, 1, 4,
	  "two cage labels in one cell: A and B" },
	{ "A 1+2\nA 1\n", CDOK_ERR_SYNTAX, 1, 5, "two targets" },
	{ "A+3 A\nB+1 B*-\n", CDOK_ERR_SYNTAX, 2, 7, "two operators" },
	{ "+3 A\nA B\n", CDOK_ERR_SYNTAX, 1, 1, "cage label" },
	{ "A+3 A\n* 1\n", CDOK_ERR_SYNTAX, 2, 1, "cage label" },
	{ "A3 A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 1,
	  "cage A has a target but no operator" },
	{ "A+3 A\nB- B\n", CDOK_ERR_SYNTAX, 2, 1,
	  "cage B has an operator but no target" },
	{ "A+3 A\nB-1 #\n", CDOK_ERR_SYNTAX, 2, 5, "unexpected character '#'" },
	{ "A^3 A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 2, "unexpected character '^'" },
	{ "A+3 A\nB-1 B\xc3\xa9\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected character U+00E9 '\xc3\xa9'" },
	{ "A+3\rA\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 4,
	  "unexpected control character U+000D CARRIAGE RETURN" },
	{ "A+3 A\nB-1 B\f\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected control character U+000C FORM FEED" },
	/* Pasted look-alikes: named, and the ASCII character suggested. */
	{ "A+3\xc2\xa0" "A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 4,
	  "unexpected character U+00A0 NO-BREAK SPACE; did you "
	  "mean a plain space?" },
	{ "A\xe2\x80\x93" "1 A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 2,
	  "unexpected character U+2013 EN DASH; did you mean " "'-'?" },
	{ "A\xef\xbc\x8b" "3 A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 2,
	  "unexpected character U+FF0B FULLWIDTH PLUS SIGN; did "
	  "you mean '+'?" },
	{ "A+3 A\nB-1 B\xe2\x80\x9d\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected character U+201D RIGHT DOUBLE QUOTATION "
	  "MARK; did you mean '\"'?" },
	{ "A+3 A\nB-1 B\xe2\x80\x8b\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected character U+200B ZERO WIDTH SPACE; it "
	  "shows as nothing: delete it" },
	{ "A+\xef\xbc\x93 A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 3,
	  "unexpected character U+FF13 FULLWIDTH DIGIT THREE; did "
	  "you mean '3'?" },
	/* Bytes that are not UTF-8 are named as bytes. */
	{ "A+3 A\nB-1 B\xff\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected byte 0xff (not UTF-8 text)" },
	{ "A+3 A\nB-1 B\xc0\xaf\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected byte 0xc0 (not UTF-8 text)" },
	{ "A+3 A\nB-1 B\xed\xa0\x80\n", CDOK_ERR_SYNTAX, 2, 6,
	  "unexpected byte 0xed (not UTF-8 text)" },
};

Test(spec, token_errors)
{
	expect_errors(bad_tokens, sizeof(bad_tokens) / sizeof(bad_tokens[0]));
}

/* NUL bytes are errors, not the end of the text. */
Test(spec, nul_byte)
{
	static const char text[] = "A+3 A\nB-1 B\0\n";
	cdok_puzzle *p = NULL;
	cdok_error err;

	cr_expect_eq(parse_n(text, sizeof(text) - 1, &p, &err),
		     CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 2);
	cr_expect_eq(err.column, 6);
	cr_expect_str_eq(err.message, "unexpected control character U+0000 "
			 "NULL");
	cr_expect_null(p);
}

/* Sums and differences that no values can reach are the solver's
 * business; only a product or ratio of 0 is wrong in itself. */
Test(spec, unreachable_targets_read)
{
	cdok_puzzle *p = parse_ok("A+0 A\nB-9 B\n");

	cr_expect_eq(cdok_cage_target(p, 0), 0);
	cr_expect_eq(cdok_cage_target(p, 1), 9);
	cdok_puzzle_free(p);
	expect_error("A*0 A\nB-1 B\n", CDOK_ERR_INVALID, 1, 2,
		     "product target must not be 0");
	expect_error("A B\nB-1 0/A\n", CDOK_ERR_INVALID, 2, 5,
		     "ratio target must not be 0");
}

static const struct tl_bad bad_shapes[] = {
	{ "A+3 A\nB-1 B\n1 2\n", CDOK_ERR_SYNTAX, 3, 1,
	  "the grid has 3 rows of 2 cells; it must be square" },
	{ "A+3 A B+4\nA B 1\n\n", CDOK_ERR_SYNTAX, 3, 1, "2 rows of 3 cells" },
	{ "A+3 A B+4\nA B 1", CDOK_ERR_SYNTAX, 2, 6, "2 rows of 3 cells" },
	{ "A+3 A\nB-1 B 1 2\n", CDOK_ERR_SYNTAX, 2, 7,
	  "row 2 has 4 cells but the first row has 2" },
	{ "A+3 A 1\nB-1 B\n1 2 3\n", CDOK_ERR_SYNTAX, 2, 6,
	  "row 2 has 2 cells but the first row has 3" },
	{ "1\n1\n", CDOK_ERR_SYNTAX, 2, 1, "2 rows of 1 cell;" },
	{ "", CDOK_ERR_SYNTAX, 1, 1, "the input is empty" },
	{ "\r\n \t\r\n", CDOK_ERR_SYNTAX, 3, 1, "only white space" },
};

Test(spec, grid_shape_errors)
{
	expect_errors(bad_shapes, sizeof(bad_shapes) / sizeof(bad_shapes[0]));
}

static const struct tl_bad bad_cages[] = {
	{ "A+3 1\nB-1 B\n", CDOK_ERR_INVALID, 1, 1,
	  "cage A has only one cell; write a given value instead" },
	{ "A+3 B\nA B\n", CDOK_ERR_SYNTAX, 1, 5, "cage B has no clue" },
	{ "A+3 A*2\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 6,
	  "cage A has two different clues: +3 and *2" },
	{ "A+3 B+1\nB A\n", CDOK_ERR_INVALID, 2, 3, "cage A is not connected" },
	{ "A+3 A 1\n1 2 3\nA A 2\n", CDOK_ERR_INVALID, 3, 1,
	  "cage A is not connected" },
	/* Labels are case-sensitive: a and A are two cages. */
	{ "A+3 a\nB-1 B\n", CDOK_ERR_INVALID, 1, 1,
	  "cage A has only one cell" },
};

Test(spec, cage_errors)
{
	expect_errors(bad_cages, sizeof(bad_cages) / sizeof(bad_cages[0]));
}

/* Lines starting with '@' above the grid are directives (doc/FORMAT.md
 * §7; tests/test_killer.c has the rest): they are checked against the
 * grid, and a name cdok does not know is an error, not ignored. */
static const struct tl_bad bad_directives[] = {
	{ "@boxes 3x3\nA+3 A\nB-1 B\n", CDOK_ERR_INVALID, 1, 8,
	  "do not tile the 2 x 2 grid" },
	{ "@sudoku\nA+3 A\nB-1 B\n", CDOK_ERR_SYNTAX, 1, 1,
	  "unknown directive @sudoku" },
	{ "A+3 A\n@boxes 1x2\nB-1 B\n", CDOK_ERR_SYNTAX, 2, 1,
	  "before the grid's first row" },
};

Test(spec, directives_checked)
{
	expect_errors(bad_directives, sizeof(bad_directives) / sizeof(bad_directives[0]));
}

Test(spec, limits)
{
	struct strbuf sb;
	cdok_puzzle *p;

	/* Labels of 15 letters are fine; 16 are not. */
	p = parse_ok("ABCDEFGHIJKLMNO+3 ABCDEFGHIJKLMNO\nB-1 B\n");
	cr_expect_str_eq(cdok_cage_label(p, 0), "ABCDEFGHIJKLMNO");
	cdok_puzzle_free(p);
	expect_error("A+3 ABCDEFGHIJKLMNOP\nB-1 B\n", CDOK_ERR_LIMIT, 1, 5,
		     "label is longer than 15 letters");

	/* Targets are 64-bit. */
	p = parse_ok("A+9223372036854775807 A\nB-1 B\n");
	cr_expect_eq(cdok_cage_target(p, 0), INT64_MAX);
	cdok_puzzle_free(p);
	expect_error("A+9223372036854775808 A\nB-1 B\n", CDOK_ERR_LIMIT, 1,
		     3, "target does not fit in 64 bits");
	expect_error("99999999999999999999 A\nB-1 B\n", CDOK_ERR_LIMIT, 1, 1,
		     "64 bits");
	expect_error("A+3 A\n2 100\n", CDOK_ERR_INVALID, 2, 3,
		     "given value 100 is outside 1..2");

	/* 63 x 63 is the largest grid; a first row of 64 cells is
	 * refused at its 64th cell. */
	cdki_sb_init(&sb);
	for (int y = 0; y < 63; y++) {
		for (int x = 0; x < 63; x++)
			sb_puts(&sb, x ? " 1" : "1");
		sb_putc(&sb, '\n');
	}
	cr_assert(!sb.failed);
	p = parse_ok(sb.data);
	cr_expect_eq(cdok_puzzle_size(p), 63);
	cdok_puzzle_free(p);
	cdki_sb_free(&sb);
	for (int x = 0; x < 64; x++)
		sb_puts(&sb, x ? " 1" : "1");
	expect_error(sb.data, CDOK_ERR_LIMIT, 1, 127, "63");
	cdki_sb_free(&sb);
}

/* Hostile inputs fail fast and cleanly. */
Test(spec, huge_inputs)
{
	size_t big = 4u << 20;
	char *text = malloc(big + 1);

	cr_assert_not_null(text);
	memset(text, 'x', big);
	text[big] = '\0';
	expect_error(text, CDOK_ERR_LIMIT, 1, 1, "longer than 15");
	memset(text, '7', big);
	expect_error(text, CDOK_ERR_LIMIT, 1, 1, "64 bits");
	for (size_t i = 0; i < big; i += 2) {
		text[i] = 'A';
		text[i + 1] = ' ';
	}
	expect_error(text, CDOK_ERR_LIMIT, 1, 127, NULL);
	for (size_t i = 0; i < big; i += 2) {
		text[i] = '1';
		text[i + 1] = '\n';
	}
	expect_error(text, CDOK_ERR_SYNTAX, 2, 1, "rows of 1 cell;");
	free(text);
}

static uint64_t next_random(uint64_t *state)
{
	*state = *state * 6364136223846793005u + 1442695040888963407u;
	return *state >> 16;
}

/* Random texts: short strings mostly made of the format's own
 * characters, and the README example with a few bytes changed.  Every
 * one is either read into a valid puzzle that survives a round trip, or
 * rejected with a positioned message. */
Test(spec, random_texts)
{
	static const char alphabet[] = "AAABBBCab1234++-*/ \t\n\n\r0@";
	uint64_t seed = 0x9e3779b97f4a7c15u;
	int read = 0;

	for (int iter = 0; iter < 40000; iter++) {
		char text[512];
		size_t len;
		cdok_puzzle *p = NULL;
		cdok_error err;
		cdok_status st;

		if (iter % 2) {
			int changes = 1 + (int)(next_random(&seed) % 3);

			len = strlen(readme_example);
			memcpy(text, readme_example, len);
			while (changes--) {
				size_t at = next_random(&seed) % len;
				uint64_t r = next_random(&seed);

				if (r % 8 == 0)
					text[at] = (char)(r >> 8);
				else
					text[at] = alphabet[(r >> 8) %
						(sizeof(alphabet) - 1)];
			}
		} else {
			len = next_random(&seed) % 96;
			for (size_t i = 0; i < len; i++) {
				uint64_t r = next_random(&seed);

				if (r % 16 == 0)
					text[i] = (char)(r >> 8);
				else
					text[i] = alphabet[(r >> 8) %
						(sizeof(alphabet) - 1)];
			}
		}
		st = parse_n(text, len, &p, &err);
		if (st != CDOK_OK) {
			cr_assert_null(p);
			cr_assert_neq(st, CDOK_END);
			cr_assert_eq(err.status, st);
			cr_assert_geq(err.line, 1, "%s", err.message);
			cr_assert_geq(err.column, 1, "%s", err.message);
			cr_assert_neq(err.message[0], '\0');
			continue;
		}
		read++;
		cr_assert_eq(cdok_puzzle_validate(p, &err), CDOK_OK, "%s",
			     err.message);
		{
			char *out = write_fmt("spec", p, NULL);
			cdok_puzzle *q = parse_ok(out);

			expect_same_puzzle(p, q, out);
			cdok_puzzle_free(q);
			cdok_free(out);
		}
		cdok_puzzle_free(p);
	}
	cr_expect_gt(read, 300, "only %d random texts were puzzles", read);
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* Call fn for every *.spec file in a corpus folder; returns how many. */
static int for_each_spec(const char *dir,
			 void (*fn)(const char *path, const char *text,
				    size_t len))
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int count = 0;

	cr_assert_not_null(d, "cannot open %s", dir);
	while ((e = readdir(d))) {
		size_t n = strlen(e->d_name);
		char path[512];
		char *text;
		size_t len;

		if (n < 6 || strcmp(e->d_name + n - 5, ".spec"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		text = tl_read(path, &len);
		fn(path, text, len);
		free(text);
		count++;
	}
	closedir(d);
	return count;
}

static int files_in_tab_layout;

/* Files the original cdok wrote (tabs between cells, no spaces) come
 * back byte for byte; others come back as the same puzzle. */
static void check_rewrite(const char *path, const char *text, size_t len)
{
	cdok_puzzle *p = NULL, *q;
	cdok_error err;
	char *out;

	cr_assert_eq(parse_n(text, len, &p, &err), CDOK_OK, "%s: %d:%d: %s",
		     path, err.line, err.column, err.message);
	out = write_fmt("spec", p, NULL);
	if (!memchr(text, ' ', len)) {
		cr_expect_str_eq(out, text, "%s is not reproduced", path);
		files_in_tab_layout++;
	}
	q = parse_ok(out);
	expect_same_puzzle(p, q, path);
	cdok_puzzle_free(q);
	cdok_puzzle_free(p);
	cdok_free(out);
}

Test(spec, writer_reproduces_cdok_files)
{
	int n;

	files_in_tab_layout = 0;
	n = for_each_spec(CORPUS "cdok", check_rewrite);
	n += for_each_spec(CORPUS "cdok-reference", check_rewrite);
	cr_expect_geq(n, 27);
	cr_expect_geq(files_in_tab_layout, 26);
}

/* keen/ specs are space-separated with other labels: read, write and
 * read again must give the same model. */
Test(spec, keen_round_trip)
{
	cr_expect_geq(for_each_spec(CORPUS "keen", check_rewrite), 213);
	for_each_spec(CORPUS "ambiguous", check_rewrite);
}

/* A 12 x 12 grid of 72 dominoes needs labels beyond the original 52:
 * they continue AA, AB, ... and survive the round trip. */
Test(spec, multi_letter_labels)
{
	cdok_puzzle *p = cdok_puzzle_new(12), *q;
	char *out, *again;

	cr_assert_not_null(p);
	for (int k = 0; k < 72; k++) {
		int cells[2] = {2 * k, 2 * k + 1};

		cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3 + k % 20,
						  cells, 2, NULL, NULL),
			     CDOK_OK);
	}
	out = write_fmt("spec", p, NULL);
	cr_expect(!strncmp(out, "A+3\tA\tB+4\tB\t", 12), "%.40s", out);
	q = parse_ok(out);
	cr_assert_eq(cdok_puzzle_cage_count(q), 72);
	for (int k = 0; k < 72; k++) {
		char want[CDOK_LABEL_MAX + 1];

		cdki_label_for_index(k, want);
		cr_expect_str_eq(cdok_cage_label(q, k), want);
		cr_expect_eq(cdok_cage_target(q, k), 3 + k % 20);
		cr_expect_eq(cdok_cage_cells(q, k)[0], 2 * k);
	}
	cr_expect_str_eq(cdok_cage_label(q, 51), "z");
	cr_expect_str_eq(cdok_cage_label(q, 52), "AA");
	cr_expect_str_eq(cdok_cage_label(q, 71), "AT");
	again = write_fmt("spec", q, NULL);
	cr_expect_str_eq(again, out);
	cdok_free(again);
	cdok_free(out);
	cdok_puzzle_free(q);
	cdok_puzzle_free(p);

	p = parse_ok("Ab+3 Ab xyz\n1 2 xyz*2\nQ/2 Q 3\n");
	cr_expect_str_eq(cdok_cage_label(p, 0), "Ab");
	cr_expect_str_eq(cdok_cage_label(p, 1), "xyz");
	cr_expect_eq(cdok_cage_op(p, 1), CDOK_OP_MUL);
	out = write_fmt("spec", p, NULL);
	cr_expect_str_eq(out, "Ab+3\tAb\txyz*2\n1\t2\txyz\nQ/2\tQ\t3\n");
	cdok_free(out);
	cdok_puzzle_free(p);
}

/* Cages keep their own labels unless another cage took the label first
 * or it cannot be read back; the others get the first free label. */
Test(spec, writer_chooses_labels)
{
	cdok_puzzle *p = cdok_puzzle_new(3);
	int c0[] = {0, 1}, c1[] = {2, 5}, c2[] = {3, 6}, c3[] = {4, 7},
	    c4[] = {8};
	char *out;

	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3, c0, 2, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_SUB, 1, c1, 2, "A",
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_MUL, 2, c2, 2, "A",
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_DIV, 2, c3, 2, "x_1",
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 2, c4, 1, "B",
					  NULL), CDOK_OK);
	out = write_fmt("spec", p, NULL);
	/* Cage 0 has no label and A is cage 1's, so it is B (the one-cell
	 * cage B is written as a given and needs no label); cage 2's A is
	 * taken, so it gets C; x_1 is not a label, so D. */
	cr_expect_str_eq(out, "B+3\tB\tA-1\nC*2\tD/2\tA\nC\tD\t2\n");
	cdok_free(out);
	cdok_puzzle_free(p);
}

Test(spec, writer_values_and_givens)
{
	cdok_puzzle *p = parse_ok("A+3 A\n2 1\n");
	int values[] = {1, 2, 2, 1}, partial[] = {0, 2, 0, 0};
	char *out;

	out = write_fmt("spec", p, values);
	cr_expect_str_eq(out, "1\t2\n2\t1\n");
	cdok_free(out);
	out = write_fmt("spec", p, partial);
	cr_expect_str_eq(out, "A+3\t2\n2\t1\n");
	cdok_free(out);
	cdok_puzzle_free(p);
}

Test(spec, writer_refuses_what_it_cannot_express)
{
	cdok_puzzle *p = cdok_puzzle_new(2);
	int one[] = {0}, two[] = {1, 3};
	char *out = NULL;
	cdok_error err;

	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 2, one, 1, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_MUL, 2, two, 2, NULL,
					  NULL), CDOK_OK);
	/* Cell 2 has neither a cage nor a value: an empty cell, '.'. */
	out = write_fmt("spec", p, NULL);
	cr_expect_str_eq(out, "2\tA*2\n.\tA\n");
	cdok_free(out);
	cr_assert_eq(cdok_puzzle_set_given(p, 2, 1), CDOK_OK);
	out = write_fmt("spec", p, NULL);
	cr_expect_str_eq(out, "2\tA*2\n1\tA\n");
	cdok_free(out);
	/* A given inside a cage is written with '=' (doc/FORMAT.md §7). */
	cr_assert_eq(cdok_puzzle_set_given(p, 3, 1), CDOK_OK);
	out = write_fmt("spec", p, NULL);
	cr_expect_str_eq(out, "2\tA*2\n1\tA=1\n");
	cdok_free(out);
	cdok_puzzle_free(p);

	/* A one-cell cage whose target is no value of the grid. */
	p = cdok_puzzle_new(2);
	int all[] = {1, 2, 3};
	one[0] = 0;
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_MUL, 5, one, 1, NULL,
					  NULL), CDOK_OK);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 5, all, 3, NULL,
					  NULL), CDOK_OK);
	cr_expect_eq(cdok_write(test_format("spec"), p, NULL, &out, NULL,
				&err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "target 5") != NULL, "%s", err.message);
	cdok_puzzle_free(p);
}

/* A stream: puzzles separated by blank lines, with drawings and summary
 * lines between them skipped (what generate --count and solve print). */
Test(spec, stream_skips_drawings_and_summaries)
{
	static const char *files[] = {
		"tests/data/corpus/cdok-reference/ex6.print.txt",
		"tests/data/corpus/cdok-reference/cdok12D_01.solve-u.txt",
		"tests/data/corpus/cdok-reference/cdok16T_01.print-u.txt",
	};
	static const int sizes[] = {6, 12, 16};
	char *text = malloc(1 << 20);
	size_t len = 0;
	cdok_reader *r;
	cdok_puzzle *p;
	cdok_error err;

	cr_assert_not_null(text);
	for (int i = 0; i < 3; i++) {
		FILE *f = fopen(files[i], "rb");

		cr_assert_not_null(f, "%s", files[i]);
		len += fread(text + len, 1, (1 << 19) - len, f);
		fclose(f);
		len += (size_t)sprintf(text + len, "\nDifficulty: 31\n\n");
	}
	r = cdok_reader_new(test_format("spec"), text, len);
	for (int i = 0; i < 3; i++) {
		cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK,
			     "puzzle %d: %d:%d: %s", i, err.line, err.column,
			     err.message);
		cr_expect_eq(cdok_puzzle_size(p), sizes[i]);
		/* The solved spec reads as a grid of givens. */
		if (i == 1)
			cr_expect_eq(cdok_puzzle_given(p, 0), 12);
		cdok_puzzle_free(p);
	}
	cr_expect_eq(cdok_reader_next(r, &p, &err), CDOK_END);
	cdok_reader_free(r);

	/* A later block that looks like a grid but is broken is an error,
	 * with its own line number. */
	len = (size_t)sprintf(text, "A+3 A\n1 2\n\nnot a grid: skipped\n\n"
			      "B+3 B\n2\n");
	r = cdok_reader_new(test_format("spec"), text, len);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK);
	cdok_puzzle_free(p);
	cr_expect_neq(cdok_reader_next(r, &p, &err), CDOK_OK);
	cr_expect_eq(err.line, 7, "line %d: %s", err.line, err.message);
	cdok_reader_free(r);
	free(text);
}

/* The operator signs cdok's pictures print (U+00D7, U+00F7, U+2212) read
 * as *, / and -, in any place of a cell as the ASCII ones do; a sign
 * cut short, or another byte past 0x7f, is still an error at its
 * column. */
Test(spec, unicode_operator_signs)
{
	cdok_puzzle *a = parse_ok("A*2\tA\tB/2\nC-1\tC\tB\n3\tD+3\tD\n");
	cdok_puzzle *b = parse_ok("A\xc3\x97" "2\tA\tB\xc3\xb7" "2\n"
				  "1\xe2\x88\x92" "C\tC\tB\n3\tD+3\tD\n");

	expect_same_puzzle(a, b, "signs");
	cr_expect_eq(cdok_cage_op(b, 0), CDOK_OP_MUL);
	cr_expect_eq(cdok_cage_op(b, 1), CDOK_OP_DIV);
	cr_expect_eq(cdok_cage_op(b, 2), CDOK_OP_SUB);
	cdok_puzzle_free(a);
	cdok_puzzle_free(b);
	expect_error("A\xc3\x97\xc3\xb7" "2\tA\n1\t2\n", CDOK_ERR_SYNTAX, 1,
		     4, "two operators in one cell ('*' and '\xc3\xb7')");
	expect_error("A\xc3" "2\tA\n1\t2\n", CDOK_ERR_SYNTAX, 1, 2,
		     "unexpected byte 0xc3 (not UTF-8 text)");
	expect_error("A\xe2\x88" "2\tA\n1\t2\n", CDOK_ERR_SYNTAX, 1, 2,
		     "unexpected byte 0xe2 (not UTF-8 text)");
}

/* A line whose first character past the blanks is '#' is a comment:
 * read as if it were not there, before, among and after the directives
 * and rows, while line numbers still count it. */
Test(spec, comment_lines)
{
	cdok_puzzle *a = parse_ok("@distinct\nA+3\tA\nB+3\tB\n");
	cdok_puzzle *b = parse_ok("# two rows\n\n  # indented\n@distinct\n"
				  "# between\nA+3\tA\n#\nB+3\tB\n# end\n");

	expect_same_puzzle(a, b, "comments");
	cr_expect(cdok_cage_distinct(b, 0));
	cdok_puzzle_free(a);
	cdok_puzzle_free(b);
	/* Positions count the comment lines. */
	expect_error("# c\nA+3\tA\n# c\nB+3\n", CDOK_ERR_SYNTAX, 4, 0,
		     "row 2 has 1 cell");
	expect_error("# c\nA+3\tA\n# c\n", CDOK_ERR_SYNTAX, 4, 1,
		     "the grid has 1 row of 2 cells");
	expect_error("# nothing here\n\n", CDOK_ERR_SYNTAX, 3, 1,
		     "no grid found: the input holds only comments");
	/* Only a whole line is a comment. */
	expect_error("A+3\tA #x\nB+3\tB\n", CDOK_ERR_SYNTAX, 1, 7,
		     "unexpected character '#'");
}

/* After a puzzle, a block of words only (no digit: no clue, no given)
 * is a note: passed over, and counted with its line for the caller to
 * warn about; a block with a digit is read as a puzzle and fails as
 * one.  Before the first puzzle, words are an error as they were. */
Test(spec, notes_after_a_puzzle)
{
	static const char text[] =
		"A+3\tA\nB+3\tB\n\n"              /* lines 1-2 */
		"hello world\nit is - easy\n\n"  /* 4: a note */
		"# c\nA+4\tA\nB+3\tB\n\n"         /* 7: a puzzle */
		"one\n\ntwo\n";                  /* 11, 13: two notes */
	cdok_reader *r = cdok_reader_new(test_format("spec"), text,
					 strlen(text));
	cdok_puzzle *p;
	cdok_error err;
	int line = -1;

	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK);
	cr_expect_eq(cdok_reader_notes(r, &line), 0);
	cr_expect_eq(line, 0);
	cdok_puzzle_free(p);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK, "%s",
		     err.message);
	cr_expect_eq(cdok_cage_target(p, 0), 4);
	cr_expect_eq(cdok_reader_notes(r, &line), 1);
	cr_expect_eq(line, 4);
	cdok_puzzle_free(p);
	cr_expect_eq(cdok_reader_next(r, &p, &err), CDOK_END);
	cr_expect_eq(cdok_reader_notes(r, &line), 2);
	cr_expect_eq(line, 11);
	cr_expect_eq(cdok_reader_notes(r, NULL), 2);
	cdok_reader_free(r);

	/* A block with a clue or a given is a puzzle, and its error is
	 * reported as before. */
	r = cdok_reader_new(test_format("spec"), "A+3 A\nB+3 B\n\nhello 2\n",
			    21);
	cr_assert_eq(cdok_reader_next(r, &p, &err), CDOK_OK);
	cdok_puzzle_free(p);
	cr_expect_eq(cdok_reader_next(r, &p, &err), CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 5, "%s", err.message);
	cr_expect_eq(cdok_reader_notes(r, NULL), 0);
	cdok_reader_free(r);

	expect_error("hello world\n", CDOK_ERR_SYNTAX, 2, 1,
		     "the grid has 1 row of 2 cells");
}
