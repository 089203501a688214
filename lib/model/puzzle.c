/* puzzle.c -- the one puzzle model: a grid, its givens and its cages. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

cdok_puzzle *cdok_puzzle_new(int size)
{
	cdok_puzzle *p;
	size_t cells;

	if (size < 1 || size > CDOK_MAX_SIZE)
		return NULL;
	cells = (size_t)size * (size_t)size;
	p = cdok_calloc(1, sizeof(*p));
	if (!p)
		return NULL;
	p->size = size;
	p->given = cdok_malloc(cells * sizeof(*p->given));
	p->cage_of = cdok_malloc(cells * sizeof(*p->cage_of));
	p->cells = cdok_malloc(cells * sizeof(*p->cells));
	if (!p->given || !p->cage_of || !p->cells) {
		cdok_puzzle_free(p);
		return NULL;
	}
	for (size_t i = 0; i < cells; i++) {
		p->given[i] = CDOK_NONE;
		p->cage_of[i] = -1;
	}
	return p;
}

void cdok_puzzle_free(cdok_puzzle *p)
{
	if (!p)
		return;
	free(p->cages);
	free(p->cells);
	free(p->given);
	free(p->cage_of);
	free(p);
}

cdok_puzzle *cdok_puzzle_clone(const cdok_puzzle *src)
{
	cdok_puzzle *p;
	size_t cells;

	if (!src)
		return NULL;
	p = cdok_puzzle_new(src->size);
	if (!p)
		return NULL;
	cells = (size_t)src->size * (size_t)src->size;
	p->rules = src->rules;
	p->box_rows = src->box_rows;
	p->box_cols = src->box_cols;
	memcpy(p->given, src->given, cells * sizeof(*p->given));
	memcpy(p->cage_of, src->cage_of, cells * sizeof(*p->cage_of));
	memcpy(p->cells, src->cells,
	       (size_t)src->ncells_used * sizeof(*p->cells));
	p->ncells_used = src->ncells_used;
	if (src->ncages) {
		p->cages = cdok_malloc((size_t)src->ncages * sizeof(*p->cages));
		if (!p->cages) {
			cdok_puzzle_free(p);
			return NULL;
		}
		p->cage_cap = src->ncages;
		/* The same cages, their cells at the same places of the
		 * copy's pool. */
		for (int i = 0; i < src->ncages; i++) {
			p->cages[i] = src->cages[i];
			p->cages[i].cells = p->cells +
					    (src->cages[i].cells - src->cells);
		}
		p->ncages = src->ncages;
	}
	return p;
}

int cdok_puzzle_size(const cdok_puzzle *p)
{
	return p->size;
}

static bool cell_ok(const cdok_puzzle *p, int cell)
{
	return cell >= 0 && cell < p->size * p->size;
}

int cdok_puzzle_given(const cdok_puzzle *p, int cell)
{
	return cell_ok(p, cell) ? p->given[cell] : CDOK_NONE;
}

int cdok_puzzle_value_ok(const cdok_puzzle *p, int value)
{
	if (p->rules & CDOK_RULE_NYLIMB)
		return value >= 0 && value <= CDOK_NYLIMB_MAX;
	return value >= 1 && value <= p->size;
}

cdok_status cdok_puzzle_set_given(cdok_puzzle *p, int cell, int value)
{
	p->valid = false;
	if (!cell_ok(p, cell) ||
	    (value != CDOK_NONE && !cdok_puzzle_value_ok(p, value)))
		return CDOK_ERR_INVALID;
	p->given[cell] = value;
	return CDOK_OK;
}

