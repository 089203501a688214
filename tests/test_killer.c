/* test_killer.c -- Killer Sudoku: the killer JSON format (Barium's
 * schema), the spec's directives and givens inside cages, box borders
 * in drawings, the checker's box and repeat problems, and solving every
 * Killer puzzle of the corpus.
 *
 * Every corpus .json must read, come back as the same puzzle through
 * itself and through the spec, and (for the files convert.py made, in
 * the writer's own layout) byte for byte.  Errors have positions;
 * refusals have reasons.
 */
#include "fmt_helpers.h"
#include "testlib.h"

/* The corpus's Killer JSON files beyond killer/: the ambiguous one (its
 * merged cage is listed last, not in the writer's order) and the
 * impossible one. */
static const struct {
	const char *rel;
	bool byte_exact;
} extra_json[] = {
	{"ambiguous/amb_killer.json", false},
	{"invalid/nosol_killer.json", true},
};

/* Read a .sol (9 rows of 9 numbers) into values. */
static void read_sol(const char *rel, int size, int *values)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_error err;

	cr_assert_eq(cdok_read_grid(text, len, size, values, &err), CDOK_OK,
		     "%s: %d:%d: %s", rel, err.line, err.column, err.message);
	free(text);
}

/* What every Killer puzzle read from the corpus is. */
static void expect_killer_shape(const cdok_puzzle *p, const char *what)
{
	cr_expect_eq(cdok_puzzle_size(p), 9, "%s", what);
	cr_expect_eq(cdok_puzzle_box_rows(p), 3, "%s", what);
	cr_expect_eq(cdok_puzzle_box_cols(p), 3, "%s", what);
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
		cr_expect_eq(cdok_cage_op(p, k), CDOK_OP_ADD, "%s", what);
		cr_expect(cdok_cage_distinct(p, k), "%s: cage %d", what, k);
		cr_expect_null(cdok_cage_label(p, k), "%s", what);
	}
	for (int cell = 0; cell < 81; cell++)
		cr_expect_geq(cdok_puzzle_cage_of(p, cell), 0, "%s: cell %d",
			      what, cell);
	cr_expect_eq(cdok_puzzle_validate(p, NULL), CDOK_OK, "%s", what);
}

/* One file: read, the shape, json -> json, json -> spec -> json. */
static void check_json_file(const char *rel, bool byte_exact)
{
	size_t len, olen, slen, again_len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_puzzle *p = fmt_read_one("killer", text, len, rel);
	char *out, *spec, *again;
	cdok_puzzle *back, *via_spec;

	expect_killer_shape(p, rel);
	out = fmt_write("killer", p, NULL, &olen);
	if (byte_exact)
		cr_expect(olen == len && !memcmp(out, text, len),
			  "%s comes back as\n%s", rel, out);
	back = fmt_read_one("killer", out, olen, rel);
	cr_expect(fmt_same_model(p, back, rel), "%s: killer -> killer", rel);

	/* Through the spec and back: the directives carry the rules. */
	spec = fmt_write("spec", p, NULL, &slen);
	cr_expect(!strncmp(spec, "@boxes 3x3\n@distinct\n", 21), "%s: %s",
		  rel, spec);
	via_spec = fmt_read_one("spec", spec, slen, rel);
	cr_expect(fmt_same_model(p, via_spec, rel), "%s: killer -> spec",
		  rel);
	again = fmt_write("killer", via_spec, NULL, &again_len);
	cr_expect_str_eq(again, out, "%s: killer -> spec -> killer", rel);

	cdok_free(again);
	cdok_puzzle_free(via_spec);
	cdok_free(spec);
	cdok_puzzle_free(back);
	cdok_free(out);
	cdok_puzzle_free(p);
	free(text);
}

Test(killer, corpus_json_reads_and_round_trips)
{
	int count, made = 0;
	char **names = fmt_list("killer", ".json", &count);

	for (int i = 0; i < count; i++) {
		char rel[160];
		bool barium = !strncmp(names[i], "barium_", 7);

		snprintf(rel, sizeof(rel), "killer/%s", names[i]);
		/* Barium's own files list cages and cells in their own
		 * order; the others are in the writer's. */
		check_json_file(rel, !barium);
		made += !barium;
	}
	cr_expect_eq(count, 32);
	cr_expect_eq(made, 30);
	fmt_free_names(names, count);
	for (size_t i = 0; i < sizeof(extra_json) / sizeof(*extra_json); i++)
		check_json_file(extra_json[i].rel, extra_json[i].byte_exact);
}

/* The rules: every .sol is a solution, a grid that breaks only a box
 * is not, and one that repeats a value only in a cage is not. */
