/* test_render.c -- libcdok-render: the svg, pdf and png pictures.
 *
 * Pixels change with the cairo and font versions, so these tests check
 * structure, not bytes: every puzzle of every corpus class (and
 * generated ones of every kind) is drawn in each format without error;
 * the PDF's text, read back by pdftotext (poppler-utils), holds every
 * clue; pages come in the number and size asked; in the PNG, lines are
 * thick exactly where cages (or Killer boxes) meet and Killer cages
 * have their dashed outline exactly along their borders; in the SVG,
 * clue glyphs sit in the top-left corner of each cage's first cell and
 * nowhere else.
 */
#include <cairo.h>
#include <fcntl.h>
#include <math.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fmt_helpers.h"

extern char **environ;

/* ---- writing pictures ---- */

struct bytes {
	char *data;
	size_t len;
};

static void bytes_add(struct bytes *b, const char *s, size_t n)
{
	b->data = realloc(b->data, b->len + n + 1);
	cr_assert_not_null(b->data);
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

static const cdok_format *render_format(const char *name)
{
	const cdok_format *const *list = cdok_render_formats();

	for (int i = 0; list[i]; i++)
		if (!strcmp(cdok_format_name(list[i]), name))
			return list[i];
	cr_assert_fail("no render format %s", name);
	return NULL;
}

/* The whole stream of n puzzles in a format with these settings (NULL:
 * the defaults); answers (or NULL) gives each puzzle's answer key. */
static struct bytes write_stream(const char *format,
				 const cdok_render_params *pp,
				 cdok_puzzle *const *ps, int n,
				 int *const *answers)
{
	cdok_writer *w = cdok_writer_new(render_format(format), 0);
	struct bytes all = {NULL, 0};
	cdok_error err;
	char *out;
	size_t len;

	cr_assert_not_null(w);
	if (pp)
		cr_assert_eq(cdok_render_setup(w, pp, &err), CDOK_OK, "%s",
			     err.message);
	for (int i = 0; i < n; i++) {
		cdok_render_item item = {answers ? answers[i] : NULL, NULL, 0,
					 NULL, NULL, NULL, NULL, NULL, 0};

		cr_assert_eq(cdok_render_put(w, ps[i], NULL, &item, &out, &len,
					     &err), CDOK_OK, "%s #%d: %s",
			     format, i + 1, err.message);
		bytes_add(&all, out, len);
		cdok_free(out);
	}
	cr_assert_eq(cdok_writer_finish(w, &out, &len, &err), CDOK_OK, "%s",
		     err.message);
	bytes_add(&all, out, len);
	cdok_free(out);
	cdok_writer_free(w);
	return all;
}

/* Run a program (argv[0] found on PATH), its standard output into a
 * file; returns its exit status. */
static int run_tool(const char *const *argv, const char *out_path)
{
	posix_spawn_file_actions_t fa;
	int status;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, out_path,
					 O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	cr_assert_eq(posix_spawnp(&pid, argv[0], &fa, NULL,
				  (char *const *)argv, environ), 0,
		     "cannot run %s (poppler-utils)", argv[0]);
	posix_spawn_file_actions_destroy(&fa);
	cr_assert(waitpid(pid, &status, 0) == pid);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* What a poppler tool says about a PDF: tool is "pdftotext" (the text,
 * with extra arguments before the file) or "pdfinfo". */
static char *pdf_tool(const struct bytes *pdf, const char *tool,
		      const char *arg1, const char *arg2)
{
	char in[] = "/tmp/cdok-test-render.XXXXXX", out[64];
	const char *argv[8];
	int fd = mkstemp(in), k = 0;
	size_t len;
	char *text;

	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, pdf->data, pdf->len), (ssize_t)pdf->len);
	close(fd);
	snprintf(out, sizeof(out), "%s.txt", in);
	argv[k++] = tool;
	if (arg1)
		argv[k++] = arg1;
	if (arg2)
		argv[k++] = arg2;
	argv[k++] = in;
	if (!strcmp(tool, "pdftotext"))
		argv[k++] = "-";
	argv[k] = NULL;
	cr_assert_eq(run_tool(argv, out), 0, "%s failed", tool);
	text = fmt_slurp(out, &len);
	unlink(in);
	unlink(out);
	return text;
}

/* "Pages:" of pdfinfo. */
static int pdf_pages(const struct bytes *pdf)
{
	char *info = pdf_tool(pdf, "pdfinfo", NULL, NULL);
	char *at = strstr(info, "Pages:");
	int pages;

	cr_assert_not_null(at, "%s", info);
	pages = atoi(at + 6);
	free(info);
	return pages;
}

/* ---- the puzzles ---- */

struct puzzles {
	cdok_puzzle **p;
	char **name;
	int n, cap;
};

static void puzzles_add(struct puzzles *s, cdok_puzzle *p, const char *name)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->p = realloc(s->p, (size_t)s->cap * sizeof(*s->p));
		s->name = realloc(s->name, (size_t)s->cap * sizeof(*s->name));
		cr_assert(s->p && s->name);
	}
	s->p[s->n] = p;
	s->name[s->n++] = strdup(name);
}

static void puzzles_free(struct puzzles *s)
{
	for (int i = 0; i < s->n; i++) {
		cdok_puzzle_free(s->p[i]);
		free(s->name[i]);
	}
	free(s->p);
	free(s->name);
	memset(s, 0, sizeof(*s));
}

/* Every puzzle of every puzzle file of a corpus folder.  Only the
 * invalid/ folder may hold files that do not read. */
