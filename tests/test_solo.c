/* test_solo.c -- Killer Sudoku game IDs of Simon Tatham's Solo.
 *
 * Every ID of the corpus must come back byte for byte and read to the
 * same puzzle as the .json beside it.  Other box shapes (2x3), givens,
 * and cage runs long enough for Solo's 'z' must mean what Solo's parser
 * makes of them.  Errors have positions; refusals have reasons.
 * (tests/test_killer.c solves the IDs.)
 */
#include "fmt_helpers.h"

Test(solo, corpus_ids_round_trip_and_match_their_json)
{
	int count;
	char **names = fmt_list("killer", ".solo", &count);

	cr_expect_eq(count, 30);
	for (int i = 0; i < count; i++) {
		char rel[160], jrel[160];
		size_t len, jlen, olen, again_len;
		char *text, *json, *out, *again;
		cdok_puzzle *p, *j;

		snprintf(rel, sizeof(rel), "killer/%s", names[i]);
		snprintf(jrel, sizeof(jrel), "killer/%.*s.json",
			 (int)strlen(names[i]) - 5, names[i]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one("solo", text, len, rel);
		cr_expect_eq(cdok_puzzle_box_rows(p), 3);
		cr_expect_eq(cdok_puzzle_box_cols(p), 3);

		/* Byte for byte: the file is the ID and a newline. */
		out = fmt_write("solo", p, NULL, &olen);
		cr_expect(olen == len && !memcmp(out, text, len),
			  "%s comes back as %s", rel, out);

		/* The same puzzle as the JSON, which written as an ID is
		 * the ID. */
		json = fmt_corpus_file(jrel, &jlen);
		j = fmt_read_one("killer", json, jlen, jrel);
		cr_expect(fmt_same_model(p, j, rel), "%s and %s differ", rel,
			  jrel);
		again = fmt_write("solo", j, NULL, &again_len);
		cr_expect_str_eq(again, out, "%s as a Solo ID", jrel);

		cdok_free(again);
		cdok_puzzle_free(j);
		free(json);
		cdok_free(out);
		cdok_puzzle_free(p);
		free(text);
	}
	fmt_free_names(names, count);
}

/* Write p as an ID, check it, read it back as the same puzzle, and
 * write that again as the same text. */
static void round_trip(const cdok_puzzle *p, const char *want)
{
	size_t len, again_len;
	char *out = fmt_write("solo", p, NULL, &len);
	cdok_puzzle *back;
	char *again;

	if (want)
		cr_expect_str_eq(out, want);
	back = fmt_read_one("solo", out, len, out);
	cr_expect(fmt_same_model(p, back, out));
	again = fmt_write("solo", back, NULL, &again_len);
	cr_expect_str_eq(again, out);
	cdok_free(again);
	cdok_puzzle_free(back);
	cdok_free(out);
}

/* Boxes of 2 x 3 (Solo's "2x3": boxes two rows tall and three columns
 * wide), here with dominoes along the rows. */
Test(solo, rectangular_boxes)
{
	static const char spec[] = "@boxes 2x3\n@distinct\n"
				   "A+3 A B+5 B C+7 C\n"
				   "D+3 D E+5 E F+7 F\n"
				   "G+3 G H+5 H I+7 I\n"
				   "J+3 J K+5 K L+7 L\n"
				   "M+3 M N+5 N O+7 O\n"
				   "P+3 P Q+5 Q R+7 R\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, strlen(spec), "2x3");
	cdok_puzzle *q;
	char *out;
	size_t len;

	out = fmt_write("solo", p, NULL, &len);
	cr_expect(!strncmp(out, "2x3k:zj,", 8), "%s", out);
	q = fmt_read_one("solo", out, len, out);
	cr_expect_eq(cdok_puzzle_size(q), 6);
	cr_expect_eq(cdok_puzzle_box_rows(q), 2);
	cr_expect_eq(cdok_puzzle_box_cols(q), 3);
	cr_expect_eq(cdok_puzzle_cage_count(q), 18);
	cr_expect_eq(cdok_cage_target(q, 17), 7);
	cdok_puzzle_free(q);
	cdok_free(out);
	round_trip(p, NULL);

	/* 3x2 is the other way round. */
	cdok_puzzle_set_boxes(p, 3, 2);
	out = fmt_write("solo", p, NULL, &len);
	cr_expect(!strncmp(out, "3x2k:", 5), "%s", out);
	cdok_free(out);
	round_trip(p, NULL);
	cdok_puzzle_free(p);
}

/* Givens: numbers in the first part, '_' between two of them. */
Test(solo, givens)
{
	size_t len;
	char *text = fmt_corpus_file("killer/killer_ka_01.solo", &len);
	cdok_puzzle *p = fmt_read_one("solo", text, len, "ka_01");
	char want[512];

	cdok_puzzle_set_given(p, 0, 6);
	cdok_puzzle_set_given(p, 1, 2);
	cdok_puzzle_set_given(p, 80, 9);
	/* 6 and 2 with '_' between them, 78 empty cells (26 + 26 + 26),
	 * then 9 with nothing before it. */
	snprintf(want, sizeof(want), "3x3k:6_2zzz9%s", strchr(text, ','));
	round_trip(p, want);
	cdok_puzzle_free(p);
	free(text);
}

/* Nine cages, one per row: 72 edges inside cages in a row.  Solo's
 * parser reads 'z' as 26 of them with no border after, so the run is
 * "zzt" (26 + 26 + 20, then the border). */
Test(solo, long_runs_use_the_parsers_z)
{
	char spec[512], want[512], under[80];
	size_t at = 0;
	cdok_puzzle *p;

	at += (size_t)sprintf(spec, "@boxes 3x3\n@distinct\n");
	for (int y = 0; y < 9; y++) {
		at += (size_t)sprintf(spec + at, "%c+45", 'A' + y);
		for (int x = 1; x < 9; x++)
			at += (size_t)sprintf(spec + at, " %c", 'A' + y);
		spec[at++] = '\n';
	}
	spec[at] = '\0';
	p = fmt_read_one("spec", spec, at, "rows");
	memset(under, '_', 72);
	under[72] = '\0';
	snprintf(want, sizeof(want), "3x3k:zzzc,zzt%s,"
		 "45h45h45h45h45h45h45h45h45h\n", under);
	round_trip(p, want);
	cdok_puzzle_free(p);
}

/* A stream: one ID per line, blank lines and blanks around them
 * ignored; an error names its line. */
Test(solo, streams)
{
	size_t len;
	char *id = fmt_corpus_file("killer/killer_ki_03.solo", &len);
	char *text = malloc(3 * len + 32);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n;

	sprintf(text, "\n  %.*s \t\n\n%s3x3k:", (int)len - 1, id, id);
	n = fmt_read_all("solo", text, strlen(text), &ps, &st, &err);
	cr_expect_eq(n, 2);
	cr_expect(n == 2 && fmt_same_model(ps[0], ps[1], "stream"));
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 5, "line %d", err.line);
	cr_expect_eq(err.column, 6, "column %d", err.column);
	fmt_free_puzzles(ps, n);
	free(text);
	free(id);
}

