/* test_killer_direct.c -- Killer documents of the usual shape are read
 * straight from their text (lib/json/killer_direct.c), the others
 * through jansson (killer.c); both must make the very same puzzle.
 *
 * A document with one key more ("x") is no longer of the plain shape
 * and goes the jansson way, so each corpus file is read both ways and
 * the puzzles compared field by field, cage by cage in order.  (That
 * errors are unchanged is checked by the corpus's invalid files and
 * tests/test_killer.c, whose messages come from the jansson path.)
 */
#include "fmt_helpers.h"

static void expect_same(const cdok_puzzle *a, const cdok_puzzle *b,
			const char *what)
{
	int n = cdok_puzzle_size(a);

	cr_assert_eq(n, cdok_puzzle_size(b), "%s: size", what);
	cr_expect_eq(cdok_puzzle_box_rows(a), cdok_puzzle_box_rows(b));
	cr_expect_eq(cdok_puzzle_box_cols(a), cdok_puzzle_box_cols(b));
	cr_expect_eq(cdok_puzzle_rules(a), cdok_puzzle_rules(b));
	for (int c = 0; c < n * n; c++)
		cr_expect_eq(cdok_puzzle_given(a, c), cdok_puzzle_given(b, c),
			     "%s: given of cell %d", what, c);
	cr_assert_eq(cdok_puzzle_cage_count(a), cdok_puzzle_cage_count(b),
		     "%s: cages", what);
	for (int k = 0; k < cdok_puzzle_cage_count(a); k++) {
		int size = cdok_cage_size(a, k);

		cr_expect_eq(cdok_cage_op(a, k), cdok_cage_op(b, k));
		cr_expect_eq(cdok_cage_target(a, k), cdok_cage_target(b, k),
			     "%s: target of cage %d", what, k);
		cr_expect_eq(cdok_cage_distinct(a, k),
			     cdok_cage_distinct(b, k));
		cr_expect(!cdok_cage_label(a, k) == !cdok_cage_label(b, k) &&
			  (!cdok_cage_label(a, k) ||
			   !strcmp(cdok_cage_label(a, k),
				   cdok_cage_label(b, k))),
			  "%s: label of cage %d", what, k);
		cr_assert_eq(size, cdok_cage_size(b, k), "%s: cage %d", what,
			     k);
		cr_expect_arr_eq(cdok_cage_cells(a, k), cdok_cage_cells(b, k),
				 (size_t)size * sizeof(int),
				 "%s: cells of cage %d", what, k);
	}
}

Test(killer_direct, same_puzzle_as_through_jansson)
{
	static const char *const folders[] = {"killer", "ambiguous"};
	int total = 0;

	for (int f = 0; f < 2; f++) {
		int count;
		char **names = fmt_list(folders[f], ".json", &count);

		for (int i = 0; i < count; i++) {
			char rel[192], *text, *other;
			size_t len;
			cdok_puzzle *a, *b;
			char *brace;

			snprintf(rel, sizeof(rel), "%s/%s", folders[f],
				 names[i]);
			text = fmt_corpus_file(rel, &len);
			brace = strchr(text, '{');
			cr_assert(brace, "%s: no object", rel);
			other = malloc(len + 16);
			cr_assert(other);
			memcpy(other, text, (size_t)(brace - text) + 1);
			strcpy(other + (brace - text) + 1, "\"x\": 0, ");
			strcat(other, brace + 1);

			a = fmt_read_one("killer", text, len, rel);
			b = fmt_read_one("killer", other, strlen(other), rel);
			expect_same(a, b, rel);
			cdok_puzzle_free(a);
			cdok_puzzle_free(b);
			free(other);
			free(text);
			total++;
		}
		fmt_free_names(names, count);
	}
	cr_expect_gt(total, 30);
}

/* A stream of documents: the plain ones are read directly, the others
 * through jansson, and the reader's place (the line of a later error)
 * is the same either way. */
Test(killer_direct, streams_keep_their_place)
{
	size_t len;
	char *doc = fmt_corpus_file("killer/killer_kt_01.json", &len);
	char *text = malloc(5 * len + 64);
	cdok_puzzle **ps;
	cdok_status st;
	cdok_error err;
	int n, lines = 0;

	cr_assert(text);
	while (len && strchr(" \n", doc[len - 1]))
		doc[--len] = '\0';
	/* Plain, with a key more, plain, plain right after it (no white
	 * space between: the direct reader must stop just after its '}'),
	 * then a broken one. */
	strcpy(text, doc);
	strcat(text, "\n{\"x\": 1,");
	strcat(text, strchr(doc, '{') + 1);
	strcat(text, doc);
	strcat(text, doc);
	strcat(text, "\n{\"board\": [}\n");
	for (const char *c = text; *c; c++)
		lines += *c == '\n';
	n = fmt_read_all("killer", text, strlen(text), &ps, &st, &err);
	cr_expect_eq(n, 4);
	cr_expect_eq(st, CDOK_ERR_SYNTAX);
	cr_expect_eq(err.line, lines, "error on line %d, not %d: %s",
		     err.line, lines, err.message);
	for (int i = 1; i < n; i++)
		expect_same(ps[0], ps[i], "stream");
	fmt_free_puzzles(ps, n);
	free(text);
	free(doc);
}