cdok_status cdok_puzzle_set_rules(cdok_puzzle *p, unsigned rules)
{
	p->valid = false;
	if (rules & ~(CDOK_RULE_NYLIMB | CDOK_RULE_TWO_CELL |
		      CDOK_RULE_DIAGONALS))
		return CDOK_ERR_INVALID;
	/* Diagonals are a Sudoku variant's (Killer X, Sudoku X): the
	 * geometry numbers them after the boxes. */
	if ((rules & CDOK_RULE_DIAGONALS) && !p->box_rows)
		return CDOK_ERR_INVALID;
	if (rules & CDOK_RULE_NYLIMB) {
		if (p->size > CDOK_NYLIMB_MAX_SIZE || p->box_rows)
			return CDOK_ERR_INVALID;
		for (int i = 0; i < p->size * p->size; i++)
			if (p->given[i] > CDOK_NYLIMB_MAX)
				return CDOK_ERR_INVALID;
	} else {
		for (int i = 0; i < p->size * p->size; i++)
			if (p->given[i] == 0 || p->given[i] > p->size)
				return CDOK_ERR_INVALID;
	}
	p->rules = rules;
	return CDOK_OK;
}

unsigned cdok_puzzle_rules(const cdok_puzzle *p)
{
	return p->rules;
}

