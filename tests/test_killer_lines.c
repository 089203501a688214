/* test_killer_lines.c -- the one-line Killer formats hard Killers travel
 * in: the forums' 81-character line (arrows) and SudoCue's 3x3:[d]:k:
 * line (sudocue), with what they carry beyond a plain Killer: cells in
 * no cage, cages in parts, Killer X.
 *
 * ISS's four collections (tests/data/iss_killers/) are read line by
 * line, as the collections give them, told from the text; each
 * solution ISS gives must be a solution of the puzzle read
 * (cdok_puzzle_is_solution), and each puzzle must come back the same
 * through every format that can hold it.  Bad lines must fail with the
 * line and column of the fault.
 */
#include "fmt_helpers.h"
#include "model/model.h"

#define DATA "tests/data/iss_killers/"

struct collection {
	const char *name;
	const char *format;
	int count;
};

static const struct collection collections[] = {
	{"tarek_all", "arrows", 42},
	{"mathemagic_killers", "arrows", 14},
	{"extreme_killers", "sudocue", 4},
	{"hs_killers", "sudocue", 9},
};

/* Read back what fmt writes of p: the same puzzle. */
static void round_trip(const cdok_puzzle *p, const char *fmt,
		       const char *what)
{
	size_t len;
	char *text = fmt_write(fmt, p, NULL, &len);
	cdok_puzzle *q = fmt_read_one(fmt, text, len, what);

	cr_expect(fmt_same_model(p, q, what), "%s through %s:\n%s", what,
		  fmt, text);
	cdok_puzzle_free(q);
	cdok_free(text);
}

/* Whether cage k of p is in parts. */
static bool in_parts(const cdok_puzzle *p, int k)
{
	return !cdki_cage_connected(p, k);
}

/* The cells of p in no cage. */
static int bare_cells(const cdok_puzzle *p)
{
	int bare = 0;

	for (int c = 0; c < 81; c++)
		bare += cdok_puzzle_cage_of(p, c) < 0;
	return bare;
}

Test(killer_lines, every_iss_puzzle_reads_and_comes_back)
{
	int total = 0, killer_x = 0, bare = 0, split = 0;

	for (size_t k = 0; k < sizeof(collections) / sizeof(*collections);
	     k++) {
		const struct collection *c = &collections[k];
		char path[128], *text, *stext, **lines, **sols;
		int n, ns;

		snprintf(path, sizeof(path), DATA "%s.txt", c->name);
		n = tl_data_lines(path, &text, &lines);
		snprintf(path, sizeof(path), DATA "%s.solutions", c->name);
		ns = tl_data_lines(path, &stext, &sols);
		cr_assert_eq(n, c->count, "%s: %d puzzles", c->name, n);
		cr_assert_eq(ns, n);
		for (int i = 0; i < n; i++) {
			char what[64];
			const cdok_format *f = test_detect(lines[i],
							   strlen(lines[i]));
			cdok_puzzle *p;
			int sol[81];

			snprintf(what, sizeof(what), "%s#%d", c->name, i + 1);
			cr_assert_not_null(f, "%s: not recognised", what);
			cr_assert_str_eq(cdok_format_name(f), c->format, "%s",
					 what);
			p = fmt_read_one(c->format, lines[i], strlen(lines[i]),
					 what);
			cr_assert_eq(cdok_puzzle_validate(p, NULL), CDOK_OK);
			for (int cell = 0; cell < 81; cell++)
				sol[cell] = sols[i][cell] - '0';
			cr_expect_eq(cdok_puzzle_is_solution(p, sol), 1,
				     "%s: ISS's solution is not one", what);
			killer_x += (cdok_puzzle_rules(p) &
				     CDOK_RULE_DIAGONALS) != 0;
			bare += bare_cells(p) > 0;
			for (int q = 0; q < cdok_puzzle_cage_count(p); q++)
				if (in_parts(p, q)) {
					split++;
					break;
				}
			round_trip(p, "spec", what);
			round_trip(p, "json", what);
			round_trip(p, "killer", what);
			round_trip(p, "sudocue", what);
			if (!(cdok_puzzle_rules(p) & CDOK_RULE_DIAGONALS))
				round_trip(p, "arrows", what);
			cdok_puzzle_free(p);
			total++;
		}
		free(lines);
		free(sols);
		free(text);
		free(stext);
	}
	cr_expect_eq(total, 69);
	/* What HS_KILLERS brings: 7 Killer X, cells in no cage (and one
	 * of TAREK_ALL's, 5 with its centre in no cage), cages in parts
	 * (and the TAREK_ALL puzzles joined at corners only). */
	cr_expect_eq(killer_x, 7);
	cr_expect_geq(bare, 9);
	cr_expect_geq(split, 1);
}

/* One line read as fmt must fail with status st at line:column, its
 * message holding want. */
