/* test_killer_x.c -- the solver on Killer puzzles the plain Killer
 * rules leave out (issue 37): Killer X, whose two main diagonals hold
 * every value once (CDOK_RULE_DIAGONALS), cells in no cage, and cages
 * whose cells are not connected.  The puzzles are HS_KILLERS of the
 * Interactive Sudoku Solver's collections (data/collections.js, from the
 * Enjoy Sudoku forum's "human solvable zero" thread), written in
 * SudoCue's form: "3x3:[d]:k:" and one number a cell in reading order,
 * its cage's total times 256 plus the cage's number (a total of 0: no
 * cage).  The puzzles are built here through the API, so the test does
 * not depend on a reader; each must be proven unique with its published
 * solution, and that solution must keep the diagonals.
 */
#include <stdlib.h>
#include <string.h>

#include <criterion/criterion.h>

#include "cdok.h"
#include "fmt_helpers.h"
#include "testlib.h"

static const struct {
	const char *name;
	const char *sudocue;
	const char *solution;
} puzzles[] = {
	/* HS_KILLERS #3: Killer X, eight cells in no cage. */
	{"killer_x",
	  "3x3:d:k:18:4619:4619:4619:8451:3850:3850:3850:19:5388:5388:8451:8451"
	  ":8451:8451:8451:6671:6671:5388:5388:3076:3076:8451:3333:3333:6671:66"
	  "71:6414:6414:3076:3076:7937:3333:3333:5904:5904:6414:6414:7937:7937:"
	  "7937:7937:7937:5904:5904:4109:4109:5382:5382:7937:5895:5895:5137:513"
	  "7:4109:4109:5382:5382:8194:5895:5895:5137:5137:20:21:8194:8194:8194:"
	  "8194:8194:22:23:24:4873:4873:4873:8194:4616:4616:4616:25:",
	  "527938614439621578681574329872465193914387256365219487256893741793142865148756932"},
	/* HS_KILLERS #1: Killer X, 55 cells in no cage. */
	{"killer_x_sparse",
	  "3x3:d:k:3587:14:15:16:17:18:19:3586:3586:3587:1543:1543:20:21:22:23:"
	  "1544:24:25:26:3338:27:28:3337:3337:1544:29:30:31:3338:32:33:34:35:36"
	  ":37:38:39:40:41:42:43:44:45:46:47:48:49:4365:4365:50:3596:51:52:53:1"
	  "541:3339:3339:54:55:3596:56:57:58:1541:59:60:61:62:1542:1542:3585:35"
	  "88:3588:63:64:65:66:67:68:3585:",
	  "872314695615972843394586721569241387487635219231897564146758932723469158958123476"},
	/* HS_KILLERS #2: 22 cells in no cage, no diagonals. */
	{"no_cage",
	  "3x3::k:3595:3595:3844:3844:3090:3336:3336:2575:2575:3595:4620:4620:3"
	  "348:3090:5:5648:5648:2575:3350:4620:4620:3348:3090:23:5648:5648:3841"
	  ":3350:2581:24:3348:25:26:27:2579:3841:28:2581:29:30:4625:4625:4625:2"
	  "579:31:3843:2581:32:33:34:35:36:2579:3335:3843:4878:4878:37:38:39:46"
	  "18:4618:3335:3341:4878:4878:40:41:42:4618:4618:3593:3341:3341:3334:3"
	  "334:43:3842:3842:3593:3593:",
	  "279648531581739426463251798956483217128975643734162859812597364697324185345816972"},
	/* HS_KILLERS #7: four cages in two parts each, nine cells in no cage. */
	{"split_cages",
	  "3x3::k:4369:3849:3849:3849:4111:6918:6918:6918:3858:7434:4369:3849:5"
	  "141:4111:4111:6918:3858:2841:7434:7434:4369:5141:5141:4111:3858:2841"
	  ":2841:7434:5910:5910:26:5141:27:28:29:2841:3854:3854:5910:5910:30:31"
	  ":32:3341:3341:2824:3854:3854:33:7192:34:3341:3341:6924:2824:2824:386"
	  "0:3600:7192:7192:4371:6924:6924:2824:3860:6919:3600:3600:7192:4363:4"
	  "371:6924:3860:6919:6919:6919:3600:4363:4363:4363:4371:",
	  "621953784873264951954871623746132895198547362532698147215786439369415278487329516"},
	/* HS_KILLERS #0: Killer X, a cage in two parts, nine cells in no cage. */
	{"killer_x_split",
	  "3x3:d:k:3841:7705:7705:7705:7705:7705:26:3847:3847:3841:27:3846:3846"
	  ":3846:7705:4361:3847:3848:3841:3843:4621:4876:28:4361:4361:4619:3848"
	  ":29:3843:4621:4876:4876:5395:5395:4619:3848:3844:3843:4621:4114:4114"
	  ":5395:4619:30:3850:3844:4878:4880:31:4114:3605:3605:3850:3850:3844:4"
	  "878:4880:4880:4372:3350:3605:4632:32:4367:4878:33:4625:4372:3350:335"
	  "0:4632:4632:4367:4367:4625:4625:4372:34:4375:4375:4375:",
	  "875329146312674958469815372146298735253746819798153624687432591521987463934561287"},
};

