/* keen.c -- game IDs of Simon Tatham's Keen ("W:blocks,clues").
 *
 * The blocks part describes which neighbouring cells share a cage by
 * walking the grid's 2W(W-1) inner edges: first the edges between
 * horizontal neighbours in reading order, then those between vertical
 * neighbours column by column, then one imaginary edge that closes the
 * walk.  Each character counts the edges inside a cage that come before
 * the next cage border.  The clues part has one clue per cage, in order
 * of each cage's lowest cell: a letter for the operator (a s m d) and the
 * target.  doc/FORMAT.md gives the details, including the quirks of
 * Keen's own parser that this one follows so that IDs mean here what
 * they mean in the game.
 *
 * Keen has no givens: a cage of one cell says the same thing, and is
 * kept as a cage so that an ID read and written again is unchanged.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

/* Keen's own range of sizes.  Smaller IDs would be well formed, but the
 * game refuses them, and an ID it cannot load helps nobody. */
#define KEEN_MIN 3
#define KEEN_MAX 9
/* Keen keeps a clue's operator in the bits above 2^29 of a long, so a
 * larger target would change the operator when the game reads it. */
#define KEEN_TARGET_MAX ((int64_t)(1 << 29) - 1)

#define MAX_CELLS (KEEN_MAX * KEEN_MAX)

/* ------------------------------------------------------------------ */
/* Reading                                                             */

/* The length of Keen's parameters after the size, as Keen's own
 * decode_params reads them: 'd' and a difficulty letter, then 'm'. */
static size_t keen_params(const char *text, size_t len)
{
	size_t i = 0;

	if (i + 1 < len && text[i] == 'd' && text[i + 1] >= 'a' &&
	    text[i + 1] <= 'z')
		i += 2;
	if (i < len && text[i] == 'm')
		i++;
	return i;
}

/* Keen's walk: 'y' (25) stands for 25 edges inside a cage with no border
 * after them, as in Keen's parser; every other character ends with a
 * border, and a count may repeat it. */
static const struct cdki_edge_walk keen_walk = {
	.what = "block", .next = "the clues",
	.where = "in the block structure (_ or a-z, each optionally "
		 "followed by a repeat count)",
	.open_run = 25, .repeats = true,
};

/* Parse the clues from *pos and build the puzzle. */
static cdok_status read_clues(const struct cdki_id_line *k, size_t *pos,
			      size_t end, int w, int *parent,
			      cdok_puzzle *p, cdok_error *err)
{
	int size[MAX_CELLS] = {0}, cells[MAX_CELLS];
	int ncages = 0, done = 0;
	size_t i = *pos;

	for (int c = 0; c < w * w; c++) {
		int root = cdki_uf_find(parent, c);

		if (size[root]++ == 0)
			ncages++;
	}
	for (int c = 0; c < w * w; c++) {
		int col = cdki_id_column(k, i), m = 0;
		char ch;
		cdok_op op;
		int64_t target;
		cdok_status st;

		if (cdki_uf_find(parent, c) != c)
			continue;
		if (i >= end)
			return cdki_fail(err, CDOK_ERR_SYNTAX, k->line, col,
					 "the ID has %d clues, but its blocks "
					 "make %d cages", done, ncages);
		ch = k->text[i];
		switch (ch) {
		case 'a':
			op = CDOK_OP_ADD;
			break;
		case 's':
			op = CDOK_OP_SUB;
			break;
		case 'm':
			op = CDOK_OP_MUL;
			break;
		case 'd':
			op = CDOK_OP_DIV;
			break;
		default:
			return cdki_text_bad_char(err, k->line, col, k->text,
						  i, end, "where a "
						  "clue (a, s, m or d and a "
						  "target) was expected");
		}
		if ((op == CDOK_OP_SUB || op == CDOK_OP_DIV) && size[c] != 2)
			return cdki_fail(err, CDOK_ERR_INVALID, k->line, col,
					 "%s cages have exactly 2 cells in "
					 "Keen, but the cage at row %d, column "
					 "%d has %d", op == CDOK_OP_SUB ?
					 "subtraction" : "division", c / w + 1,
					 c % w + 1, size[c]);
		i++;
		if (i >= end || !cdki_text_is_digit(k->text[i]))
			return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
					 cdki_id_column(k, i), "expected the "
					 "target after '%c'", ch);
		st = cdki_text_number(k->text, &i, end, KEEN_TARGET_MAX,
				      &target, k->line, k->start, "the target",
				      err);
		if (st != CDOK_OK)
			return st;
		if (target == 0 && (op == CDOK_OP_MUL || op == CDOK_OP_DIV))
			return cdki_fail(err, CDOK_ERR_INVALID, k->line, col,
					 "a %s target must not be 0",
					 op == CDOK_OP_MUL ? "product" :
					 "ratio");
		m = cdki_uf_members(parent, c, w * w, cells);
		st = cdok_puzzle_add_cage(p, op, target, cells, m, NULL,
					  NULL);
		if (st != CDOK_OK)
			return cdki_fail(err, st, 0, 0, "%s",
					 st == CDOK_ERR_NOMEM ? "out of memory"
					 : "cannot build the puzzle");
		done++;
	}
	if (i < end && strchr("asmd", k->text[i]))
		return cdki_fail(err, CDOK_ERR_SYNTAX, k->line,
				 cdki_id_column(k, i), "the ID has more clues "
				 "than its %d cages", ncages);
	*pos = i;
	return CDOK_OK;
}