Test(killer, solutions_and_the_box_rule)
{
	int count;
	char **names = fmt_list("killer", ".json", &count);

	for (int i = 0; i < count; i++) {
		char rel[160], srel[160];
		size_t len;
		char *text;
		cdok_puzzle *p;
		int values[81], bad[81];
		cdok_problem *probs;
		int nprobs;

		snprintf(rel, sizeof(rel), "killer/%s", names[i]);
		snprintf(srel, sizeof(srel), "killer/%.*s.sol",
			 (int)strlen(names[i]) - 5, names[i]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one("killer", text, len, rel);
		read_sol(srel, 9, values);
		cr_expect(cdok_puzzle_is_solution(p, values), "%s", srel);
		cr_expect_eq(cdok_check(p, values, &probs, &nprobs, NULL),
			     CDOK_OK);
		cr_expect_eq(nprobs, 0, "%s: %d problems", srel, nprobs);
		cdok_free(probs);

		/* Swap the first two rows of the solution's top band
		 * with rows of the next band: rows and columns stay Latin,
		 * boxes and cages do not. */
		for (int cell = 0; cell < 81; cell++) {
			int y = cell / 9;
			int from = y == 2 ? 3 : y == 3 ? 2 : y;

			bad[cell] = values[from * 9 + cell % 9];
		}
		cr_expect(!cdok_puzzle_is_solution(p, bad), "%s swapped",
			  srel);
		cdok_puzzle_free(p);
		free(text);
	}
	fmt_free_names(names, count);
}

/* The box rule alone: a Latin square that is no Sudoku. */
Test(killer, box_problems)
{
	cdok_puzzle *p = cdok_puzzle_new(9);
	int values[81];
	cdok_problem *probs;
	int n;
	char msg[512];

	for (int cell = 0; cell < 81; cell++)
		values[cell] = (cell / 9 + cell % 9) % 9 + 1;
	cr_expect(cdok_puzzle_is_solution(p, values));
	cr_assert_eq(cdok_puzzle_set_boxes(p, 3, 3), CDOK_OK);
	cr_expect(!cdok_puzzle_is_solution(p, values));
	cr_assert_eq(cdok_check(p, values, &probs, &n, NULL), CDOK_OK);
	/* Each box of a cyclic square holds 5 values: 2 twice, 3 three
	 * times, 4 twice (in box 1). */
	cr_assert_eq(n, 27, "%d problems", n);
	cr_expect_eq(probs[0].kind, CDOK_PROBLEM_BOX);
	cr_expect_eq(probs[0].row, 0);
	cr_expect_eq(probs[0].column, 0);
	cr_expect_eq(probs[0].value, 2);
	cdok_problem_describe(&probs[0], p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "box 1 has 2 twice "
			 "(r1c2 and r2c1)");
	cdok_problem_describe(&probs[1], p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "box 1 has 3 three "
			 "times (r1c3, r2c2 and r3c1)");
	cdok_problem_describe(&probs[26], p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "box 9 has 7 twice "
			 "(r8c9 and r9c8)");
	cdok_free(probs);

	/* Rectangular boxes are numbered in reading order too. */
	cdok_puzzle_free(p);
	p = cdok_puzzle_new(6);
	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 3), CDOK_OK);
	cr_expect_eq(cdok_puzzle_set_boxes(p, 4, 2), CDOK_ERR_INVALID);
	for (int cell = 0; cell < 36; cell++)
		values[cell] = (cell / 6 + cell % 6) % 6 + 1;
	cr_assert_eq(cdok_check(p, values, &probs, &n, NULL), CDOK_OK);
	cr_assert_gt(n, 0);
	cdok_problem_describe(&probs[0], p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "box 1 has 2 twice "
			 "(r1c2 and r2c1)");
	cdok_problem_describe(&probs[n - 1], p, msg, sizeof(msg));
	cr_expect(!strncmp(msg, "box 6 has ", 10),
		  "%s", msg);
	cdok_free(probs);
	cdok_puzzle_free(p);
}

/* A cage whose values must differ: its repeats are a problem of their
 * own, also when rows, columns and the arithmetic are fine. */
Test(killer, cage_repeat_problems)
{
	static const char spec[] = "@distinct A\n"
				   "A+4\tA\t3\n"
				   "B+5\tA\tC+6\n"
				   "B\tC\tC\n";
	int values[9] = {1, 2, 3, 3, 1, 2, 2, 3, 1};
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "spec");
	cdok_problem *probs;
	cdok_json_info info;
	char msg[512], *json;
	int n;

	cr_expect(cdok_cage_distinct(p, 0));
	cr_expect(!cdok_cage_distinct(p, 1));
	cr_expect(!cdok_puzzle_is_solution(p, values));
	cr_assert_eq(cdok_check(p, values, &probs, &n, NULL), CDOK_OK);
	cr_assert_eq(n, 1);
	cr_expect_eq(probs[0].kind, CDOK_PROBLEM_CAGE_REPEAT);
	cr_expect_eq(probs[0].cage, 0);
	cr_expect_eq(probs[0].value, 1);
	cr_expect_eq(probs[0].got, 2);
	cr_expect_eq(probs[0].where, 5u);   /* cells 0 and 2 of the cage */
	cdok_problem_describe(&probs[0], p, msg, sizeof(msg));
	cr_expect_str_eq(msg, "the 4+ cage at r1c1 has 1 twice "
			 "(r1c1 and r2c2), but its "
			 "values must all differ");

	cdok_json_info_init(&info);
	info.command = "check";
	info.omit_puzzle = 1;
	info.candidate = values;
	info.problems = probs;
	info.nproblems = n;
	info.flags = CDOK_WRITER_COMPACT;
	cr_assert_eq(cdok_json_result(p, &info, &json, NULL, NULL), CDOK_OK);
	cr_expect(strstr(json, "{\"kind\":\"cage-repeat\",\"cage\":0,"
			 "\"label\":\"A\",\"row\":0,\"column\":0,\"value\":1,"
			 "\"count\":2,\"cells\":[[0,0],[1,1]],\"message\":"
			 "\"the 4+ cage at r1c1 has 1 twice (r1c1 and r2c2)") != NULL, "%s", json);
	cdok_free(json);
	cdok_free(probs);

	/* Without the rule the same grid is a solution. */
	cr_assert_eq(cdok_puzzle_set_cage_distinct(p, 0, 0), CDOK_OK);
	cr_expect(cdok_puzzle_is_solution(p, values));
	cdok_puzzle_free(p);
}