/* The puzzle a SudoCue string describes, built through the API. */
static cdok_puzzle *from_sudocue(const char *text)
{
	cdok_puzzle *p = cdok_puzzle_new(9);
	int code[81], cells[81];
	const char *at = text;
	bool diagonals;

	cr_assert_not_null(p);
	cr_assert_eq(strncmp(text, "3x3:", 4), 0, "%s", text);
	diagonals = text[4] == 'd';
	at = strstr(text, ":k:");
	cr_assert_not_null(at, "%s", text);
	at += 3;
	for (int i = 0; i < 81; i++) {
		char *end;

		code[i] = (int)strtol(at, &end, 10);
		cr_assert(end > at && (*end == ':' || *end == '\0'),
			  "cell %d of %s", i, text);
		at = *end ? end + 1 : end;
	}
	cr_assert_eq(cdok_puzzle_set_boxes(p, 3, 3), CDOK_OK);
	for (int i = 0; i < 81; i++) {
		int n = 0, index;

		/* A cage's first cell adds it: every cell with its number. */
		if (code[i] >> 8 == 0)
			continue;
		for (int j = 0; j < i && n == 0; j++)
			if (code[j] >> 8 && (code[j] & 255) == (code[i] & 255))
				n = -1;
		if (n < 0)
			continue;
		for (int j = i; j < 81; j++)
			if (code[j] >> 8 && (code[j] & 255) == (code[i] & 255)) {
				cr_assert_eq(code[j] >> 8, code[i] >> 8);
				cells[n++] = j;
			}
		cr_assert_eq(cdok_puzzle_add_cage(p, CDOK_OP_ADD, code[i] >> 8,
						  cells, n, NULL, &index),
			     CDOK_OK, "cage at cell %d", i);
		cr_assert_eq(cdok_puzzle_set_cage_distinct(p, index, 1),
			     CDOK_OK);
	}
	if (diagonals)
		cr_assert_eq(cdok_puzzle_set_rules(p, CDOK_RULE_DIAGONALS),
			     CDOK_OK);
	return p;
}

/* Whether values keep both main diagonals free of repeats. */
static bool diagonals_hold(const int *values)
{
	unsigned down = 0, up = 0;

	for (int i = 0; i < 9; i++) {
		unsigned a = 1u << values[i * 10], b = 1u << values[i * 8 + 8];

		if ((down & a) || (up & b))
			return false;
		down |= a;
		up |= b;
	}
	return true;
}

/* Solve puzzle k with the uniqueness proof; its verdict, and the
 * solution in values. */
static cdok_verdict solve_one(int k, unsigned rules, int *values,
			      cdok_result *res)
{
	cdok_puzzle *p = from_sudocue(puzzles[k].sudocue);
	cdok_error err;

	if (rules != cdok_puzzle_rules(p))
		cr_assert_eq(cdok_puzzle_set_rules(p, rules), CDOK_OK);
	cr_assert_eq(cdok_solve(p, NULL, values, res, &err), CDOK_OK,
		     "%s: %s", puzzles[k].name, err.message);
	cdok_puzzle_free(p);
	return res->verdict;
}

static int find(const char *name)
{
	for (int k = 0; k < (int)(sizeof(puzzles) / sizeof(puzzles[0])); k++)
		if (!strcmp(puzzles[k].name, name))
			return k;
	cr_assert_fail("no puzzle %s", name);
	return -1;
}

/* Proven unique, with the published solution. */
static void expect_unique(const char *name)
{
	int k = find(name), values[81];
	cdok_puzzle *p = from_sudocue(puzzles[k].sudocue);
	cdok_result res;

	cr_assert_eq(solve_one(k, cdok_puzzle_rules(p), values, &res),
		     CDOK_VERDICT_UNIQUE, "%s: %llu solutions", name,
		     (unsigned long long)res.count);
	for (int i = 0; i < 81; i++)
		cr_assert_eq(values[i], puzzles[k].solution[i] - '0',
			     "%s: cell %d", name, i);
	if (cdok_puzzle_rules(p) & CDOK_RULE_DIAGONALS)
		cr_expect(diagonals_hold(values), "%s", name);
	cr_expect(cdok_puzzle_is_solution(p, values), "%s", name);
	cdok_puzzle_free(p);
}

Test(killer_x, diagonals_decide)
{
	expect_unique("killer_x");
}

Test(killer_x, sparse_cages)
{
	expect_unique("killer_x_sparse");
}

/* Without its diagonals the sparse one has more than one solution, so
 * the diagonals do the deciding, and every solution the solver counts
 * under the rule keeps them. */
Test(killer_x, diagonals_are_needed)
{
	int k = find("killer_x_sparse"), values[81];
	cdok_result res;

	cr_assert_eq(solve_one(k, 0, values, &res), CDOK_VERDICT_MULTIPLE);
}

