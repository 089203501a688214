/* test_cli.c -- golden tests of the cdok program.
 *
 * Each test runs the built binary (CDOK_BIN, set by the Makefile; the
 * working directory is the top of the tree) as a separate process with
 * its standard input taken from a file, and compares what it wrote on
 * stdout and stderr and its exit status with what is expected:
 *
 *  - print and -u print against the original cdok's own output in
 *    tests/data/corpus/cdok-reference/, byte for byte;
 *  - solve, -u solve and examine against the same reference with the
 *    difficulty number masked (our score differs by design); our own
 *    output is pinned by the golden cases in tests/cli/ (test_golden.c);
 *  - exit statuses 1 to 4 over the corpus and the usage table, the
 *    input limits, --timeout and --max-nodes, --all, --help and
 *    --version.  What one run says (status 5, file:line:column, several
 *    inputs, -o, --limit, the spec reader's limits) is a golden case.
 *
 * Expected output that depends on a solution's drawing is built with the
 * library's writers, whose output the print tests pin independently.
 * The other formats (--from, --to, convert, check) are tested in
 * test_cli_formats.c; both files run the program through cli_run.h.
 */
#include <time.h>

#include "cdok.h"
#include "cli_run.h"

#define CORPUS "tests/data/corpus/"
#define REF    CORPUS "cdok-reference/"
#define AMB4   CORPUS "ambiguous/amb_sum_4x4"
#define SLOW   "tests/data/slow/"

/* The puzzles the original's output was recorded for. */
static const char *const reference_names[] = {
	"ex6", "cdok12D_01", "cdok16T_01",
};
#define NREFERENCE (sizeof(reference_names) / sizeof(reference_names[0]))

/* The last line of solve and examine for a unique puzzle: the
 * difficulty, then the level and the score within it (doc/LEVELS.md). */
#define UNIQUE_LINE "^Solution is unique\\. Difficulty: [0-9]+ " \
		    "\\([A-Za-z]+, score [0-9]+\\)\n$"

/* Replace the number in "Difficulty: N" lines with "N", and drop the
 * level and score after it ("(Hard, score 412)"): the original scores
 * difficulty its own way, and has no levels. */
static struct text mask_difficulty(const char *s)
{
	static const char key[] = "Difficulty: ";
	struct text t = { NULL, 0 };
	const char *p;

	text_append(&t, "", 0);
	while ((p = strstr(s, key))) {
		p += sizeof(key) - 1;
		text_append(&t, s, (size_t)(p - s));
		text_puts(&t, "N");
		while (*p >= '0' && *p <= '9')
			p++;
		if (p[0] == ' ' && p[1] == '(' && strchr(p, ')'))
			p = strchr(p, ')') + 1;
		s = p;
	}
	text_puts(&t, s);
	return t;
}

static void expect_masked(const struct text *got, const char *ref_path,
			  const char *what)
{
	struct text ref = read_file(ref_path);
	struct text a = mask_difficulty(got->data);
	struct text b = mask_difficulty(ref.data);

	expect_text(&a, b.data, b.len, what);
	text_free(&ref);
	text_free(&a);
	text_free(&b);
}

/* A solution file (N lines of N numbers) as a grid of values. */
static int *read_solution(const char *path, int size)
{
	int *v = calloc((size_t)size * (size_t)size, sizeof(*v));
	FILE *f = fopen(path, "r");

	cr_assert(v && f, "cannot read %s", path);
	for (int i = 0; i < size * size; i++)
		cr_assert(fscanf(f, "%d", &v[i]) == 1, "%s: short", path);
	fclose(f);
	return v;
}

static cdok_puzzle *load_puzzle(const char *path)
{
	struct text t = read_file(path);
	cdok_reader *r = cdok_reader_new(test_format("spec"), t.data,
					 t.len);
	cdok_puzzle *p = NULL;

	cr_assert(r, "cdok_reader_new failed");
	cr_assert(cdok_reader_next(r, &p, NULL) == CDOK_OK,
		  "cannot read %s", path);
	cdok_reader_free(r);
	text_free(&t);
	return p;
}