Test(killer, box_problems_in_json_results)
{
	cdok_puzzle *p = cdok_puzzle_new(4);
	int values[16] = {1, 2, 3, 4, 2, 3, 4, 1, 3, 4, 1, 2, 4, 1, 2, 3};
	cdok_problem *probs;
	cdok_json_info info;
	char *json;
	int n;

	cr_assert_eq(cdok_puzzle_set_boxes(p, 2, 2), CDOK_OK);
	cr_assert_eq(cdok_check(p, values, &probs, &n, NULL), CDOK_OK);
	cr_assert_gt(n, 0);
	cdok_json_info_init(&info);
	info.omit_puzzle = 1;
	info.candidate = values;
	info.problems = probs;
	info.nproblems = n;
	info.flags = CDOK_WRITER_COMPACT;
	cr_assert_eq(cdok_json_result(p, &info, &json, NULL, NULL), CDOK_OK);
	cr_expect(strstr(json, "{\"kind\":\"box\",\"box\":0,\"row\":0,"
			 "\"column\":0,\"value\":2,\"cells\":[[0,1],[1,0]],"
			 "\"message\":\"box 1 has 2 "
			 "twice (r1c2 and r2c1)\"}")
		  != NULL, "%s", json);
	cdok_free(json);
	cdok_free(probs);
	cdok_puzzle_free(p);
}

/* ---- errors ---- */

/* A valid document with one thing changed: BOARD rows, then CAGES. */
#define ROW0 "[0,0,0,0,0,0,0,0,0]"
#define BOARD "[" ROW0 "," ROW0 "," ROW0 "," ROW0 "," ROW0 "," ROW0 "," \
	ROW0 "," ROW0 "," ROW0 "]"

Test(killer, malformed_json)
{
	static const struct tl_bad bads[] = {
		{"", CDOK_ERR_SYNTAX, 1, 1, "input is empty"},
		{"{\"board\": [1,\n 2,]}", CDOK_ERR_SYNTAX, 2, 4, "JSON: "},
		{"[1]", CDOK_ERR_SYNTAX, 1, 1, "puzzle 1 of the array: a "
		 "Killer Sudoku must be a JSON object, not an integer"},
		{"{\"cages\": []}", CDOK_ERR_SYNTAX, 1, 1, "has no \"board\""},
		{"{\"board\": " BOARD "}", CDOK_ERR_SYNTAX, 1, 1,
		 "has no \"cages\""},
		{"{\"board\": [[0]], \"cages\": []}", CDOK_ERR_SYNTAX, 1, 1,
		 "\"board\" has 1 rows; the schema's board is 9 x 9"},
		{"{\"board\": 3, \"cages\": []}", CDOK_ERR_SYNTAX, 1, 1,
		 "\"board\" must be an array of 9 rows, not an integer"},
		{"  {\"board\": [" ROW0 ",[0,0,0,0,10,0,0,0,0]," ROW0 "," ROW0
		 "," ROW0 "," ROW0 "," ROW0 "," ROW0 "," ROW0 "], \"cages\": "
		 "[]}", CDOK_ERR_INVALID, 1, 3, "board[1][4] is 10, outside "
		 "0..9"},
		{"{\"board\": " BOARD ", \"cages\": {}}", CDOK_ERR_SYNTAX, 1,
		 1, "\"cages\" must be an array, not an object"},
		{"{\"board\": " BOARD ", \"cages\": [[3]]}", CDOK_ERR_SYNTAX,
		 1, 1, "cages[0] must be [total, [[x, y], ...]]"},
		{"{\"board\": " BOARD ", \"cages\": [[0, [[0, 0]]]]}",
		 CDOK_ERR_INVALID, 1, 1, "cages[0][0] (the total) is 0, "
		 "outside 1.."},
		{"{\"board\": " BOARD ", \"cages\": [[3, []]]}",
		 CDOK_ERR_SYNTAX, 1, 1, "cages[0][1] (the cells) must be a "
		 "non-empty array of [x, y]"},
		{"{\"board\": " BOARD ", \"cages\": [[3, [[0, 9]]]]}",
		 CDOK_ERR_INVALID, 1, 1, "cages[0][1][0][1] (y, the row) is 9, "
		 "outside 0..8"},
		{"{\"board\": " BOARD ", \"cages\": [[3, [[0, 0], [0]]]]}",
		 CDOK_ERR_SYNTAX, 1, 1, "cages[0][1][1] must be [x, y]"},
		{"{\"board\": " BOARD ", \"cages\": [[3, [[0, 0], [0, 0]]]]}",
		 CDOK_ERR_INVALID, 1, 1, "cages[0][1][1]: the cell [0, 0] is "
		 "listed twice"},
		{"{\"board\": " BOARD ", \"cages\": [[3, [[0, 0]]], [4, [[1, "
		 "0], [0, 0]]]]}", CDOK_ERR_INVALID, 1, 1, "cages[1][1][1]: "
		 "the cell [0, 0] is already in cages[0]"},
		{"{\"board\": " BOARD ", \"cages\": [[3, [[0, 0], [2, 0]]]], "
		 "\"diagonals\": 1}", CDOK_ERR_SYNTAX, 1, 1,
		 "\"diagonals\" must be true or false, not an integer"},
		{"{\"format\": \"cdok-puzzle\", \"size\": 1}",
		 CDOK_ERR_UNSUPPORTED, 1, 1, "read it with the json format"},
		{"{\"board\": 1, \"board\": 2}", CDOK_ERR_SYNTAX, 1, 20,
		 "duplicate"},
	};

	TL_EXPECT_READ_ERRORS("killer", bads);
}

/* Several documents in one text, arrays of them too; an error in a
 * later one names it. */