/* ---- errors ---- */

struct bad {
	const char *text;
	cdok_status status;
	int column;
	const char *part;
};

static void expect_bad(const struct bad *b)
{
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n = fmt_read_all("solo", b->text, strlen(b->text), &ps, &st,
			     &err);

	fmt_free_puzzles(ps, n);
	cr_expect_eq(n, 0, "%s", b->text);
	cr_expect_eq(st, b->status, "%.60s: status %d, wanted %d (%s)",
		     b->text, st, b->status, err.message);
	cr_expect_eq(err.line, 1, "%.60s: line %d (%s)", b->text, err.line,
		     err.message);
	cr_expect_eq(err.column, b->column, "%.60s: column %d, wanted %d "
		     "(%s)", b->text, err.column, b->column, err.message);
	cr_expect(strstr(err.message, b->part) != NULL, "%.60s: '%s' lacks "
		  "'%s'", b->text, err.message, b->part);
}

/* The parts of the corpus's killer_ka_01: parameters, givens, cages,
 * totals. */
#define CAGES "aa_aaaaa____aa_a___a______a____b__aa_a____aa_a_aca_a_a_aaa" \
	"__aa_a__a___a_a_a_____________a__abaaaaa_"
#define TOTALS "8a13a13_11a10a15_13c7a17b14_9_9a13b3c12_9_13a14a5_11_10b14" \
	"b13c12b19b9a8a14b11_11_19a15b4f8a19c"
