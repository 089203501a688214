/* test_json.c -- cdok's JSON puzzle documents and result documents.
 *
 * Every spec of the corpus must survive a trip through JSON with its
 * labels, and writing is stable (written, read and written again, the
 * text is the same).  Streams work as documents one after another and
 * as arrays.  Result documents are checked by parsing them with jansson
 * here, as a program calling cdok would.
 */
#include <jansson.h>

#include "fmt_helpers.h"
#include "testlib.h"

/* Same size, givens and cages (cells, clue and label), in order. */
static void expect_identical(const cdok_puzzle *a, const cdok_puzzle *b,
			     const char *what)
{
	int n = cdok_puzzle_size(a);

	cr_assert_eq(cdok_puzzle_size(b), n, "%s: size", what);
	for (int cell = 0; cell < n * n; cell++) {
		cr_expect_eq(cdok_puzzle_given(a, cell),
			     cdok_puzzle_given(b, cell), "%s: given", what);
		cr_expect_eq(cdok_puzzle_cage_of(a, cell),
			     cdok_puzzle_cage_of(b, cell), "%s: cage", what);
	}
	cr_assert_eq(cdok_puzzle_cage_count(a), cdok_puzzle_cage_count(b));
	for (int k = 0; k < cdok_puzzle_cage_count(a); k++) {
		const char *la = cdok_cage_label(a, k);
		const char *lb = cdok_cage_label(b, k);

		cr_expect_eq(cdok_cage_op(a, k), cdok_cage_op(b, k));
		cr_expect_eq(cdok_cage_target(a, k), cdok_cage_target(b, k));
		cr_assert_eq(cdok_cage_size(a, k), cdok_cage_size(b, k));
		cr_expect_str_eq(la ? la : "", lb ? lb : "", "%s: label",
				 what);
	}
}

static int spec_folder_round_trips(const char *folder)
{
	int count, done = 0;
	char **names = fmt_list(folder, ".spec", &count);

	for (int i = 0; i < count; i++) {
		char rel[160];
		size_t len, jlen, j2len;
		char *text, *json, *json2;
		cdok_puzzle *p, *back;

		snprintf(rel, sizeof(rel), "%s/%s", folder, names[i]);
		text = fmt_corpus_file(rel, &len);
		p = fmt_read_one("spec", text, len, rel);
		json = fmt_write("json", p, NULL, &jlen);
		back = fmt_read_one("json", json, jlen, rel);
		expect_identical(p, back, rel);
		json2 = fmt_write("json", back, NULL, &j2len);
		cr_expect_str_eq(json2, json, "%s: writing is not stable",
				 rel);
		cdok_free(json);
		cdok_free(json2);
		cdok_puzzle_free(p);
		cdok_puzzle_free(back);
		free(text);
		done++;
	}
	fmt_free_names(names, count);
	return done;
}

Test(json, corpus_specs_round_trip)
{
	cr_expect_eq(spec_folder_round_trips("keen"), 213);
	cr_expect_eq(spec_folder_round_trips("cdok"), 24);
	cr_expect_gt(spec_folder_round_trips("ambiguous"), 4);
	cr_expect_gt(spec_folder_round_trips("cdok-reference"), 2);
}

static const char small_spec[] = "J+5\tK-1\tK\nJ\t1\tL*6\nM/3\tM\tL\n";

Test(json, layout_of_a_puzzle_document)
{
	cdok_puzzle *p = fmt_read_one("spec", small_spec,
				      sizeof(small_spec) - 1, "spec");
	int values[9] = {3, 2, 1, 2, 1, 3, 1, 3, 2};
	size_t len;
	char *out = fmt_write("json", p, values, &len);

	cr_expect_str_eq(out,
		"{\n"
		"  \"format\": \"cdok-puzzle\",\n"
		"  \"version\": 1,\n"
		"  \"size\": 3,\n"
		"  \"cages\": [\n"
		"    {\"label\": \"J\", \"op\": \"+\", \"target\": 5, "
		"\"cells\": [[0, 0], [1, 0]]},\n"
		"    {\"label\": \"K\", \"op\": \"-\", \"target\": 1, "
		"\"cells\": [[0, 1], [0, 2]]},\n"
		"    {\"label\": \"L\", \"op\": \"*\", \"target\": 6, "
		"\"cells\": [[1, 2], [2, 2]]},\n"
		"    {\"label\": \"M\", \"op\": \"/\", \"target\": 3, "
		"\"cells\": [[2, 0], [2, 1]]}\n"
		"  ],\n"
		"  \"givens\": [\n"
		"    [1, 1, 1]\n"
		"  ],\n"
		"  \"solution\": [\n"
		"    [3, 2, 1],\n"
		"    [2, 1, 3],\n"
		"    [1, 3, 2]\n"
		"  ]\n"
		"}\n");
	cdok_free(out);
	cdok_puzzle_free(p);
}

