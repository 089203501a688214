/* test_cli_input.c -- what the program says about input it was not
 * told the format of, byte-order marks, Keen's random-seed IDs, commands
 * in any case, bad option values, and option sets that cannot work,
 * refused before any work (issues 11, 15 and 17).
 */
#include "cli_run.h"

#define KEEN "tests/data/corpus/keen/"
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

/* The status and the whole of standard error; nothing on stdout. */
static void expect_refusal(const char *input, int status, const char *err,
			   const char *const *args)
{
	struct run r;

	run_with_input(&r, input, args);
	cr_expect_eq(r.status, status, "%s: status %d: %s", args[0], r.status,
		     r.err.data);
	expect_str(&r.out, "", "stdout");
	expect_str(&r.err, err, "stderr");
	run_free(&r);
}

#define REFUSED(input, status, err, ...) \
	expect_refusal((input), (status), (err), \
		       (const char *const[]){ __VA_ARGS__, NULL })

/* A guessed format's error says which format it was read as, and the
 * message is that format's (not "unexpected character ':'" of a spec). */
Test(cli_input, guessed_format_is_named)
{
	REFUSED("6:abc\n", 3, "cdok: <stdin>:1:6: expected ',' and the clues "
		"after the block structure" GUESSED("keen") "\n", "examine");
	/* A malformed UCF header: N is 0, the end mark (issue 17). */
	REFUSED("0 0\n0\n", 3, "cdok: <stdin>:1:1: N is 0, the mark that "
		"ends a contest input, before any puzzle: a puzzle starts "
		"with \"N G\", N >= 1" GUESSED("ucf") "\n", "examine");
	/* UCF with the wrong number of letters in a row. */
	REFUSED("3 2\naab\nab\n", 3, "cdok: <stdin>:3:3: row 2 has 2 letters, "
		"but N is 3" GUESSED("ucf") "\n", "examine");
	/* A Cal Poly cage line that is cut short. */
	REFUSED("3\n0\n", 3, "cdok: <stdin>:2:2: expected the cage's number "
		"of cells" GUESSED("calpoly") "\n", "examine");
	/* A spec is a guess too. */
	REFUSED("A+3\tA\n1\t3\n", 3, "cdok: <stdin>:2:3: given value 3 is "
		"outside 1..2" GUESSED("spec") "\n", "examine");
	/* Named with --from, the format is not guessed: no note. */
	REFUSED("A+3\tA\n1\t3\n", 3, "cdok: <stdin>:2:3: given value 3 is "
		"outside 1..2\n", "--from", "spec", "examine");
}

/* With --from ucf, an input whose first line is the end mark said "no
 * puzzle in the input" without a place; now it shows the mark. */
Test(cli_input, ucf_end_mark_has_its_position)
{
	REFUSED("0\n", 3, "cdok: <stdin>:1:1: N is 0, the mark that ends a "
		"contest input, before any puzzle: a puzzle starts with \"N "
		"G\", N >= 1\n", "--from", "ucf", "examine");
	REFUSED("\n  0 0\n", 3, "cdok: <stdin>:2:3: N is 0, the mark that ends "
		"a contest input, before any puzzle: a puzzle starts with \"N "
		"G\", N >= 1\n", "--from", "ucf", "examine");
}

/* Keen's random-seed IDs hold the parameters a puzzle is made from, not
 * a puzzle: the message says so, at the '#'. */
Test(cli_input, keen_random_seed_ids)
{
	struct run r;

	CDOK_STDIN(&r, "6dh#12345\n", "examine");
	cr_expect_eq(r.status, 3);
	expect_match(r.err.data, "^cdok: <stdin>:1:4: this is a Keen "
		     "random-seed ID .*not a puzzle.*W:blocks,clues.*"
		     "\\(read as keen, ", "6dh#12345");
	run_free(&r);
	/* Keen's parameters before the ':' of a game ID are read past,
	 * as the game does. */
	CDOK_STDIN(&r, "3dhm:a_3aab_,s1m3m3a5\n", "examine");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.err, "", "stderr");
	run_free(&r);
}

/* A UTF-8 byte-order mark is skipped by every reader, and positions
 * count from after it. */
Test(cli_input, byte_order_mark)
{
	static const char *const files[] = {
		README6,
		KEEN "keen_4n_01.keen",
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
	/* cdok's JSON, and a column counted after the mark. */
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
	REFUSED("\xef\xbb\xbf" "A+3\tA\n1\t3\n", 3, "cdok: <stdin>:2:3: given "
		"value 3 is outside 1..2" GUESSED("spec") "\n", "examine");
	REFUSED("\xef\xbb\xbf" "A+3\tA!\n", 3, "cdok: <stdin>:1:6: unexpected "
		"character '!'" GUESSED("spec") "\n", "examine");
}

/* check's solution grids, too. */
Test(cli_input, byte_order_mark_in_a_solution)
{
	char *dir = make_tmpdir();
	char path[512];
	struct text sol = read_file("tests/data/corpus/cdok/cdok6T_01.sol");
	struct text with = { NULL, 0 };
	struct run r;

	snprintf(path, sizeof(path), "%s/answer.txt", dir);
	text_puts(&with, "\xef\xbb\xbf");
	text_append(&with, sol.data, sol.len);
	write_file(path, with.data);
	CDOK(&r, "check", "tests/data/corpus/cdok/cdok6T_01.spec", path);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.out, "The solution is correct.\n", "stdout");
	run_free(&r);
	text_free(&sol);
	text_free(&with);
	remove_tmpdir(dir);
}

