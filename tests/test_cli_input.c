/* test_cli_input.c -- input the program reads, where a golden case
 * cannot say it: a byte-order mark before each corpus format gives the
 * same answer as without, and which JSON format a text is told as.  The
 * messages for input of an unnamed format, bad option values and option
 * sets that cannot work (issues 11, 15 and 17) are golden cases:
 * tests/cli/errors/guessed-format, bad-option-values, impossible-options.
 */
#include "cli_run.h"

#define README6 "examples/readme6.spec"

/* Run cdok with the text as standard input. */
static void run_with_input(struct run *r, const char *input,
			   const char *const *args)
{
	char *dir = make_tmpdir();
	char path[512];

	snprintf(path, sizeof(path), "%s/stdin", dir);
	write_file(path, input);
	run_cdok_io(r, path, NULL, args);
	remove_tmpdir(dir);
}

#define CDOK_STDIN(r, input, ...) \
	run_with_input((r), (input), (const char *const[]){ __VA_ARGS__, NULL })

/* A UTF-8 byte-order mark is skipped by every reader, and positions
 * count from after it. */
Test(cli_input, byte_order_mark)
{
	static const char *const files[] = {
		README6,
		"tests/data/corpus/keen/keen_4n_01.keen",
		"tests/data/corpus/ucf/sample.in",
		"tests/data/corpus/calpoly/sample.in",
		"tests/data/corpus/killer/killer_kt_01.solo",
		"tests/data/corpus/killer/killer_kt_01.json",
	};
	struct run plain, marked, json;
	struct text t, with;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		t = read_file(files[i]);
		with.data = NULL;
		with.len = 0;
		text_puts(&with, "\xef\xbb\xbf");
		text_append(&with, t.data, t.len);
		CDOK_STDIN(&plain, t.data, "examine");
		CDOK_STDIN(&marked, with.data, "examine");
		cr_expect_eq(plain.status, 0, "%s", files[i]);
		cr_expect_eq(marked.status, plain.status, "%s: %s", files[i],
			     marked.err.data);
		expect_str(&marked.out, plain.out.data, files[i]);
		run_free(&plain);
		run_free(&marked);
		text_free(&t);
		text_free(&with);
	}
	/* cdok's JSON (the column counted after the mark is the golden
	 * case errors/guessed-format). */
	CDOK(&json, "--to", "json", "convert", README6);
	with.data = NULL;
	with.len = 0;
	text_puts(&with, "\xef\xbb\xbf");
	text_append(&with, json.out.data, json.out.len);
	CDOK_STDIN(&marked, with.data, "examine");
	cr_expect_eq(marked.status, 0, "json: %s", marked.err.data);
	run_free(&marked);
	run_free(&json);
	text_free(&with);
}

/* libcdok-json's formats: killer, then json, in a list the program adds
 * to its set; the core alone has neither. */
Test(cli_input, json_formats_are_a_library_of_their_own)
{
	const cdok_format *const *list = cdok_json_formats();

	cr_assert_not_null(list[0]);
	cr_expect_str_eq(cdok_format_name(list[0]), "killer");
	cr_assert_not_null(list[1]);
	cr_expect_str_eq(cdok_format_name(list[1]), "json");
	cr_expect_null(list[2]);
	cr_expect_null(cdok_format_find("json"));
	cr_expect_null(cdok_format_find("killer"));
	cr_expect_eq(test_format("json"), list[1]);
	cr_expect(cdok_format_flags(list[1]) & CDOK_FORMAT_RESULTS);
}

/* Killer JSON is told from cdok's JSON by the keys of the first
 * document's object, found by a scan that checks its syntax. */
Test(cli_input, killer_or_json)
{
	static const struct {
		const char *text;
		const char *format;
	} cases[] = {
		{"{\"board\": [], \"cages\": []}", "killer"},
		{"{\"bo\\u0061rd\": 1, \"cages\": 2}", "killer"},
		{" [ {\"cages\": [[1, [[0, 0]]]], \"board\": null}, 3 ]",
		 "killer"},
		/* Keys of nested objects, or of a second element, do not
		 * count. */
		{"{\"x\": {\"board\": 1, \"cages\": 2}}", "json"},
		{"[{\"board\": 1}, {\"cages\": 2}]", "json"},
		{"[1, {\"board\": 1, \"cages\": 2}]", "json"},
		/* cdok's own documents say their format. */
		{"{\"board\": 1, \"cages\": 2, \"format\": \"cdok-puzzle\"}",
		 "json"},
		/* Not well-formed: left to the json reader's message. */
		{"{\"board\": 1, \"cages\": 2", "json"},
		{"{\"board\": [01], \"cages\": 2}", "json"},
		{"{\"board\": \"\\x\", \"cages\": 2}", "json"},
		{"{\"board\": 1, \"cages\": 99999999999999999999}", "json"},
		{"{\"board\": 1e999, \"cages\": 2}", "json"},
		{"{\"board\": \"\\ud800\", \"cages\": 2}", "json"},
		{"{\"board\": \"\xff\", \"cages\": 2}", "json"},
		/* What follows the first document is not looked at. */
		{"{\"board\": 1, \"cages\": 2} garbage", "killer"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const cdok_format *f = test_detect(cases[i].text,
						   strlen(cases[i].text));

		cr_assert_not_null(f, "%s", cases[i].text);
		cr_expect_str_eq(cdok_format_name(f), cases[i].format, "%s",
				 cases[i].text);
	}
}