/* What solve shows for one solution: spec, blank line, drawing, blank
 * line. */
static void append_solution_block(struct text *t, const cdok_puzzle *p,
				  const int *values, bool utf8)
{
	const char *formats[2] = { "spec", utf8 ? "utf8" : "ascii" };

	for (int i = 0; i < 2; i++) {
		char *s;
		size_t len;

		cr_assert(cdok_write(test_format(formats[i]), p, values,
				     &s, &len, NULL) == CDOK_OK,
			  "cannot write %s", formats[i]);
		text_append(t, s, len);
		text_puts(t, "\n");
		cdok_free(s);
	}
}

/* ---- print ---- */

Test(cli, print_matches_original)
{
	char spec[256], ref[256];
	struct run r;

	for (size_t i = 0; i < NREFERENCE; i++) {
		snprintf(spec, sizeof(spec), REF "%s.spec", reference_names[i]);
		snprintf(ref, sizeof(ref), REF "%s.print.txt",
			 reference_names[i]);
		CDOK(&r, "print", spec);
		cr_expect(r.status == 0, "%s: status %d", spec, r.status);
		expect_file(&r.out, ref, ref);
		expect_str(&r.err, "", "stderr");
		run_free(&r);
	}
}

Test(cli, print_utf8_matches_original)
{
	char spec[256], ref[256];
	struct run r;

	for (size_t i = 0; i < NREFERENCE; i++) {
		snprintf(spec, sizeof(spec), REF "%s.spec", reference_names[i]);
		snprintf(ref, sizeof(ref), REF "%s.print-u.txt",
			 reference_names[i]);
		/* Options go before or after the command. */
		CDOK(&r, "-u", "print", spec);
		cr_expect(r.status == 0, "%s: status %d", spec, r.status);
		expect_file(&r.out, ref, ref);
		expect_str(&r.err, "", "stderr");
		run_free(&r);
		CDOK(&r, "print", "--utf8", spec);
		expect_file(&r.out, ref, ref);
		run_free(&r);
	}
}

Test(cli, print_reads_stdin_and_dash_i)
{
	struct run r;

	CDOK_IN(&r, REF "ex6.spec", "print");
	cr_expect(r.status == 0);
	expect_file(&r.out, REF "ex6.print.txt", "print < FILE");
	run_free(&r);

	CDOK_IN(&r, REF "ex6.spec", "print", "-");
	expect_file(&r.out, REF "ex6.print.txt", "print - < FILE");
	run_free(&r);

	CDOK(&r, "-i", REF "ex6.spec", "print");
	cr_expect(r.status == 0);
	expect_file(&r.out, REF "ex6.print.txt", "print -i FILE");
	run_free(&r);
}

/* ---- solve and examine ---- */

Test(cli, solve_matches_original_but_difficulty)
{
	static const struct {
		const char *opt, *suffix;
	} modes[] = {
		{ "solve", "solve" }, { "-u", "solve-u" },
		{ "examine", "examine" },
	};
	char spec[256], ref[256];
	struct run r;

	for (size_t i = 0; i < NREFERENCE; i++) {
		snprintf(spec, sizeof(spec), REF "%s.spec", reference_names[i]);
		for (size_t m = 0; m < 3; m++) {
			snprintf(ref, sizeof(ref), REF "%s.%s.txt",
				 reference_names[i], modes[m].suffix);
			if (!strcmp(modes[m].opt, "-u"))
				CDOK(&r, "-u", "solve", spec);
			else
				CDOK(&r, modes[m].opt, spec);
			cr_expect(r.status == 0, "%s: status %d", ref,
				  r.status);
			expect_masked(&r.out, ref, ref);
			expect_str(&r.err, "", "stderr");
			run_free(&r);
		}
	}
}