Test(killer, streams)
{
	size_t len;
	char *one = fmt_corpus_file("killer/killer_ka_01.json", &len);
	char *text = malloc(4 * len + 64);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n;

	cr_assert_not_null(text);
	sprintf(text, "%s\n[%s, %s]\n%s", one, one, one, one);
	n = fmt_read_all("killer", text, strlen(text), &ps, &st, &err);
	cr_expect_eq(st, CDOK_END, "%s", err.message);
	cr_expect_eq(n, 4);
	for (int i = 1; i < n; i++)
		cr_expect(fmt_same_model(ps[0], ps[i], "stream"));
	fmt_free_puzzles(ps, n);

	sprintf(text, "%s[%s, {\"board\": 2, \"cages\": []}]", one, one);
	n = fmt_read_all("killer", text, strlen(text), &ps, &st, &err);
	cr_expect_eq(n, 2);
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 51, "line %d", err.line);
	cr_expect_eq(err.column, 1, "column %d", err.column);
	cr_expect(strstr(err.message, "puzzle 2 of the array: \"board\" must "
			 "be") != NULL, "%s", err.message);
	fmt_free_puzzles(ps, n);
	free(text);
	free(one);
}

/* ---- writing ---- */

static cdok_status try_write(const char *fmt, const cdok_puzzle *p,
			     const int *values, cdok_error *err)
{
	char *out = NULL;
	cdok_status st;

	memset(err, 0, sizeof(*err));
	st = cdok_write(test_format(fmt), p, values, &out, NULL, err);
	if (st == CDOK_OK)
		cdok_free(out);
	else
		cr_expect_null(out);
	return st;
}

/* What hard Killers add: a cage in parts and cells in no cage are read
 * as they are, and "diagonals": true makes a Killer X; all three are
 * written back. */
Test(killer, cages_in_parts_cells_in_no_cage_and_diagonals)
{
	static const char doc[] = "{\"board\": " BOARD ", \"cages\": [[3, "
				  "[[0, 0], [2, 0]]]], \"diagonals\": true}";
	cdok_puzzle *p = fmt_read_one("killer", doc, sizeof(doc) - 1, "doc");
	char *out;
	size_t len;

	cr_expect_eq(cdok_puzzle_cage_count(p), 1);
	cr_expect_eq(cdok_cage_size(p, 0), 2);
	cr_expect_eq(cdok_puzzle_cage_of(p, 1), -1);
	cr_expect_eq(cdok_puzzle_rules(p), CDOK_RULE_DIAGONALS);
	out = fmt_write("killer", p, NULL, &len);
	cr_expect(strstr(out, "[3, [[0, 0], [2, 0]]]\n  ],\n  \"diagonals\": "
			 "true\n}") != NULL, "%s", out);
	cdok_free(out);
	cdok_puzzle_free(p);
}

