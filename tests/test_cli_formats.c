/* test_cli_formats.c -- golden tests of the cdok program's formats:
 * --from, --to, convert and check (cli_run.h runs the binary).
 *
 *  - the UCF contest's sample and keen20 answered byte for byte, every
 *    Cal Poly puzzle answered as its .out file, and a UCF stream with
 *    puzzles that have no unique solution (their numbers are kept);
 *  - round trips through convert: Keen IDs through the spec, the spec
 *    through Keen, UCF files through JSON, all byte for byte;
 *  - check: every corpus .sol is accepted;
 *  - unknown formats (status 4), and the JSON result documents, parsed
 *    here with jansson;
 *
 * One run compared with its output (refusals with the library's reason,
 * wrong grids and bad files for check, --from forcing the reader) is a
 * golden case in tests/cli/check and tests/cli/convert.
 *  - 100 9 x 9 puzzles in a UCF file, answered in well under a second.
 */
#include <jansson.h>

#include "cdok.h"
#include "cli_run.h"

#define CORPUS "tests/data/corpus/"
#define UCF    CORPUS "ucf/"
#define KEEN   CORPUS "keen/"

/* ---- helpers ---- */

/* The names in a folder ending in suffix, sorted, as "DIR/NAME" paths;
 * NULL-terminated.  Free with free_paths. */
static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **list_paths(const char *dir, const char *suffix, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **paths = NULL;
	int n = 0;

	cr_assert(d, "opendir %s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		char *path;

		if (!has_suffix(e->d_name, suffix))
			continue;
		paths = realloc(paths, sizeof(*paths) * (size_t)(n + 2));
		cr_assert(paths);
		cr_assert(asprintf(&path, "%s/%s", dir, e->d_name) > 0);
		paths[n++] = path;
	}
	closedir(d);
	cr_assert(n > 0, "no %s files in %s", suffix, dir);
	qsort(paths, (size_t)n, sizeof(*paths), cmp_str);
	paths[n] = NULL;
	*count = n;
	return paths;
}

static void free_paths(char **paths)
{
	for (int i = 0; paths[i]; i++)
		free(paths[i]);
	free(paths);
}

/* The files one after another, with sep between them. */
static struct text concat(char **paths, const char *sep)
{
	struct text t = { NULL, 0 };

	text_append(&t, "", 0);
	for (int i = 0; paths[i]; i++) {
		struct text f = read_file(paths[i]);

		if (i > 0)
			text_puts(&t, sep);
		text_append(&t, f.data, f.len);
		text_free(&f);
	}
	return t;
}

/* Run cdok on a text given as its standard input (through a file in
 * dir). */
static void run_on_text(struct run *r, const char *dir, const char *text,
			const char *const *args)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/stdin.txt", dir);
	write_file(path, text);
	run_cdok_io(r, path, NULL, args);
}

#define CDOK_TEXT(r, dir, text, ...) \
	run_on_text((r), (dir), (text), \
		    (const char *const[]){ __VA_ARGS__, NULL })

/* Each line of s as a JSON document (JSON Lines).  Returns how many;
 * docs gets them (json_decref each). */
static int parse_lines(const char *s, json_t **docs, int cap)
{
	int n = 0;

	while (*s) {
		const char *end = strchr(s, '\n');
		json_error_t jerr;
		json_t *doc;

		cr_assert(end, "JSON Lines output must end in a newline");
		cr_assert(n < cap, "more than %d documents", cap);
		doc = json_loadb(s, (size_t)(end - s), 0, &jerr);
		cr_assert(doc, "line %d is not JSON: %s\n%.*s", n + 1,
			  jerr.text, (int)(end - s), s);
		docs[n++] = doc;
		s = end + 1;
	}
	return n;
}

static const char *json_str(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	cr_assert(json_is_string(v), "member \"%s\" is not a string", key);
	return json_string_value(v);
}

static json_int_t json_int(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	cr_assert(json_is_integer(v), "member \"%s\" is not an integer", key);
	return json_integer_value(v);
}

/* ---- UCF and Cal Poly answers ---- */