cdok_status cdki_keen_read(struct cdok_reader *r, cdok_puzzle **out,
			   cdok_error *err)
{
	struct text_line l;
	struct cdki_id_line k;
	size_t i, e;
	int line, parent[MAX_CELLS];
	int64_t w;
	cdok_puzzle *p;
	cdok_status st;

	/* One ID per line; blank lines between them carry nothing. */
	st = cdki_id_line_read(r, &l, &k, &i, &e, err);
	if (st != CDOK_OK)
		return st;
	line = k.line;
	if (!cdki_text_is_digit(r->text[i]))
		return cdki_text_bad_char(err, line, cdki_id_column(&k, i),
					  r->text, i, e,
					  "where a Keen game ID (such as "
					  "3:a_3aab_,s1m3m3a5) was expected");
	st = cdki_text_number(r->text, &i, e, 1000, &w, line, l.start,
			      "the size", err);
	if (st != CDOK_OK)
		return st;
	/* Keen's own parameters may follow the size, as the game writes
	 * them: a difficulty ('d' and a letter) and 'm' for multiplication
	 * only.  They say how to make a puzzle, and a game ID's puzzle is
	 * already made: the game ignores them there, and so does cdok. */
	i += keen_params(r->text + i, e - i);
	if (i < e && r->text[i] == '#')
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, line,
				 cdki_id_column(&k, i),
				 "this is a Keen random-seed ID (size, "
				 "parameters, '#' and a seed): what Keen makes "
				 "a puzzle from, not a puzzle, and only Keen "
				 "can make it; paste the game ID instead (Keen: "
				 "Game > Specific..., W:blocks,clues)");
	if (i >= e || r->text[i] != ':')
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 cdki_id_column(&k, i), "expected ':' after "
				 "the size in a Keen game ID");
	if (w < KEEN_MIN || w > KEEN_MAX)
		return cdki_fail(err, CDOK_ERR_LIMIT, line,
				 cdki_id_column(&k, cdki_text_skip_blanks(
					 r->text, l.start, l.end)),
				 "Keen game IDs have sizes %d to %d; this one "
				 "says %" PRId64, KEEN_MIN, KEEN_MAX, w);
	i++;
	st = cdki_edge_walk_read(&k, &i, e, (int)w, parent, &keen_walk, err);
	if (st != CDOK_OK)
		return st;
	p = cdok_puzzle_new((int)w);
	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	st = read_clues(&k, &i, e, (int)w, parent, p, err);
	if (st == CDOK_OK && i < e)
		st = cdki_text_bad_char(err, line, cdki_id_column(&k, i),
					r->text, i, e,
					"after the clues");
	return cdki_id_line_done(r, &l, line, p, st, out);
}

/* A game ID starts with digits, Keen's parameters and ':' (a random-seed
 * ID with '#'); nothing else does, since no other format has ':' or
 * '#' there.  The Keen reader then says what is wrong, if anything. */
enum cdok_likeness cdki_keen_detect(const char *text, size_t len)
{
	size_t i = 0;

	while (i < len && cdki_text_is_digit(text[i]))
		i++;
	if (i == 0)
		return CDOK_UNLIKE;
	i += keen_params(text + i, len - i);
	return i < len && (text[i] == ':' || text[i] == '#') ? CDOK_LIKELY
							     : CDOK_UNLIKE;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* The group of each cell: its cage, or for a given outside any cage a
 * group of its own (Keen says a given as a one-cell cage). */
static cdok_status check_writable(const cdok_puzzle *p, int *group,
				  cdok_error *err)
{
	int n = p->size;
	char name[96];

	if (n < KEEN_MIN || n > KEEN_MAX)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the puzzle is %d x %d, but Keen plays sizes "
				 "%d to %d", n, n, KEEN_MIN, KEEN_MAX);
	for (int k = 0; k < p->ncages; k++) {
		const struct cdok_cage *c = &p->cages[k];

		cdki_cage_name(p, k, name, sizeof(name));
		if (c->ncells > 2 &&
		    (c->op == CDOK_OP_SUB || c->op == CDOK_OP_DIV))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s is a %s cage of %d cells; Keen's "
					 "- and / cages have exactly 2", name,
					 c->op == CDOK_OP_SUB ? "difference"
					 : "ratio", c->ncells);
		if (c->target < 0 || c->target > KEEN_TARGET_MAX)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s has the target %" PRId64 "; Keen "
					 "holds targets 0 to %" PRId64, name,
					 c->target, KEEN_TARGET_MAX);
		if (c->target == 0 &&
		    (c->op == CDOK_OP_MUL || c->op == CDOK_OP_DIV))
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "%s: a %s target must not be 0", name,
					 c->op == CDOK_OP_MUL ? "product" :
					 "ratio");
		if (!cdki_cage_connected(p, k))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%s is not connected; a Keen cage is "
					 "one connected block", name);
	}
	for (int cell = 0; cell < n * n; cell++) {
		int k = p->cage_of[cell];
		int g = cdok_has_given(p, cell) ? p->given[cell] : 0;

		group[cell] = k;
		if (k < 0) {
			if (!g)
				return cdki_refuse_bare_cell(n, cell, "in Keen "
							     "every cell is in "
							     "a cage", err);
			group[cell] = p->ncages + cell;
			continue;
		}
		if (!g)
			continue;
		cdki_cage_name(p, k, name, sizeof(name));
		if (p->cages[k].ncells > 1 || p->cages[k].target != g)
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the given %d at row %d, column %d is "
					 "inside %s; Keen has no givens, only "
					 "one-cell cages", g, cell / n + 1,
					 cell % n + 1, name);
	}
	return CDOK_OK;
}

