/* spec_cages.c -- the cages of a spec: the tokens of a grid grouped by
 * label, checked (one clue, two cells or more, connected) and built into
 * a puzzle; and the label table the spec format finds labels with.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/spec.h"

/* ---- labels ---- */

static uint32_t label_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

cdok_status cdki_spec_labels_init(struct spec_labels *t, size_t n,
				  cdok_error *err)
{
	t->cap = 16;
	while (t->cap < 2 * n)
		t->cap *= 2;
	t->keys = cdok_malloc(t->cap * (sizeof(*t->keys) +
					sizeof(*t->values)));
	if (!t->keys) {
		t->values = NULL;
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	t->values = (int *)(void *)(t->keys + t->cap);
	for (size_t i = 0; i < t->cap; i++)
		t->values[i] = -1;
	return CDOK_OK;
}

void cdki_spec_labels_free(struct spec_labels *t)
{
	free(t->keys);
	t->keys = NULL;
	t->values = NULL;
}

/* The slot of label, or the free slot where it would go. */
static size_t label_slot(const struct spec_labels *t, const char *label)
{
	size_t h = label_hash(label) & (t->cap - 1);

	while (t->values[h] >= 0 && strcmp(t->keys[h], label))
		h = (h + 1) & (t->cap - 1);
	return h;
}

int cdki_spec_labels_find(const struct spec_labels *t, const char *label)
{
	return t->values[label_slot(t, label)];
}

int cdki_spec_labels_add(struct spec_labels *t, const char *label,
			 int value)
{
	size_t h = label_slot(t, label);

	if (t->values[h] >= 0)
		return t->values[h];
	t->keys[h] = label;
	t->values[h] = value;
	return -1;
}

/* ---- cages ---- */

void cdki_spec_cages_free(struct spec_cages *cs)
{
	free(cs->recs);
	free(cs->cage_of);
	free(cs->cells);
	free(cs->start);
}

/* Reading order: the first cell of each label opens its cage, and the
 * first clue seen is the cage's clue; a second clue must say the same. */
static cdok_status group_tokens(const struct spec_token *toks, int ncells,
				struct spec_cages *cs,
				struct spec_labels *labels, cdok_error *err)
{
	for (int cell = 0; cell < ncells; cell++) {
		const struct spec_token *t = &toks[cell];
		struct spec_cage *c;
		int k;

		cs->cage_of[cell] = -1;
		if (t->given || t->empty)
			continue;
		k = cdki_spec_labels_add(labels, t->label, cs->n);
		if (k < 0) {
			k = cs->n++;
			c = &cs->recs[k];
			c->label = t->label;
			c->first = cell;
			c->ncells = 0;
			c->clue_cell = -1;
		}
		c = &cs->recs[k];
		cs->cage_of[cell] = k;
		c->ncells++;
		if (!t->has_op)
			continue;
		if (c->clue_cell < 0) {
			c->clue_cell = cell;
			c->op = t->op;
			c->target = t->num;
		} else if (c->op != t->op || c->target != t->num) {
			return cdki_fail(err, CDOK_ERR_SYNTAX, t->line,
					 t->clue_column, "cage %s has two "
					 "different clues: %c%" PRId64 " and "
					 "%c%" PRId64, c->label, (char)c->op,
					 c->target, (char)t->op, t->num);
		}
	}
	return CDOK_OK;
}

/* Lay the cells out cage by cage; walking the cells in reading order
 * keeps each cage's list in reading order too.  fill has room for
 * cs->n + 1 numbers. */
static void lay_out(struct spec_cages *cs, int ncells, int *fill)
{
	cs->start[0] = 0;
	for (int k = 0; k < cs->n; k++)
		cs->start[k + 1] = cs->start[k] + cs->recs[k].ncells;
	memcpy(fill, cs->start, ((size_t)cs->n + 1) * sizeof(int));
	for (int cell = 0; cell < ncells; cell++)
		if (cs->cage_of[cell] >= 0)
			cs->cells[fill[cs->cage_of[cell]]++] = cell;
}

/* Cage k has a clue, two cells or more, and is connected (unless
 * parts_ok): a cell the flood fill from its first cell cannot reach is
 * part of another region that uses the same label. */
static cdok_status check_cage(const struct spec_token *toks, int size,
			      const struct spec_cages *cs, int k, bool parts_ok,
			      int *stack, unsigned char *seen,
			      cdok_error *err)
{
	const struct spec_cage *c = &cs->recs[k];
	const struct spec_token *first = &toks[c->first];
	const int *cells = cs->cells + cs->start[k];

	if (c->clue_cell < 0)
		return cdki_fail(err, CDOK_ERR_SYNTAX, first->line,
				 first->column, "cage %s has no clue",
				 c->label);
	if (c->ncells == 1)
		return cdki_fail(err, CDOK_ERR_INVALID, first->line,
				 first->column, "cage %s has only one cell; "
				 "write a given value instead", c->label);
	if (parts_ok ||
	    cdki_region_fill(size, cs->cage_of, c->first, stack, seen) ==
	    c->ncells)
		return CDOK_OK;
	for (int j = 0; j < c->ncells; j++) {
		const struct spec_token *t = &toks[cells[j]];

		if (!seen[cells[j]])
			return cdki_fail(err, CDOK_ERR_INVALID, t->line,
					 t->column, "cage %s is not "
					 "connected: this cell does not touch "
					 "the rest of the cage", c->label);
	}
	return CDOK_OK;
}

cdok_status cdki_spec_find_cages(const struct spec_token *toks, int size,
				 bool parts_ok, struct spec_cages *cs,
				 cdok_error *err)
{
	int ncells = size * size;
	struct spec_labels labels = {0};
	int *stack, *fill;
	unsigned char *seen;
	cdok_status st;

	memset(cs, 0, sizeof(*cs));
	cs->recs = cdok_malloc((size_t)ncells * sizeof(*cs->recs));
	cs->cage_of = cdok_malloc((size_t)ncells * sizeof(int));
	cs->cells = cdok_malloc((size_t)ncells * sizeof(int));
	cs->start = cdok_malloc(((size_t)ncells + 1) * sizeof(int));
	stack = cdok_malloc((size_t)ncells * sizeof(int));
	fill = cdok_malloc(((size_t)ncells + 1) * sizeof(int));
	seen = cdok_calloc((size_t)ncells, 1);
	if (!cs->recs || !cs->cage_of || !cs->cells || !cs->start ||
	    !stack || !fill || !seen)
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	else
		st = cdki_spec_labels_init(&labels, (size_t)ncells, err);
	if (st == CDOK_OK)
		st = group_tokens(toks, ncells, cs, &labels, err);
	if (st == CDOK_OK)
		lay_out(cs, ncells, fill);
	for (int k = 0; st == CDOK_OK && k < cs->n; k++)
		st = check_cage(toks, size, cs, k, parts_ok, stack, seen,
				err);
	cdki_spec_labels_free(&labels);
	free(stack);
	free(fill);
	free(seen);
	if (st != CDOK_OK)
		cdki_spec_cages_free(cs);
	return st;
}

cdok_status cdki_spec_build(const struct spec_token *toks, int size,
			    const struct spec_cages *cs, cdok_puzzle **out,
			    cdok_error *err)
{
	cdok_puzzle *p = cdok_puzzle_new(size);

	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	/* The reader has checked the values against the rules the
	 * directives will give the puzzle (0..99 in Nylimb mode). */
	for (int cell = 0; cell < size * size; cell++) {
		if (toks[cell].given)
			p->given[cell] = (int)toks[cell].num;
		if (toks[cell].has_value)
			p->given[cell] = (int)toks[cell].value;
	}
	for (int k = 0; k < cs->n; k++) {
		const struct spec_cage *c = &cs->recs[k];
		cdok_status st;

		st = cdok_puzzle_add_cage(p, c->op, c->target,
					  cs->cells + cs->start[k], c->ncells,
					  c->label, NULL);
		if (st != CDOK_OK) {
			/* The checks above leave only memory to fail. */
			cdok_puzzle_free(p);
			return cdki_fail(err, st, 0, 0, "%s",
					 st == CDOK_ERR_NOMEM ? "out of memory"
					 : "cannot build the puzzle");
		}
	}
	*out = p;
	return CDOK_OK;
}