static char *stream(unsigned flags, const cdok_puzzle *p, int times,
		    size_t *len)
{
	cdok_writer *w = cdok_writer_new(test_format("json"), flags);
	char *all = NULL, *piece;
	size_t n = 0, plen;
	cdok_error err;

	cr_assert_not_null(w);
	for (int i = 0; i <= times; i++) {
		cdok_status st = i < times ?
			cdok_writer_put(w, p, NULL, &piece, &plen, &err) :
			cdok_writer_finish(w, &piece, &plen, &err);

		cr_assert_eq(st, CDOK_OK, "%s", err.message);
		all = realloc(all, n + plen + 1);
		memcpy(all + n, piece, plen + 1);
		n += plen;
		cdok_free(piece);
	}
	cdok_writer_free(w);
	*len = n;
	return all;
}

Test(json, streams_of_documents_and_arrays)
{
	cdok_puzzle *p = fmt_read_one("spec", small_spec,
				      sizeof(small_spec) - 1, "spec");
	unsigned modes[4] = {0, CDOK_WRITER_COMPACT, CDOK_WRITER_ARRAY,
			     CDOK_WRITER_ARRAY | CDOK_WRITER_COMPACT};

	for (int m = 0; m < 4; m++) {
		size_t len;
		char *text = stream(modes[m], p, 3, &len);
		cdok_puzzle **ps;
		cdok_status st;
		cdok_error err;
		int n = fmt_read_all("json", text, len, &ps, &st, &err);

		cr_expect_eq(st, CDOK_END, "mode %u: %s", modes[m],
			     err.message);
		cr_expect_eq(n, 3, "mode %u", modes[m]);
		for (int i = 0; i < n; i++)
			expect_identical(p, ps[i], "stream");
		if (modes[m] == CDOK_WRITER_COMPACT) {
			int lines = 0;

			for (size_t i = 0; i < len; i++)
				lines += text[i] == '\n';
			cr_expect_eq(lines, 3, "JSON Lines: one per line");
		}
		if (modes[m] & CDOK_WRITER_ARRAY)
			cr_expect(text[0] == '[' && text[len - 2] == ']');
		fmt_free_puzzles(ps, n);
		free(text);
	}
	cdok_puzzle_free(p);
}

Test(json, empty_array_stream)
{
	static const char two[] = "[] [{\"size\": 1, \"givens\": "
				  "[[0, 0, 1]]}]";
	cdok_puzzle *p = fmt_read_one("spec", small_spec,
				      sizeof(small_spec) - 1, "spec");
	size_t len;
	char *text = stream(CDOK_WRITER_ARRAY, p, 0, &len);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n;

	cr_expect_str_eq(text, "[]\n");
	/* An empty array holds no puzzle; what follows is read. */
	n = fmt_read_all("json", two, sizeof(two) - 1, &ps, &st, &err);
	cr_expect_eq(st, CDOK_END, "%s", err.message);
	cr_expect_eq(n, 1);
	fmt_free_puzzles(ps, n);
	free(text);
	cdok_puzzle_free(p);
}

/* A hand-written document needs only what matters. */
Test(json, minimal_input)
{
	static const char doc[] =
		"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3,"
		" \"cells\": [[0, 0], [0, 1]]}], \"givens\": [[1, 0, 2]],"
		" \"comment\": \"members cdok does not know are ignored\"}";
	cdok_puzzle *p = fmt_read_one("json", doc, sizeof(doc) - 1, "doc");

	cr_expect_eq(cdok_puzzle_size(p), 2);
	cr_expect_eq(cdok_puzzle_cage_count(p), 1);
	cr_expect_null(cdok_cage_label(p, 0));
	cr_expect_eq(cdok_puzzle_given(p, 2), 2);
	cr_expect_eq(cdok_puzzle_cage_of(p, 3), -1);
	cdok_puzzle_free(p);
}