Test(cli_formats, ucf_answers_byte_exact)
{
	static const char *const names[] = { "sample", "keen20" };
	char in[256], out[256];
	struct run r;

	for (size_t i = 0; i < 2; i++) {
		snprintf(in, sizeof(in), UCF "%s.in", names[i]);
		snprintf(out, sizeof(out), UCF "%s.out", names[i]);
		CDOK(&r, "solve", "--to", "ucf", in);
		cr_expect(r.status == 0, "%s: status %d: %s", in, r.status,
			  r.err.data);
		expect_file(&r.out, out, out);
		expect_str(&r.err, "", "stderr");
		run_free(&r);

		/* Forcing the format read changes nothing. */
		CDOK(&r, "solve", "--from", "ucf", "--to=ucf", in);
		expect_file(&r.out, out, out);
		run_free(&r);
	}
}

Test(cli_formats, calpoly_answers_byte_exact)
{
	int n;
	char **ins = list_paths(CORPUS "calpoly", ".in", &n);

	cr_expect(n >= 11, "only %d Cal Poly puzzles", n);
	for (int i = 0; ins[i]; i++) {
		char out[512];
		struct run r;

		snprintf(out, sizeof(out), "%.*s.out",
			 (int)(strlen(ins[i]) - 3), ins[i]);
		CDOK(&r, "solve", "--to", "calpoly", ins[i]);
		cr_expect(r.status == 0, "%s: status %d: %s", ins[i],
			  r.status, r.err.data);
		expect_file(&r.out, out, out);
		run_free(&r);
	}
	free_paths(ins);
}

/* Puzzles without a unique solution get no answer but keep their
 * numbers, are named on stderr, and the most serious status wins. */
Test(cli_formats, ucf_stream_keeps_numbers)
{
	static const char one[] = "2 4\nab\ncd\na 1 .\nb 2 .\nc 2 .\nd 1 .\n";
	char *dir = make_tmpdir();
	struct text in = { NULL, 0 };
	char path[512], want[2048];
	struct run r;

	text_puts(&in, one);
	text_puts(&in, "2 2\naa\nab\na 6 +\nb 1 +\n");   /* no solution */
	text_puts(&in, "2 2\naa\nbb\na 3 +\nb 3 +\n");   /* two */
	text_puts(&in, one);
	text_puts(&in, "0\n");
	snprintf(path, sizeof(path), "%s/mixed.in", dir);
	write_file(path, in.data);

	CDOK(&r, "solve", "--to", "ucf", path);
	cr_expect(r.status == 2, "status %d", r.status);
	expect_str(&r.out, "KenKen Puzzle #1:\n12\n21\n\n"
		   "KenKen Puzzle #4:\n12\n21\n\n", "stdout");
	snprintf(want, sizeof(want),
		 "cdok: %s: puzzle #2 has no solution\n"
		 "cdok: %s: puzzle #3 has more than one solution\n",
		 path, path);
	expect_str(&r.err, want, "stderr");
	run_free(&r);

	/* Several inputs are one stream: no headers, numbers go on. */
	CDOK(&r, "solve", "--to", "ucf", UCF "sample.in", UCF "sample.in");
	cr_expect(r.status == 0);
	expect_match(r.out.data, "^KenKen Puzzle #1:\n12\n21\n\n"
		     "KenKen Puzzle #2:\n[0-9\n]+\n"
		     "KenKen Puzzle #3:\n12\n21\n\n"
		     "KenKen Puzzle #4:\n[0-9\n]+\n$", "two inputs");
	run_free(&r);

	text_free(&in);
	remove_tmpdir(dir);
}

/* ---- round trips ---- */

/* Every Keen ID of the corpus through the spec and back, as one
 * stream; and the corpus specs of the same puzzles through Keen. */