static void read_folder(const char *folder, struct puzzles *s)
{
	static const char *const suffixes[] = {".spec", ".keen", ".in",
					       ".json", ".solo", ".puz"};
	bool invalid = !strcmp(folder, "invalid");

	for (size_t k = 0; k < sizeof(suffixes) / sizeof(*suffixes); k++) {
		int count;
		char **names = fmt_list(folder, suffixes[k], &count);

		for (int i = 0; i < count; i++) {
			char rel[256];
			size_t len;
			char *text;
			cdok_reader *r;
			cdok_puzzle *p;
			cdok_error err;
			cdok_status st;

			snprintf(rel, sizeof(rel), "%s/%s", folder, names[i]);
			text = fmt_corpus_file(rel, &len);
			r = cdok_reader_new(test_detect(text, len) ?
					    test_detect(text, len) :
					    test_format("spec"), text, len);
			cr_assert_not_null(r);
			if (!strcmp(folder, "nylimb"))
				cdok_reader_set_rules(r, CDOK_RULE_NYLIMB);
			while ((st = cdok_reader_next(r, &p, &err)) == CDOK_OK)
				puzzles_add(s, p, rel);
			cr_assert(st == CDOK_END || invalid, "%s: %s", rel,
				  err.message);
			cdok_reader_free(r);
			free(text);
		}
		fmt_free_names(names, count);
	}
}

/* ---- what the PDF text must hold ---- */

/* The words a puzzle's picture shows as clues: "12+", "60×", "4÷",
 * "1−", a Killer sum alone, and a one-cell cage's number. */
static void clue_word(const cdok_puzzle *p, int k, char *buf, size_t cap)
{
	const char *op = "";

	if (cdok_cage_size(p, k) > 1) {
		switch (cdok_cage_op(p, k)) {
		case CDOK_OP_ADD:
			op = cdok_puzzle_box_rows(p) ? "" : "+";
			break;
		case CDOK_OP_SUB:
			op = "\u2212";
			break;
		case CDOK_OP_MUL:
			op = "\u00d7";
			break;
		case CDOK_OP_DIV:
			op = "\u00f7";
			break;
		case CDOK_OP_ANY:       /* the target alone */
			break;
		}
	}
	snprintf(buf, cap, "%lld%s", (long long)cdok_cage_target(p, k), op);
}

static int cmp_words(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The words of a text, sorted, into *words (free the array and the
 * text copy with free). */
static int split_words(char *text, char ***words)
{
	int n = 0, cap = 1024;
	char *save = NULL;

	*words = malloc((size_t)cap * sizeof(**words));
	for (char *w = strtok_r(text, " \t\n\f\r", &save); w;
	     w = strtok_r(NULL, " \t\n\f\r", &save)) {
		if (n == cap) {
			cap *= 2;
			*words = realloc(*words, (size_t)cap * sizeof(**words));
		}
		(*words)[n++] = w;
	}
	qsort(*words, (size_t)n, sizeof(**words), cmp_words);
	return n;
}

/* Every clue of every puzzle is a word of the PDF's text, as often as
 * the puzzles have it. */
static void expect_clues(const struct bytes *pdf, const struct puzzles *s,
			 const char *what)
{
	char *text = pdf_tool(pdf, "pdftotext", NULL, NULL);
	char **words, **want = NULL;
	int nwords = split_words(text, &words), nwant = 0, cap = 0;

	for (int i = 0; i < s->n; i++)
		for (int k = 0; k < cdok_puzzle_cage_count(s->p[i]); k++) {
			char buf[48];

			clue_word(s->p[i], k, buf, sizeof(buf));
			if (nwant == cap) {
				cap = cap ? 2 * cap : 256;
				want = realloc(want, (size_t)cap * sizeof(*want));
			}
			want[nwant++] = strdup(buf);
		}
	qsort(want, (size_t)nwant, sizeof(*want), cmp_words);
	/* Both sorted: walk them together, every wanted word matched by
	 * one of its own. */
	for (int i = 0, j = 0; i < nwant; i++) {
		while (j < nwords && strcmp(words[j], want[i]) < 0)
			j++;
		cr_expect(j < nwords && !strcmp(words[j], want[i]),
			  "%s: the PDF's text lacks clue %s", what, want[i]);
		if (j < nwords && !strcmp(words[j], want[i]))
			j++;
	}
	cr_expect_gt(nwant, 0, "%s: no clues", what);
	for (int i = 0; i < nwant; i++)
		free(want[i]);
	free(want);
	free(words);
	free(text);
}

/* Every puzzle in each format: svg and png one by one, all of them in
 * one pdf (six to a page) whose text holds every clue. */
static void render_all(const struct puzzles *s, const char *what)
{
	cdok_render_params pp;
	struct bytes pdf;

	cdok_render_params_init(&pp);
	pp.per_page = 6;
	/* Small PNGs: the drawing is the same at any resolution. */
	pp.dpi = 36;
	for (int i = 0; i < s->n; i++) {
		struct bytes svg = write_stream("svg", NULL, &s->p[i], 1, NULL);
		struct bytes png = write_stream("png", &pp, &s->p[i], 1, NULL);

		cr_expect(strstr(svg.data, "<svg") != NULL, "%s: svg",
			  s->name[i]);
		cr_expect(png.len > 24 && !memcmp(png.data, "\x89PNG\r\n", 6),
			  "%s: png", s->name[i]);
		free(svg.data);
		free(png.data);
	}
	pdf = write_stream("pdf", &pp, s->p, s->n, NULL);
	cr_expect(!memcmp(pdf.data, "%PDF-", 5), "%s: pdf", what);
	expect_clues(&pdf, s, what);
	free(pdf.data);
}

static void render_folder(const char *folder)
{
	struct puzzles s = {0};

	read_folder(folder, &s);
	cr_assert_gt(s.n, 0, "no puzzle in %s", folder);
	render_all(&s, folder);
	puzzles_free(&s);
}

Test(render, corpus_keen, .timeout = 1200)
{
	render_folder("keen");
}

Test(render, corpus_other_classes, .timeout = 1200)
{
	static const char *const folders[] = {
		"ambiguous", "calpoly", "cdok", "cdok-reference", "invalid",
		"killer", "nylimb", "ucf",
	};

	for (size_t i = 0; i < sizeof(folders) / sizeof(*folders); i++)
		render_folder(folders[i]);
}

/* Puzzles the corpus does not have: generated ones of every kind and
 * many sizes, including a one-cell grid and hidden operators (whose
 * clues are their numbers alone: clue_word). */
Test(render, generated_puzzles, .timeout = 1200)
{
	static const struct {
		int size, killer;
		unsigned rules, ops;
		int hide_ops;   /* clues show their targets only */
	} kinds[] = {
		{1, 0, 0, CDOK_GEN_ALL_OPS, 0}, {2, 0, 0, CDOK_GEN_ALL_OPS, 0},
		{3, 0, 0, CDOK_GEN_ALL_OPS, 0}, {5, 0, 0, CDOK_GEN_MUL, 0},
		{7, 0, 0, CDOK_GEN_ALL_OPS, 0}, {8, 0, 0, CDOK_GEN_ADD, 0},
		{9, 0, 0, CDOK_GEN_ALL_OPS, 0}, {10, 0, 0, CDOK_GEN_ALL_OPS, 0},
		{4, 1, 0, 0, 0}, {6, 1, 0, 0, 0}, {8, 1, 0, 0, 0}, {9, 1, 0, 0, 0},
		{4, 0, CDOK_RULE_NYLIMB, CDOK_GEN_ALL_OPS, 0},
		{6, 0, CDOK_RULE_NYLIMB, CDOK_GEN_ALL_OPS, 0},
		{9, 0, CDOK_RULE_NYLIMB, CDOK_GEN_ALL_OPS, 0},
		{6, 0, 0, CDOK_GEN_ALL_OPS, 1}, {9, 0, 0, CDOK_GEN_ALL_OPS, 1},
	};
	struct puzzles s = {0};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(*kinds); i++)
		for (uint64_t seed = 1; seed <= 3; seed++) {
			cdok_gen_params gp;
			cdok_puzzle *p;
			cdok_error err;
			cdok_rng rng;
			char name[64];

			cdok_gen_params_init(&gp);
			gp.size = kinds[i].size;
			gp.killer = kinds[i].killer;
			gp.rules = kinds[i].rules;
			gp.hide_ops = kinds[i].hide_ops;
			if (kinds[i].ops)
				gp.ops = kinds[i].ops;
			cdok_rng_seed(&rng, seed, 0);
			cr_assert_eq(cdok_generate(&gp, NULL, &rng, &p, NULL,
						   &err), CDOK_OK, "%s",
				     err.message);
			snprintf(name, sizeof(name), "generated %d (%zu)",
				 kinds[i].size, i);
			puzzles_add(&s, p, name);
		}
	render_all(&s, "generated");
	puzzles_free(&s);
}