#define U145 "_____________________________________________________________" \
	"____________________________________________________________" \
	"________________________"

Test(solo, malformed_ids)
{
	static const struct bad bads[] = {
		{"", CDOK_ERR_SYNTAX, 1, "no game ID found: the input is "
		 "empty"},
		{"x3k:zzzc," CAGES "," TOTALS, CDOK_ERR_SYNTAX, 1,
		 "unexpected character 'x' where a Solo game ID"},
		{"3x3k#12345", CDOK_ERR_UNSUPPORTED, 5, "random-seed ID"},
		{"3x3q:zzzc", CDOK_ERR_SYNTAX, 4, "unexpected character 'q' in "
		 "the parameters"},
		{"3x3k", CDOK_ERR_SYNTAX, 5, "expected ':' after the "
		 "parameters"},
		{"3xk:zzzc", CDOK_ERR_SYNTAX, 3, "expected the number of "
		 "columns of a box after 'x'"},
		{"3x3:zzzc,a", CDOK_ERR_SYNTAX, 9, "unexpected character ',' "
		 "after the givens of a plain Sudoku"},
		{"3x3:zzzb", CDOK_ERR_SYNTAX, 9, "the givens describe 80 of "
		 "the 81 cells"},
		{"3x3:zzz_b10", CDOK_ERR_INVALID, 10, "10 is outside 1..9"},
		{"8x4:a", CDOK_ERR_LIMIT, 1, "at most 31 cells; this ID says "
		 "8x4"},
		{"1x4:a", CDOK_ERR_LIMIT, 1, "at least 2"},
		{"9jk:zzzc", CDOK_ERR_UNSUPPORTED, 1, "Jigsaw"},
		{"3x1k:i", CDOK_ERR_UNSUPPORTED, 1, "Jigsaw"},
		/* x (Killer X) is read: the ID is cut short after it. */
		{"3x3xk:zzzc", CDOK_ERR_SYNTAX, 11, "expected ',' and the cage "
		 "structure"},
		{"4x3k:zzzzzm", CDOK_ERR_LIMIT, 1, "this ID says 4x3"},
		{"1x2k:b", CDOK_ERR_LIMIT, 1, "at least 2"},
		{"3x3k:zzzb," CAGES "," TOTALS, CDOK_ERR_SYNTAX, 10,
		 "the givens describe 80 of the 81 cells"},
		{"3x3k:zzzd," CAGES "," TOTALS, CDOK_ERR_SYNTAX, 9,
		 "the givens describe more than the 81 cells"},
		{"3x3k:zzzc1," CAGES "," TOTALS, CDOK_ERR_SYNTAX, 10,
		 "the givens describe more than the 81 cells"},
		{"3x3k:Azzzc", CDOK_ERR_SYNTAX, 6, "unexpected character 'A' "
		 "in the givens"},
		{"3x3k:0zzzb", CDOK_ERR_SYNTAX, 6, "starts with a digit 1-9"},
		{"3x3k:10zzzb", CDOK_ERR_INVALID, 6, "10 is outside 1..9, the "
		 "range of the givens"},
		{"3x3k:zzzc", CDOK_ERR_SYNTAX, 10, "expected ',' and the cage "
		 "structure after the givens"},
		{"3x3k:zzzc,A", CDOK_ERR_SYNTAX, 11, "unexpected character 'A' "
		 "in the cage structure"},
		{"3x3k:zzzc,_," TOTALS, CDOK_ERR_SYNTAX, 12, "too short for a "
		 "9 x 9 grid: its letters fill 1 of 145 places"},
		{"3x3k:zzzc," U145 "_," TOTALS, CDOK_ERR_SYNTAX, 156,
		 "describes more than the 144 borders"},
		{"3x3k:zzzc," CAGES, CDOK_ERR_SYNTAX, 110, "expected ',' and "
		 "the cage totals"},
		{"3x3k:zzzc," U145 ",zzzc", CDOK_ERR_INVALID, 11, "the cage "
		 "at row 1, column 1 has 1 cell; Solo's Killer cages have 2 "
		 "to 9"},
		{"3x3k:zzzc," CAGES ",zzzc", CDOK_ERR_INVALID, 111, "the cage "
		 "at row 1, column 1 has no total"},
		{"3x3k:zzzc," CAGES ",8_9zzza", CDOK_ERR_INVALID, 113, "the "
		 "cage at row 1, column 1 has two totals, 8 (at column 111) "
		 "and 9"},
		{"3x3k:zzzc," CAGES ",800zzzb", CDOK_ERR_INVALID, 111, "800 is "
		 "outside 1..729, the range of the totals"},
		{"3x3k:zzzc," CAGES "," TOTALS ",", CDOK_ERR_SYNTAX, 205,
		 "unexpected character ',' after the cage totals"},
		{"3x3k:zzzc," CAGES "," TOTALS " x", CDOK_ERR_SYNTAX, 205,
		 "in the totals"},
	};

	for (size_t i = 0; i < sizeof(bads) / sizeof(*bads); i++)
		expect_bad(&bads[i]);
}