Test(cli_formats, keen_spec_round_trips)
{
	int nk, ns;
	char **keens = list_paths(CORPUS "keen", ".keen", &nk);
	char **specs = list_paths(CORPUS "keen", ".spec", &ns);
	struct text ids = concat(keens, ""), spec_in = concat(specs, "\n");
	struct text as_spec, as_spec2;
	char *dir = make_tmpdir();
	struct run r;

	cr_assert_eq(nk, ns);

	/* keen -> spec -> keen */
	CDOK_TEXT(&r, dir, ids.data, "convert", "--to", "spec");
	cr_assert(r.status == 0, "to spec: status %d: %s", r.status,
		  r.err.data);
	as_spec = r.out;
	r.out.data = NULL;
	run_free(&r);
	CDOK_TEXT(&r, dir, as_spec.data, "convert", "--to", "keen");
	cr_expect(r.status == 0, "back to keen: status %d: %s", r.status,
		  r.err.data);
	expect_text(&r.out, ids.data, ids.len, "keen -> spec -> keen");
	run_free(&r);

	/* spec -> keen is the corpus's IDs, and -> spec again gives the
	 * same spec as the IDs did (labels aside, the corpus's specs are
	 * hand-aligned; this is the canonical form). */
	CDOK_TEXT(&r, dir, spec_in.data, "convert", "--to", "keen");
	cr_expect(r.status == 0, "spec -> keen: status %d: %s", r.status,
		  r.err.data);
	expect_text(&r.out, ids.data, ids.len, "spec -> keen");
	run_free(&r);
	CDOK_TEXT(&r, dir, ids.data, "convert", "--to", "spec");
	cr_expect(r.status == 0);
	expect_text(&r.out, as_spec.data, as_spec.len,
		    "spec -> keen -> spec");
	as_spec2 = r.out;
	r.out.data = NULL;
	run_free(&r);
	CDOK_TEXT(&r, dir, as_spec2.data, "convert", "--to", "spec");
	expect_text(&r.out, as_spec2.data, as_spec2.len,
		    "the canonical spec is a fixed point");
	run_free(&r);

	/* One file at a time, from a file and forced. */
	text_free(&as_spec2);
	CDOK(&r, "convert", "--from", "keen", "--to", "spec", keens[0]);
	cr_expect(r.status == 0);
	as_spec2 = r.out;
	r.out.data = NULL;
	run_free(&r);
	CDOK_TEXT(&r, dir, as_spec2.data, "convert", "--from", "spec",
		  "--to", "keen");
	expect_file(&r.out, keens[0], keens[0]);
	run_free(&r);

	text_free(&as_spec);
	text_free(&as_spec2);
	text_free(&ids);
	text_free(&spec_in);
	free_paths(keens);
	free_paths(specs);
	remove_tmpdir(dir);
}

Test(cli_formats, ucf_json_round_trip)
{
	static const char *const files[] = { UCF "sample.in",
					     UCF "keen20.in" };
	char *dir = make_tmpdir();

	for (size_t i = 0; i < 2; i++) {
		json_t *docs[64];
		struct text in = read_file(files[i]), json_text;
		struct run r;
		int n;

		CDOK(&r, "convert", "--to", "json", files[i]);
		cr_expect(r.status == 0, "%s: status %d", files[i], r.status);
		n = parse_lines(r.out.data, docs, 64);
		cr_expect(n == (i == 0 ? 2 : 20), "%s: %d documents",
			  files[i], n);
		for (int k = 0; k < n; k++) {
			cr_expect_str_eq(json_str(docs[k], "format"),
					 "cdok-puzzle");
			json_decref(docs[k]);
		}
		json_text = r.out;
		r.out.data = NULL;
		run_free(&r);
		CDOK_TEXT(&r, dir, json_text.data, "convert", "--to", "ucf");
		text_free(&json_text);
		cr_expect(r.status == 0, "json -> ucf: %s", r.err.data);
		expect_text(&r.out, in.data, in.len, "ucf -> json -> ucf");
		run_free(&r);
		text_free(&in);
	}
	remove_tmpdir(dir);
}

/* ---- check ---- */

static void check_accepts(const char *sol)
{
	char spec[512];
	struct run r;

	snprintf(spec, sizeof(spec), "%.*s.spec", (int)(strlen(sol) - 4), sol);
	CDOK(&r, "check", spec, sol);
	cr_expect(r.status == 0, "%s: status %d: %s%s", sol, r.status,
		  r.out.data, r.err.data);
	expect_str(&r.out, "The solution is correct.\n", sol);
	expect_str(&r.err, "", "stderr");
	run_free(&r);
}