Test(killer, writer_refuses_what_the_schema_cannot_hold)
{
	size_t len;
	char *text = fmt_corpus_file("killer/killer_kb_01.solo", &len);
	cdok_puzzle *p = fmt_read_one("solo", text, len, "kb_01");
	cdok_puzzle *plain = cdok_puzzle_clone(p);
	cdok_error err;
	int values[81] = {0};

	cr_expect_eq(try_write("killer", p, NULL, &err), CDOK_OK,
		     "%s", err.message);
	cr_assert_eq(cdok_puzzle_set_boxes(plain, 0, 0), CDOK_OK);
	cr_expect_eq(try_write("killer", plain, NULL, &err),
		     CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "has no boxes") != NULL, "%s",
		  err.message);
	cr_assert_eq(cdok_puzzle_set_boxes(plain, 3, 3), CDOK_OK);
	cr_assert_eq(cdok_puzzle_set_cage_distinct(plain, 4, 0), CDOK_OK);
	cr_expect_eq(try_write("killer", plain, NULL, &err),
		     CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "may repeat") != NULL, "%s",
		  err.message);
	cdok_puzzle_free(plain);

	/* Values outside 0..9 cannot be on the board. */
	values[5] = 12;
	cr_expect_eq(try_write("killer", p, values, &err), CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "row 1, column 6 has the value 12") !=
		  NULL, "%s", err.message);

	/* Other sizes and plain Calcudoku. */
	plain = cdok_puzzle_new(4);
	cr_expect_eq(try_write("killer", plain, NULL, &err),
		     CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "4 x 4") != NULL, "%s", err.message);
	cdok_puzzle_free(plain);

	/* Formats without Killer rules refuse the puzzle rather than
	 * lose them. */
	cr_expect_eq(try_write("keen", p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "boxes of 3 x 3") != NULL, "%s",
		  err.message);
	cr_expect_eq(try_write("calpoly", p, NULL, &err),
		     CDOK_ERR_UNSUPPORTED);
	cr_expect_eq(try_write("ucf", p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cdok_puzzle_set_boxes(p, 0, 0);
	cr_expect_eq(try_write("ucf", p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "must all differ (Killer Sudoku)") !=
		  NULL, "%s", err.message);
	cdok_puzzle_free(p);
	free(text);
}

/* A given outside any cage is a one-cell cage in the schema; a given
 * inside one stays on the board; values fill the board. */
Test(killer, givens_and_values)
{
	static const char spec[] =
		"@boxes 3x3\n@distinct\n"
		"A+3=1\tA\tB+3\tB\tC+3\tC\tD+3\tD\t5\n"
		"E+3\tE\tF+3\tF\tG+3\tG\tH+3\tH\tI+3\n"
		"J+3\tJ\tK+3\tK\tL+3\tL\tM+3\tM\tI\n"
		"N+3\tN\tO+3\tO\tP+3\tP\tQ+3\tQ\tR+3\n"
		"S+3\tS\tT+3\tT\tU+3\tU\tV+3\tV\tR\n"
		"W+3\tW\tX+3\tX\tY+3\tY\tZ+3\tZ\ta+3\n"
		"b+3\tb\tc+3\tc\td+3\td\te+3\te\ta\n"
		"f+3\tf\tg+3\tg\th+3\th\ti+3\ti\tj+3\n"
		"k+3\tk\tl+3\tl\tm+3\tm\tn+3\tn\tj\n";
	static const char head[] = "{\n  \"board\": [\n"
				   "    [1, 0, 0, 0, 0, 0, 0, 0, 0],\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "spec");
	cdok_puzzle *back;
	char *out;
	size_t len;
	int values[81];

	out = fmt_write("killer", p, NULL, &len);
	cr_expect(!strncmp(out, head, strlen(head)), "%s", out);
	cr_expect(strstr(out, "    [3, [[0, 0], [1, 0]]],\n") != NULL, "%s",
		  out);
	cr_expect(strstr(out, "    [5, [[8, 0]]],\n") != NULL, "%s", out);
	back = fmt_read_one("killer", out, len, "written");
	cr_expect(fmt_same_model(p, back, "givens"));
	cr_expect_eq(cdok_puzzle_given(back, 0), 1);
	cr_expect_eq(cdok_puzzle_given(back, 8), CDOK_NONE);
	cdok_puzzle_free(back);
	cdok_free(out);

	for (int cell = 0; cell < 81; cell++)
		values[cell] = cell % 9 + 1;
	out = fmt_write("killer", p, values, &len);
	cr_expect(strstr(out, "    [1, 2, 3, 4, 5, 6, 7, 8, 9],\n") != NULL,
		  "%s", out);
	cdok_free(out);
	cdok_puzzle_free(p);
}

Test(killer, writer_streams)
{
	size_t len;
	char *text = fmt_corpus_file("killer/killer_kt_01.json", &len);
	cdok_puzzle *p = fmt_read_one("killer", text, len, "kt_01");
	cdok_writer *w;
	char *a, *b, *end;

	w = cdok_writer_new(test_format("killer"),
			    CDOK_WRITER_COMPACT | CDOK_WRITER_ARRAY);
	cr_assert_not_null(w);
	cr_assert_eq(cdok_writer_put(w, p, NULL, &a, NULL, NULL), CDOK_OK);
	cr_assert_eq(cdok_writer_put(w, p, NULL, &b, NULL, NULL), CDOK_OK);
	cr_assert_eq(cdok_writer_finish(w, &end, NULL, NULL), CDOK_OK);
	cr_expect(!strncmp(a, "[\n{\"board\":[[0,0,0,0,0,0,0,0,0],", 32),
		  "%s", a);
	cr_expect(strchr(a + 2, '\n') == NULL, "one line: %s", a);
	cr_expect(!strncmp(b, ",\n{\"board\"", 10), "%s", b);
	cr_expect_str_eq(end, "\n]\n");
	{
		/* The compact array reads back. */
		char *all = malloc(strlen(a) + strlen(b) + strlen(end) + 1);
		cdok_puzzle **ps;
		cdok_status st;
		cdok_error err;
		int n;

		sprintf(all, "%s%s%s", a, b, end);
		n = fmt_read_all("killer", all, strlen(all), &ps, &st, &err);
		cr_expect_eq(n, 2);
		cr_expect_eq(st, CDOK_END, "%s", err.message);
		for (int i = 0; i < n; i++)
			cr_expect(fmt_same_model(p, ps[i], "compact"));
		fmt_free_puzzles(ps, n);
		free(all);
	}
	cdok_free(a);
	cdok_free(b);
	cdok_free(end);
	cdok_writer_free(w);
	cdok_puzzle_free(p);
	free(text);
}

/* cdok's own JSON holds the rules too. */
Test(killer, cdok_json_keeps_boxes_and_distinct)
{
	size_t len, olen;
	char *text = fmt_corpus_file("killer/barium_expert-2.json", &len);
	cdok_puzzle *p = fmt_read_one("killer", text, len, "expert-2");
	char *out = fmt_write("json", p, NULL, &olen);
	cdok_puzzle *back = fmt_read_one("json", out, olen, "json");

	cr_expect(strstr(out, "  \"boxes\": [3, 3],\n") != NULL, "%s", out);
	cr_expect(strstr(out, "\"distinct\": true") != NULL, "%s", out);
	cr_expect(fmt_same_model(p, back, "json"));
	cdok_free(out);
	cdok_puzzle_free(back);
	cdok_puzzle_free(p);
	free(text);

	/* Boxes that do not tile the grid are refused. */
	{
		static const struct tl_bad bads[] = {
			{"{\"size\": 6, \"boxes\": [3, 3]}", CDOK_ERR_INVALID,
			 1, 1, "boxes of 3 x 3 do not tile a 6 x 6 grid"},
			/* As --boxes: one cell wide is a row or a column. */
			{"{\"size\": 3, \"boxes\": [1, 3]}", CDOK_ERR_INVALID,
			 1, 1, "boxes of 1 x 3 are whole rows or columns: a "
			 "box needs at least 2 rows and 2 columns"},
			{"{\"size\": 4, \"boxes\": [4, 1]}", CDOK_ERR_INVALID,
			 1, 1, "boxes of 4 x 1 are whole rows or columns"},
			{"{\"size\": 6, \"boxes\": [6]}", CDOK_ERR_SYNTAX, 1, 1,
			 "\"boxes\" must be [rows, columns]"},
			{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\":"
			 " 3, \"distinct\": 1, \"cells\": [[0, 0], [0, 1]]}]}",
			 CDOK_ERR_SYNTAX, 1, 1, "cages[0].distinct must be "
			 "true or false, not an integer"},
		};

		TL_EXPECT_READ_ERRORS("json", bads);
	}
}

/* ---- the spec: directives and givens inside cages ---- */

Test(killer, spec_directives_and_given_tokens)
{
	static const char spec[] = "@boxes 2x2\n"
				   "@distinct A F\n"
				   "A+3=1\tA\tB+7\tB\n"
				   "C+7\tD+3\tD\tB\n"
				   "C\tE+5\tE\tF+4\n"
				   "G+7\tG\tF=3\tF\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "spec");
	char *out;
	size_t len;

	cr_expect_eq(cdok_puzzle_box_rows(p), 2);
	cr_expect_eq(cdok_puzzle_box_cols(p), 2);
	cr_expect_eq(cdok_puzzle_given(p, 0), 1);
	cr_expect_eq(cdok_puzzle_given(p, 14), 3);
	cr_expect_eq(cdok_puzzle_cage_of(p, 14), 5);
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		cr_expect_eq(cdok_cage_distinct(p, k), k == 0 || k == 5,
			     "cage %d", k);
	out = fmt_write("spec", p, NULL, &len);
	cr_expect_str_eq(out, spec);
	cdok_free(out);

	/* With values, only the labels the grid still shows are listed. */
	{
		int values[16] = {1, 2};

		out = fmt_write("spec", p, values, &len);
		cr_expect(!strncmp(out, "@boxes 2x2\n@distinct F\n1\t2\tB+7",
				   30), "%s", out);
		cdok_free(out);
	}
	cdok_puzzle_free(p);

	/* The clue and the given in any order, like the clue's parts. */
	p = fmt_read_one("spec", "=2A+3 A\nB+3 =1B\n", 16, "order");
	cr_expect_eq(cdok_puzzle_given(p, 0), 2);
	cr_expect_eq(cdok_puzzle_given(p, 3), 1);
	cr_expect_eq(cdok_cage_target(p, 0), 3);
	cdok_puzzle_free(p);

	/* All cages distinct: one word.  Indented directives are fine. */
	p = fmt_read_one("spec", "  @distinct\nA+3 A\nB+3 B\n", 24, "all");
	cr_expect(cdok_cage_distinct(p, 0) && cdok_cage_distinct(p, 1));
	out = fmt_write("spec", p, NULL, &len);
	cr_expect_str_eq(out, "@distinct\nA+3\tA\nB+3\tB\n");
	cdok_free(out);
	cdok_puzzle_free(p);
}

Test(killer, spec_directive_errors)
{
	static const struct tl_bad bads[] = {
		{"@boxes 3x3\nA+3 A\nB+3 B\n", CDOK_ERR_INVALID, 1, 8,
		 "boxes of 3x3 do not tile the 2 x 2 grid: a box must have 2 "
		 "cells"},
		{"@boxes 0x2\nA+3 A\nB+3 B\n", CDOK_ERR_INVALID, 1, 8,
		 "boxes of 0x2 do not tile"},
		{"@boxes 1x2\nA+3 A\nB+3 B\n", CDOK_ERR_INVALID, 1, 8,
		 "boxes of 1x2 are whole rows or columns: a box needs at "
		 "least 2 rows and 2 columns"},
		{"@boxes 3x1\nA+6 A A\nB+6 B B\nC+6 C C\n", CDOK_ERR_INVALID,
		 1, 8, "boxes of 3x1 are whole rows or columns"},
		{"@box 3x3\n1\n", CDOK_ERR_SYNTAX, 1, 1, "unknown directive "
		 "@box; cdok knows @boxes, @distinct, @diagonals, @nylimb and "
		 "@two-cell"},
		{"@two-cell x\n1\n", CDOK_ERR_SYNTAX, 1, 11, "unexpected "
		 "character 'x' after @two-cell"},
		{"@two-cell\n@two-cell\n1\n", CDOK_ERR_SYNTAX, 2, 1, "a second "
		 "@two-cell directive (the first is on line 1)"},
		{"@\n1\n", CDOK_ERR_SYNTAX, 1, 1, "expected a directive after "
		 "'@'"},
		{"@boxes\n1\n", CDOK_ERR_SYNTAX, 1, 7, "@boxes needs the shape "
		 "of a box"},
		{"@boxes1x1\n1\n", CDOK_ERR_SYNTAX, 1, 7, "unexpected "
		 "character '1' after @boxes"},
		{"@boxes 3y3\n1\n", CDOK_ERR_SYNTAX, 1, 9, "unexpected "
		 "character 'y' where the shape of a box"},
		{"@boxes 3x\n1\n", CDOK_ERR_SYNTAX, 1, 10, "@boxes needs rows "
		 "x columns"},
		{"@boxes 3x3 x\n1\n", CDOK_ERR_SYNTAX, 1, 12, "after the shape "
		 "of a box"},
		{"@boxes 64x1\n1\n", CDOK_ERR_LIMIT, 1, 8, "the number of rows "
		 "of a box is larger than 63"},
		{"@boxes 1x1\n@boxes 1x1\n1\n", CDOK_ERR_SYNTAX, 2, 1,
		 "a second @boxes directive (the first is on line 1)"},
		{"@distinct Q\nA+3 A\nB+3 B\n", CDOK_ERR_INVALID, 1, 11,
		 "@distinct names cage Q, but the grid has no cage Q"},
		{"@distinct A 1\nA+3 A\nB+3 B\n", CDOK_ERR_SYNTAX, 1, 13,
		 "unexpected character '1' in @distinct"},
		{"@distinct A+\nA+3 A\nB+3 B\n", CDOK_ERR_SYNTAX, 1, 12,
		 "unexpected character '+' in @distinct"},
		{"@distinct ABCDEFGHIJKLMNOP\nA+3 A\nB+3 B\n", CDOK_ERR_LIMIT,
		 1, 11, "label is longer than 15 letters"},
		{"@distinct\n\nA+3 A\nB+3 B\n", CDOK_ERR_SYNTAX, 2, 1,
		 "no grid after the directives"},
		{"@distinct\n", CDOK_ERR_SYNTAX, 2, 1, "no grid after the "
		 "directives"},
		{"A+3 A\n@distinct\nB+3 B\n", CDOK_ERR_SYNTAX, 2, 1,
		 "a directive must come before the grid's first row"},
		{"A+3=9 A\nB+3 B\n", CDOK_ERR_INVALID, 1, 4, "given value 9 "
		 "is outside 1..2"},
		{"=3 A+3\nA B+3\n", CDOK_ERR_SYNTAX, 1, 1, "a given written "
		 "with '=' belongs to a cage cell"},
		{"A=3=2 A+3\nB+3 B\n", CDOK_ERR_SYNTAX, 1, 4, "two given "
		 "values in one cell"},
		{"A= A+3\nB+3 B\n", CDOK_ERR_SYNTAX, 1, 2, "expected a given "
		 "value after '=', as in J=5"},
		{"A=99999999999999999999 A+3\nB+3 B\n", CDOK_ERR_LIMIT, 1, 2,
		 "given value does not fit in 64 bits"},
	};

	TL_EXPECT_READ_ERRORS("spec", bads);
}

/* A stream of specs: a block of directives starts a puzzle, even after
 * a drawing; drawings are still skipped. */
Test(killer, spec_streams)
{
	size_t len;
	char *text = fmt_corpus_file("killer/killer_ke_02.json", &len);
	cdok_puzzle *p = fmt_read_one("killer", text, len, "ke_02");
	char *spec = fmt_write("spec", p, NULL, NULL);
	char *drawing = fmt_write("ascii", p, NULL, NULL);
	char *all = malloc(2 * (strlen(spec) + strlen(drawing)) + 16);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n;

	sprintf(all, "%s\n%s\n%s\n%s", spec, drawing, spec, drawing);
	n = fmt_read_all("spec", all, strlen(all), &ps, &st, &err);
	cr_expect_eq(st, CDOK_END, "%d:%d: %s", err.line, err.column,
		     err.message);
	cr_expect_eq(n, 2);
	for (int i = 0; i < n; i++)
		cr_expect(fmt_same_model(p, ps[i], "stream"));
	fmt_free_puzzles(ps, n);
	free(all);
	cdok_free(drawing);
	cdok_free(spec);
	cdok_puzzle_free(p);
	free(text);
}

/* ---- drawings ---- */

Test(killer, drawings_show_boxes_and_givens_in_cages)
{
	static const char spec[] = "@boxes 2x2\n"
				   "@distinct A F\n"
				   "A+3=1\tA\tB+7\tB\n"
				   "C+7\tD+3\tD\tB\n"
				   "C\tE+5\tE\tF+4\n"
				   "G+7\tG\tF=3\tF\n";
	static const char ascii[] =
		"#########################\n"
		"#3+   :     #7+   :     #\n"
		"#  1  :     #     :     #\n"
		"#     :     #     :     #\n"
		"#=====+=====#=====+.....#\n"
		"#7+   |3+   !     |     #\n"
		"#     |     !     |     #\n"
		"#     |     !     |     #\n"
		"#- - -###################\n"
		"#     |5+   !     |4+   #\n"
		"#     |     !     |     #\n"
		"#     |     !     |     #\n"
		"#=====+=====#=====+.....#\n"
		"#7+   :     #     :     #\n"
		"#     :     #  3  :     #\n"
		"#     :     #     :     #\n"
		"#########################\n";
	static const char utf8[] =
		"┏━━━━━━━━━━━┳━━━━━━━━━━━┓\n"
		"┃3+   ┊     ┃7+   ┊     ┃\n"
		"┃  1  ┊     ┃     ┊     ┃\n"
		"┃     ┊     ┃     ┊     ┃\n"
		"┠─────┬─────┸─────┐┈┈┈┈┈┃\n"
		"┃7+   │3+   ┋     │     ┃\n"
		"┃     │     ┋     │     ┃\n"
		"┃     │     ┋     │     ┃\n"
		"┃┉┉┉┉┉┝━━━━━━━━━━━┿━━━━━┫\n"
		"┃     │5+   ┋     │4+   ┃\n"
		"┃     │     ┋     │     ┃\n"
		"┃     │     ┋     │     ┃\n"
		"┠─────┴─────┰─────┘┈┈┈┈┈┃\n"
		"┃7+   ┊     ┃     ┊     ┃\n"
		"┃     ┊     ┃  3  ┊     ┃\n"
		"┃     ┊     ┃     ┊     ┃\n"
		"┗━━━━━━━━━━━┻━━━━━━━━━━━┛\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "spec");
	char *out = fmt_write("ascii", p, NULL, NULL);

	cr_expect_str_eq(out, ascii);
	cdok_free(out);
	out = fmt_write("utf8", p, NULL, NULL);
	cr_expect_str_eq(out, utf8);
	cdok_free(out);

	/* Without boxes, cage D is one region again. */
	cdok_puzzle_set_boxes(p, 0, 0);
	out = fmt_write("ascii", p, NULL, NULL);
	cr_expect(strstr(out, "|7+   |3+   :     |     |\n") != NULL &&
		  strstr(out, "|.....+===========+=====+\n") != NULL, "%s",
		  out);
	cdok_free(out);
	cdok_puzzle_free(p);
}

/* ---- solving ---- */

static void solve_to_sol(const char *fmt, const char *rel,
			 const char *srel)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_puzzle *p = fmt_read_one(fmt, text, len, rel);
	int values[81], want[81];
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;

	read_sol(srel, 9, want);
	cdok_solve_params_init(&params);
	params.limit = 2;
	cr_assert_eq(cdok_solve(p, &params, values, &res, &err), CDOK_OK,
		     "%s: %s", rel, err.message);
	cr_expect_eq(res.count, 1, "%s: %llu solutions", rel,
		     (unsigned long long)res.count);
	cr_expect(res.complete, "%s", rel);
	cr_expect(!memcmp(values, want, sizeof(want)), "%s: not its .sol",
		  rel);
	cdok_puzzle_free(p);
	free(text);
}

