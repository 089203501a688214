/* settings.c -- what a front end asks before it generates (include/cdok.h,
 * "Front ends ask"): the scale and levels of a kind and size, the level
 * made when none is named, the box shape, the sizes made without a
 * deadline, the hardening rounds, the operator sets by name and the
 * words of a difficulty.  The program, the Python package and the page
 * each decided these once; here they are decided for all three, so a
 * seed makes the same puzzle in each.
 */
#include <stdio.h>
#include <string.h>

#include "generate/generate.h"
#include "grade/grade.h"

/* Hardening rounds when a level is the target and the caller names
 * none: enough to climb from the level most puzzles come out at to the
 * hardest (doc/LEVELS.md, "Making puzzles of a level"). */
#define LEVEL_ROUNDS 10

/* Hardening rounds when a score bounds or targets the difficulty (-m,
 * -t) and the caller names none: they are what those steer. */
#define SCORE_ROUNDS 20

/* The level made when none is named: Solo's default, Basic, for Killer
 * Sudoku and Sudoku up to 9 x 9 (Trivial at 4 x 4, where no other level
 * occurs).  Made at every level, 17 of 20 Killer 9 x 9s from seed 1
 * were Unreasonable: trial and error, no puzzle for a newcomer.  Larger
 * grids keep every level: a 16 x 16 of one level took 20 times as long
 * (2.8 s a puzzle).  Calcudoku keeps every level too (of 20 9 x 9s from
 * seed 1: 2 Easy, 8 Normal, 10 Hard, around Keen's default Normal). */
#define DEFAULT_SOLO_LEVEL 1    /* Basic */
#define DEFAULT_SOLO_MAX 9

cdok_scale cdok_gen_scale(const cdok_gen_params *params)
{
	if (!params || (params->rules & CDOK_RULE_NYLIMB))
		return CDOK_SCALE_NONE;
	return params->killer || params->sudoku ? CDOK_SCALE_KILLER
						: CDOK_SCALE_CALCUDOKU;
}

int cdok_gen_top_level(const cdok_gen_params *params)
{
	cdok_scale scale = cdok_gen_scale(params);

	if (scale == CDOK_SCALE_NONE)
		return -1;
	/* Keen caps 3 x 3 at Normal (no harder ones exist); smaller grids
	 * and boxed 4 x 4s (boxes of 2 x 2) are all of the first level. */
	if (params->size <= 2 || (scale == CDOK_SCALE_KILLER &&
				  params->size <= 4))
		return 0;
	if (params->size == 3)
		return 1;
	return cdok_level_count(scale) - 1;
}

/* The largest Killer grid made in reasonable time: 25 x 25 takes 4 to
 * 11 s; 26 x 26 did not finish in 60 s, 30 x 30 and 36 x 36 not in
 * 90 s. */
#define KILLER_GEN_MAX 25

/* The largest plain Sudoku: a 25 x 25 took 24 s on a loaded machine (two
 * cores shared by a dozen processes), while 36 x 36 was not done in
 * 120 s there: each step's uniqueness check is bounded (sudoku.c), but
 * a 36 x 36 grid has 648 steps of them, each over 1,296 cells. */
#define SUDOKU_GEN_MAX 25

/* The largest grid with hidden operators: 48 x 48 took 38 s on that
 * machine, 56 x 56 and 63 x 63 were not done in 70 s (every cage may be
 * any operation, so each uniqueness check searches far more). */
#define HIDDEN_GEN_MAX 48

/* The largest Calcudoku grid made to a level: Easy and Normal up to
 * 28 x 28 (a 32 x 32 Normal took 61 s of CPU with seed 2, Easy 53 s),
 * the others up to 32 x 32; above, any level can take minutes (48 x 48
 * Extreme and Unreasonable, 63 x 63 Hard with seed 2, 40 x 40 Easy and
 * 63 x 63 Normal with seed 1 were not done in 60 s; bench/RESULTS.md,
 * "Where each level is made"). */
#define LEVEL_GEN_MAX(level) ((level) <= 1 ? 28 : 32)

int cdok_gen_max_size(const cdok_gen_params *params)
{
	int cap = CDOK_MAX_SIZE;

	if (!params)
		return 0;
	if (params->killer)
		return KILLER_GEN_MAX;
	if (params->sudoku)
		return SUDOKU_GEN_MAX;
	if (params->hide_ops)
		cap = HIDDEN_GEN_MAX;
	if (params->level >= 0 &&
	    cdok_gen_scale(params) == CDOK_SCALE_CALCUDOKU &&
	    LEVEL_GEN_MAX(params->level) < cap)
		cap = LEVEL_GEN_MAX(params->level);
	return cap;
}