/* Put one edge run: `run` edges inside cages, then a border.  Keen's
 * parser reads 'y' as 25 inner edges with no border after it and 'z' as
 * 26 followed by a border, so long runs are spelled with those.  (Keen's
 * own writer spells a run of 25 or more differently, in a way its parser
 * misreads; its cages are never large enough for that to happen.) */
static void put_run(struct strbuf *raw, int run)
{
	while (run >= 25) {
		if (run == 26) {
			sb_putc(raw, 'z');
			return;
		}
		sb_putc(raw, 'y');
		run -= 25;
	}
	sb_putc(raw, run ? (char)('a' + run - 1) : '_');
}

cdok_status cdki_keen_write(struct strbuf *sb, const cdok_puzzle *p,
			    const int *values, cdok_error *err)
{
	int n = p->size;
	int group[MAX_CELLS];
	bool seen_group[MAX_CELLS * 2] = {false};
	struct strbuf raw;
	cdok_status st;

	if (values)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a Keen game ID holds a puzzle, not its "
				 "solution; write the solution in another "
				 "format");
	st = cdki_refuse_variant_rules(p, "a Keen game ID", err);
	if (st == CDOK_OK)
		st = check_writable(p, group, err);
	if (st != CDOK_OK)
		return st;

	cdki_sb_init(&raw);
	cdki_edge_walk_write(&raw, n, group, put_run);
	if (raw.failed) {
		cdki_sb_free(&raw);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}

	cdki_sb_printf(sb, "%d:", n);
	/* Runs of three or more equal characters become the character and
	 * a count, as Keen writes them; a pair stays a pair. */
	for (size_t i = 0; i < raw.len;) {
		size_t j = i;

		while (j < raw.len && raw.data[j] == raw.data[i])
			j++;
		sb_putc(sb, raw.data[i]);
		if (j - i == 2)
			sb_putc(sb, raw.data[i]);
		else if (j - i > 2)
			cdki_sb_printf(sb, "%zu", j - i);
		i = j;
	}
	cdki_sb_free(&raw);
	sb_putc(sb, ',');

	for (int cell = 0; cell < n * n; cell++) {
		int g = group[cell];
		char op;
		int64_t target;

		if (seen_group[g])
			continue;
		seen_group[g] = true;
		if (g >= p->ncages) {
			cdki_sb_printf(sb, "a%d", p->given[cell]);
			continue;
		}
		target = p->cages[g].target;
		switch (p->cages[g].op) {
		case CDOK_OP_MUL:
			op = 'm';
			break;
		case CDOK_OP_SUB:
			op = 's';
			break;
		case CDOK_OP_DIV:
			op = 'd';
			break;
		default:
			op = 'a';
			break;
		}
		/* Keen allows - and / on two cells only; one cell is its
		 * value under any operator, and a sum says it plainly. */
		if (p->cages[g].ncells == 1 && (op == 's' || op == 'd'))
			op = 'a';
		cdki_sb_printf(sb, "%c%" PRId64, op, target);
	}
	sb_putc(sb, '\n');
	return CDOK_OK;
}

/* ------------------------------------------------------------------ */
/* Generating for Keen                                                 */

cdok_status cdki_keen_fit(cdok_gen_params *par, cdok_error *err)
{
	int64_t product = 1;
	int cells = 0;
	cdok_status st = cdki_fit_plain(par, "a Keen game ID holds", err);

	if (st != CDOK_OK)
		return st;
	if (par->size < KEEN_MIN || par->size > KEEN_MAX)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "the size is %d, but Keen plays sizes %d to %d",
				 par->size, KEEN_MIN, KEEN_MAX);
	/* The largest product a cage of max_cage cells can have must stay
	 * within Keen's targets. */
	while (cells < par->max_cage && product * par->size <= KEEN_TARGET_MAX) {
		product *= par->size;
		cells++;
	}
	if ((par->ops & CDOK_GEN_MUL) && cells < par->max_cage)
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "a product cage of %d cells can pass Keen's "
				 "largest target, %" PRId64 "; cages of at "
				 "most %d cells stay within it", par->max_cage,
				 KEEN_TARGET_MAX, cells);
	/* Keen's - and / cages have two cells. */
	par->two_cell = 1;
	return CDOK_OK;
}