static const struct tl_bad bad[] = {
	{"", CDOK_ERR_SYNTAX, 1, 1, "empty"},
	{"  \n", CDOK_ERR_SYNTAX, 2, 1, "white space"},
	{"5", CDOK_ERR_SYNTAX, 1, 1, "JSON: '[' or '{' expected"},
	{"{\n  \"size\": 4,\n  \"cages\": [,]\n}", CDOK_ERR_SYNTAX, 3, 13,
	 "JSON: "},
	{"{\"size\": 4", CDOK_ERR_SYNTAX, 1, 10, "JSON: "},
	{"{\"size\": 4, \"size\": 5}", CDOK_ERR_SYNTAX, 1, 18, "duplicate"},
	{"{}", CDOK_ERR_SYNTAX, 1, 1, "the puzzle has no \"size\""},
	{"\n  {\"size\": \"4\"}", CDOK_ERR_SYNTAX, 2, 3, "size must be an "
	 "integer, not a string"},
	{"{\"size\": 64}", CDOK_ERR_LIMIT, 1, 1, "up to 63 x 63"},
	{"{\"size\": 0}", CDOK_ERR_INVALID, 1, 1, "size is 0, outside 1..63"},
	{"{\"size\": 2, \"cages\": {}}", CDOK_ERR_SYNTAX, 1, 1,
	 "\"cages\" must be an array"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"x\", \"target\": 3, \"cells\": "
	 "[[0, 0]]}]}", CDOK_ERR_SYNTAX, 1, 1, "cages[0].op must be one of"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"\xef\xbc\x8b\", \"target\": 3, "
	 "\"cells\": [[0, 0]]}]}", CDOK_ERR_SYNTAX, 1, 1, "it is the character "
	 "U+FF0B FULLWIDTH PLUS SIGN; did you mean '+'?"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"cells\": [[0, 0]]}]}",
	 CDOK_ERR_SYNTAX, 1, 1, "cages[0] has no \"target\""},
	{"{\"size\": 2, \"cages\": [{\"op\": \"*\", \"target\": 0, \"cells\": "
	 "[[0, 0]]}]}", CDOK_ERR_INVALID, 1, 1, "product target must not be "
	 "0"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": -3, \"cells\": "
	 "[[0, 0]]}]}", CDOK_ERR_INVALID, 1, 1, "cages[0].target is -3"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 2]]}]}", CDOK_ERR_INVALID, 1, 1, "cages[0].cells[0][1] (the "
	 "column) is 2, outside 0..1"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 0], [0]]}]}", CDOK_ERR_SYNTAX, 1, 1, "cages[0].cells[1] must be "
	 "[row, column]"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 0], [0, 0]]}]}", CDOK_ERR_INVALID, 1, 1, "listed twice"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 0], [0, 1]]}, {\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 1]]}]}", CDOK_ERR_INVALID, 1, 1, "cages[1].cells[0]: the cell "
	 "[0, 1] is already in cages[0]"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 0], [1, 1]]}]}", CDOK_ERR_INVALID, 1, 1, "cages[0] is not "
	 "connected"},
	{"{\"size\": 2, \"cages\": [{\"op\": \"+\", \"target\": 3, \"cells\": "
	 "[[0, 0]], \"label\": 7}]}", CDOK_ERR_SYNTAX, 1, 1, "label must be a "
	 "string"},
	{"{\"size\": 2, \"givens\": [[0, 0, 3]]}", CDOK_ERR_INVALID, 1, 1,
	 "givens[0][2] (the value) is 3, outside 1..2"},
	{"{\"size\": 2, \"givens\": [[0, 0, 1], [0, 0, 2]]}", CDOK_ERR_INVALID,
	 1, 1, "givens[1]: the cell [0, 0] already has a given"},
	{"{\"format\": \"cdok-puzzle\", \"version\": 2, \"size\": 2}",
	 CDOK_ERR_UNSUPPORTED, 1, 1, "version 2 is newer"},
	{"{\"format\": \"other\", \"size\": 2}", CDOK_ERR_UNSUPPORTED, 1, 1,
	 "\"format\" must be"},
	{"{\"board\": [[0]], \"cages\": []}", CDOK_ERR_UNSUPPORTED, 1, 1,
	 "Killer Sudoku"},
	{"{\"format\": \"cdok-result\", \"version\": 1}", CDOK_ERR_SYNTAX, 1, 1,
	 "no \"puzzle\""},
	{"x", CDOK_ERR_SYNTAX, 1, 1, "JSON: "},
};

