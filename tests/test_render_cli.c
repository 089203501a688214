/* test_render_cli.c -- the program's pictures: --to svg, pdf and png on
 * print, solve and generate, booklets with answer keys, one file per
 * picture through an -o pattern, and the options' checks.  Every file
 * the program writes keeps -o's promise: replaced only when the run
 * succeeds, and never left half-written.
 */
#include "cli_run.h"

#define CORPUS "tests/data/corpus/"

static char *path_in(const char *dir, const char *name)
{
	char *p = malloc(strlen(dir) + strlen(name) + 2);

	cr_assert_not_null(p);
	sprintf(p, "%s/%s", dir, name);
	return p;
}

static bool starts_with(const char *path, const char *magic, size_t n)
{
	struct text t = read_file(path);
	bool ok = t.len >= n && !memcmp(t.data, magic, n);

	text_free(&t);
	return ok;
}

/* pdfinfo's page count of a PDF file. */
static int pages_of(const char *pdf)
{
	char cmd[512];
	FILE *f;
	int pages = -1;
	char line[256];

	snprintf(cmd, sizeof(cmd), "pdfinfo '%s' 2>/dev/null", pdf);
	f = popen(cmd, "r");
	cr_assert_not_null(f);
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "Pages:", 6))
			pages = atoi(line + 6);
	pclose(f);
	return pages;
}

/* pdftotext's text of a PDF file, its spaces taken out (it keeps or
 * drops them as the layout leads it). */
static char *text_of(const char *pdf)
{
	char cmd[512], *text = NULL;
	size_t len = 0, cap = 0;
	FILE *f;
	int c;

	snprintf(cmd, sizeof(cmd), "pdftotext '%s' - 2>/dev/null", pdf);
	f = popen(cmd, "r");
	cr_assert_not_null(f);
	while ((c = fgetc(f)) != EOF) {
		if (c == ' ')
			continue;
		if (len + 2 > cap) {
			cap = cap ? 2 * cap : 4096;
			text = realloc(text, cap);
			cr_assert_not_null(text);
		}
		text[len++] = (char)c;
	}
	pclose(f);
	cr_assert_not_null(text);
	text[len] = '\0';
	return text;
}

/* A booklet's captions name each puzzle's seed (generate, gen-grid,
 * harden), or for a puzzle read its Keen game ID when it fits. */