/* ---- pages ---- */

/* The first n 9 x 9 Keen puzzles with their solutions. */
static void nine_by_nine(struct puzzles *s, int ***answers, int n)
{
	struct puzzles all = {0};

	read_folder("keen", &all);
	*answers = calloc((size_t)n, sizeof(**answers));
	for (int i = 0; i < all.n && s->n < n; i++) {
		if (cdok_puzzle_size(all.p[i]) != 9 ||
		    !strstr(all.name[i], ".keen"))
			continue;
		(*answers)[s->n] = malloc(81 * sizeof(int));
		fmt_solve_unique(all.p[i], (*answers)[s->n], all.name[i]);
		puzzles_add(s, cdok_puzzle_clone(all.p[i]), all.name[i]);
	}
	cr_assert_eq(s->n, n);
	puzzles_free(&all);
}

Test(render, booklet_pages_and_paper, .timeout = 600)
{
	struct puzzles s = {0};
	cdok_render_params pp;
	struct bytes pdf;
	int **answers;
	char *info, *text;

	nine_by_nine(&s, &answers, 14);
	cdok_render_params_init(&pp);
	pp.per_page = 6;
	pp.title = "Fourteen";
	cr_assert_eq(cdok_render_paper("Letter", &pp.paper_width,
				       &pp.paper_height, NULL), CDOK_OK);
	/* 14 puzzles at 6 a page, then 14 answers at 12 a page. */
	pdf = write_stream("pdf", &pp, s.p, s.n, answers);
	cr_expect_eq(pdf_pages(&pdf), 3 + 2);
	info = pdf_tool(&pdf, "pdfinfo", NULL, NULL);
	cr_expect(strstr(info, "612 x 792 pts (letter)") != NULL, "%s", info);
	cr_expect(strstr(info, "Title:") && strstr(info, "Fourteen"), "%s",
		  info);
	free(info);
	/* Page 3 holds puzzles 13 and 14; page 4 starts the answers. */
	text = pdf_tool(&pdf, "pdftotext", "-f", "3");
	cr_expect(strstr(text, "Fourteen") && strstr(text, "13") &&
		  strstr(text, "Fourteen \u2013 answers"), "%s", text);
	free(text);
	free(pdf.data);

	/* Without answers, A4 and one a page: 14 pages. */
	cdok_render_params_init(&pp);
	pdf = write_stream("pdf", &pp, s.p, s.n, NULL);
	cr_expect_eq(pdf_pages(&pdf), 14);
	info = pdf_tool(&pdf, "pdfinfo", NULL, NULL);
	cr_expect(strstr(info, "595.28 x 841.89 pts (A4)") != NULL, "%s",
		  info);
	free(info);
	free(pdf.data);
	for (int i = 0; i < s.n; i++)
		free(answers[i]);
	free(answers);
	puzzles_free(&s);
}

/* The text of page k of a PDF. */
static char *page_text(const struct bytes *pdf, int k)
{
	char first[32], last[32], *text;
	char in[] = "/tmp/cdok-test-render.XXXXXX", out[64];
	const char *argv[] = {"pdftotext", "-f", first, "-l", last, in, "-",
			      NULL};
	int fd = mkstemp(in);
	size_t len;

	cr_assert(fd >= 0);
	cr_assert_eq(write(fd, pdf->data, pdf->len), (ssize_t)pdf->len);
	close(fd);
	snprintf(first, sizeof(first), "%d", k);
	snprintf(last, sizeof(last), "%d", k);
	snprintf(out, sizeof(out), "%s.txt", in);
	cr_assert_eq(run_tool(argv, out), 0);
	text = fmt_slurp(out, &len);
	unlink(in);
	unlink(out);
	return text;
}

/* Mixed sizes: a 16 x 16 cannot keep 6 pt clues in a sixth of a page,
 * so it starts a page of fewer slots (two, on A4), and the next puzzle
 * joins it; the rest go on at six a page. */