Test(killer_x, cells_in_no_cage)
{
	expect_unique("no_cage");
}

Test(killer_x, cages_in_parts)
{
	expect_unique("split_cages");
}

Test(killer_x, diagonals_and_split_cage)
{
	expect_unique("killer_x_split");
}

/* Every puzzle of a file of tests/data/iss_killers/ (one a line, in
 * format fmt), read as the collection's own string and proven unique
 * with the solution on the same line of the .solutions file. */
static void solve_collection(const char *name, const char *fmt)
{
	char path[256];
	char *text, *sols;
	size_t len, slen;
	cdok_reader *r;
	cdok_puzzle *p = NULL;
	cdok_error err;
	int k = 0;

	snprintf(path, sizeof(path), "tests/data/iss_killers/%s.txt", name);
	text = tl_read(path, &len);
	snprintf(path, sizeof(path), "tests/data/iss_killers/%s.solutions",
		 name);
	sols = tl_read(path, &slen);
	r = cdok_reader_new(test_format(fmt), text, len);
	cr_assert_not_null(r);
	while (cdok_reader_next(r, &p, &err) == CDOK_OK && p) {
		const char *want = sols + (size_t)k * 82;
		int values[81];
		cdok_result res;

		cr_assert_leq((size_t)k * 82 + 81, slen, "%s: #%d", name, k);
		cr_assert_eq(cdok_solve(p, NULL, values, &res, &err), CDOK_OK,
			     "%s #%d: %s", name, k, err.message);
		cr_expect_eq(res.verdict, CDOK_VERDICT_UNIQUE, "%s #%d", name,
			     k);
		for (int i = 0; i < 81; i++)
			cr_expect_eq(values[i], want[i] - '0', "%s #%d: cell %d",
				     name, k, i);
		cdok_puzzle_free(p);
		p = NULL;
		k++;
	}
	cdok_reader_free(r);
	cr_expect_eq((size_t)k * 82, slen, "%s: %d puzzles read", name, k);
	free(text);
	free(sols);
}

/* HS_KILLERS (cells in no cage, cages in parts, seven of nine Killer
 * X) in make check: tens of milliseconds.  EXTREME_KILLERS and
 * TAREK_ALL, a few seconds, when CDOK_ISS_KILLERS=all (make check-ci);
 * MATHEMAGIC_KILLERS, minutes, is bench/iss-compare.py's. */
Test(killer_x, hs_killers)
{
	solve_collection("hs_killers", "sudocue");
}

Test(killer_x, extreme_and_tarek)
{
	const char *all = getenv("CDOK_ISS_KILLERS");

	if (!all || strcmp(all, "all"))
		cr_skip_test("CDOK_ISS_KILLERS=all runs them (make check-ci)");
	solve_collection("extreme_killers", "sudocue");
	solve_collection("tarek_all", "arrows");
}

/* The grader's box and line treats the diagonals as units (issue 37):
 * in killer_x_split and killer_x_sparse a diagonal's value is held to a
 * box, so the explanation has a claiming step whose reasons name a
 * diagonal (unit 27 or 28) and the box, and removes the value only
 * from cells of that box off the diagonal. */
static int diagonal_box_lines(const char *name)
{
	cdok_puzzle *p = from_sudocue(puzzles[find(name)].sudocue);
	cdok_explanation *e = NULL;
	int found = 0;

	cr_assert_eq(cdok_explain(p, NULL, &e, NULL), CDOK_OK, "%s", name);
	for (int i = 0; i < e->nsteps; i++) {
		int nrs;
		const cdok_reason *rs = cdok_explanation_reasons(e, i, &nrs);

		for (int k = 0; k < nrs; k++) {
			int c = rs[k].about.cell, r = c / 9, col = c % 9;
			bool on_main = r == col, on_anti = r + col == 8;

			if (rs[k].kind != CDOK_REASON_CONFINED ||
			    rs[k].cage >= 0 ||
			    (rs[k].unit < 27 && rs[k].unit2 < 27))
				continue;
			found++;
			/* Removed off the diagonal named, in its box. */
			if (rs[k].unit2 >= 27)
				cr_expect(!(rs[k].unit2 == 27 ? on_main
					    : on_anti), "%s: %s", name,
					  rs[k].text);
			else
				cr_expect(rs[k].unit2 == 18 + (r / 3) * 3 +
					  col / 3 && !(rs[k].unit == 27 ?
						       on_main : on_anti),
					  "%s: %s", name, rs[k].text);
			cr_expect(strstr(rs[k].text, "the diagonal from top"),
				  "%s: %s", name, rs[k].text);
		}
	}
	cdok_explanation_free(e);
	cdok_puzzle_free(p);
	return found;
}

Test(killer_x, box_line_on_diagonals)
{
	cr_expect_gt(diagonal_box_lines("killer_x_split"), 0);
	cr_expect_gt(diagonal_box_lines("killer_x_sparse"), 0);
}