Test(cli_formats, check_accepts_every_sol)
{
	static const char *const dirs[] = { CORPUS "cdok", CORPUS "keen" };

	for (size_t d = 0; d < 2; d++) {
		int n;
		char **sols = list_paths(dirs[d], ".sol", &n);

		/* Every tenth Keen one: they are many and alike. */
		for (int i = 0; i < n; i += d ? 10 : 1)
			check_accepts(sols[i]);
		free_paths(sols);
	}
}

/* ---- format names ---- */

/* The names the messages list, from the formats the program has (the
 * core's, libcdok-json's and libcdok-render's) as it builds them:
 * formats that read, or that write. */
static void format_list(char *buf, size_t cap, bool reading)
{
	cdok_formats *set = cdok_formats_new();
	size_t len = 0;

	cr_assert_not_null(set);
	cr_assert_eq(cdok_formats_add(set, cdok_json_formats(), NULL),
		     CDOK_OK);
	cr_assert_eq(cdok_formats_add(set, cdok_render_formats(), NULL),
		     CDOK_OK);
	buf[0] = '\0';
	for (int i = 0; cdok_formats_at(set, i); i++) {
		const cdok_format *f = cdok_formats_at(set, i);

		if (reading ? !cdok_format_can_read(f)
			    : !cdok_format_can_write(f))
			continue;
		len += (size_t)snprintf(buf + len, cap - len, "%s%s",
					len ? ", " : "", cdok_format_name(f));
		cr_assert(len < cap);
	}
	cdok_formats_free(set);
}

Test(cli_formats, format_names)
{
	static const char *const later[] = { "killer", "solo" };
	char readers[512], writers[512], want[2048];
	struct run r;

	format_list(readers, sizeof(readers), true);
	format_list(writers, sizeof(writers), false);
	cr_expect(strstr(readers, "spec, ucf, calpoly, keen") &&
		  strstr(readers, "json") && !strstr(readers, "ascii"),
		  "readers: %s", readers);
	cr_expect(strstr(writers, "json") && strstr(writers, "utf8"),
		  "writers: %s", writers);

	CDOK(&r, "convert", "--to", "yaml", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4);
	expect_str(&r.out, "", "stdout");
	snprintf(want, sizeof(want), "cdok: unknown format 'yaml' for --to: "
		 "expected %s (try cdok --help)\n", writers);
	expect_str(&r.err, want, "--to yaml");
	run_free(&r);

	CDOK(&r, "print", "--from", "yaml", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4);
	snprintf(want, sizeof(want), "cdok: unknown format 'yaml' for "
		 "--from: expected %s (try cdok --help)\n", readers);
	expect_str(&r.err, want, "--from yaml");
	run_free(&r);

	/* Formats FORMATS.md names that the library may not have yet are
	 * not "unknown". */
	for (size_t i = 0; i < sizeof(later) / sizeof(later[0]); i++) {
		if (test_format(later[i]))
			continue;
		CDOK(&r, "print", "--from", later[i], KEEN "keen_3e_01.keen");
		cr_expect(r.status == 4);
		snprintf(want, sizeof(want), "cdok: the %s format is not "
			 "supported yet; --from takes %s (try cdok --help)\n",
			 later[i], readers);
		expect_str(&r.err, want, later[i]);
		run_free(&r);
	}

	CDOK(&r, "print", "--from", "utf8", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4);
	expect_match(r.err.data, "^cdok: the utf8 format can only be "
		     "written; ", "--from utf8");
	run_free(&r);

	/* What each command takes. */
	CDOK(&r, "convert", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4);
	expect_str(&r.err, "cdok: convert needs --to FORMAT, the format to "
		   "write (try cdok --help)\n", "convert without --to");
	run_free(&r);
	CDOK(&r, "solve", "--to", "keen", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4, "solve --to keen: %d", r.status);
	run_free(&r);
	CDOK(&r, "examine", "--to", "ucf", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4, "examine --to ucf: %d", r.status);
	run_free(&r);
	CDOK(&r, "solve", "--all", "--to", "ucf", KEEN "keen_3e_01.keen");
	cr_expect(r.status == 4, "solve --all --to ucf: %d", r.status);
	run_free(&r);
	CDOK(&r, "generate", "--from", "spec");
	cr_expect(r.status == 4, "generate --from: %d", r.status);
	run_free(&r);
}