Test(render, mixed_sizes_keep_legible_type, .timeout = 600)
{
	static const char *const files[] = {
		"keen/keen_9e_01.spec", "keen/keen_9e_02.spec",
		"keen/keen_4e_01.spec", "cdok/cdok16D_01.spec",
		"keen/keen_6e_01.spec", "keen/keen_6e_02.spec",
		"keen/keen_6e_03.spec",
	};
	/* Captions, number and size, as pdftotext gives them once the
	 * spaces (which it keeps or drops) are gone. */
	static const char *const want[3][3] = {
		{"19\u00d79", "29\u00d79", "34\u00d74"},
		{"416\u00d716", "56\u00d76", NULL},
		{"66\u00d76", "76\u00d76", NULL},
	};
	struct puzzles s = {0};
	cdok_render_params pp;
	struct bytes pdf;
	int pages;

	for (size_t i = 0; i < sizeof(files) / sizeof(*files); i++) {
		size_t len;
		char *text = fmt_corpus_file(files[i], &len);

		puzzles_add(&s, fmt_read_one("spec", text, len, files[i]),
			    files[i]);
		free(text);
	}
	cdok_render_params_init(&pp);
	pp.per_page = 6;
	pdf = write_stream("pdf", &pp, s.p, s.n, NULL);
	pages = pdf_pages(&pdf);
	cr_expect_eq(pages, 3);
	for (int k = 1; k <= pages && k <= 3; k++) {
		char *text = page_text(&pdf, k), *o = text;

		for (char *i = text; *i; i++)
			if (*i != ' ')
				*o++ = *i;
		*o = '\0';
		for (int j = 0; j < 3; j++)
			cr_expect(!want[k - 1][j] ||
				  strstr(text, want[k - 1][j]), "page %d "
				  "lacks %s:\n%s", k, want[k - 1][j], text);
		cr_expect((k == 2) == (strstr(text, "16\u00d716") != NULL),
			  "page %d:\n%s", k, text);
		free(text);
	}
	free(pdf.data);
	puzzles_free(&s);
}

/* A caption names the kind: a plain Sudoku (boxes, no cages) is no
 * Killer puzzle. */
Test(render, caption_names_plain_sudoku_and_killer, .timeout = 600)
{
	static const char line[] = "..4...3..2...4..\n";
	struct puzzles s = {0};
	cdok_render_params pp;
	struct bytes pdf;
	size_t len;
	char *text = fmt_corpus_file("killer/killer_kt_01.solo", &len);
	char *page;

	puzzles_add(&s, fmt_read_one("sudoku", line, sizeof(line) - 1, line),
		    "line");
	puzzles_add(&s, fmt_read_one("solo", text, len, "kt_01"), "kt_01");
	free(text);
	cdok_render_params_init(&pp);
	pp.per_page = 2;
	pdf = write_stream("pdf", &pp, s.p, s.n, NULL);
	page = page_text(&pdf, 1);
	cr_expect(strstr(page, "Sudoku") && strstr(page, "Killer"), "%s",
		  page);
	cr_expect(strstr(page, "4 \u00d7 4 Sudoku") ||
		  strstr(page, "4\u00d74Sudoku"), "%s", page);
	free(page);
	free(pdf.data);
	puzzles_free(&s);
}

/* A grid too large for the page is drawn anyway, and says how small. */
Test(render, small_type_is_reported)
{
	cdok_puzzle *big = cdok_puzzle_new(40), *ok;
	cdok_writer *w = cdok_writer_new(render_format("pdf"), 0);
	cdok_render_item item = {NULL, "hard", -1, NULL, NULL, NULL, NULL,
				 NULL, 0};
	size_t len;
	char *out, *text = fmt_corpus_file("cdok/cdok16D_01.spec", &len);
	cdok_error err;

	ok = fmt_read_one("spec", text, len, "16x16");
	for (int c = 0; c < 40 * 40; c += 2) {
		int cells[2] = {c, c + 1};

		cr_assert_eq(cdok_puzzle_add_cage(big, CDOK_OP_ADD, 3, cells, 2,
						  NULL, NULL), CDOK_OK);
	}
	cr_assert_eq(cdok_render_put(w, ok, NULL, &item, &out, &len, &err),
		     CDOK_OK);
	cr_expect_eq(item.small_type, 0);
	cdok_free(out);
	cr_assert_eq(cdok_render_put(w, big, NULL, &item, &out, &len, &err),
		     CDOK_OK);
	cr_expect(item.small_type > 2 && item.small_type < CDOK_RENDER_MIN_TYPE,
		  "%g", item.small_type);
	cdok_free(out);
	cr_assert_eq(cdok_writer_finish(w, &out, &len, &err), CDOK_OK);
	cr_expect(len > 1000 && !memcmp(out, "%PDF-", 5));
	cdok_free(out);
	cdok_writer_free(w);
	cdok_puzzle_free(big);
	cdok_puzzle_free(ok);
	free(text);
}

/* The same puzzles make the same file: no date, no clock. */
Test(render, pdf_is_reproducible_and_uses_dejavu)
{
	size_t len;
	char *text = fmt_corpus_file("cdok/cdok9D_01.spec", &len);
	cdok_puzzle *p = fmt_read_one("spec", text, len, "9D");
	struct bytes a = write_stream("pdf", NULL, &p, 1, NULL);
	struct bytes b = write_stream("pdf", NULL, &p, 1, NULL);
	char *fonts;

	cr_expect(a.len == b.len && !memcmp(a.data, b.data, a.len));
	cr_expect(!strstr(a.data, "CreationDate"));
	fonts = pdf_tool(&a, "pdffonts", NULL, NULL);
	cr_expect(strstr(fonts, "DejaVuSans") != NULL, "%s", fonts);
	free(fonts);
	free(a.data);
	free(b.data);
	cdok_puzzle_free(p);
	free(text);
}

/* ---- settings ---- */

