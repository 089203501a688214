/* test_detect.c -- telling a text's format from its content.
 *
 * Every file of the corpus is shown to cdok_format_detect; each kind of
 * file must be recognised as its format, and each recognised puzzle file
 * must then read with that format.
 */
#include "fmt_helpers.h"

struct expect {
	const char *folder;
	const char *suffix;
	const char *format;   /* NULL: no format */
	bool readable;        /* the file must read in that format */
};

static const struct expect expects[] = {
	{"keen", ".keen", "keen", true},
	{"keen", ".spec", "spec", true},
	{"keen", ".sol", "spec", false},
	{"cdok", ".spec", "spec", true},
	{"cdok", ".sol", "spec", false},
	{"ambiguous", ".keen", "keen", true},
	{"ambiguous", ".spec", "spec", true},
	{"ambiguous", ".in", "calpoly", true},
	{"ambiguous", ".json", "killer", true},
	{"calpoly", ".in", "calpoly", true},
	{"calpoly", ".out", "spec", false},
	{"ucf", ".in", "ucf", true},
	{"ucf", ".out", "spec", false},
	{"killer", ".json", "killer", true},
	{"killer", ".solo", "solo", true},
	{"nylimb", ".puz", "spec", true},
	{"cdok-reference", ".spec", "spec", true},
	{"cdok-reference", ".txt", "spec", false},
	{"invalid", ".in", "calpoly", true},
	{"invalid", ".json", "killer", true},
};

Test(detect, every_corpus_file)
{
	int total = 0;

	for (size_t k = 0; k < sizeof(expects) / sizeof(expects[0]); k++) {
		const struct expect *e = &expects[k];
		int count;
		char **names = fmt_list(e->folder, e->suffix, &count);

		cr_expect_gt(count, 0, "no %s files in %s", e->suffix,
			     e->folder);
		for (int i = 0; i < count; i++) {
			char rel[192];
			size_t len;
			char *text;
			const cdok_format *f;

			snprintf(rel, sizeof(rel), "%s/%s", e->folder,
				 names[i]);
			text = fmt_corpus_file(rel, &len);
			f = test_detect(text, len);
			cr_expect_not_null(f, "%s: not recognised", rel);
			if (f)
				cr_expect_str_eq(cdok_format_name(f),
						 e->format, "%s", rel);
			if (f && e->readable) {
				cdok_puzzle **ps;
				cdok_status st;
				cdok_error err;
				int n = fmt_read_all(cdok_format_name(f), text,
						     len, &ps, &st, &err);

				cr_expect_gt(n, 0, "%s: %s", rel,
					     err.message);
				fmt_free_puzzles(ps, n);
			}
			free(text);
			total++;
		}
		fmt_free_names(names, count);
	}
	cr_expect_gt(total, 700);
}

/* The malformed specs are still specs (their reader says what is
 * wrong), except those with nothing in them. */
Test(detect, malformed_specs)
{
	int count;
	char **names = fmt_list("invalid", ".spec", &count);

	for (int i = 0; i < count; i++) {
		char rel[192];
		size_t len;
		char *text;
		const cdok_format *f;
		bool blank = !strcmp(names[i], "malformed_empty.spec") ||
			     !strcmp(names[i],
				     "malformed_whitespace_only.spec");

		snprintf(rel, sizeof(rel), "invalid/%s", names[i]);
		text = fmt_corpus_file(rel, &len);
		f = test_detect(text, len);
		if (blank)
			cr_expect_null(f, "%s", rel);
		else
			cr_expect(f && !strcmp(cdok_format_name(f), "spec"),
				  "%s: %s", rel, f ? cdok_format_name(f) :
				  "NULL");
		free(text);
	}
	fmt_free_names(names, count);
}

static const char *detect(const char *text)
{
	const cdok_format *f = test_detect(text, strlen(text));

	return f ? cdok_format_name(f) : "NULL";
}

Test(detect, small_texts)
{
	cr_expect_str_eq(detect(""), "NULL");
	cr_expect_str_eq(detect(" \n\t\r\n"), "NULL");
	cr_expect_str_eq(detect("\n  {\"size\": 1}"), "json");
	cr_expect_str_eq(detect("[]"), "json");
	cr_expect_str_eq(detect("3:a_3aab_,s1m3m3a5"), "keen");
	cr_expect_str_eq(detect("\n\n3:a_3aab_,s1m3m3a5\n"), "keen");
	/* Digits and ':' start nothing but a Keen ID, whole or not (its
	 * reader then says what is missing); so do Keen's random-seed
	 * IDs, whose reader says why they hold no puzzle. */
	cr_expect_str_eq(detect("3:a_3aab_"), "keen");
	cr_expect_str_eq(detect("6:abc"), "keen");
	cr_expect_str_eq(detect("6dh#12345"), "keen");
	cr_expect_str_eq(detect("6#12345"), "keen");
	cr_expect_str_eq(detect("9k:abc"), "solo");
	cr_expect_str_eq(detect("2 4\nab\ncd\na 1 .\n"), "ucf");
	/* "N G" and a row of letters is UCF even when the counts are
	 * wrong, and so is "N G" over a line no spec row could follow it
	 * with; a grid of two numbers a row is a spec. */
	cr_expect_str_eq(detect("2 4\nab\nc\n"), "ucf");
	cr_expect_str_eq(detect("0 0\n0\n"), "ucf");
	cr_expect_str_eq(detect("2 4\n1 2\n"), "spec");
	cr_expect_str_eq(detect("0 1\n1 0\n"), "spec");
	cr_expect_str_eq(detect("9\n5 2 0 5\n"), "calpoly");
	cr_expect_str_eq(detect("9\n\n5 2 0 5\n"), "calpoly");
	/* A cage count over a line of numbers is Cal Poly, however short
	 * the line: no spec has a row below a one-number row. */
	cr_expect_str_eq(detect("9\n5 2\n"), "calpoly");
	cr_expect_str_eq(detect("3\n0\n"), "calpoly");
	cr_expect_str_eq(detect("1\n\n1\n"), "spec");
	cr_expect_str_eq(detect("A+3 A\n1 2\n"), "spec");
	cr_expect_str_eq(detect("\x01\x02garbage"), "spec");
	/* Killer JSON has "board" and "cages"; cdok's has "format". */
	cr_expect_str_eq(detect("{\"board\": [], \"cages\": []}"), "killer");
	cr_expect_str_eq(detect("[{\"board\": 1, \"cages\": 2}]"), "killer");
	cr_expect_str_eq(detect("{\"board\": [], \"cages\": [], \"format\": "
				"\"cdok-puzzle\"}"), "json");
	cr_expect_str_eq(detect("{\"board\": []}"), "json");
	cr_expect_str_eq(detect("{\"board\": [], \"cages\": [}"), "json");
	/* Solo: digits, xR or flags, then ':' (a random seed's '#'). */
	cr_expect_str_eq(detect("3x3k:zzzc,a,b"), "solo");
	cr_expect_str_eq(detect("2x3k#12345"), "solo");
	cr_expect_str_eq(detect("3x3:zzzc"), "solo");
	cr_expect_str_eq(detect("9jk:a,b"), "solo");
	cr_expect_str_eq(detect("3:a_3aab_,s1m3m3a5"), "keen");
	cr_expect_str_eq(detect("3x3k"), "spec");
	/* Not NUL-terminated: only len bytes count. */
	cr_expect_eq(test_detect("{", 0), NULL);
	cr_expect_str_eq(cdok_format_name(test_detect("3:a,x", 5)),
			 "keen");
}