Test(json, malformed_inputs_fail_where_expected)
{
	static const char array[] = "[{\"size\": 1}, 7]";
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n;

	TL_EXPECT_READ_ERRORS("json", bad);
	/* The first puzzle of the array is read, then the second fails. */
	n = fmt_read_all("json", array, sizeof(array) - 1, &ps, &st, &err);
	fmt_free_puzzles(ps, n);
	cr_expect_eq(n, 1);
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 1);
	cr_expect_eq(err.column, 1);
	cr_expect(strstr(err.message, "puzzle 2 of the array: a puzzle must be "
			 "a JSON object, not an integer") != NULL, "%s",
		  err.message);
}

/* A second document that is broken is reported where it is. */
Test(json, error_in_a_later_document)
{
	static const char text[] = "{\"size\": 1, \"givens\": [[0, 0, 1]]}\n"
				   "\n  {\"size\": 1,, }\n";
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n = fmt_read_all("json", text, sizeof(text) - 1, &ps, &st, &err);

	cr_expect_eq(n, 1);
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, 3);
	cr_expect_eq(err.column, 14, "column %d (%s)", err.column,
		     err.message);
	fmt_free_puzzles(ps, n);
}

/* ------------------------------------------------------------------ */
/* Result documents                                                    */

static json_t *result_doc(const cdok_puzzle *p, const cdok_json_info *info)
{
	char *out;
	size_t len;
	cdok_error err;
	json_error_t jerr;
	json_t *doc;

	cr_assert_eq(cdok_json_result(p, info, &out, &len, &err), CDOK_OK,
		     "%s", err.message);
	cr_assert_eq(strlen(out), len);
	cr_assert(len > 0 && out[len - 1] == '\n');
	doc = json_loadb(out, len, 0, &jerr);
	cr_assert_not_null(doc, "not JSON: %s\n%s", jerr.text, out);
	cdok_free(out);
	return doc;
}

static const char *str(const json_t *doc, const char *key)
{
	return json_string_value(json_object_get(doc, key));
}

static json_int_t num(const json_t *doc, const char *key)
{
	const json_t *v = json_object_get(doc, key);

	cr_assert(json_is_integer(v), "%s is not an integer", key);
	return json_integer_value(v);
}

Test(json, result_of_a_unique_solve)
{
	cdok_puzzle *p = fmt_read_one("spec", small_spec,
				      sizeof(small_spec) - 1, "spec");
	int values[9];
	const int *sols[1] = {values};
	cdok_result res;
	cdok_error err;
	cdok_json_info info;
	cdok_json_timing t[2] = {{"read", 0.00012}, {"solve", 0.0021}};
	json_t *doc, *v;
	char *text;
	size_t len;
	cdok_puzzle *back;

	cr_assert_eq(cdok_solve(p, NULL, values, &res, &err), CDOK_OK);
	cdok_json_info_init(&info);
	info.command = "solve";
	info.source = "small.spec";
	info.index = 1;
	info.result = &res;
	info.solutions = sols;
	info.nsolutions = 1;
	info.timings = t;
	info.ntimings = 2;
	doc = result_doc(p, &info);
	cr_expect_str_eq(str(doc, "format"), "cdok-result");
	cr_expect_eq(num(doc, "version"), 2);
	cr_expect_str_eq(str(doc, "command"), "solve");
	cr_expect_str_eq(str(doc, "source"), "small.spec");
	cr_expect_eq(num(doc, "index"), 1);
	cr_expect_str_eq(str(doc, "verdict"), "unique");
	cr_expect_eq(num(doc, "count"), 1);
	cr_expect(json_is_true(json_object_get(doc, "complete")));
	/* Without a grade there is no difficulty, only the solver's
	 * number (version 2). */
	cr_expect_null(json_object_get(doc, "difficulty"));
	cr_expect_eq(num(doc, "search_score"), (json_int_t)res.search_score);
	cr_expect_eq(num(doc, "nodes"), (json_int_t)res.nodes);
	v = json_object_get(doc, "solutions");
	cr_expect_eq(json_array_size(v), 1);
	cr_expect_eq(json_integer_value(json_array_get(json_array_get(
		json_array_get(v, 0), 2), 0)), values[6]);
	v = json_object_get(doc, "timings");
	cr_expect(json_real_value(json_object_get(v, "solve")) > 0.002);
	cr_expect_str_eq(str(json_object_get(doc, "puzzle"), "format"),
			 "cdok-puzzle");
	cr_expect_null(json_object_get(doc, "seed"));
	cr_expect_null(json_object_get(doc, "check"));

	/* Reading a result document reads its puzzle. */
	text = json_dumps(doc, 0);
	len = strlen(text);
	back = fmt_read_one("json", text, len, "result");
	expect_identical(p, back, "result's puzzle");
	cdok_puzzle_free(back);
	free(text);
	json_decref(doc);
	cdok_puzzle_free(p);
}