static void expect_error(const char *fmt, const char *text, cdok_status st,
			 int line, int column, const char *want)
{
	cdok_puzzle **ps;
	cdok_status got;
	cdok_error err;
	int n = fmt_read_all(fmt, text, strlen(text), &ps, &got, &err);

	fmt_free_puzzles(ps, n);
	cr_expect_eq(n, 0, "%s read", text);
	cr_expect_eq(got, st, "status %d for %.40s...: %s", got, text,
		     err.message);
	cr_expect_eq(err.line, line, "line %d: %s", err.line, err.message);
	cr_expect_eq(err.column, column, "column %d: %s", err.column,
		     err.message);
	cr_expect(strstr(err.message, want) != NULL, "\"%s\" lacks \"%s\"",
		  err.message, want);
}

/* A line of 81 characters: a 45 cage per row (its total in the first
 * cell, the others pointing left), with the changes of at applied. */
static void rows_line(char *line, const char *at_cells, const char *marks)
{
	for (int r = 0; r < 9; r++) {
		line[r * 9] = 'j';
		for (int c = 1; c < 9; c++)
			line[r * 9 + c] = '<';
	}
	line[81] = '\0';
	for (int i = 0; at_cells[i]; i++)
		line[(unsigned char)at_cells[i]] = marks[i];
}

Test(killer_lines, arrows_faults_name_their_place)
{
	char line[128], text[256];
	static char big[1 << 20];

	rows_line(line, "", "");
	{
		cdok_puzzle *p = fmt_read_one("arrows", line, 81, "rows");

		cr_expect_eq(cdok_puzzle_cage_count(p), 9);
		cr_expect_eq(cdok_cage_target(p, 0), 45);
		cr_expect_eq(cdok_cage_size(p, 8), 9);
		cdok_puzzle_free(p);
	}
	/* Truncated, too long, a stray character (second line). */
	expect_error("arrows", line + 1, CDOK_ERR_SYNTAX, 1, 81, "has 80");
	snprintf(text, sizeof(text), "%s<", line);
	expect_error("arrows", text, CDOK_ERR_SYNTAX, 1, 82, "has 82");
	rows_line(line, "\x05", "k");
	snprintf(text, sizeof(text), "\n%s", line);
	expect_error("arrows", text, CDOK_ERR_SYNTAX, 2, 6, "'k'");
	/* A mark out of the grid: '^' in the first row. */
	rows_line(line, "\x03", "^");
	expect_error("arrows", line, CDOK_ERR_SYNTAX, 1, 4, "outside the grid");
	/* Marks in a circle: r1c2 '>' and r1c3 '<'. */
	rows_line(line, "\x01", ">");
	expect_error("arrows", line, CDOK_ERR_SYNTAX, 1, 2, "circle");
	/* A mark leading to a 0: row 1's total made 0. */
	rows_line(line, "", "");
	line[0] = '0';
	expect_error("arrows", line, CDOK_ERR_INVALID, 1, 2, "holds 0");
	/* A 0 nothing points to is a cell in no cage. */
	line[1] = '7';
	{
		cdok_puzzle *p = fmt_read_one("arrows", line, 81, "bare");

		cr_expect_eq(cdok_puzzle_cage_of(p, 0), -1);
		cr_expect_eq(cdok_cage_target(p, cdok_puzzle_cage_of(p, 1)),
			     7);
		cdok_puzzle_free(p);
	}
	/* A cage of more than nine cells: row 2's total points up, so its
	 * row joins row 1's cage. */
	rows_line(line, "\x09", "^");
	expect_error("arrows", line, CDOK_ERR_INVALID, 1, 1, "18 cells");
	/* Hostile: a megabyte line of marks. */
	memset(big, '<', sizeof(big) - 1);
	expect_error("arrows", big, CDOK_ERR_SYNTAX, 1, 82, "has 1048575");
}

/* 81 numbers: cage 1 of total 45 over row 1, every other cell in no
 * cage (a number of its own, total 0); then extra appended. */
static void cue_line(char *buf, size_t cap, bool diag, const char *extra)
{
	size_t at = (size_t)snprintf(buf, cap, "3x3:%s:k:", diag ? "d" : "");

	for (int c = 0; c < 81; c++)
		at += (size_t)snprintf(buf + at, cap - at, "%d:",
				       c < 9 ? 45 * 256 + 1 : 100 + c);
	snprintf(buf + at, cap - at, "%s", extra);
}

