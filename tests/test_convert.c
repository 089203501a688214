/* test_convert.c -- every puzzle of the corpus through every format.
 *
 * Each puzzle is written in each format that can write puzzles, read
 * back, written in each format again and read back: the model must stay
 * the same (size, fixed cells, cages with their operators and targets).
 * A format may refuse a puzzle, but only for a reason this file checks
 * independently: the refusals must be exactly the puzzles the format
 * cannot hold.
 */
#include "fmt_helpers.h"

static const char *const formats[] = {"spec", "ucf", "calpoly", "keen",
				      "json", "killer", "solo"};
#define NFORMATS ((int)(sizeof(formats) / sizeof(formats[0])))

/* Groups a format has to name: cages, and givens outside cages. */
static int groups(const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p), g = cdok_puzzle_cage_count(p);

	for (int cell = 0; cell < n * n; cell++)
		g += cdok_puzzle_cage_of(p, cell) < 0;
	return g;
}

/* Killer rules: boxes, or a cage of two or more cells whose values must
 * differ. */
static bool killer_rules(const cdok_puzzle *p)
{
	if (cdok_puzzle_box_rows(p))
		return true;
	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		if (cdok_cage_size(p, k) > 1 && cdok_cage_distinct(p, k))
			return true;
	return false;
}

/* Every cage of two or more cells is a sum of distinct values, and no
 * cell is without a cage and a given. */
static bool killer_cages(const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p);

	for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
		if (cdok_cage_size(p, k) > 1 &&
		    (cdok_cage_op(p, k) != CDOK_OP_ADD ||
		     !cdok_cage_distinct(p, k)))
			return false;
	for (int cell = 0; cell < n * n; cell++)
		if (cdok_puzzle_cage_of(p, cell) < 0 &&
		    cdok_puzzle_given(p, cell) == CDOK_NONE)
			return false;
	return true;
}

/* Whether format f can hold p, by the rules of FORMATS.md. */
static bool can_hold(const char *f, const cdok_puzzle *p)
{
	int n = cdok_puzzle_size(p);
	int br = cdok_puzzle_box_rows(p), bc = cdok_puzzle_box_cols(p);

	if (!strcmp(f, "killer"))
		return n == 9 && br == 3 && bc == 3 && killer_cages(p);
	if (!strcmp(f, "solo")) {
		/* Solo: every cell in a cage of 2 to N cells. */
		for (int cell = 0; cell < n * n; cell++) {
			int k = cdok_puzzle_cage_of(p, cell);

			if (k < 0 || cdok_cage_size(p, k) < 2 ||
			    cdok_cage_size(p, k) > n)
				return false;
		}
		return br >= 2 && bc >= 2 && n <= 9 && killer_cages(p);
	}
	if (strcmp(f, "spec") && strcmp(f, "json") && killer_rules(p))
		return false;
	if (!strcmp(f, "ucf"))
		return n <= 9 && groups(p) <= 52;
	if (!strcmp(f, "calpoly")) {
		for (int k = 0; k < cdok_puzzle_cage_count(p); k++)
			if (cdok_cage_size(p, k) > 1 &&
			    cdok_cage_op(p, k) != CDOK_OP_ADD)
				return false;
		return true;
	}
	if (!strcmp(f, "keen")) {
		if (n < 3 || n > 9)
			return false;
		for (int k = 0; k < cdok_puzzle_cage_count(p); k++) {
			cdok_op op = cdok_cage_op(p, k);

			if (cdok_cage_size(p, k) > 2 &&
			    (op == CDOK_OP_SUB || op == CDOK_OP_DIV))
				return false;
		}
		return true;
	}
	return true;
}