cdok_status cdok_gen_boxes(const cdok_gen_params *params, int *rows,
			   int *cols, cdok_error *err)
{
	*rows = *cols = 0;
	if (!params)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no parameters");
	return cdki_gen_box_shape(params, rows, cols, err);
}

int cdok_gen_default_level(const cdok_gen_params *params)
{
	if (!params || cdok_gen_scale(params) != CDOK_SCALE_KILLER ||
	    params->level >= 0 || params->max_score ||
	    params->target_score || params->size > DEFAULT_SOLO_MAX)
		return -1;
	return params->size <= 4 ? 0 : DEFAULT_SOLO_LEVEL;
}

cdok_status cdok_gen_set_level(cdok_gen_params *params, int level,
			       int rounds, cdok_error *err)
{
	cdok_scale scale = cdok_gen_scale(params);
	int top = cdok_gen_top_level(params);

	if (level >= 0) {
		if (scale == CDOK_SCALE_NONE)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "Nylimb "
					 "puzzles are not graded by technique, "
					 "so they have no levels");
		if (params->max_score || params->target_score)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "a level "
					 "and a score both set the difficulty; "
					 "give one of them");
		if (level >= cdok_level_count(scale))
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no level "
					 "%d on this scale", level);
		if (level > top)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "there "
					 "are no %s puzzles of size %d x %d: %s "
					 "is the hardest level at that size",
					 cdok_level_name(scale, level),
					 params->size, params->size,
					 cdok_level_name(scale, top));
		/* The library makes puzzles of a level itself (and faster:
		 * the grade proves them unique). */
		params->level = level;
	} else if (scale != CDOK_SCALE_NONE) {
		/* Every level: the difficulty that max_score and
		 * target_score bound is the grade's. */
		params->level = -1;
		params->score = cdok_grade_score;
		params->score_user = NULL;
	}
	if (rounds >= 0)
		params->iterations = rounds;
	else if (level >= 0)
		params->iterations = LEVEL_ROUNDS;
	else if (params->max_score || params->target_score)
		params->iterations = SCORE_ROUNDS;
	else
		params->iterations = 0;
	return CDOK_OK;
}

/* ---- operator sets ---- */

/* The sets by name.  ORDER: cdok_gen_ops_name lists them so. */
static const struct {
	const char *name;
	unsigned ops;
} op_sets[] = {
	{"all", CDOK_GEN_ALL_OPS},
	{"mul", CDOK_GEN_MUL},
	{"add", CDOK_GEN_ADD},
	{"addsub", CDOK_GEN_ADD | CDOK_GEN_SUB},
};

#define NOP_SETS ((int)(sizeof(op_sets) / sizeof(op_sets[0])))

const char *cdok_gen_ops_name(int i)
{
	return i >= 0 && i < NOP_SETS ? op_sets[i].name : NULL;
}

cdok_status cdok_gen_ops_find(const char *text, unsigned *ops)
{
	static const char chars[] = "+-*/";
	unsigned set = 0;

	if (!text)
		return CDOK_ERR_SYNTAX;
	for (int i = 0; i < NOP_SETS; i++)
		if (!strcmp(text, op_sets[i].name)) {
			*ops = op_sets[i].ops;
			return CDOK_OK;
		}
	if (!*text)
		return CDOK_ERR_SYNTAX;
	/* The characters' bits are CDOK_GEN_ADD, _SUB, _MUL, _DIV. */
	for (; *text; text++) {
		const char *at = strchr(chars, *text);

		if (!at || !*at)
			return CDOK_ERR_SYNTAX;
		set |= 1u << (at - chars);
	}
	if (!(set & (CDOK_GEN_ADD | CDOK_GEN_MUL)))
		return CDOK_ERR_INVALID;
	*ops = set;
	return CDOK_OK;
}

/* ---- the words of a difficulty ---- */

size_t cdok_difficulty_describe(cdok_scale scale, uint64_t difficulty,
				char *buf, size_t cap)
{
	int n;
	int level = (int)(difficulty / CDOK_SCORE_SPAN) - 1;

	if (scale != CDOK_SCALE_NONE && difficulty >= CDOK_SCORE_SPAN &&
	    cdok_level_name(scale, level))
		n = snprintf(buf, cap, "%llu (%s, score %llu)",
			     (unsigned long long)difficulty,
			     cdok_level_name(scale, level),
			     (unsigned long long)(difficulty %
						  CDOK_SCORE_SPAN));
	else
		n = snprintf(buf, cap, "%llu", (unsigned long long)difficulty);
	return n < 0 ? 0 : (size_t)n;
}