/* ---- writing ---- */

static cdok_status try_write(const cdok_puzzle *p, const int *values,
			     cdok_error *err)
{
	char *out = NULL;
	cdok_status st;

	memset(err, 0, sizeof(*err));
	st = cdok_write(test_format("solo"), p, values, &out, NULL, err);
	if (st == CDOK_OK)
		cdok_free(out);
	else
		cr_expect_null(out);
	return st;
}

Test(solo, writer_refuses_what_solo_cannot_hold)
{
	size_t len;
	char *text = fmt_corpus_file("killer/barium_expert-1.json", &len);
	cdok_puzzle *p = fmt_read_one("killer", text, len, "expert-1");
	cdok_error err;
	int values[81] = {0};

	/* Barium's puzzle has one-cell cages. */
	cr_expect_eq(try_write(p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "has 1 cell; Solo's Killer cages have "
			 "2 to 9") != NULL, "%s", err.message);
	cdok_puzzle_free(p);
	free(text);

	text = fmt_corpus_file("killer/killer_kt_02.json", &len);
	p = fmt_read_one("killer", text, len, "kt_02");
	cr_expect_eq(try_write(p, NULL, &err), CDOK_OK, "%s", err.message);
	cr_expect_eq(try_write(p, values, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "not its solution") != NULL, "%s",
		  err.message);
	cdok_puzzle_set_cage_distinct(p, 3, 0);
	cr_expect_eq(try_write(p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "is not a Killer cage") != NULL, "%s",
		  err.message);
	cdok_puzzle_set_cage_distinct(p, 3, 1);
	cdok_puzzle_set_boxes(p, 0, 0);
	cr_expect_eq(try_write(p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "no boxes") != NULL, "%s", err.message);
	/* Boxes one cell wide are no boxes: the model refuses them
	 * (c1ce9b4), so the puzzle still has none. */
	cr_expect_eq(cdok_puzzle_set_boxes(p, 1, 9), CDOK_ERR_INVALID);
	cr_expect_eq(cdok_puzzle_box_rows(p), 0);
	cr_expect_eq(try_write(p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "no boxes") != NULL, "%s", err.message);
	cdok_puzzle_free(p);
	free(text);

	/* A 12 x 12 is beyond Solo's Killer puzzles, but not its plain
	 * Sudoku (up to 31 x 31). */
	p = cdok_puzzle_new(12);
	cdok_puzzle_set_boxes(p, 3, 4);
	cr_expect_eq(try_write(p, NULL, &err), CDOK_OK, "%s", err.message);
	cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, 3, (int[]){0, 1},
					  2, NULL, NULL), CDOK_OK);
	cr_expect_eq(try_write(p, NULL, &err), CDOK_ERR_UNSUPPORTED);
	cr_expect(strstr(err.message, "at most 9 cells") != NULL, "%s",
		  err.message);
	cdok_puzzle_free(p);
}