cdok_status cdki_puzzle_reserve_cage(cdok_puzzle *p)
{
	struct cdok_cage *c;
	int cap;

	if (p->ncages < p->cage_cap)
		return CDOK_OK;
	cap = p->cage_cap ? p->cage_cap * 2 : 16;
	c = cdok_realloc(p->cages, (size_t)cap * sizeof(*c));
	if (!c)
		return CDOK_ERR_NOMEM;
	p->cages = c;
	p->cage_cap = cap;
	return CDOK_OK;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

cdok_status cdok_puzzle_add_cage(cdok_puzzle *p, cdok_op op, int64_t target,
				 const int *cells, int ncells,
				 const char *label, int *index)
{
	struct cdok_cage *c;
	int *copy;

	p->valid = false;
	if (ncells < 1 || ncells > p->size * p->size)
		return CDOK_ERR_INVALID;
	if (op != CDOK_OP_ADD && op != CDOK_OP_SUB && op != CDOK_OP_MUL &&
	    op != CDOK_OP_DIV && op != CDOK_OP_ANY)
		return CDOK_ERR_INVALID;
	if (label && strlen(label) > CDOK_LABEL_MAX)
		return CDOK_ERR_LIMIT;
	for (int i = 0; i < ncells; i++)
		if (!cell_ok(p, cells[i]) || p->cage_of[cells[i]] >= 0)
			return CDOK_ERR_INVALID;
	/* Cells in no cage yet: room for them in the pool (more than
	 * that many are a repeat, refused below before they are kept). */
	if (ncells > p->size * p->size - p->ncells_used)
		return CDOK_ERR_INVALID;
	copy = p->cells + p->ncells_used;
	memcpy(copy, cells, (size_t)ncells * sizeof(*copy));
	/* Nearly every cage has a handful of cells, which an insertion
	 * sort puts in order for less than qsort takes to start. */
	if (ncells <= 16) {
		for (int i = 1; i < ncells; i++) {
			int v = copy[i], j = i;

			for (; j > 0 && copy[j - 1] > v; j--)
				copy[j] = copy[j - 1];
			copy[j] = v;
		}
	} else {
		qsort(copy, (size_t)ncells, sizeof(*copy), cmp_int);
	}
	for (int i = 1; i < ncells; i++)
		if (copy[i] == copy[i - 1])
			return CDOK_ERR_INVALID;
	if (cdki_puzzle_reserve_cage(p) != CDOK_OK)
		return CDOK_ERR_NOMEM;
	p->ncells_used += ncells;
	c = &p->cages[p->ncages];
	c->op = op;
	c->target = target;
	c->ncells = ncells;
	c->cells = copy;
	c->label[0] = '\0';
	c->distinct = false;
	if (label)
		strcpy(c->label, label);
	for (int i = 0; i < ncells; i++)
		p->cage_of[copy[i]] = p->ncages;
	if (index)
		*index = p->ncages;
	p->ncages++;
	return CDOK_OK;
}

int cdok_puzzle_cage_count(const cdok_puzzle *p)
{
	return p->ncages;
}

int cdok_puzzle_cage_of(const cdok_puzzle *p, int cell)
{
	return cell_ok(p, cell) ? p->cage_of[cell] : -1;
}

cdok_op cdok_cage_op(const cdok_puzzle *p, int cage)
{
	return p->cages[cage].op;
}

int64_t cdok_cage_target(const cdok_puzzle *p, int cage)
{
	return p->cages[cage].target;
}

int cdok_cage_size(const cdok_puzzle *p, int cage)
{
	return p->cages[cage].ncells;
}

const int *cdok_cage_cells(const cdok_puzzle *p, int cage)
{
	return p->cages[cage].cells;
}

cdok_status cdok_puzzle_set_boxes(cdok_puzzle *p, int box_rows, int box_cols)
{
	p->valid = false;
	if (box_rows == 0 && box_cols == 0) {
		/* The diagonals live on a grid with boxes. */
		if (p->rules & CDOK_RULE_DIAGONALS)
			return CDOK_ERR_INVALID;
		p->box_rows = p->box_cols = 0;
		return CDOK_OK;
	}
	/* A box one cell wide would be a whole row or column: no rule of
	 * its own, and no Killer grid. */
	if (box_rows < 2 || box_cols < 2 || box_rows * box_cols != p->size ||
	    cdok_is_nylimb(p))
		return CDOK_ERR_INVALID;
	p->box_rows = box_rows;
	p->box_cols = box_cols;
	return CDOK_OK;
}

int cdok_puzzle_box_rows(const cdok_puzzle *p)
{
	return p->box_rows;
}

int cdok_puzzle_box_cols(const cdok_puzzle *p)
{
	return p->box_cols;
}

cdok_status cdok_puzzle_set_cage_distinct(cdok_puzzle *p, int cage,
					  int distinct)
{
	p->valid = false;
	if (cage < 0 || cage >= p->ncages)
		return CDOK_ERR_INVALID;
	p->cages[cage].distinct = distinct != 0;
	return CDOK_OK;
}

int cdok_cage_distinct(const cdok_puzzle *p, int cage)
{
	return p->cages[cage].distinct;
}

const char *cdok_cage_label(const cdok_puzzle *p, int cage)
{
	return p->cages[cage].label[0] ? p->cages[cage].label : NULL;
}

/* True if every cell of the cage can be reached from its first cell by
 * steps between orthogonal neighbours inside the cage. */
static bool cage_connected(const cdok_puzzle *p, int cage)
{
	const struct cdok_cage *c = &p->cages[cage];
	int n = p->size;
	int *stack, top = 0, seen = 0;
	unsigned char *mark;

	if (c->ncells <= 1)
		return true;
	/* Two cells (the commonest cage): neighbours or not. */
	if (c->ncells == 2) {
		int a = c->cells[0], b = c->cells[1];
		int dr = a / n - b / n, dc = a % n - b % n;

		return dr * dr + dc * dc == 1;
	}
	/* Up to 64 cells (every cage but hostile ones): a walk over the
	 * cage's own cell list, with a bit per cell for "reached", and
	 * no memory to ask for. */
	if (c->ncells <= 64) {
		uint64_t all = c->ncells == 64 ? ~(uint64_t)0
					       : ((uint64_t)1 << c->ncells) - 1;
		uint64_t reached = 1, todo = 1;

		while (todo) {
			int i = __builtin_ctzll(todo);
			int r = c->cells[i] / n, col = c->cells[i] % n;

			todo &= todo - 1;
			for (int j = 0; j < c->ncells; j++) {
				int dr = c->cells[j] / n - r;
				int dc = c->cells[j] % n - col;

				if (!(reached >> j & 1) &&
				    dr * dr + dc * dc == 1) {
					reached |= (uint64_t)1 << j;
					todo |= (uint64_t)1 << j;
				}
			}
		}
		return reached == all;
	}
	stack = cdok_malloc((size_t)c->ncells * sizeof(*stack));
	mark = cdok_calloc((size_t)n * (size_t)n, 1);
	if (!stack || !mark) {
		/* Treat allocation failure as "connected": the solver does
		 * not depend on connectivity, it is a format rule. */
		free(stack);
		free(mark);
		return true;
	}
	stack[top++] = c->cells[0];
	mark[c->cells[0]] = 1;
	while (top) {
		int cell = stack[--top];
		int nb[4], k = cdki_grid_neighbours(n, cell, nb);

		seen++;
		for (int i = 0; i < k; i++)
			if (!mark[nb[i]] && p->cage_of[nb[i]] == cage) {
				mark[nb[i]] = 1;
				stack[top++] = nb[i];
			}
	}
	free(stack);
	free(mark);
	return seen == c->ncells;
}

bool cdki_cage_connected(const cdok_puzzle *p, int cage)
{
	return cage_connected(p, cage);
}

cdok_status cdok_puzzle_validate(const cdok_puzzle *p, cdok_error *err)
{
	if (p->valid)
		return CDOK_OK;
	for (int i = 0; i < p->ncages; i++) {
		const struct cdok_cage *c = &p->cages[i];
		char name[CDOK_LABEL_MAX + 1];

		bool long_pair = (p->rules & CDOK_RULE_TWO_CELL) &&
				 c->ncells > 2 &&
				 (c->op == CDOK_OP_SUB || c->op == CDOK_OP_DIV);

		/* A Killer's cage may come in parts (some setters make
		 * them so); a Calcudoku's may not. */
		if (c->target >= 0 && !long_pair &&
		    !((c->op == CDOK_OP_MUL || c->op == CDOK_OP_DIV) &&
		      c->target == 0) && (p->box_rows || cage_connected(p, i)))
			continue;
		/* Something is wrong: name the cage. */
		if (c->label[0])
			strcpy(name, c->label);
		else
			cdki_label_for_index(i, name);
		if (c->target < 0)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cage %s has a negative target", name);
		if ((c->op == CDOK_OP_MUL || c->op == CDOK_OP_DIV) &&
		    c->target == 0)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cage %s: a %s target must not be 0",
					 name, c->op == CDOK_OP_MUL ?
					 "product" : "ratio");
		if (long_pair)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cage %s is a %s of %d cells, but the "
					 "puzzle's %s cages have two (the "
					 "two-cell rule)", name,
					 c->op == CDOK_OP_SUB ? "difference" :
					 "ratio", c->ncells,
					 c->op == CDOK_OP_SUB ? "difference" :
					 "ratio");
		if (!cage_connected(p, i))
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cage %s is not orthogonally connected",
					 name);
	}
	return CDOK_OK;
}