Test(killer, corpus_solves_to_its_sol_files)
{
	int count;
	char **names = fmt_list("killer", ".json", &count);

	for (int i = 0; i < count; i++) {
		char rel[160], srel[160];

		snprintf(rel, sizeof(rel), "killer/%s", names[i]);
		snprintf(srel, sizeof(srel), "killer/%.*s.sol",
			 (int)strlen(names[i]) - 5, names[i]);
		solve_to_sol("killer", rel, srel);
	}
	fmt_free_names(names, count);
	names = fmt_list("killer", ".solo", &count);
	cr_expect_eq(count, 30);
	for (int i = 0; i < count; i++) {
		char rel[160], srel[160];

		snprintf(rel, sizeof(rel), "killer/%s", names[i]);
		snprintf(srel, sizeof(srel), "killer/%.*s.sol",
			 (int)strlen(names[i]) - 5, names[i]);
		solve_to_sol("solo", rel, srel);
	}
	fmt_free_names(names, count);
}

static int collect(void *user, const int *values)
{
	int (*sols)[81] = user;
	int k = sols[2][0]++;

	if (k < 2)
		memcpy(sols[k], values, sizeof(sols[k]));
	return 0;
}

Test(killer, ambiguous_and_impossible)
{
	size_t len;
	char *text = fmt_corpus_file("ambiguous/amb_killer.json", &len);
	cdok_puzzle *p = fmt_read_one("killer", text, len, "amb_killer");
	int sols[3][81] = {{0}}, want[81], want2[81];
	cdok_solve_params params;
	cdok_result res;
	cdok_error err;

	cdok_solve_params_init(&params);
	params.limit = 0;
	params.on_solution = collect;
	params.user = sols;
	cr_assert_eq(cdok_solve(p, &params, NULL, &res, &err), CDOK_OK);
	cr_expect_eq(res.count, 2);
	cr_expect(res.complete);
	read_sol("ambiguous/amb_killer.sol", 9, want);
	read_sol("ambiguous/amb_killer.sol2", 9, want2);
	cr_expect((!memcmp(sols[0], want, sizeof(want)) &&
		   !memcmp(sols[1], want2, sizeof(want2))) ||
		  (!memcmp(sols[0], want2, sizeof(want2)) &&
		   !memcmp(sols[1], want, sizeof(want))),
		  "the two solutions are not the .sol and .sol2");
	cdok_puzzle_free(p);
	free(text);

	text = fmt_corpus_file("invalid/nosol_killer.json", &len);
	p = fmt_read_one("killer", text, len, "nosol_killer");
	cr_assert_eq(cdok_solve(p, NULL, NULL, &res, &err), CDOK_OK);
	cr_expect_eq(res.count, 0);
	cr_expect(res.complete);
	cdok_puzzle_free(p);
	free(text);
}