Test(render, settings_are_checked)
{
	cdok_writer *w = cdok_writer_new(render_format("pdf"), 0);
	cdok_writer *spec = cdok_writer_new(cdok_format_find("spec"), 0);
	cdok_render_params pp;
	cdok_error err;
	double wd, ht;
	char *out;
	size_t len;
	cdok_puzzle *p = cdok_puzzle_new(1);

	cr_assert_eq(cdok_puzzle_set_given(p, 0, 1), CDOK_OK);
	cr_expect_eq(cdok_render_paper("tabloid", &wd, &ht, &err),
		     CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "a4, a5, a3, letter or legal"));
	cdok_render_params_init(&pp);
	pp.per_page = -1;
	cr_expect_eq(cdok_render_setup(w, &pp, &err), CDOK_ERR_INVALID);
	pp.per_page = CDOK_RENDER_MAX_PER_PAGE + 1;
	cr_expect_eq(cdok_render_setup(w, &pp, &err), CDOK_ERR_INVALID);
	cdok_render_params_init(&pp);
	pp.dpi = 5;
	cr_expect_eq(cdok_render_setup(w, &pp, &err), CDOK_ERR_INVALID);
	cdok_render_params_init(&pp);
	pp.title = "\xff\xfe";
	cr_expect_eq(cdok_render_setup(w, &pp, &err), CDOK_ERR_INVALID);
	cr_expect(strstr(err.message, "UTF-8"), "%s", err.message);
	pp.title = NULL;
	pp.paper_width = 10;
	cr_expect_eq(cdok_render_setup(w, &pp, &err), CDOK_ERR_INVALID);
	cdok_render_params_init(&pp);
	cr_expect_eq(cdok_render_setup(spec, &pp, &err),
		     CDOK_ERR_UNSUPPORTED);
	/* Settings come first. */
	cr_assert_eq(cdok_render_put(w, p, NULL, NULL, &out, &len, &err),
		     CDOK_OK);
	cdok_free(out);
	cr_expect_eq(cdok_render_setup(w, &pp, &err), CDOK_ERR_INVALID);
	/* Another format's writer just puts. */
	cr_assert_eq(cdok_render_put(spec, p, NULL, NULL, &out, &len, &err),
		     CDOK_OK);
	cdok_free(out);
	cdok_writer_free(spec);
	cdok_writer_free(w);
	cdok_puzzle_free(p);
}

Test(render, png_too_large_is_refused)
{
	cdok_writer *w = cdok_writer_new(render_format("png"), 0);
	cdok_puzzle *p = cdok_puzzle_new(63);
	cdok_render_params pp;
	cdok_error err;
	char *out;
	size_t len;

	cdok_render_params_init(&pp);
	pp.dpi = 1200;
	cr_assert_eq(cdok_render_setup(w, &pp, &err), CDOK_OK);
	cr_expect_eq(cdok_render_put(w, p, NULL, NULL, &out, &len, &err),
		     CDOK_ERR_LIMIT);
	cr_expect(strstr(err.message, "fewer pixels per inch"), "%s",
		  err.message);
	cdok_writer_free(w);
	cdok_puzzle_free(p);
}

/* ---- the PNG's lines ---- */

struct image {
	cairo_surface_t *s;
	const unsigned char *data;
	int w, h, stride;
};

struct cursor {
	const struct bytes *b;
	size_t at;
};

static cairo_status_t read_png(void *closure, unsigned char *data,
			       unsigned int length)
{
	struct cursor *c = closure;

	if (c->at + length > c->b->len)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, c->b->data + c->at, length);
	c->at += length;
	return CAIRO_STATUS_SUCCESS;
}

static struct image decode(const struct bytes *png)
{
	struct cursor c = {png, 0};
	struct image im;

	im.s = cairo_image_surface_create_from_png_stream(read_png, &c);
	cr_assert_eq(cairo_surface_status(im.s), CAIRO_STATUS_SUCCESS);
	im.data = cairo_image_surface_get_data(im.s);
	im.w = cairo_image_surface_get_width(im.s);
	im.h = cairo_image_surface_get_height(im.s);
	im.stride = cairo_image_surface_get_stride(im.s);
	return im;
}

static bool dark(const struct image *im, int x, int y, int level)
{
	uint32_t px;

	if (x < 0 || y < 0 || x >= im->w || y >= im->h)
		return false;
	memcpy(&px, im->data + (size_t)y * (size_t)im->stride + 4 * (size_t)x,
	       4);
	return (int)(((px >> 16) & 255) + ((px >> 8) & 255) + (px & 255)) <
	       3 * level;
}

/* The grid's frame: the first dark run from the left and the right
 * along the middle of a row (the margins are small), whose centres are
 * the grid's edges. */
static void frame(const struct image *im, int n, double *origin,
		  double *cell)
{
	int y = (int)(im->h * (n / 2 + 0.5) / n), l = 0, r = im->w - 1, l2, r2;

	while (!dark(im, l, y, 128))
		l++;
	for (l2 = l; dark(im, l2, y, 128); l2++)
		;
	while (!dark(im, r, y, 128))
		r--;
	for (r2 = r; dark(im, r2, y, 128); r2--)
		;
	*origin = (l + l2 - 1) / 2.0;
	*cell = ((r + r2 + 1) / 2.0 - *origin) / n;
}

/* Dark pixels across the line between two cells, near its middle. */
static int thickness(const struct image *im, double origin, double cell,
		     int row, int col, bool right)
{
	double x = origin + (col + (right ? 1 : 0.5)) * cell;
	double y = origin + (row + (right ? 0.5 : 1)) * cell;
	int count = 0;

	for (int d = -5; d <= 5; d++)
		count += right ? dark(im, (int)lround(x) + d, (int)lround(y),
				      128)
			       : dark(im, (int)lround(x), (int)lround(y) + d,
				      128);
	return count;
}

static cdok_puzzle *corpus_puzzle(const char *rel, const char *format)
{
	size_t len;
	char *text = fmt_corpus_file(rel, &len);
	cdok_puzzle *p = fmt_read_one(format, text, len, rel);

	free(text);
	return p;
}

static struct image png_of(const cdok_puzzle *p)
{
	cdok_render_params pp;
	struct bytes png;
	struct image im;

	cdok_render_params_init(&pp);
	pp.dpi = 144;
	png = write_stream("png", &pp, (cdok_puzzle *const *)&p, 1, NULL);
	im = decode(&png);
	free(png.data);
	return im;
}

static int box_of(const cdok_puzzle *p, int r, int c)
{
	int n = cdok_puzzle_size(p);

	return r / cdok_puzzle_box_rows(p) * (n / cdok_puzzle_box_cols(p)) +
	       c / cdok_puzzle_box_cols(p);
}

