/* cw_generate.c -- the page makes puzzles as `cdok generate` does: the
 * same settings, asked of the library for a kind, size and level, and the
 * same text (web/cdok_web.h, doc/WEB.md). */
#include <inttypes.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "cdok_web.h"

/* The levels puzzles of a kind (0 Calcudoku, 1 Killer, 2 plain Sudoku,
 * as cw_generate takes it) and size can have, easiest first, as the
 * library makes them (cdok_gen_top_level): "levels", their names. */
CW_EXPORT char *cw_levels(int kind, int size);
CW_EXPORT char *cw_levels(int kind, int size)
{
	cdok_gen_params par;
	struct buf b = { 0 };
	int top;

	cdok_gen_params_init(&par);
	par.size = size;
	par.killer = kind == 1;
	par.sudoku = kind == 2;
	top = cdok_gen_top_level(&par);
	cwi_put(&b, "{\"ok\":true,\"levels\":[");
	for (int i = 0; i <= top; i++) {
		cwi_put(&b, i ? "," : "");
		cwi_put_str(&b, cdok_level_name(cdok_gen_scale(&par), i));
	}
	cwi_put(&b, "]}");
	return cwi_finish(&b);
}

/* Make the puzzle `cdok -s SIZE [--killer | --sudoku] [--boxes RxC]
 * [--ops OPS] [-T] [--hide-ops] [--level LEVEL] --seed SEED generate`
 * makes, with "text" holding what that command prints, byte for byte.
 * kind is 0 (Calcudoku), 1 (Killer), 2 (plain Sudoku); level and ops
 * may be "" or NULL; box_rows 0 lets the library choose the boxes. */
CW_EXPORT char *cw_generate(int size, const char *level, const char *ops,
			    int two_cell, int kind, int box_rows,
			    int box_cols, const char *seed_text,
			    int hide_ops);
CW_EXPORT char *cw_generate(int size, const char *level, const char *ops,
			    int two_cell, int kind, int box_rows,
			    int box_cols, const char *seed_text,
			    int hide_ops)
{
	int killer = kind == 1, sudoku = kind == 2;
	cdok_gen_params par;
	cdok_gen_result res;
	cdok_puzzle *p = NULL;
	cdok_error err;
	cdok_rng rng;
	struct buf b = { 0 };
	char msg[256], line[128], *end;
	char *spec, *drawing;
	uint64_t seed;
	int lvl, *solution;

	cdok_gen_params_init(&par);
	par.size = size;
	par.killer = killer;
	par.sudoku = sudoku;
	par.hide_ops = !kind && hide_ops;
	/* The sizes the program makes without --timeout (cdok_gen_max_size):
	 * a page has no deadline to give. */
	if (size < 1 || size > cdok_gen_max_size(&par)) {
		cdok_gen_params k, h;

		cdok_gen_params_init(&k);
		cdok_gen_params_init(&h);
		k.killer = h.hide_ops = 1;
		snprintf(msg, sizeof(msg), "this page makes puzzles of 1 x 1 "
			 "to %d x %d (Killer and Sudoku: up to %d x %d, hidden "
			 "operators: up to %d x %d)", CDOK_MAX_SIZE,
			 CDOK_MAX_SIZE, cdok_gen_max_size(&k),
			 cdok_gen_max_size(&k), cdok_gen_max_size(&h),
			 cdok_gen_max_size(&h));
		return cwi_fail_doc(msg, 0, 0);
	}
	seed = strtoull(seed_text ? seed_text : "", &end, 10);
	if (!seed_text || !*seed_text || *end)
		return cwi_fail_doc("the seed must be a whole number", 0, 0);
	if (kind) {
		par.box_rows = box_rows;
		par.box_cols = box_cols;
	} else {
		if (ops && *ops && cdok_gen_ops_find(ops, &par.ops) != CDOK_OK)
			return cwi_fail_doc("the operators must be all, mul, add, "
					"addsub, or some of + - * / with + "
					"or *", 0, 0);
		par.two_cell = two_cell != 0;
	}
	/* The level and rounds as the program has them, from the library:
	 * the level made when none is named, the levels that occur at the
	 * size, the hardening rounds. */
	if (level && *level) {
		lvl = cdok_level_find(cdok_gen_scale(&par), level);
		if (lvl < 0) {
			snprintf(msg, sizeof(msg), "no level '%s' on this "
				 "scale", level);
			return cwi_fail_doc(msg, 0, 0);
		}
	} else {
		lvl = cdok_gen_default_level(&par);
	}
	memset(&err, 0, sizeof(err));
	if (cdok_gen_set_level(&par, lvl, -1, &err) != CDOK_OK)
		return cwi_fail_doc(err.message, 0, 0);
	solution = malloc(sizeof(int) * (size_t)(size * size));
	if (!solution)
		return cwi_fail_doc("out of memory", 0, 0);
	memset(&res, 0, sizeof(res));
	res.solution = solution;
	memset(&err, 0, sizeof(err));
	cdok_rng_seed(&rng, seed, 0);
	if (cdok_generate(&par, NULL, &rng, &p, &res, &err) != CDOK_OK) {
		free(solution);
		return cwi_fail_err(&err);
	}
	/* What the program prints: the spec, a blank line, the drawing, a
	 * blank line and the difficulty. */
	spec = cwi_written(p, "spec", NULL);
	drawing = cwi_written(p, "ascii", NULL);
	memcpy(line, "Difficulty: ", 12);
	cdok_difficulty_describe(cdok_puzzle_scale(p), res.score, line + 12,
				 sizeof(line) - 13);
	strcat(line, "\n");
	cwi_put_puzzle_doc(&b, p, NULL, solution);
	/* put_puzzle_doc ends the object: reopen it for the rest. */
	if (!b.failed && b.len && b.p[b.len - 1] == '}')
		b.p[--b.len] = '\0';
	cwi_putf(&b, ",\"seed\":\"%" PRIu64 "\",\"text\":", seed);
	if (spec && drawing) {
		struct buf t = { 0 };

		cwi_put(&t, spec);
		cwi_put(&t, "\n");
		cwi_put(&t, drawing);
		cwi_put(&t, "\n");
		cwi_put(&t, line);
		cwi_put_str(&b, t.failed ? NULL : t.p);
		free(t.p);
	} else {
		cwi_put(&b, "null");
	}
	cwi_put(&b, "}");
	cdok_free(spec);
	cdok_free(drawing);
	cdok_puzzle_free(p);
	free(solution);
	return cwi_finish(&b);
}