/* print --to: the puzzle alone, no drawing. */
Test(cli_formats, print_to)
{
	struct text want = read_file(KEEN "keen_3e_01.keen");
	struct run r;

	CDOK(&r, "print", "--to", "keen", KEEN "keen_3e_01.spec");
	cr_expect(r.status == 0);
	expect_text(&r.out, want.data, want.len, "print --to keen");
	run_free(&r);
	text_free(&want);

	CDOK(&r, "print", "--to", "ascii", CORPUS "cdok-reference/ex6.spec");
	cr_expect(r.status == 0);
	want = read_file(CORPUS "cdok-reference/ex6.print.txt");
	/* The default output is the spec, a blank line, the drawing. */
	cr_expect(r.out.len < want.len &&
		  !strcmp(want.data + want.len - r.out.len, r.out.data),
		  "print --to ascii is not the drawing:\n%s", r.out.data);
	run_free(&r);
	text_free(&want);
}

/* ---- JSON results ---- */

Test(cli_formats, json_results)
{
	json_t *docs[8];
	struct run r;
	int n;

	CDOK(&r, "solve", "--to", "json", UCF "sample.in");
	cr_expect(r.status == 0);
	n = parse_lines(r.out.data, docs, 8);
	cr_assert(n == 2, "%d documents", n);
	for (int k = 0; k < n; k++) {
		json_t *timings = json_object_get(docs[k], "timings");

		cr_expect_str_eq(json_str(docs[k], "format"), "cdok-result");
		cr_expect_eq(json_int(docs[k], "version"), 2);
		cr_expect_str_eq(json_str(docs[k], "command"), "solve");
		cr_expect_str_eq(json_str(docs[k], "source"), UCF "sample.in");
		cr_expect_eq(json_int(docs[k], "index"), k + 1);
		cr_expect_str_eq(json_str(docs[k], "verdict"), "unique");
		cr_expect_eq(json_int(docs[k], "count"), 1);
		cr_expect(json_is_true(json_object_get(docs[k], "complete")));
		/* The grade's difficulty, 10000 x (level + 1) + score, and
		 * the solver's own number apart. */
		cr_expect_geq(json_int(docs[k], "difficulty"), 10000);
		cr_expect(json_is_integer(json_object_get(docs[k],
							  "search_score")));
		cr_expect(json_is_object(json_object_get(docs[k], "puzzle")));
		cr_expect_eq(json_array_size(json_object_get(docs[k],
							     "solutions")), 1);
		cr_expect(json_is_number(json_object_get(timings, "solve")));
		cr_expect(json_is_number(json_object_get(timings, "read")));
		json_decref(docs[k]);
	}
	run_free(&r);

	/* Verdicts other than unique, and their statuses. */
	CDOK(&r, "examine", "--to", "json",
	     CORPUS "ambiguous/amb_sum_4x4.spec");
	cr_expect(r.status == 2);
	cr_assert(parse_lines(r.out.data, docs, 8) == 1);
	cr_expect_str_eq(json_str(docs[0], "verdict"), "multiple");
	cr_expect(!json_object_get(docs[0], "solutions"));
	json_decref(docs[0]);
	expect_str(&r.err, "", "stderr");
	run_free(&r);

	CDOK(&r, "solve", "--to", "json", CORPUS "invalid/nosol_6x6.spec");
	cr_expect(r.status == 1);
	cr_assert(parse_lines(r.out.data, docs, 8) == 1);
	cr_expect_str_eq(json_str(docs[0], "verdict"), "none");
	json_decref(docs[0]);
	run_free(&r);

	/* --all lists every solution. */
	CDOK(&r, "solve", "--to", "json", "--all",
	     CORPUS "ambiguous/amb_sum_4x4.spec");
	cr_expect(r.status == 2);
	cr_assert(parse_lines(r.out.data, docs, 8) == 1);
	cr_expect_eq(json_int(docs[0], "count"), 2);
	cr_expect_eq(json_array_size(json_object_get(docs[0], "solutions")),
		     2);
	json_decref(docs[0]);
	run_free(&r);

	/* --max-nodes: the document says it gave up, and so does stderr. */
	CDOK(&r, "examine", "--to", "json", "--max-nodes", "100",
	     "tests/data/slow/nosol_slow_8x8.spec");
	cr_expect(r.status == 6, "gave up: status %d", r.status);
	cr_assert(parse_lines(r.out.data, docs, 8) == 1);
	cr_expect_str_eq(json_str(docs[0], "verdict"), "gave-up");
	json_decref(docs[0]);
	expect_match(r.err.data, "gave up after 100 nodes", "stderr");
	run_free(&r);
}