/* Thick lines exactly between cages (Calcudoku) or boxes (Killer). */
static void expect_thick_borders(const cdok_puzzle *p, const char *what)
{
	struct image im = png_of(p);
	int n = cdok_puzzle_size(p);
	bool killer = cdok_puzzle_box_rows(p) > 0;
	double origin, cell;

	frame(&im, n, &origin, &cell);
	cr_assert(cell > 60 && cell < 84, "%s: cells of %g pixels", what,
		  cell);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			for (int right = 0; right <= 1; right++) {
				int r2 = r + !right, c2 = c + right, t;
				bool border;

				if (r2 >= n || c2 >= n)
					continue;
				{
				int ka = cdok_puzzle_cage_of(p, r * n + c);
				int kb = cdok_puzzle_cage_of(p, r2 * n + c2);

				/* A given outside any cage has borders all
				 * round. */
				border = killer ?
					 box_of(p, r, c) != box_of(p, r2, c2) :
					 ka != kb || ka < 0;
				t = thickness(&im, origin, cell, r, c, right);
				cr_expect(border ? t >= 4 : t <= 2,
					  "%s: the line %s row %d, column %d "
					  "is %d pixels thick", what,
					  right ? "right of" : "below", r + 1,
					  c + 1, t);
				}
			}
	cairo_surface_destroy(im.s);
}

Test(render, png_thick_lines_where_cages_meet)
{
	cdok_puzzle *p = corpus_puzzle("cdok-reference/ex6.spec", "spec");

	expect_thick_borders(p, "ex6");
	cdok_puzzle_free(p);
	p = corpus_puzzle("keen/keen_9x_01.spec", "spec");
	expect_thick_borders(p, "keen_9x_01");
	cdok_puzzle_free(p);
}

/* Dark pixels along a strip parallel to the side between cell (r, c)
 * and its neighbour to the right (across) or below, at offset from
 * that side (negative: inside (r, c)), over the middle of the side. */
static int strip_ink(const struct image *im, double origin, double cell,
		     int r, int c, bool across, double offset)
{
	double side = origin + (across ? c + 1 : r + 1) * cell + offset;
	double start = origin + ((across ? r : c) + 0.45) * cell;
	int ink = 0;

	for (int t = 0; t < (int)(0.35 * cell); t++)
		for (int d = -2; d <= 2; d++) {
			int u = (int)lround(side) + d, v = (int)start + t;

			ink += across ? dark(im, u, v, 110)
				      : dark(im, v, u, 110);
		}
	return ink;
}

/* Killer: thick box lines; and just inside each cell, along each of its
 * sides, a dashed line exactly where the side is a cage border. */
Test(render, png_killer_boxes_and_dashed_cages)
{
	cdok_puzzle *p = corpus_puzzle("killer/killer_kt_01.solo", "solo");
	struct image im;
	double origin, cell;
	int n = 9;

	expect_thick_borders(p, "kt_01");
	im = png_of(p);
	frame(&im, n, &origin, &cell);
	for (int r = 0; r < n; r++)
		for (int c = 0; c < n; c++)
			for (int across = 0; across <= 1; across++) {
				int a = r * n + c, b = across ? a + 1 : a + n;
				double inset = 0.11 * cell;
				int in_a, in_b;
				bool border;

				if ((across && c + 1 >= n) || (!across && r + 1 >= n))
					continue;
				border = cdok_puzzle_cage_of(p, a) !=
					 cdok_puzzle_cage_of(p, b);
				in_a = strip_ink(&im, origin, cell, r, c,
						 across, -inset);
				in_b = strip_ink(&im, origin, cell, r, c,
						 across, inset);
				cr_expect(border ? in_a >= 5 && in_b >= 5 :
					  in_a == 0 && in_b == 0,
					  "kt_01: beside the side %s row %d, "
					  "column %d: %d and %d dark pixels",
					  across ? "right of" : "below", r + 1,
					  c + 1, in_a, in_b);
			}
	cairo_surface_destroy(im.s);
	cdok_puzzle_free(p);
}

/* ---- the SVG's text ---- */

/* Where each glyph of an SVG is drawn: cairo writes text as <use> of a
 * glyph at its pen position (the baseline's left end). */
struct glyph_at {
	double x, y;
};

static int svg_glyphs(const char *svg, struct glyph_at **out)
{
	int n = 0, cap = 0;

	*out = NULL;
	for (const char *at = svg; (at = strstr(at, "<use xlink:href=\"#glyph"));
	     at++) {
		const char *x = strstr(at, " x=\""), *y = strstr(at, " y=\"");

		cr_assert(x && y);
		if (n == cap) {
			cap = cap ? 2 * cap : 256;
			*out = realloc(*out, (size_t)cap * sizeof(**out));
		}
		(*out)[n].x = strtod(x + 4, NULL);
		(*out)[n++].y = strtod(y + 4, NULL);
	}
	return n;
}

/* Whether cell holds a number of the puzzle itself (a given, or the
 * target of a one-cell cage). */
static bool shows_number(const cdok_puzzle *p, int cell)
{
	int k = cdok_puzzle_cage_of(p, cell);

	return cdok_puzzle_given(p, cell) != CDOK_NONE ||
	       (k >= 0 && cdok_cage_size(p, k) == 1);
}

/* Clue glyphs (baseline in the top half of a cell) sit in each cage's
 * first cell, starting in its left quarter, or continue along the
 * cage's top row; number glyphs (bottom half) only where the puzzle
 * has a number. */