Test(render_cli, captions_name_the_seed_or_id, .timeout = 600)
{
	char *dir = make_tmpdir(), *pdf = path_in(dir, "b.pdf");
	struct run r;
	char *text, *id;

	CDOK(&r, "-s", "6", "--seed", "42", "--count", "2", "generate",
	     "--to", "pdf", "--per-page", "2", "--sort", "level", "-o", pdf);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	run_free(&r);
	text = text_of(pdf);
	cr_expect(strstr(text, "seed42") && strstr(text, "seed43"), "%s",
		  text);
	free(text);

	CDOK(&r, "-s", "4", "--seed", "7", "gen-grid", "--to", "pdf", "-o",
	     pdf);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	run_free(&r);
	text = text_of(pdf);
	cr_expect(strstr(text, "seed7") != NULL, "%s", text);
	free(text);

	/* A puzzle read: its Keen ID, which the program writes. */
	CDOK(&r, "convert", "--to", "keen", CORPUS "keen/keen_6e_01.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	id = strdup(r.out.data);
	cr_assert_not_null(id);
	id[strcspn(id, "\n")] = '\0';
	run_free(&r);
	CDOK(&r, "print", "--to", "pdf", "-o", pdf,
	     CORPUS "keen/keen_6e_01.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	run_free(&r);
	text = text_of(pdf);
	cr_expect(strstr(text, id) != NULL, "%s lacks %s", text, id);
	free(text);
	free(id);
	free(pdf);
	remove_tmpdir(dir);
}

Test(render_cli, generate_a_booklet_with_answers, .timeout = 600)
{
	char *dir = make_tmpdir(), *pdf = path_in(dir, "b.pdf");
	struct run r;

	/* 8 puzzles at 4 a page, then 8 answers at 8 a page. */
	CDOK(&r, "-s", "6", "--seed", "1", "--count", "8", "generate",
	     "--to", "pdf", "--per-page", "4", "--with-solutions",
	     "--paper", "letter", "--title", "Six", "-o", pdf);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_str(&r.out, "", "stdout");
	cr_expect(starts_with(pdf, "%PDF-", 5));
	cr_expect_eq(pages_of(pdf), 3);
	run_free(&r);
	free(pdf);
	remove_tmpdir(dir);
}

Test(render_cli, print_and_solve_pictures)
{
	struct run r;

	CDOK(&r, "print", "--to", "svg", CORPUS "cdok-reference/ex6.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(strstr(r.out.data, "<svg") != NULL);
	run_free(&r);

	CDOK(&r, "solve", "--to", "png", "--dpi", "72",
	     CORPUS "killer/killer_kt_01.solo");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(r.out.len > 8 && !memcmp(r.out.data, "\x89PNG", 4));
	run_free(&r);

	/* Two solutions in one PDF, a page each. */
	CDOK(&r, "solve", "--to", "pdf", CORPUS "keen/keen_4e_01.spec",
	     CORPUS "keen/keen_5e_01.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(!memcmp(r.out.data, "%PDF-", 5));
	run_free(&r);
}

/* Several pictures need a pattern; without one nothing is written and
 * -o's file stays as it was. */
Test(render_cli, several_pictures_need_a_pattern)
{
	char *dir = make_tmpdir(), *out = path_in(dir, "keep.png");
	struct run r;
	struct text t;

	CDOK(&r, "print", "--to", "png", CORPUS "keen/keen_4e_01.spec",
	     CORPUS "keen/keen_4e_02.spec");
	cr_expect_eq(r.status, 4);
	expect_str(&r.out, "", "stdout");
	expect_match(r.err.data, "one picture per puzzle, and this run made "
		     "2: give -o a file name with a number in it", "stderr");
	run_free(&r);

	write_file(out, "keep");
	CDOK(&r, "print", "--to", "svg", "-o", out,
	     CORPUS "keen/keen_4e_01.spec", CORPUS "keen/keen_4e_02.spec");
	cr_expect_eq(r.status, 4);
	t = read_file(out);
	expect_str(&t, "keep", out);
	text_free(&t);
	cr_expect_eq(count_entries(dir), 1, "a temporary file was left");
	run_free(&r);
	free(out);
	remove_tmpdir(dir);
}

Test(render_cli, pattern_names_one_file_per_puzzle)
{
	char *dir = make_tmpdir(), *pattern = path_in(dir, "p-%02d.png");
	char *first = path_in(dir, "p-01.png"), *second = path_in(dir, "p-02.png");
	struct run r;

	CDOK(&r, "print", "--to", "png", "--dpi", "36", "-o", pattern,
	     CORPUS "keen/keen_4e_01.spec", CORPUS "keen/keen_4e_02.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(starts_with(first, "\x89PNG", 4));
	cr_expect(starts_with(second, "\x89PNG", 4));
	cr_expect_eq(count_entries(dir), 2);
	run_free(&r);

	/* An input that fails: no file is written at all. */
	remove(first);
	remove(second);
	CDOK(&r, "print", "--to", "png", "-o", pattern,
	     CORPUS "keen/keen_4e_01.spec",
	     CORPUS "invalid/malformed_jagged.spec");
	cr_expect_eq(r.status, 3);
	cr_expect_eq(count_entries(dir), 0);
	run_free(&r);
	free(first);
	free(second);
	free(pattern);
	remove_tmpdir(dir);
}

/* Pictures keep the input's numbers: a puzzle without one solution
 * leaves a gap. */
Test(render_cli, pattern_numbers_follow_the_input)
{
	char *dir = make_tmpdir(), *pattern = path_in(dir, "s%d.svg");
	char *one = path_in(dir, "s1.svg"), *three = path_in(dir, "s3.svg");
	struct run r;

	CDOK(&r, "solve", "--to", "svg", "-o", pattern,
	     CORPUS "keen/keen_4e_01.spec", CORPUS "ambiguous/amb_6x6.spec",
	     CORPUS "keen/keen_4e_02.spec");
	cr_expect_eq(r.status, 2, "%s", r.err.data);
	cr_expect(starts_with(one, "<?xml", 5));
	cr_expect(starts_with(three, "<?xml", 5));
	cr_expect_eq(count_entries(dir), 2);
	run_free(&r);
	free(one);
	free(three);
	free(pattern);
	remove_tmpdir(dir);
}

/* A bad input leaves -o's PDF as it was. */
Test(render_cli, failed_run_keeps_the_old_pdf)
{
	char *dir = make_tmpdir(), *out = path_in(dir, "old.pdf");
	struct run r;
	struct text t;

	write_file(out, "old");
	CDOK(&r, "print", "--to", "pdf", "-o", out,
	     CORPUS "keen/keen_4e_01.spec",
	     CORPUS "invalid/malformed_jagged.spec");
	cr_expect_eq(r.status, 3);
	t = read_file(out);
	expect_str(&t, "old", out);
	text_free(&t);
	cr_expect_eq(count_entries(dir), 1);
	run_free(&r);
	free(out);
	remove_tmpdir(dir);
}

/* An answer key for a puzzle with several solutions: left out, said,
 * and the booklet still made (status 2, an answer). */
Test(render_cli, answers_only_for_unique_puzzles)
{
	char *dir = make_tmpdir(), *pdf = path_in(dir, "a.pdf");
	struct run r;

	CDOK(&r, "print", "--to", "pdf", "--with-solutions", "-o", pdf,
	     CORPUS "keen/keen_4e_01.spec", CORPUS "ambiguous/amb_6x6.spec");
	cr_expect_eq(r.status, 2);
	expect_match(r.err.data, "amb_6x6.spec: puzzle #1 has more than one "
		     "solution; its answer is left out", "stderr");
	/* Two puzzle pages and one page of answers. */
	cr_expect_eq(pages_of(pdf), 3);
	run_free(&r);
	free(pdf);
	remove_tmpdir(dir);
}

/* A grid too large for the page is drawn, with a warning. */
Test(render_cli, too_large_for_the_page)
{
	char *dir = make_tmpdir(), *spec = path_in(dir, "big.spec");
	char *pdf = path_in(dir, "big.pdf");
	struct text t = {NULL, 0};
	struct run r;

	/* 40 x 40 of two-cell sums over a cyclic Latin square. */
	for (int row = 0; row < 40; row++) {
		for (int c = 0; c < 40; c += 2) {
			char cell[48];
			int k = row * 20 + c / 2;

			snprintf(cell, sizeof(cell), "%c%c%c+%d %c%c%c%s",
				 'A' + k / 676, 'A' + k / 26 % 26,
				 'A' + k % 26, (row + c) % 40 + 1 +
				 (row + c + 1) % 40 + 1, 'A' + k / 676,
				 'A' + k / 26 % 26, 'A' + k % 26,
				 c + 2 < 40 ? " " : "\n");
			text_puts(&t, cell);
		}
	}
	write_file(spec, t.data);
	CDOK(&r, "print", "--to", "pdf", "-o", pdf, spec);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	expect_match(r.err.data, "puzzle #1 \\(40 x 40\\) is drawn small to "
		     "fit the page: clues of [0-9.]+ pt, under the 6 pt "
		     "minimum", "stderr");
	cr_expect_eq(pages_of(pdf), 1);
	run_free(&r);
	text_free(&t);
	free(spec);
	free(pdf);
	remove_tmpdir(dir);
}

Test(render_cli, options_that_do_not_apply)
{
	static const char *const cases[][8] = {
		{"print", "--to", "pdf", "--dpi", "100", NULL},
		{"print", "--to", "png", "--per-page", "4", NULL},
		{"print", "--to", "svg", "--title", "T", NULL},
		{"print", "--to", "spec", "--paper", "a4", NULL},
		{"print", "--with-solutions", NULL},
		{"solve", "--to", "pdf", "--with-solutions", NULL},
		{"print", "--to", "pdf", "--paper", "tabloid", NULL},
		{"print", "--to", "pdf", "--per-page", "0", NULL},
		{"print", "--to", "pdf", "--per-page", "25", NULL},
		{"print", "--to", "png", "--dpi", "5", NULL},
		{"print", "--to", "png", "-o", "p-%s.png", NULL},
		{"print", "--to", "png", "-o", "p-%d-%d.png", NULL},
		{"print", "--to", "spec", "--givens-as-cages", NULL},
		{"print", "--to", "utf8", "--givens-as-cages", NULL},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		const char *args[12];
		struct run r;
		int k = 0;

		for (; cases[i][k]; k++)
			args[k] = cases[i][k];
		args[k++] = CORPUS "keen/keen_4e_01.spec";
		args[k] = NULL;
		run_cdok_io(&r, NULL, NULL, args);
		cr_expect_eq(r.status, 4, "case %zu: status %d", i, r.status);
		expect_str(&r.out, "", "stdout");
		expect_match(r.err.data, "^cdok: .*\\(try cdok (--help|help "
			     "[a-z-]+)\\)\n$", "stderr");
		run_free(&r);
	}
}

/* hint draws its state: the place of the hint shaded lightly (five more
 * cells of row 1), its cell strongly (r1c2), the pencil marks in grey
 * (seven of them); explain --to pdf is a worked solution, the puzzle and
 * then a grid per step shown. */
Test(render_cli, hint_and_explain_pictures, .timeout = 600)
{
	char *dir = make_tmpdir(), *state = path_in(dir, "state.txt");
	char *pdf = path_in(dir, "worked.pdf");
	int steps = 0;
	struct run r;

	write_file(state, "{156} . 5 2 {13} {13}\n. . . . . .\n. . . . . .\n"
		   "3 . . . . .\n4 . . . . .\n. . . . 4 .\n");
	CDOK(&r, "hint", "--to", "svg", "--state", state,
	     "examples/readme6.spec");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(strstr(r.out.data, "<svg") != NULL);
	{
		int light = 0, strong = 0, grey = 0;

		for (const char *s = r.out.data; (s = strstr(s, "rgb(")); s++) {
			light += !strncmp(s, "rgb(100%,96%,74%)", 17);
			strong += !strncmp(s, "rgb(100%,82%,42%)", 17);
			grey += !strncmp(s, "rgb(30%,30%,30%)", 16);
		}
		cr_expect_eq(light, 5);
		cr_expect_eq(strong, 1);
		cr_expect_eq(grey, 7);
	}
	run_free(&r);
	CDOK(&r, "hint", "--to", "png", "--dpi", "72", "--place",
	     CORPUS "killer/killer_ka_01.solo");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(r.out.len > 8 && !memcmp(r.out.data, "\x89PNG", 4));
	run_free(&r);
	CDOK(&r, "hint", "--to", "png", "--apply", "examples/readme6.spec");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "does not combine with --to png", "stderr");
	run_free(&r);

	CDOK(&r, "explain", CORPUS "keen/keen_6h_01.keen");
	cr_assert_eq(sscanf(r.out.data, "Level: Hard, %d steps", &steps), 1);
	run_free(&r);
	CDOK(&r, "explain", "--to", "pdf", "--per-page", "4", "-o", pdf,
	     CORPUS "keen/keen_6h_01.keen");
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	cr_expect(starts_with(pdf, "%PDF-", 5));
	cr_expect_eq(pages_of(pdf), (steps + 1 + 3) / 4);
	run_free(&r);
	CDOK(&r, "explain", "--to", "svg", CORPUS "keen/keen_6h_01.keen");
	cr_expect_eq(r.status, 4);
	expect_match(r.err.data, "or the booklet pdf", "stderr");
	run_free(&r);
	free(state);
	free(pdf);
	remove_tmpdir(dir);
}

/* The worked solution a teacher hands out (issue 39): of held-out 9 x 9
 * Hard puzzles (made here from seeds; 103 and 129 have the most steps
 * of seeds 100 to 129), at most 12 pages by default, every step's
 * sentence whole (no "…"), the signs the pictures show (no "256*
 * cage"), and the steps numbered as their sentences; --per-page N is
 * honoured (N to a page) or refused with the number that fits. */
Test(render_cli, worked_solution_of_a_9x9_hard, .timeout = 120)
{
	static const char *const seeds[] = {"103", "129", "112"};
	char *dir = make_tmpdir(), *puzzle = path_in(dir, "p.spec");
	char *pdf = path_in(dir, "worked.pdf");
	struct run r;

	for (size_t i = 0; i < sizeof(seeds) / sizeof(seeds[0]); i++) {
		int steps = 0, pages;
		char *text, *at, want[32];

		CDOK(&r, "-s", "9", "--level", "hard", "--seed", seeds[i],
		     "generate", "-o", puzzle);
		cr_assert_eq(r.status, 0, "%s", r.err.data);
		run_free(&r);
		CDOK(&r, "explain", puzzle);
		at = strstr(r.out.data, " steps");
		while (at && at > r.out.data && at[-1] >= '0' && at[-1] <= '9')
			at--;
		cr_assert(at && sscanf(at, "%d", &steps) == 1, "%s",
			  r.out.data);
		run_free(&r);
		CDOK(&r, "explain", "--to", "pdf", "-o", pdf, puzzle);
		cr_expect_eq(r.status, 0, "%s", r.err.data);
		run_free(&r);
		pages = pages_of(pdf);
		cr_expect(pages >= 1 && pages <= 12, "seed %s: %d steps on %d "
			  "pages", seeds[i], steps, pages);
		text = text_of(pdf);
		cr_expect(!strstr(text, "\u2026"), "seed %s: a cut sentence",
			  seeds[i]);
		cr_expect(!strstr(text, "*cage") && !strstr(text, "/cage"),
			  "seed %s: ASCII signs", seeds[i]);
		cr_expect(strstr(text, "Level:Hard,"), "seed %s", seeds[i]);
		/* The last step's sentence, numbered as it. */
		snprintf(want, sizeof(want), "%d.", steps);
		cr_expect(strstr(text, want), "seed %s: no step %d", seeds[i],
			  steps);
		free(text);
	}
	/* Seed 112 is last: two to a page is honoured, the puzzle and
	 * the steps; six is refused, saying how many fit. */
	CDOK(&r, "explain", "--to", "pdf", "--per-page", "2", "-o", pdf,
	     puzzle);
	cr_expect_eq(r.status, 0, "%s", r.err.data);
	run_free(&r);
	CDOK(&r, "explain", puzzle);
	{
		char *at = strstr(r.out.data, " steps");
		int steps = 0;

		while (at && at > r.out.data && at[-1] >= '0' && at[-1] <= '9')
			at--;
		cr_assert(at && sscanf(at, "%d", &steps) == 1);
		cr_expect_eq(pages_of(pdf), (steps + 2) / 2);
	}
	run_free(&r);
	CDOK(&r, "explain", "--to", "pdf", "--per-page", "6", "-o", pdf,
	     puzzle);
	cr_expect_neq(r.status, 0);
	expect_match(r.err.data, "6 to a page leaves grid [0-9]+ too small "
		     "to read beside its whole note .*: at most [1-5] fit",
		     "stderr");
	run_free(&r);
	free(puzzle);
	free(pdf);
	remove_tmpdir(dir);
}