/* Commands match in any case, as in the original cdok. */
Test(cli_input, commands_in_any_case)
{
	struct run a, b;

	CDOK(&a, "solve", README6);
	CDOK(&b, "Solve", README6);
	cr_expect_eq(b.status, 0, "%s", b.err.data);
	expect_str(&b.out, a.out.data, "Solve");
	run_free(&a);
	run_free(&b);
	CDOK(&b, "EXAMINE", README6);
	cr_expect_eq(b.status, 0, "%s", b.err.data);
	run_free(&b);
}

/* A bad value names the option as it was typed (it once said "for
 * -\x05", an internal code, when the value was a separate argument). */
Test(cli_input, bad_values_name_their_option)
{
	REFUSED("", 4, "cdok: bad value '-5' for --seed: expected a whole "
		"number from 0 up (try cdok --help)\n", "--seed", "-5",
		"generate");
	REFUSED("", 4, "cdok: bad value '0' for --count: expected a whole "
		"number from 1 up (try cdok --help)\n", "--count", "0",
		"generate");
	REFUSED("", 4, "cdok: bad value '0' for --max-cage: expected a whole "
		"number from 1 to 4096 (try cdok --help)\n", "--max-cage", "0",
		"generate");
	REFUSED("", 4, "cdok: bad value '0' for --count: expected a whole "
		"number from 1 up (try cdok --help)\n", "--count=0",
		"generate");
	REFUSED("", 4, "cdok: bad value '0' for -s: expected a whole number "
		"from 1 to 63 (try cdok --help)\n", "-s", "0", "generate");
	REFUSED("", 4, "cdok: bad value '99' for --size: expected a whole "
		"number from 1 to 63 (try cdok --help)\n", "--size", "99",
		"generate");
	REFUSED("", 4, "cdok: bad value 'x' for -j: expected a whole number "
		"from 1 to 256 (try cdok --help)\n", "-Tjx", "generate");
}

/* generate --to keen makes puzzles Keen can hold: - and / cages of two
 * cells (it implies -T); it once refused two of these three puzzles
 * after making them. */
Test(cli_input, generate_for_keen)
{
	struct run r;
	int lines = 0;

	CDOK(&r, "-s", "9", "--seed", "3", "--count", "3", "--to", "keen",
	     "generate");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.err, "", "stderr");
	for (size_t i = 0; i < r.out.len; i++)
		lines += r.out.data[i] == '\n';
	cr_expect_eq(lines, 3, "%s", r.out.data);
	run_free(&r);
	/* What Keen cannot hold is refused at once: no seed is drawn, no
	 * puzzle made. */
	REFUSED("", 4, "cdok: --to keen: the size is 10, but Keen plays sizes "
		"3 to 9\n", "-s", "10", "--to", "keen", "generate");
	REFUSED("", 4, "cdok: --to keen: a Keen game ID holds a plain "
		"Calcudoku: no Killer boxes\n", "--killer", "--to", "keen",
		"generate");
	REFUSED("", 4, "cdok: --to keen: a product cage of 10 cells can pass "
		"Keen's largest target, 536870911; cages of at most 9 cells "
		"stay within it\n", "-s", "9", "--max-cage", "10", "--to",
		"keen", "generate");
	REFUSED("", 4, "cdok: --to keen: the size is 12, but Keen plays sizes "
		"3 to 9\n", "-s", "12", "--to", "keen", "gen-grid");
}

/* Option sets that cannot work are usage errors before any work. */
Test(cli_input, impossible_option_sets)
{
	REFUSED("", 4, "cdok: option --seed does not apply to solve (try cdok "
		"help solve)\n", "--seed", "1", "solve", README6);
	REFUSED("", 4, "cdok: option --size does not apply to examine (try "
		"cdok help examine)\n", "-s", "9", "examine", README6);
	REFUSED("", 4, "cdok: option --jobs does not apply to harden (try cdok "
		"help harden)\n", "-j", "2", "harden", README6);
	REFUSED("", 4, "cdok: --to calpoly holds no puzzle with all the "
		"operators --ops names: use --ops with only those it has\n",
		"--to", "calpoly", "--ops", "+*", "generate");
	REFUSED("", 4, "cdok: --to solo: a Solo game ID is a Sudoku, plain "
		"(--sudoku) or Killer (with sum cages whose values differ)\n",
		"--to", "solo", "generate");
	REFUSED("", 4, "cdok: --to sudoku: a Sudoku line holds a plain "
		"Sudoku (--sudoku), with givens and no cages\n", "--to",
		"sudoku", "generate");
	REFUSED("", 4, "cdok: --to ucf: the size is 12, but UCF puzzles have N "
		"<= 9\n", "-s", "12", "--to", "ucf", "generate");
}

/* Cal Poly holds sums only: generate --to calpoly makes sum puzzles. */
Test(cli_input, generate_for_calpoly)
{
	struct run r, back;

	CDOK(&r, "-s", "4", "--seed", "5", "--count", "2", "--to", "calpoly",
	     "generate");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	CDOK_STDIN(&back, r.out.data, "--from", "calpoly", "examine");
	cr_expect_eq(back.status, 0, "%s", back.err.data);
	run_free(&back);
	run_free(&r);
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