static void expect_clue_places(const cdok_puzzle *p, const char *what)
{
	struct bytes svg = write_stream("svg", NULL, (cdok_puzzle *const *)&p,
					1, NULL);
	const char *thin = strstr(svg.data, "stroke-linecap:butt;");
	int n = cdok_puzzle_size(p), ng;
	double origin, line, cell;
	struct glyph_at *g;
	bool clue_seen[CDOK_MAX_SIZE * CDOK_MAX_SIZE] = {false};
	bool number_seen[CDOK_MAX_SIZE * CDOK_MAX_SIZE] = {false};

	/* The first thin line is the one right of the first column. */
	cr_assert(thin && strstr(thin, "d=\"M "));
	line = strtod(strstr(thin, "d=\"M ") + 5, (char **)&thin);
	origin = strtod(thin, NULL);
	cell = line - origin;
	ng = svg_glyphs(svg.data, &g);
	cr_assert_gt(ng, 0);
	for (int i = 0; i < ng; i++) {
		double fx = (g[i].x - origin) / cell, fy = (g[i].y - origin) / cell;
		int row = (int)floor(fy), col = (int)floor(fx), cell_no, k;

		cr_assert(row >= 0 && row < n && col >= 0 && col < n,
			  "%s: a glyph outside the grid", what);
		cell_no = row * n + col;
		k = cdok_puzzle_cage_of(p, cell_no);
		if (fy - row < 0.5) {
			const int *cells = k >= 0 ? cdok_cage_cells(p, k) : NULL;
			int first = cells ? cells[0] : -1;

			cr_expect(k >= 0 && cdok_cage_size(p, k) > 1 &&
				  first / n == row && first % n <= col,
				  "%s: a clue glyph in row %d, column %d", what,
				  row + 1, col + 1);
			for (int c = first % n; first >= 0 && c < col; c++)
				cr_expect_eq(cdok_puzzle_cage_of(p, row * n + c),
					     k, "%s: a clue runs out of its "
					     "cage", what);
			if (cell_no == first && fx - col < 0.25)
				clue_seen[cell_no] = true;
		} else {
			cr_expect(shows_number(p, cell_no), "%s: a number in "
				  "row %d, column %d", what, row + 1, col + 1);
			number_seen[cell_no] = true;
		}
	}
	for (int c = 0; c < n * n; c++) {
		int k = cdok_puzzle_cage_of(p, c);

		if (k >= 0 && cdok_cage_size(p, k) > 1 &&
		    cdok_cage_cells(p, k)[0] == c)
			cr_expect(clue_seen[c], "%s: no clue at row %d, column "
				  "%d", what, c / n + 1, c % n + 1);
		cr_expect_eq(number_seen[c], shows_number(p, c), "%s: row %d, "
			     "column %d", what, c / n + 1, c % n + 1);
	}
	free(g);
	free(svg.data);
}

Test(render, svg_clues_in_top_left_corners)
{
	static const struct {
		const char *rel, *format;
	} cases[] = {
		{"cdok-reference/ex6.spec", "spec"},
		{"keen/keen_9x_01.spec", "spec"},
		{"cdok/cdok16T_01.spec", "spec"},
		{"killer/killer_kt_01.solo", "solo"},
		{"killer/barium_expert-1.json", "killer"},
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(*cases); i++) {
		cdok_puzzle *p = corpus_puzzle(cases[i].rel, cases[i].format);

		expect_clue_places(p, cases[i].rel);
		cdok_puzzle_free(p);
	}
}

/* ---- the caption's source, KenKen givens ---- */

/* The caption names the puzzle's source ("seed 42") on puzzle pages,
 * set smaller when it is too wide and left out when even that does
 * not fit; a source past 256 bytes is refused. */
Test(render, caption_names_the_source, .timeout = 600)
{
	cdok_puzzle *p = corpus_puzzle("keen/keen_9e_01.spec", "spec");
	cdok_puzzle *small = corpus_puzzle("keen/keen_4e_01.spec", "spec");
	cdok_writer *w = cdok_writer_new(render_format("pdf"), 0);
	cdok_render_item item = {NULL, "hard", 0, NULL, NULL, NULL,
				 "seed 42", NULL, 0};
	char wide[120], *out, *text;
	struct bytes pdf = {NULL, 0};
	cdok_render_params pp;
	cdok_error err;
	size_t len;

	cr_assert_eq(cdok_render_put(w, p, NULL, &item, &out, &len, &err),
		     CDOK_OK, "%s", err.message);
	cdok_free(out);
	/* 100 letters: set smaller above a whole page's 9 x 9; no grid of
	 * a page of 24 holds them even at 6 pt. */
	memset(wide, 'x', 100);
	wide[100] = '\0';
	item.source = wide;
	cr_assert_eq(cdok_render_put(w, p, NULL, &item, &out, &len, &err),
		     CDOK_OK, "%s", err.message);
	cdok_free(out);
	cr_assert_eq(cdok_writer_finish(w, &out, &len, &err), CDOK_OK);
	bytes_add(&pdf, out, len);
	cdok_free(out);
	cdok_writer_free(w);
	text = page_text(&pdf, 1);
	cr_expect(strstr(text, "hard") && strstr(text, "seed 42"), "%s", text);
	free(text);
	text = page_text(&pdf, 2);
	cr_expect(strstr(text, wide) != NULL, "a whole page's 9 x 9 holds "
		  "100 letters:\n%s", text);
	free(text);
	free(pdf.data);

	/* 24 to a page: the wide one is left out, the caption stays. */
	cdok_render_params_init(&pp);
	pp.per_page = 24;
	w = cdok_writer_new(render_format("pdf"), 0);
	cr_assert_eq(cdok_render_setup(w, &pp, &err), CDOK_OK);
	cr_assert_eq(cdok_render_put(w, small, NULL, &item, &out, &len, &err),
		     CDOK_OK, "%s", err.message);
	cdok_free(out);
	cr_assert_eq(cdok_writer_finish(w, &out, &len, &err), CDOK_OK);
	pdf.data = NULL;
	pdf.len = 0;
	bytes_add(&pdf, out, len);
	cdok_free(out);
	cdok_writer_free(w);
	text = page_text(&pdf, 1);
	cr_expect(strstr(text, "hard") && !strstr(text, "xxx"), "%s", text);
	free(text);
	free(pdf.data);

	/* Past 256 bytes: refused, as a note past its limit is. */
	{
		char *huge = malloc(258);

		cr_assert_not_null(huge);
		memset(huge, 's', 257);
		huge[257] = '\0';
		item.source = huge;
		w = cdok_writer_new(render_format("pdf"), 0);
		cr_expect_eq(cdok_render_put(w, small, NULL, &item, &out, &len,
					     &err), CDOK_ERR_INVALID);
		cr_expect(strstr(err.message, "source") != NULL, "%s",
			  err.message);
		cdok_writer_free(w);
		free(huge);
	}
	cdok_puzzle_free(p);
	cdok_puzzle_free(small);
}