/* Killer puzzles with a cage merged up to 9 cells (possible) or 10..18
 * (impossible: more cells than values that must differ): each decided
 * within a small node budget, impossible ones with the reason
 * (tests/data/killer-merged/README.md). */
Test(killer, merged_cages_are_decided)
{
	const char *dir = "tests/data/killer-merged";
	int nnames, seen = 0;
	char **names = tl_list(dir, ".json", &nnames);

	for (int i = 0; i < nnames; i++) {
		char path[512];
		size_t len;
		char *text;
		cdok_reader *r;
		cdok_puzzle *p = NULL;
		cdok_solve_params params;
		cdok_result res;
		bool impossible = strstr(names[i], "_impossible_") != NULL;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		text = fmt_slurp(path, &len);
		r = cdok_reader_new(test_format("killer"), text, len);
		cr_assert_not_null(r);
		cr_assert_eq(cdok_reader_next(r, &p, NULL), CDOK_OK, "%s",
			     path);
		cdok_solve_params_init(&params);
		params.max_nodes = 20000;
		cr_assert_eq(cdok_solve(p, &params, NULL, &res, NULL), CDOK_OK);
		if (impossible) {
			cr_expect_eq(res.verdict, CDOK_VERDICT_NONE, "%s: %s",
				     path, cdok_verdict_name(res.verdict));
			cr_expect(strstr(res.reason, "values must all differ")
				  != NULL, "%s: reason '%s'", path,
				  res.reason);
		} else {
			cr_expect(res.verdict == CDOK_VERDICT_UNIQUE ||
				  res.verdict == CDOK_VERDICT_MULTIPLE,
				  "%s: %s", path,
				  cdok_verdict_name(res.verdict));
		}
		cdok_puzzle_free(p);
		cdok_reader_free(r);
		free(text);
		seen++;
	}
	tl_free_names(names, nnames);
	cr_expect_eq(seen, 60);
}