static const char *verdict_of(uint64_t count, int complete, int gave_up)
{
	static char buf[32];
	cdok_result res;
	cdok_json_info info;
	json_t *doc;

	memset(&res, 0, sizeof(res));
	res.count = count;
	res.complete = complete;
	res.gave_up = gave_up;
	cdok_json_info_init(&info);
	info.omit_puzzle = 1;
	info.result = &res;
	doc = result_doc(NULL, &info);
	snprintf(buf, sizeof(buf), "%s", str(doc, "verdict"));
	cr_expect_null(json_object_get(doc, "puzzle"));
	if (strcmp(buf, "unique"))
		cr_expect_null(json_object_get(doc, "difficulty"));
	json_decref(doc);
	return buf;
}

Test(json, verdicts)
{
	cr_expect_str_eq(verdict_of(1, 1, 0), "unique");
	cr_expect_str_eq(verdict_of(0, 1, 0), "none");
	cr_expect_str_eq(verdict_of(2, 0, 0), "multiple");
	cr_expect_str_eq(verdict_of(5, 1, 0), "multiple");
	cr_expect_str_eq(verdict_of(0, 0, 1), "gave-up");
	cr_expect_str_eq(verdict_of(1, 0, 1), "gave-up");
	cr_expect_str_eq(verdict_of(1, 0, 0), "found");
}

Test(json, result_of_generate_and_check)
{
	cdok_puzzle *p = fmt_read_one("spec", small_spec,
				      sizeof(small_spec) - 1, "spec");
	int wrong[9] = {3, 2, 1, 1, 2, 3, 1, 3, 2};
	cdok_problem *probs;
	int nprobs;
	cdok_error err;
	cdok_json_info info;
	json_t *doc, *check, *pr;

	cdok_json_info_init(&info);
	info.command = "generate";
	info.has_seed = 1;
	info.seed = UINT64_MAX;
	info.flags = CDOK_WRITER_COMPACT;
	doc = result_doc(p, &info);
	cr_expect_str_eq(str(doc, "seed"), "18446744073709551615");
	json_decref(doc);

	cr_assert_eq(cdok_check(p, wrong, &probs, &nprobs, &err), CDOK_OK);
	cr_assert_gt(nprobs, 0);
	cdok_json_info_init(&info);
	info.command = "check";
	info.candidate = wrong;
	info.problems = probs;
	info.nproblems = nprobs;
	doc = result_doc(p, &info);
	check = json_object_get(doc, "check");
	cr_assert_not_null(check);
	cr_expect(json_is_false(json_object_get(check, "correct")));
	cr_expect_eq(json_array_size(json_object_get(check, "problems")),
		     (size_t)nprobs);
	pr = json_array_get(json_object_get(check, "problems"), 0);
	cr_expect_str_eq(str(pr, "kind"), "given");
	cr_expect_str_eq(str(pr, "message"), "the given 1 in r2c2 "
			 "was changed to 2");
	json_decref(doc);
	cdok_free(probs);
	cdok_puzzle_free(p);
}