/* The fonts a PDF uses, as pdffonts lists them. */
static char *pdf_fonts(const struct bytes *pdf)
{
	return pdf_tool(pdf, "pdffonts", NULL, NULL);
}

/* givens_as_cages: each given (and one-cell cage) of a Calcudoku is
 * its own cage with the value as its corner clue: every glyph in the
 * top half of a cell, one starting in the top-left corner of each such
 * cell, and no bold digit anywhere. */
Test(render, givens_as_cages_put_the_value_in_the_corner, .timeout = 600)
{
	static const char spec[] =
		"J+12    F/4     5       2       E*3     E\n"
		"J       F       H+7     H       I*60    I\n"
		"J       D+12    G+28    G       G       I\n"
		"3       D       K-1     K       G       G\n"
		"4       D       D       B+11    G       A*2\n"
		"C+10    C       C       B       4       A\n";
	cdok_puzzle *p = fmt_read_one("spec", spec, sizeof(spec) - 1, "six");
	cdok_render_params pp;
	struct bytes svg, pdf, plain;
	struct glyph_at *g;
	const char *thin;
	double origin, line, cell;
	bool corner[36] = {false};
	int n = 6, ng, fixed = 0;
	char *fonts;

	cdok_render_params_init(&pp);
	pp.givens_as_cages = 1;
	svg = write_stream("svg", &pp, &p, 1, NULL);
	thin = strstr(svg.data, "stroke-linecap:butt;");
	cr_assert(thin && strstr(thin, "d=\"M "));
	line = strtod(strstr(thin, "d=\"M ") + 5, (char **)&thin);
	origin = strtod(thin, NULL);
	cell = line - origin;
	ng = svg_glyphs(svg.data, &g);
	cr_assert_gt(ng, 0);
	for (int i = 0; i < ng; i++) {
		double fx = (g[i].x - origin) / cell, fy = (g[i].y - origin) / cell;
		int row = (int)floor(fy), col = (int)floor(fx);

		cr_expect(fy - row < 0.5, "a number in the middle of row %d, "
			  "column %d", row + 1, col + 1);
		if (fx - col < 0.25 && fy - row < 0.5)
			corner[row * n + col] = true;
	}
	for (int c = 0; c < n * n; c++)
		if (shows_number(p, c)) {
			fixed++;
			cr_expect(corner[c], "no corner clue at row %d, column "
				  "%d", c / n + 1, c % n + 1);
		}
	cr_expect_eq(fixed, 5);
	free(g);
	free(svg.data);

	/* The PDF of that one puzzle (no number in its caption) sets
	 * nothing bold; without the option its givens are bold. */
	pdf = write_stream("pdf", &pp, &p, 1, NULL);
	fonts = pdf_fonts(&pdf);
	cr_expect(strstr(fonts, "Bold") == NULL, "%s", fonts);
	free(fonts);
	free(pdf.data);
	plain = write_stream("pdf", NULL, &p, 1, NULL);
	fonts = pdf_fonts(&plain);
	cr_expect(strstr(fonts, "Bold") != NULL, "%s", fonts);
	free(fonts);
	free(plain.data);
	cdok_puzzle_free(p);
}

/* Killer Sudoku and Sudoku keep their givens as digits: the option
 * changes nothing of their pictures (the same glyphs in the same
 * places; the SVGs' ids differ within one process, as cairo numbers
 * its fonts for the process). */
Test(render, givens_as_cages_leaves_boxes_alone)
{
	static const char line[] = "..4...3..2...4..\n";
	cdok_puzzle *ps[2] = {
		corpus_puzzle("killer/killer_kt_01.solo", "solo"),
		fmt_read_one("sudoku", line, sizeof(line) - 1, "line"),
	};
	cdok_render_params pp;

	cdok_render_params_init(&pp);
	pp.givens_as_cages = 1;
	for (int i = 0; i < 2; i++) {
		struct bytes a = write_stream("svg", NULL, &ps[i], 1, NULL);
		struct bytes b = write_stream("svg", &pp, &ps[i], 1, NULL);

		struct glyph_at *ga, *gb;
		int na = svg_glyphs(a.data, &ga), nb = svg_glyphs(b.data, &gb);

		cr_expect(na > 0 && na == nb && a.len == b.len &&
			  !memcmp(ga, gb, (size_t)na * sizeof(*ga)),
			  "puzzle %d drawn otherwise", i + 1);
		free(ga);
		free(gb);
		free(a.data);
		free(b.data);
		cdok_puzzle_free(ps[i]);
	}
}

/* A worked step's picture: its candidates grey, the marks it removes
 * red and crossed out in their places, and in the pdf its caption
 * numbered as the item asks. */
Test(render, removed_marks_are_struck_in_red)
{
	cdok_puzzle *p = corpus_puzzle("keen/keen_4e_01.spec", "spec");
	cdok_writer *w = cdok_writer_new(render_format("svg"), 0);
	uint64_t cand[16] = {0}, gone[16] = {0};
	cdok_render_item item;
	size_t len;
	char *out;
	int red = 0, grey = 0;

	cr_assert_not_null(p);
	cr_assert_not_null(w);
	cand[5] = (1u << 1) | (1u << 3);
	gone[5] = 1u << 2;
	gone[6] = (1u << 2) | (1u << 4);
	memset(&item, 0, sizeof(item));
	item.candidates = cand;
	item.removed = gone;
	cr_assert_eq(cdok_render_put(w, p, NULL, &item, &out, &len, NULL),
		     CDOK_OK);
	for (const char *s = out; (s = strstr(s, "rgb(")); s++) {
		red += !strncmp(s, "rgb(80%,10%,10%)", 16);
		grey += !strncmp(s, "rgb(30%,30%,30%)", 16);
	}
	/* Three struck digits, each drawn and crossed. */
	cr_expect(red >= 3, "%d red", red);
	cr_expect(grey >= 2, "%d grey", grey);
	cdok_free(out);
	cdok_writer_free(w);
	cdok_puzzle_free(p);
}