void cdki_label_for_index(int index, char *buf)
{
	static const char letters[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
	int len = 1;
	long span = 52, i = index;
	char tmp[CDOK_LABEL_MAX + 1];

	/* Labels are enumerated by length, then in base 52 within a
	 * length: A..z, then AA..zz, and so on. */
	while (i >= span && len < CDOK_LABEL_MAX) {
		i -= span;
		span *= 52;
		len++;
	}
	for (int k = len - 1; k >= 0; k--) {
		tmp[k] = letters[i % 52];
		i /= 52;
	}
	tmp[len] = '\0';
	strcpy(buf, tmp);
}

void cdki_cage_name(const cdok_puzzle *p, int cage, char *buf, size_t len)
{
	const struct cdok_cage *c = &p->cages[cage];
	int n = p->size, first = c->cells[0];

	/* Named by its clue as the drawings print it and its first cell,
	 * never by a label no printed puzzle shows (doc/LEVELS.md): "the
	 * 17+ cage at r5c5"; a Killer cage's clue is its sum alone ("the
	 * 22 cage at r7c3"), and so is a one-cell cage's, whatever its
	 * operator says, and a hidden operator's ("the 36 cage at
	 * r5c5"). */
	if (c->ncells == 1 || c->op == CDOK_OP_ANY ||
	    (p->box_rows && c->op == CDOK_OP_ADD))
		snprintf(buf, len, "the %" PRId64 " cage at r%dc%d", c->target,
			 first / n + 1, first % n + 1);
	else
		snprintf(buf, len, "the %" PRId64 "%c cage at r%dc%d",
			 c->target, (char)c->op, first / n + 1, first % n + 1);
}