/* The grid solve prints is the corpus's verified solution. */
Test(cli, solve_grid_is_corpus_solution)
{
	static const char *const names[] = { "cdok12D_01", "cdok16T_01" };
	char spec[256], sol[256];

	for (size_t i = 0; i < 2; i++) {
		struct text want = { NULL, 0 };
		cdok_puzzle *p;
		int *values;
		struct run r;

		snprintf(spec, sizeof(spec), CORPUS "cdok/%s.spec", names[i]);
		snprintf(sol, sizeof(sol), CORPUS "cdok/%s.sol", names[i]);
		p = load_puzzle(spec);
		values = read_solution(sol, cdok_puzzle_size(p));
		append_solution_block(&want, p, values, false);

		CDOK(&r, "solve", spec);
		cr_expect(r.status == 0);
		cr_expect(r.out.len > want.len &&
			  !memcmp(r.out.data, want.data, want.len),
			  "%s: solved grid is not %s", spec, sol);
		expect_match(r.out.data + want.len, UNIQUE_LINE, spec);
		run_free(&r);
		text_free(&want);
		free(values);
		cdok_puzzle_free(p);
	}
}

/* ---- exit statuses and messages ---- */

/* Call fn on every file of a corpus folder whose name has the prefix
 * and suffix; returns how many there were. */
static int each_corpus_file(const char *dir, const char *prefix,
			    const char *suffix,
			    void (*fn)(const char *path))
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[512];
	int n = 0;

	cr_assert(d, "opendir %s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, prefix, strlen(prefix)) ||
		    !has_suffix(e->d_name, suffix))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		fn(path);
		n++;
	}
	closedir(d);
	return n;
}

static void check_malformed(const char *path)
{
	char pattern[600];
	struct run r;

	CDOK(&r, "solve", path);
	cr_expect(r.status == 3, "%s: status %d, want 3", path, r.status);
	expect_str(&r.out, "", path);
	/* Every validation error names the line and column. */
	snprintf(pattern, sizeof(pattern),
		 "^cdok: %s:[1-9][0-9]*:[1-9][0-9]*: [^\n]+\n$", path);
	expect_match(r.err.data, pattern, path);
	run_free(&r);
}

Test(cli, exit_3_bad_input)
{
	cr_expect_eq(each_corpus_file(CORPUS "invalid", "malformed_", ".spec",
				      check_malformed), 18);
}

static void check_nosol(const char *path)
{
	static const char *const cmds[] = { "solve", "examine" };
	char want[600];
	struct run r;

	/* The message, and the reason when one cage is seen to be
	 * impossible at once. */
	snprintf(want, sizeof(want), "cdok: %s: puzzle has no solution",
		 path);
	for (int i = 0; i < 2; i++) {
		CDOK(&r, cmds[i], path);
		cr_expect(r.status == 1, "%s: status %d", path, r.status);
		expect_str(&r.out, "", path);
		cr_expect(!strncmp(r.err.data, want, strlen(want)) &&
			  (r.err.data[strlen(want)] == '\n' ||
			   !strncmp(r.err.data + strlen(want), ": ", 2)),
			  "%s: %s", path, r.err.data);
		run_free(&r);
	}
}

Test(cli, exit_1_no_solution)
{
	cr_expect_eq(each_corpus_file(CORPUS "invalid", "nosol_", ".spec",
				      check_nosol), 5);
}

static void check_ambiguous(const char *path)
{
	static const char *const cmds[] = { "solve", "examine" };
	struct run r;

	for (int i = 0; i < 2; i++) {
		CDOK(&r, cmds[i], path);
		cr_expect(r.status == 2, "%s: status %d", path, r.status);
		/* No grid: one of several is not an answer. */
		expect_str(&r.out, "Solution is not unique.\n", path);
		expect_str(&r.err, "", path);
		run_free(&r);
	}
}

Test(cli, exit_2_not_unique)
{
	cr_expect_eq(each_corpus_file(CORPUS "ambiguous", "", ".spec",
				      check_ambiguous), 5);
}

static void expect_usage(struct run *r, const char *err)
{
	cr_expect(r->status == 4, "status %d, want 4", r->status);
	expect_str(&r->out, "", "stdout");
	if (err)
		expect_str(&r->err, err, "stderr");
	else
		expect_match(r->err.data, "^cdok: [^\n]+ \\(try cdok "
			     "(--help|help [a-z-]+)\\)\n$", "stderr");
	run_free(r);
}