/* Write p as f; NULL (and a checked refusal) if f cannot hold it. */
static char *write_or_refuse(const char *f, const cdok_puzzle *p,
			     size_t *len, const char *what)
{
	char *out = NULL;
	cdok_error err;
	cdok_status st;

	memset(&err, 0, sizeof(err));
	st = cdok_write(test_format(f), p, NULL, &out, len, &err);
	if (can_hold(f, p)) {
		cr_expect_eq(st, CDOK_OK, "%s as %s: %s", what, f,
			     err.message);
		return st == CDOK_OK ? out : NULL;
	}
	cr_expect_eq(st, CDOK_ERR_UNSUPPORTED, "%s as %s: status %d", what, f,
		     st);
	cr_expect(err.message[0] != '\0', "%s as %s: no reason", what, f);
	cr_expect_null(out);
	return NULL;
}

/* p -> a -> b -> model, for every pair of formats. */
static void through_every_format(const cdok_puzzle *p, const char *what)
{
	for (int a = 0; a < NFORMATS; a++) {
		char step[256];
		size_t alen;
		char *atext = write_or_refuse(formats[a], p, &alen, what);
		cdok_puzzle *pa;

		if (!atext)
			continue;
		snprintf(step, sizeof(step), "%s -> %s", what, formats[a]);
		pa = fmt_read_one(formats[a], atext, alen, step);
		cr_expect(fmt_same_model(p, pa, step), "%s changes the puzzle",
			  step);
		for (int b = 0; b < NFORMATS; b++) {
			char step2[300];
			size_t blen;
			char *btext = write_or_refuse(formats[b], pa, &blen,
						      step);
			cdok_puzzle *pb;

			if (!btext)
				continue;
			snprintf(step2, sizeof(step2), "%s -> %s", step,
				 formats[b]);
			pb = fmt_read_one(formats[b], btext, blen, step2);
			cr_expect(fmt_same_model(p, pb, step2),
				  "%s changes the puzzle", step2);
			cdok_puzzle_free(pb);
			cdok_free(btext);
		}
		cdok_puzzle_free(pa);
		cdok_free(atext);
	}
}

/* Every puzzle of the files of a folder with a suffix, read in fmt. */
static int folder(const char *dir, const char *suffix, const char *fmt)
{
	int count, done = 0;
	char **names = fmt_list(dir, suffix, &count);

	for (int i = 0; i < count; i++) {
		char rel[192];
		size_t len;
		char *text;
		cdok_puzzle **ps;
		cdok_status st;
		cdok_error err;
		int n;

		/* Those are the spec reader's business. */
		if (!strncmp(names[i], "malformed_", 10))
			continue;
		snprintf(rel, sizeof(rel), "%s/%s", dir, names[i]);
		text = fmt_corpus_file(rel, &len);
		n = fmt_read_all(fmt, text, len, &ps, &st, &err);
		cr_expect_eq(st, CDOK_END, "%s: %s", rel, err.message);
		for (int j = 0; j < n; j++) {
			char what[220];

			snprintf(what, sizeof(what), "%s#%d", rel, j + 1);
			through_every_format(ps[j], what);
		}
		done += n;
		fmt_free_puzzles(ps, n);
		free(text);
	}
	fmt_free_names(names, count);
	return done;
}

Test(convert, keen_ids_through_every_format)
{
	cr_expect_eq(folder("keen", ".keen", "keen"), 213);
}

Test(convert, specs_through_every_format)
{
	cr_expect_eq(folder("cdok", ".spec", "spec"), 24);
	cr_expect_gt(folder("ambiguous", ".spec", "spec"), 4);
	cr_expect_eq(folder("invalid", ".spec", "spec"), 5);
	cr_expect_eq(folder("cdok-reference", ".spec", "spec"), 3);
}

Test(convert, killer_puzzles_through_every_format)
{
	cr_expect_eq(folder("killer", ".json", "killer"), 32);
	cr_expect_eq(folder("killer", ".solo", "solo"), 30);
}

Test(convert, contest_and_course_files_through_every_format)
{
	cr_expect_eq(folder("ucf", ".in", "ucf"), 22);
	cr_expect_eq(folder("calpoly", ".in", "calpoly"), 11);
	cr_expect_eq(folder("ambiguous", ".in", "calpoly") +
		     folder("invalid", ".in", "calpoly"), 2);
}