/* generate --to json: the seed, and the difficulty the text shows. */
Test(cli_formats, json_generate)
{
	json_t *docs[4];
	struct run r, text;
	char want[64];

	CDOK(&r, "-s", "5", "--seed", "42", "--count", "2", "--to", "json",
	     "generate");
	cr_expect(r.status == 0, "status %d: %s", r.status, r.err.data);
	cr_assert(parse_lines(r.out.data, docs, 4) == 2);
	CDOK(&text, "-s", "5", "--seed", "42", "generate");
	cr_expect(text.status == 0);
	for (int k = 0; k < 2; k++) {
		char seed[8];

		snprintf(seed, sizeof(seed), "%d", 42 + k);
		cr_expect_str_eq(json_str(docs[k], "command"), "generate");
		cr_expect_str_eq(json_str(docs[k], "seed"), seed);
		cr_expect_str_eq(json_str(docs[k], "verdict"), "unique");
		cr_expect(json_is_number(json_object_get(
			json_object_get(docs[k], "timings"), "generate")));
	}
	snprintf(want, sizeof(want), "Difficulty: %lld (",
		 (long long)json_int(docs[0], "difficulty"));
	cr_expect(strstr(text.out.data, want) != NULL,
		  "text says\n%s\njson says %s", text.out.data, want);
	for (int k = 0; k < 2; k++)
		json_decref(docs[k]);
	run_free(&r);
	run_free(&text);
}

/* ---- a contest file of 100 puzzles ---- */

/* 100 9 x 9 puzzles in a UCF file, all answered (how fast is for
 * bench/, not a test).  generate --to ucf is generate | convert --to
 * ucf. */
Test(cli_formats, ucf_100_puzzles)
{
	char *dir = make_tmpdir();
	char in[512], piped[512];
	struct text a, b;
	struct run r;

	snprintf(in, sizeof(in), "%s/contest.in", dir);
	snprintf(piped, sizeof(piped), "%s/book.txt", dir);
	write_file(in, "");
	write_file(piped, "");
	run_cdok_io(&r, NULL, in, (const char *const[]){ "-T", "-s", "9",
		    "--seed", "1", "--count", "100", "--to", "ucf",
		    "generate", NULL });
	cr_assert(r.status == 0, "generate --to ucf: %d %s", r.status,
		  r.err.data);
	run_free(&r);
	run_cdok_io(&r, NULL, piped, (const char *const[]){ "-T", "-s", "9",
		    "--seed", "1", "--count", "100", "generate", NULL });
	run_free(&r);
	CDOK(&r, "convert", "--to", "ucf", piped);
	cr_expect(r.status == 0);
	a = read_file(in);
	expect_text(&r.out, a.data, a.len, "generate | convert --to ucf");
	run_free(&r);

	CDOK(&r, "solve", "--to", "ucf", in);
	cr_expect(r.status == 0, "status %d: %s", r.status, r.err.data);
	b = r.out;
	expect_match(b.data, "^KenKen Puzzle #1:\n([1-9]{9}\n){9}\n",
		     "first answer");
	expect_match(b.data, "\nKenKen Puzzle #100:\n([1-9]{9}\n){9}\n$",
		     "last answer");
	run_free(&r);
	text_free(&a);
	remove_tmpdir(dir);
}