Test(killer_lines, sudocue_reads_and_refuses)
{
	char line[1024], bad[1024];
	cdok_puzzle *p;
	char *at;

	cue_line(line, sizeof(line), true, "");
	p = fmt_read_one("sudocue", line, strlen(line), "row cage");
	cr_expect_eq(cdok_puzzle_cage_count(p), 1);
	cr_expect_eq(cdok_cage_size(p, 0), 9);
	cr_expect_eq(cdok_puzzle_cage_of(p, 9), -1);
	cr_expect_eq(cdok_puzzle_rules(p), CDOK_RULE_DIAGONALS);
	round_trip(p, "sudocue", "row cage");
	round_trip(p, "spec", "row cage");
	cdok_puzzle_free(p);
	/* Without the last ':' too. */
	cue_line(line, sizeof(line), false, "");
	line[strlen(line) - 1] = '\0';
	p = fmt_read_one("sudocue", line, strlen(line), "no last colon");
	cr_expect_eq(cdok_puzzle_rules(p), 0);
	cdok_puzzle_free(p);

	/* Truncated: 80 numbers. */
	cue_line(line, sizeof(line), false, "");
	*strrchr(line, ':') = '\0';
	*(strrchr(line, ':') + 1) = '\0';
	expect_error("sudocue", line, CDOK_ERR_SYNTAX, 1,
		     (int)strlen(line) + 1, "ends after 80");
	/* One more. */
	cue_line(line, sizeof(line), false, "7:");
	expect_error("sudocue", line, CDOK_ERR_SYNTAX, 1,
		     (int)strlen(line) - 1, "has more");
	/* A cage whose cells disagree on the total: r1c2 says 44. */
	cue_line(line, sizeof(line), false, "");
	at = strstr(line, "11521:") + 6;
	memcpy(at, "11265", 5);
	expect_error("sudocue", line, CDOK_ERR_INVALID, 1,
		     (int)(at - line) + 1, "says 45");
	/* A number beyond 65535; a bad separator; no opening. */
	cue_line(line, sizeof(line), false, "");
	snprintf(bad, sizeof(bad), "3x3::k:70000%s", line + 12);
	expect_error("sudocue", bad, CDOK_ERR_LIMIT, 1, 8, "");
	cue_line(line, sizeof(line), false, "");
	at = strchr(line + 8, ':');
	*at = ';';
	expect_error("sudocue", line, CDOK_ERR_SYNTAX, 1,
		     (int)(at - line) + 1, "';'");
	expect_error("sudocue", "3x3:x:k:1:", CDOK_ERR_SYNTAX, 1, 1,
		     "3x3::k:");
}

Test(killer_lines, writers_say_what_they_cannot_hold)
{
	char line[1024], *out = NULL;
	size_t len;
	cdok_error err;
	cdok_puzzle *p;

	/* Killer X: no mark in the forums' line; Solo writes x. */
	cue_line(line, sizeof(line), true, "");
	p = fmt_read_one("sudocue", line, strlen(line), "x");
	cr_expect_eq(cdok_write(test_format("arrows"), p, NULL, &out, &len,
				&err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "Killer X") != NULL, "%s",
		  err.message);
	cdok_puzzle_free(p);
	/* A given: neither line has any. */
	{
		static const char given[] = "@boxes 2x2\n1 A+9 A A\n"
					    ". . . .\n. . . .\n. . . .\n";

		p = fmt_read_one("spec", given, sizeof(given) - 1, "given");
	}
	cr_expect_eq(cdok_write(test_format("sudocue"), p, NULL, &out, &len,
				&err), CDOK_ERR_UNSUPPORTED);
	cdok_puzzle_free(p);
	/* A Sudoku X: Solo's plain ID says x, a Sudoku line cannot. */
	{
		static const char spec[] = "@boxes 2x2\n@diagonals\n"
					   "1 . . .\n. . . .\n. . . .\n"
					   ". . . .\n";

		p = fmt_read_one("spec", spec, sizeof(spec) - 1, "sudoku x");
		cr_expect_eq(cdok_write(test_format("sudoku"), p, NULL, &out,
					&len, &err), CDOK_ERR_UNSUPPORTED);
		cr_expect(strstr(err.message, "Sudoku X") != NULL, "%s",
			  err.message);
		out = fmt_write("solo", p, NULL, &len);
		cr_expect_str_eq(out, "2x2x:1o\n");
		cdok_free(out);
		round_trip(p, "solo", "sudoku x");
		cdok_puzzle_free(p);
	}
	/* A Killer X in Solo's ID (x before k, as Solo writes it), and
	 * back. */
	{
		static const char spec[] = "@boxes 2x2\n@diagonals\n"
					   "@distinct\n"
					   "A+3 A B+7 B\nC+7 C D+3 D\n"
					   "E+3 E F+7 F\nG+7 G H+3 H\n";

		p = fmt_read_one("spec", spec, sizeof(spec) - 1, "x spec");
		out = fmt_write("solo", p, NULL, &len);
		cr_expect(!strncmp(out, "2x2xk:", 6), "%s", out);
		cdok_free(out);
		round_trip(p, "solo", "x spec");
		round_trip(p, "json", "x spec");
		cdok_puzzle_free(p);
	}
}