/* Usage errors, one a row: the arguments, and the whole message when it
 * is pinned (NULL: any one line in the house style).  The option rows
 * (cli/options.c) are read by one loop, so their messages are pinned
 * here row by row: ranges, typed names, and the rules between
 * options. */
static const struct usage_case {
	const char *args[10];  /* NULL-terminated */
	const char *err;
} usage_cases[] = {
	{ { "frobnicate", REF "ex6.spec" },
	  "cdok: unknown command 'frobnicate' (try cdok --help)\n" },
	{ { "-x", "print", REF "ex6.spec" },
	  "cdok: unknown option '-x' (try cdok --help)\n" },
	{ { "print", "--frob", REF "ex6.spec" },
	  "cdok: unknown option '--frob' (try cdok --help)\n" },
	{ { "-u", REF "ex6.spec" }, NULL },
	{ { "-u" },
	  "cdok: no command given (try cdok --help)\n" },
	{ { "print", "-i" },
	  "cdok: option '-i' needs an argument (try cdok --help)\n" },
	{ { "solve", "--limit", "0", REF "ex6.spec" }, NULL },
	{ { "solve", "--limit", "-1", REF "ex6.spec" }, NULL },
	{ { "solve", "--limit", "2x", REF "ex6.spec" }, NULL },
	{ { "solve", "--limit", "18446744073709551616", REF "ex6.spec" },
	  NULL },
	{ { "print", "--all", REF "ex6.spec" }, NULL },
	{ { "print", "--limit=3", REF "ex6.spec" }, NULL },
	{ { "solve", "--timeout", "0", REF "ex6.spec" },
	  "cdok: bad value '0' for --timeout: expected a number of seconds "
	  "above 0, such as 5 or 0.5 (try cdok --help)\n" },
	{ { "solve", "--timeout", "-1", REF "ex6.spec" }, NULL },
	{ { "solve", "--timeout", "1e3", REF "ex6.spec" }, NULL },
	{ { "solve", "--timeout", "1.5s", REF "ex6.spec" }, NULL },
	{ { "solve", "--timeout", ".", REF "ex6.spec" }, NULL },
	{ { "solve", "--timeout", "0.0000000001", REF "ex6.spec" }, NULL },
	{ { "solve", "--timeout", "10000000000", REF "ex6.spec" }, NULL },
	{ { "examine", "--max-nodes", "0", REF "ex6.spec" }, NULL },
	{ { "examine", "--max-nodes", "many", REF "ex6.spec" }, NULL },
	{ { "print", "--timeout", "5", REF "ex6.spec" },
	  "cdok: option --timeout does not apply to print (try cdok help "
	  "print)\n" },
	{ { "print", "--max-nodes", "5", REF "ex6.spec" }, NULL },
	/* The option rows' own messages. */
	{ { "-s", "0", "generate" },
	  "cdok: bad value '0' for -s: expected a whole number from 1 to 63 "
	  "(try cdok --help)\n" },
	{ { "--si", "64", "generate" },
	  "cdok: bad value '64' for --si: expected a whole number from 1 to "
	  "63 (try cdok --help)\n" },
	{ { "--lim", "0", "solve", REF "ex6.spec" },
	  "cdok: bad value '0' for --limit: expected a whole number from 1 "
	  "up (try cdok --help)\n" },
	{ { "--dpi", "17", "print", REF "ex6.spec" },
	  "cdok: bad value '17' for --dpi: expected a whole number from 18 "
	  "to 1200 (try cdok --help)\n" },
	{ { "-w", "00", "generate" },
	  "cdok: bad value '00' for -w: expected a whole number from 0 up "
	  "(try cdok --help)\n" },
	{ { "--iterations=1000001", "generate" },
	  "cdok: bad value '1000001' for -w: at most 1000000 rounds\n" },
	{ { "--count", "0", "generate" },
	  "cdok: bad value '0' for --count: expected a whole number from 1 "
	  "up (try cdok --help)\n" },
	{ { "--ops", "-/", "generate" },
	  "cdok: bad value '-/' for --ops: expected all, mul, add, addsub "
	  "or characters of \"+-*/\" including + or * (try cdok --help)\n" },
	{ { "--boxes", "2x3", "generate" },
	  "cdok: option --boxes goes with --killer or --sudoku (try cdok "
	  "--help)\n" },
	{ { "--sudoku", "-N", "-T", "--ops", "+", "--max-cage", "3",
	    "generate" },
	  "cdok: option --ops does not apply to --sudoku: a plain Sudoku "
	  "has no cages (try cdok --help)\n" },
	{ { "--sudoku", "-N", "--max-cage", "3", "generate" },
	  "cdok: option -N does not apply to --sudoku: a plain Sudoku has "
	  "no cages (try cdok --help)\n" },
	{ { "--killer", "--sudoku", "generate" },
	  "cdok: option --killer does not apply to --sudoku: a plain Sudoku "
	  "has no cages (try cdok --help)\n" },
	{ { "--killer", "-N", "--hide-ops", "generate" },
	  "cdok: option --hide-ops does not apply to --killer: Killer cages "
	  "are sums (try cdok --help)\n" },
	{ { "--killer", "-N", "generate" },
	  "cdok: option -N does not apply to --killer: a Nylimb puzzle has "
	  "no boxes (try cdok --help)\n" },
	{ { "-N", "--hide-ops", "generate" },
	  "cdok: option --hide-ops does not apply to -N: hidden operators "
	  "are made for plain Calcudoku (try cdok --help)\n" },
	{ { "-o", "a", "-o", "b", "print", REF "ex6.spec" },
	  "cdok: option -o given twice ('a', then 'b'): a run writes one "
	  "output (try cdok --help)\n" },
};

Test(cli, exit_4_usage)
{
	struct run r;

	for (size_t i = 0; i < sizeof(usage_cases) / sizeof(usage_cases[0]);
	     i++) {
		run_cdok_io(&r, NULL, NULL, usage_cases[i].args);
		expect_usage(&r, usage_cases[i].err);
	}
}

Test(cli, input_size_cap)
{
	char *dir = make_tmpdir();
	char path[512], want[600];
	struct run r;
	int fd;

	/* A sparse file one byte over the cap: refused before reading. */
	snprintf(path, sizeof(path), "%s/big.spec", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	cr_assert(fd >= 0 && ftruncate(fd, ((off_t)64 << 20) + 1) == 0);
	close(fd);
	CDOK(&r, "print", path);
	cr_expect(r.status == 3, "status %d", r.status);
	snprintf(want, sizeof(want),
		 "cdok: %s: input is larger than 64 MiB\n", path);
	expect_str(&r.err, want, "stderr");
	run_free(&r);
	remove_tmpdir(dir);
}

/* A size x size spec of horizontal two-cell sum cages (and one given
 * when size is odd), labelled AA, AB, ...: the most cages a grid of
 * that size can hold. */
static struct text domino_spec(int size)
{
	struct text t = { NULL, 0 };
	char tok[32];
	int k = 0;

	text_append(&t, "", 0);
	for (int y = 0; y < size; y++) {
		for (int x = 0; x < size; x++) {
			if (x == size - 1 && size % 2) {
				snprintf(tok, sizeof(tok), "%d", y + 1);
			} else {
				int c = k + (x % 2 ? -1 : 0);

				snprintf(tok, sizeof(tok), "%c%c%c%s",
					 'A' + c / 26 / 26 % 26,
					 'A' + c / 26 % 26, 'A' + c % 26,
					 x % 2 ? "" : "+3");
				if (x % 2 == 0)
					k++;
			}
			text_puts(&t, x ? "\t" : "");
			text_puts(&t, tok);
		}
		text_puts(&t, "\n");
	}
	return t;
}

Test(cli, input_limits)
{
	struct text big = domino_spec(63), over = domino_spec(64);
	char *dir = make_tmpdir();
	char path[512], want[1024];
	struct run r;

	/* The largest grid, with as many cages as it can hold (1953),
	 * is read. */
	snprintf(path, sizeof(path), "%s/big.spec", dir);
	write_file(path, big.data);
	CDOK(&r, "print", path);
	cr_expect(r.status == 0, "63 x 63: status %d: %s", r.status,
		  r.err.data);
	run_free(&r);

	/* One more column is over the limit, named where it starts. */
	snprintf(path, sizeof(path), "%s/over.spec", dir);
	write_file(path, over.data);
	CDOK(&r, "print", path);
	cr_expect(r.status == 3, "64 x 64: status %d", r.status);
	snprintf(want, sizeof(want), "^cdok: %s:1:[0-9]+: the first row has "
		 "more than 63 cells; cdok supports grids up to 63 x 63 "
		 "\\(read as spec, .*\\)\n$", path);
	expect_match(r.err.data, want, "64 x 64");
	run_free(&r);
	text_free(&big);
	text_free(&over);
	remove_tmpdir(dir);
}

/* ---- --timeout and --max-nodes ---- */

static double seconds_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void expect_gave_up(const struct run *r, const char *path,
			   const char *nodes)
{
	char pattern[600];

	cr_expect(r->status == 6, "%s: status %d, want 6", path, r->status);
	snprintf(pattern, sizeof(pattern), "^cdok: %s: gave up after %s "
		 "nodes \\([0-9]+\\.[0-9] seconds\\)\n$", path, nodes);
	expect_match(r->err.data, pattern, path);
}

Test(cli, max_nodes_gives_up)
{
	struct run r;

	CDOK(&r, "examine", "--limit", "1000000000", "--max-nodes", "1000",
	     SLOW "many_8x8.spec");
	expect_gave_up(&r, SLOW "many_8x8.spec", "1000");
	/* No count: "at least K" would pass for an answer. */
	expect_str(&r.out, "", "stdout");
	run_free(&r);

	/* The solutions --all printed before giving up stay printed. */
	CDOK(&r, "solve", "--all", "--max-nodes", "1000",
	     SLOW "many_8x8.spec");
	expect_gave_up(&r, SLOW "many_8x8.spec", "1000");
	cr_expect(r.out.len > 0 && !strstr(r.out.data, "Solutions:"),
		  "solve --all output:\n%.500s", r.out.data);
	run_free(&r);

	/* The result document counts the nodes as the message does. */
	CDOK(&r, "examine", "--max-nodes", "1000", "--to", "json",
	     SLOW "nosol_slow_20x20.spec");
	expect_gave_up(&r, SLOW "nosol_slow_20x20.spec", "1000");
	cr_expect(strstr(r.out.data, "\"verdict\":\"gave-up\"") &&
		  strstr(r.out.data, "\"nodes\":1000,"), "json:\n%.300s",
		  r.out.data + (r.out.len > 300 ? r.out.len - 300 : 0));
	run_free(&r);

	/* A limit that is not reached changes nothing. */
	CDOK(&r, "examine", "--max-nodes", "1000000", REF "ex6.spec");
	cr_expect(r.status == 0);
	expect_match(r.out.data, UNIQUE_LINE, "ex6");
	run_free(&r);
}

Test(cli, timeout_gives_up)
{
	struct run r;
	double t0, took;

	/* Many cheap nodes: the solver's progress callback sees the
	 * deadline. */
	t0 = seconds_now();
	CDOK(&r, "examine", "--limit", "1000000000", "--timeout", "0.3",
	     SLOW "many_8x8.spec");
	took = seconds_now() - t0;
	expect_gave_up(&r, SLOW "many_8x8.spec", "[0-9]+");
	expect_str(&r.out, "", "stdout");
	/* A bound far from any machine's speed: it catches a deadline
	 * that is never seen, not a slow one. */
	cr_expect(took < 60, "--timeout 0.3 took %.1f s", took);
	run_free(&r);

	/* Time to spare even beside a machine's worth of other work. */
	CDOK(&r, "solve", "--timeout", "3600", REF "ex6.spec");
	cr_expect(r.status == 0, "ex6 with time to spare: %d", r.status);
	expect_file(&r.out, "tests/cli/solve/ex6.stdout",
		    "solve --timeout 3600");
	run_free(&r);
}

/* Slow nodes: the timer stops the search a second after the deadline
 * at the latest, loses no earlier output and leaves -o FILE alone. */
Test(cli, timeout_backstop)
{
	char *dir = make_tmpdir();
	char path[512];
	struct text got, masked;
	struct run r;
	double t0, took;

	snprintf(path, sizeof(path), "%s/out.txt", dir);
	write_file(path, "old\n");
	t0 = seconds_now();
	CDOK(&r, "examine", "--timeout", "0.5", "-o", path,
	     SLOW "nosol_slow_20x20.spec");
	took = seconds_now() - t0;
	cr_expect(r.status == 6 || r.status == 1, "status %d", r.status);
	if (r.status == 6)
		expect_gave_up(&r, SLOW "nosol_slow_20x20.spec", "[0-9]+");
	cr_expect(took < 60, "--timeout 0.5 took %.1f s", took);
	run_free(&r);
	got = read_file(path);
	expect_str(&got, "old\n", "-o file after giving up");
	text_free(&got);
	cr_expect(count_entries(dir) == 1, "temporary file left behind");
	remove_tmpdir(dir);

	/* Several inputs: what came before is kept, and 6 is the
	 * largest status. */
	CDOK(&r, "examine", "--timeout", "0.5", REF "ex6.spec",
	     SLOW "nosol_slow_20x20.spec");
	masked = mask_difficulty(r.out.data);
	if (r.status == 6)
		expect_str(&masked, "==> " REF "ex6.spec <==\n"
			   "Solution is unique. Difficulty: N\n"
			   "\n==> " SLOW "nosol_slow_20x20.spec <==\n",
			   "stdout");
	else
		cr_expect(r.status == 1, "status %d", r.status);
	text_free(&masked);
	run_free(&r);
}

/* ---- --all (either order of the solutions; --limit's counts, several
 * inputs, -o and status 5 are golden cases in tests/cli/) ---- */

Test(cli, all_prints_every_solution)
{
	cdok_puzzle *p = load_puzzle(AMB4 ".spec");
	int *s1 = read_solution(AMB4 ".sol", cdok_puzzle_size(p));
	int *s2 = read_solution(AMB4 ".sol2", cdok_puzzle_size(p));
	struct text a = { NULL, 0 }, b = { NULL, 0 };
	struct text one_a = { NULL, 0 }, one_b = { NULL, 0 };
	struct run r;

	/* The order the solver finds them in is its own business. */
	append_solution_block(&a, p, s1, false);
	append_solution_block(&a, p, s2, false);
	text_puts(&a, "Solutions: 2\n");
	append_solution_block(&b, p, s2, false);
	append_solution_block(&b, p, s1, false);
	text_puts(&b, "Solutions: 2\n");

	CDOK(&r, "solve", "--all", AMB4 ".spec");
	cr_expect(r.status == 2, "status %d", r.status);
	cr_expect(!strcmp(r.out.data, a.data) || !strcmp(r.out.data, b.data),
		  "solve --all:\n%s\nwant (in either order):\n%s",
		  r.out.data, a.data);
	run_free(&r);

	/* examine --all shows them too: --all asks for them. */
	CDOK(&r, "examine", "--all", "--limit", "100", AMB4 ".spec");
	cr_expect(r.status == 2);
	cr_expect(!strcmp(r.out.data, a.data) || !strcmp(r.out.data, b.data),
		  "examine --all --limit 100:\n%s", r.out.data);
	run_free(&r);

	append_solution_block(&one_a, p, s1, false);
	text_puts(&one_a, "Solutions: at least 1 (stopped at --limit 1)\n");
	append_solution_block(&one_b, p, s2, false);
	text_puts(&one_b, "Solutions: at least 1 (stopped at --limit 1)\n");
	CDOK(&r, "solve", "--all", "--limit", "1", AMB4 ".spec");
	cr_expect(r.status == 8, "status %d", r.status);
	cr_expect(!strcmp(r.out.data, one_a.data) ||
		  !strcmp(r.out.data, one_b.data),
		  "solve --all --limit 1:\n%s", r.out.data);
	run_free(&r);

	text_free(&a);
	text_free(&b);
	text_free(&one_a);
	text_free(&one_b);
	free(s1);
	free(s2);
	cdok_puzzle_free(p);
}

/* ---- --help and --version ---- */

Test(cli, help_lists_everything)
{
	static const char *const needles[] = {
		"Usage: cdok [options] <command> [FILE...]\n",
		"\n  print  ", "\n  solve  ", "\n  examine  ",
		"-u, --utf8", "-i, --input FILE", "-o, --output FILE",
		"--limit N", "--all", "-h, --help", "-V, --version",
		"--timeout SECONDS", "--max-nodes N",
		"\n   0  ", "\n   1  ", "\n   2  ", "\n   3  ", "\n   4  ",
		"\n   5  ", "\n   6  ", "\n   7  ", "\n  11  ",
		"\n  convert  ", "\n  check  ", "--from FORMAT", "--to FORMAT",
		"\nFormats (", "\n  keen  ",
	};
	struct run r;

	CDOK(&r, "--help");
	cr_expect(r.status == 0);
	expect_str(&r.err, "", "stderr");
	for (size_t i = 0; i < sizeof(needles) / sizeof(needles[0]); i++)
		cr_expect(strstr(r.out.data, needles[i]),
			  "--help does not mention \"%s\"", needles[i]);
	run_free(&r);

	/* -h after a command works as well. */
	CDOK(&r, "print", "-h");
	cr_expect(r.status == 0);
	cr_expect(!strncmp(r.out.data, "Usage: cdok", 11));
	run_free(&r);
}

/* The README's command reference is --help, word for word. */
Test(cli, readme_quotes_help)
{
	struct text readme = read_file("README.md");
	struct run r;

	CDOK(&r, "--help");
	cr_expect(strstr(readme.data, r.out.data),
		  "README.md does not contain the output of cdok --help");
	run_free(&r);
	text_free(&readme);
}

Test(cli, version)
{
	struct run r;

	CDOK(&r, "--version");
	cr_expect(r.status == 0);
	cr_expect(!strncmp(r.out.data, "cdok " CDOK_VERSION "\n",
			   strlen("cdok " CDOK_VERSION "\n")),
		  "version: %s", r.out.data);
	/* The library's version and the ABI a program linked to the
	 * shared library needs (issue 42). */
	expect_match(r.out.data, "\nlibcdok " CDOK_VERSION ", ABI [0-9]+ "
		     "\\(libcdok\\.so\\.[0-9]+,", "version");
	run_free(&r);

	CDOK(&r, "-V");
	cr_expect(r.status == 0 && r.out.len > 0);
	run_free(&r);
}

/* generate --timeout: a puzzle not made in time ends the run with
 * status 6 and says so; one made in time is the same puzzle as without
 * a timeout (the clock never steers the generator). */
Test(cli, generate_timeout, .timeout = 600)
{
	struct run r, plain;

	CDOK(&r, "generate", "-s", "63", "--seed", "1", "--timeout", "0.2");
	cr_expect(r.status == 6, "status %d", r.status);
	expect_str(&r.out, "", "stdout");
	expect_match(r.err.data, "^cdok: puzzle 1 \\(seed 1\\): gave up after "
		     "0\\.[0-9]+ seconds \\(--timeout\\)\n$", "stderr");
	run_free(&r);

	CDOK(&plain, "generate", "-s", "5", "--seed", "3", "--count", "3");
	CDOK(&r, "generate", "-s", "5", "--seed", "3", "--count", "3",
	     "--timeout", "3600");
	cr_expect(r.status == 0, "status %d", r.status);
	expect_str(&r.out, plain.out.data, "stdout");
	run_free(&r);
	run_free(&plain);

	CDOK(&r, "generate", "-s", "5", "--max-nodes", "30");
	expect_usage(&r, "cdok: option --max-nodes does not apply to generate "
		     "(try cdok help generate)\n");
}
