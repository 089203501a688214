/* format_spec.c -- the cdok puzzle spec: cdok's own text format.
 *
 * A spec is the grid written row by row, one line per row, with one
 * token per cell: a given value (`5`) or a cage label that may carry the
 * cage's clue (`J`, `J+12`) and a given value (`J=5`).  Lines starting
 * with '@' just above the grid are directives for rules the original
 * format has no words for: Killer Sudoku's boxes (`@boxes 3x3`),
 * cages whose values must differ (`@distinct`) and Nylimb mode
 * (`@nylimb`).  doc/FORMAT.md is the
 * full description; this file is its one implementation.
 *
 * The reader works in four steps: it reads the directives, finds the
 * lines of the grid, turns each line into tokens (all syntax errors come
 * from here), and then groups the tokens into cages and checks the cages
 * and what the directives say about the grid.  Only when all of that
 * succeeded is a puzzle built, so the model never sees bad input.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "format/format.h"

/* One cell of the grid as written. */
struct token {
	int line;
	int column;        /* where the token starts */
	int clue_column;   /* where its operator or target starts */
	bool given;        /* a bare number */
	bool empty;        /* "." : no cage and no value (plain Sudoku) */
	bool has_op;
	bool has_num;
	bool has_value;    /* a cage cell with "=value": a given in a cage */
	cdok_op op;
	int64_t num;       /* the given value or the cage target */
	int64_t value;     /* with has_value: the given */
	int value_column;  /* where its '=' is */
	char label[CDOK_LABEL_MAX + 1];
};

/* A cage label named by an @distinct directive, and where. */
struct dlabel {
	char label[CDOK_LABEL_MAX + 1];
	int line;
	int column;
};

/* What the directives above a grid say. */
struct directives {
	int boxes_line;    /* 0: no @boxes */
	int boxes_column;  /* where the shape starts */
	int64_t box_rows, box_cols;
	bool distinct_all; /* @distinct without labels */
	int nylimb_line;   /* 0: no @nylimb */
	int two_cell_line; /* 0: no @two-cell */
	int two_cell_column;
	int nylimb_column;
	struct dlabel *labels;
	int nlabels;
	int cap;
};

/* A cage being assembled from its tokens. */
struct cage_rec {
	const char *label; /* points into the first token's label */
	int first;         /* first cell in reading order */
	int ncells;
	int clue_cell;     /* cell whose token carried the clue, or -1 */
	cdok_op op;
	int64_t target;
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t';
}

static bool is_letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

/* '?' is a hidden operator: the clue shows its target only. */
static bool is_op(char c)
{
	return c == '+' || c == '-' || c == '*' || c == '/' || c == '?';
}

/* The operator signs cdok's pictures (and Keen) print, in UTF-8: U+00D7
 * multiplication sign, U+00F7 division sign and U+2212 minus sign, so
 * that a clue copied from a picture ("60\u00d7") reads.  Returns the
 * sign's length in bytes and sets *op, or returns 0. */
static size_t sign_at(const char *text, size_t i, size_t end, cdok_op *op)
{
	const unsigned char *s = (const unsigned char *)text + i;
	size_t n = end - i;

	if (n >= 2 && s[0] == 0xc3 && (s[1] == 0x97 || s[1] == 0xb7)) {
		*op = s[1] == 0x97 ? CDOK_OP_MUL : CDOK_OP_DIV;
		return 2;
	}
	if (n >= 3 && s[0] == 0xe2 && s[1] == 0x88 && s[2] == 0x92) {
		*op = CDOK_OP_SUB;
		return 3;
	}
	return 0;
}

/* A comment: a line whose first byte that is not blank is '#'.  It is
 * read as if it were not there, wherever it is. */
static bool is_comment_line(const char *text, size_t start, size_t end)
{
	while (start < end && is_blank(text[start]))
		start++;
	return start < end && text[start] == '#';
}

/* Read the number at text[*pos] (a digit) up to end; a number past
 * 64 bits is reported as what ("target", "given value"). */
static cdok_status read_int(const char *text, size_t *pos, size_t end,
			    int line, int col, const char *what, int64_t *out,
			    cdok_error *err)
{
	size_t i = *pos;
	int64_t v = 0;

	while (i < end && is_digit(text[i])) {
		int d = text[i] - '0';

		if (v > (INT64_MAX - d) / 10)
			return cdki_fail(err, CDOK_ERR_LIMIT, line, col,
					 "%s does not fit in 64 bits", what);
		v = v * 10 + d;
		i++;
	}
	*pos = i;
	*out = v;
	return CDOK_OK;
}

/* The extent of the line starting at start: *end is the offset of its
 * '\n' (or the text's end), and the returned offset is where its content
 * ends.  A '\r' right before the line break belongs to the break, so
 * files with DOS line ends read the same. */
static size_t line_content_end(const struct cdok_reader *r, size_t start,
			       size_t *end)
{
	const char *nl = memchr(r->text + start, '\n', r->len - start);
	size_t e = nl ? (size_t)(nl - r->text) : r->len;

	*end = e;
	if (e > start && r->text[e - 1] == '\r')
		e--;
	return e;
}

/* Could this line be a row of a grid?  Only letters, digits, operators,
 * blanks and '=' before a digit (J=5): a drawing (whose lines are made
 * of '+' and '='), a "Difficulty: N" line or a header cannot. */
static bool is_spec_line(const char *text, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++) {
		char c = text[i];
		cdok_op op;
		size_t sign = sign_at(text, i, end, &op);

		if (sign) {
			i += sign - 1;
			continue;
		}
		if (c == '=' && i + 1 < end && is_digit(text[i + 1]))
			continue;
		/* A lone '.', an empty cell. */
		if (c == '.' && (i == start || is_blank(text[i - 1])) &&
		    (i + 1 >= end || is_blank(text[i + 1])))
			continue;
		if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
		      (c >= '0' && c <= '9') || c == '+' || c == '-' ||
		      c == '*' || c == '/' || c == '?' || c == ' ' ||
		      c == '\t'))
			return false;
	}
	return true;
}

/* Is this line a directive: '@' after any blanks? */
static bool is_directive_line(const char *text, size_t start, size_t end)
{
	while (start < end && is_blank(text[start]))
		start++;
	return start < end && text[start] == '@';
}

static bool span_is_blank(const char *text, size_t start, size_t end)
{
	for (size_t i = start; i < end; i++)
		if (!is_blank(text[i]))
			return false;
	return true;
}

/* The offset after the block of lines that starts at pos: after its
 * last line before a blank line or the end of the text.  *line counts
 * the lines passed. */
static size_t skip_block(const struct cdok_reader *r, size_t pos, int *line)
{
	size_t end, cend;

	while (pos < r->len) {
		cend = line_content_end(r, pos, &end);
		if (span_is_blank(r->text, pos, cend))
			break;
		pos = end < r->len ? end + 1 : r->len;
		(*line)++;
	}
	return pos;
}

/* Whether the block of lines at pos is a note: words only, as a reader
 * writes after a puzzle ("a hard one"), with no clue and no given (no
 * digit anywhere) and nothing else a grid could not hold. */
static bool block_is_note(const struct cdok_reader *r, size_t pos)
{
	size_t end, cend;

	while (pos < r->len) {
		cend = line_content_end(r, pos, &end);
		if (span_is_blank(r->text, pos, cend))
			break;
		if (!is_comment_line(r->text, pos, cend)) {
			if (!is_spec_line(r->text, pos, cend))
				return false;
			for (size_t i = pos; i < cend; i++)
				if (is_digit(r->text[i]))
					return false;
		}
		pos = end < r->len ? end + 1 : r->len;
	}
	return true;
}

/* Report a byte that has no place in a spec.  Printable characters are
 * quoted; anything else is shown as a number, since printing it could
 * garble the user's terminal. */
static cdok_status fail_byte(cdok_error *err, int line, int column,
			     unsigned char c)
{
	if (c == '\'')
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, column,
				 "unexpected character \"'\"");
	if (c > 0x20 && c < 0x7f)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, column,
				 "unexpected character '%c'", c);
	return cdki_fail(err, CDOK_ERR_SYNTAX, line, column,
			 "unexpected byte 0x%02x", c);
}

/* Read the token starting at *pos (which is not blank) and ending before
 * the next blank or at end.  Labels and numbers stop being scanned as
 * soon as they are too long, so a huge token costs no more than a short
 * one before it is rejected. */
static cdok_status read_token(const char *text, size_t *pos, size_t end,
			      int line, size_t line_start, struct token *t,
			      cdok_error *err)
{
	size_t i = *pos;
	bool has_label = false;
	cdok_op sign_op;

	memset(t, 0, sizeof(*t));
	t->line = line;
	t->column = (int)(i - line_start) + 1;
	/* A lone '.': a cell in no cage without a value, as the empty
	 * cells of a plain Sudoku are. */
	if (text[i] == '.' && (i + 1 >= end || is_blank(text[i + 1]))) {
		t->empty = true;
		*pos = i + 1;
		return CDOK_OK;
	}
	while (i < end && !is_blank(text[i])) {
		char c = text[i];
		int col = (int)(i - line_start) + 1;

		if (is_letter(c)) {
			size_t j = i;

			while (j < end && is_letter(text[j]) &&
			       j - i <= CDOK_LABEL_MAX)
				j++;
			if (has_label && j - i <= CDOK_LABEL_MAX)
				return cdki_fail(err, CDOK_ERR_SYNTAX, line,
						 col, "two cage labels in one "
						 "cell: %s and %.*s", t->label,
						 (int)(j - i), text + i);
			if (j - i > CDOK_LABEL_MAX)
				return cdki_fail(err, CDOK_ERR_LIMIT, line,
						 col, "label is longer than "
						 "%d letters", CDOK_LABEL_MAX);
			memcpy(t->label, text + i, j - i);
			t->label[j - i] = '\0';
			has_label = true;
			i = j;
		} else if (is_digit(c)) {
			cdok_status st;

			if (t->has_num)
				return cdki_fail(err, CDOK_ERR_SYNTAX, line,
						 col,
						 "two targets in one cell");
			if (!t->has_op)
				t->clue_column = col;
			st = read_int(text, &i, end, line, col, "target",
				      &t->num, err);
			if (st != CDOK_OK)
				return st;
			t->has_num = true;
		} else if (c == '=') {
			cdok_status st;

			/* "=5": the cell's given, inside its cage. */
			if (t->has_value)
				return cdki_fail(err, CDOK_ERR_SYNTAX, line,
						 col, "two given values in "
						 "one cell");
			if (i + 1 >= end || !is_digit(text[i + 1]))
				return cdki_fail(err, CDOK_ERR_SYNTAX, line,
						 col, "expected a given value "
						 "after '=', as in J=5");
			i++;
			st = read_int(text, &i, end, line, col,
				      "given value", &t->value, err);
			if (st != CDOK_OK)
				return st;
			t->has_value = true;
			t->value_column = col;
		} else if (is_op(c) || sign_at(text, i, end, &sign_op)) {
			size_t len = is_op(c) ? 1 : sign_at(text, i, end,
							     &sign_op);
			cdok_op op = is_op(c) ? (cdok_op)c : sign_op;

			if (t->has_op)
				return cdki_fail(err, CDOK_ERR_SYNTAX, line,
						 col, "two operators in one "
						 "cell ('%c' and '%.*s')",
						 (char)t->op, (int)len,
						 text + i);
			if (!t->has_num)
				t->clue_column = col;
			t->op = op;
			t->has_op = true;
			i += len;
		} else {
			return fail_byte(err, line, col, (unsigned char)c);
		}
	}
	*pos = i;

	if (!has_label) {
		if (t->has_op)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
					 "a clue needs a cage label, as in "
					 "J+12");
		if (t->has_value)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
					 "a given written with '=' belongs "
					 "to a cage cell, as in J=5; a given "
					 "outside any cage is the number "
					 "alone");
		t->given = true;
		return CDOK_OK;
	}
	if (t->has_op && !t->has_num)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
				 "cage %s has an operator but no target",
				 t->label);
	if (t->has_num && !t->has_op)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, t->column,
				 "cage %s has a target but no operator",
				 t->label);
	if (t->has_op && t->num == 0 &&
	    (t->op == CDOK_OP_MUL || t->op == CDOK_OP_DIV))
		return cdki_fail(err, CDOK_ERR_INVALID, line, t->clue_column,
				 "a %s target must not be 0",
				 t->op == CDOK_OP_MUL ? "product" : "ratio");
	return CDOK_OK;
}

/* Count the tokens in text[i..end), without reading them: only used to
 * say how many cells a too-long row has. */
static int count_tokens(const char *text, size_t i, size_t end)
{
	int n = 0;

	while (i < end) {
		while (i < end && is_blank(text[i]))
			i++;
		if (i >= end)
			break;
		n++;
		while (i < end && !is_blank(text[i]))
			i++;
	}
	return n;
}

/* Read the tokens of row y (line at start..end) into toks, which has
 * room for cap of them.  On the first row cap is CDOK_MAX_SIZE and the
 * row fixes the size; later rows must have exactly size tokens. */
static cdok_status read_row(const char *text, size_t start, size_t end,
			    int line, int y, int size, struct token *toks,
			    int *count, cdok_error *err)
{
	int cap = y == 0 ? CDOK_MAX_SIZE : size;
	size_t i = start;
	int n = 0;
	cdok_status st;

	for (;;) {
		while (i < end && is_blank(text[i]))
			i++;
		if (i >= end)
			break;
		if (n == cap) {
			int col = (int)(i - start) + 1;

			if (y == 0)
				return cdki_fail(err, CDOK_ERR_LIMIT, line,
						 col, "the first row has more "
						 "than %d cells; cdok supports "
						 "grids up to %d x %d",
						 CDOK_MAX_SIZE, CDOK_MAX_SIZE,
						 CDOK_MAX_SIZE);
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "row %d has %d cells but the first "
					 "row has %d", y + 1,
					 n + count_tokens(text, i, end), size);
			/* (more than the first row's, so at least 2) */
		}
		st = read_token(text, &i, end, line, start, &toks[n], err);
		if (st != CDOK_OK)
			return st;
		n++;
	}
	if (y > 0 && n < size)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(end - start) + 1,
				 "row %d has %d cell%s but the first row has %d",
				 y + 1, n, text_s(n), size);
	*count = n;
	return CDOK_OK;
}

/* Givens lie in 1..size, or in 0..99 in Nylimb mode. */
static cdok_status check_givens(const struct token *toks, int n, int size,
				bool nylimb, cdok_error *err)
{
	int lo = nylimb ? 0 : 1, hi = nylimb ? CDOK_NYLIMB_MAX : size;

	for (int x = 0; x < n; x++) {
		const struct token *t = &toks[x];

		if (t->given && (t->num < lo || t->num > hi))
			return cdki_fail(err, CDOK_ERR_INVALID, t->line,
					 t->column, "given value %" PRId64
					 " is outside %d..%d%s", t->num, lo, hi,
					 nylimb ? " (Nylimb mode)" : "");
		if (t->has_value && (t->value < lo || t->value > hi))
			return cdki_fail(err, CDOK_ERR_INVALID, t->line,
					 t->value_column, "given value %"
					 PRId64 " is outside %d..%d%s",
					 t->value, lo, hi,
					 nylimb ? " (Nylimb mode)" : "");
	}
	return CDOK_OK;
}

/* Labels are found again through a small open-addressing hash table, so
 * grouping thousands of cells into cages stays linear. */
static uint32_t label_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* The cages found in a grid of tokens. */
struct cages {
	struct cage_rec *recs;
	int n;
	int *cage_of;   /* per cell, -1 for givens */
	int *cells;     /* cage cells grouped by cage */
	int *start;     /* index into cells per cage */
};

static void cages_free(struct cages *cs)
{
	free(cs->recs);
	free(cs->cage_of);
	free(cs->cells);
	free(cs->start);
}

/* Group the tokens into cages, in order of first appearance, and check
 * every rule a cage must meet: one clue, at least two cells, all of them
 * connected. */
static cdok_status find_cages(const struct token *toks, int size,
			      struct cages *cs, cdok_error *err)
{
	int ncells = size * size;
	size_t hcap = 16;
	int *table, *stack, *fill;
	unsigned char *seen;
	cdok_status st = CDOK_OK;

	while (hcap < 2 * (size_t)ncells)
		hcap *= 2;
	memset(cs, 0, sizeof(*cs));
	cs->recs = cdok_malloc((size_t)ncells * sizeof(*cs->recs));
	cs->cage_of = cdok_malloc((size_t)ncells * sizeof(int));
	cs->cells = cdok_malloc((size_t)ncells * sizeof(int));
	cs->start = cdok_malloc(((size_t)ncells + 1) * sizeof(int));
	table = cdok_malloc(hcap * sizeof(int));
	stack = cdok_malloc((size_t)ncells * sizeof(int));
	fill = cdok_malloc(((size_t)ncells + 1) * sizeof(int));
	seen = cdok_calloc((size_t)ncells, 1);
	if (!cs->recs || !cs->cage_of || !cs->cells || !cs->start ||
	    !table || !stack || !fill || !seen) {
		st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
		goto out;
	}
	for (size_t i = 0; i < hcap; i++)
		table[i] = -1;

	/* Reading order: the first cell of each label opens its cage, and
	 * the first clue seen is the cage's clue. */
	for (int cell = 0; cell < ncells; cell++) {
		const struct token *t = &toks[cell];
		struct cage_rec *c;
		size_t h;

		cs->cage_of[cell] = -1;
		if (t->given || t->empty)
			continue;
		h = label_hash(t->label) & (hcap - 1);
		while (table[h] >= 0 &&
		       strcmp(cs->recs[table[h]].label, t->label))
			h = (h + 1) & (hcap - 1);
		if (table[h] < 0) {
			c = &cs->recs[cs->n];
			c->label = t->label;
			c->first = cell;
			c->ncells = 0;
			c->clue_cell = -1;
			table[h] = cs->n++;
		}
		c = &cs->recs[table[h]];
		cs->cage_of[cell] = table[h];
		c->ncells++;
		if (!t->has_op)
			continue;
		if (c->clue_cell < 0) {
			c->clue_cell = cell;
			c->op = t->op;
			c->target = t->num;
		} else if (c->op != t->op || c->target != t->num) {
			st = cdki_fail(err, CDOK_ERR_SYNTAX, t->line,
				       t->clue_column, "cage %s has two "
				       "different clues: %c%" PRId64 " and "
				       "%c%" PRId64, c->label, (char)c->op,
				       c->target, (char)t->op, t->num);
			goto out;
		}
	}

	/* Lay the cells out cage by cage; walking the cells in reading
	 * order keeps each cage's list in reading order too. */
	cs->start[0] = 0;
	for (int k = 0; k < cs->n; k++)
		cs->start[k + 1] = cs->start[k] + cs->recs[k].ncells;
	memcpy(fill, cs->start, ((size_t)cs->n + 1) * sizeof(int));
	for (int cell = 0; cell < ncells; cell++)
		if (cs->cage_of[cell] >= 0)
			cs->cells[fill[cs->cage_of[cell]]++] = cell;

	for (int k = 0; k < cs->n; k++) {
		const struct cage_rec *c = &cs->recs[k];
		const struct token *first = &toks[c->first];
		const int *cells = cs->cells + cs->start[k];
		int top = 0;

		if (c->clue_cell < 0) {
			st = cdki_fail(err, CDOK_ERR_SYNTAX, first->line,
				       first->column, "cage %s has no clue",
				       c->label);
			goto out;
		}
		if (c->ncells == 1) {
			st = cdki_fail(err, CDOK_ERR_INVALID, first->line,
				       first->column, "cage %s has only one "
				       "cell; write a given value instead",
				       c->label);
			goto out;
		}
		/* A flood fill from the first cell; a cell it cannot reach
		 * is part of another region that uses the same label. */
		stack[top++] = c->first;
		seen[c->first] = 1;
		while (top) {
			int cell = stack[--top];
			int y = cell / size, x = cell % size;
			int nb[4], m = 0;

			if (y > 0)
				nb[m++] = cell - size;
			if (y + 1 < size)
				nb[m++] = cell + size;
			if (x > 0)
				nb[m++] = cell - 1;
			if (x + 1 < size)
				nb[m++] = cell + 1;
			for (int j = 0; j < m; j++)
				if (!seen[nb[j]] && cs->cage_of[nb[j]] == k) {
					seen[nb[j]] = 1;
					stack[top++] = nb[j];
				}
		}
		for (int j = 0; j < c->ncells; j++) {
			const struct token *t = &toks[cells[j]];

			if (seen[cells[j]])
				continue;
			st = cdki_fail(err, CDOK_ERR_INVALID, t->line,
				       t->column, "cage %s is not connected: "
				       "this cell does not touch the rest of "
				       "the cage", c->label);
			goto out;
		}
	}
out:
	free(table);
	free(stack);
	free(fill);
	free(seen);
	if (st != CDOK_OK)
		cages_free(cs);
	return st;
}

static cdok_status build_puzzle(const struct token *toks, int size,
				const struct cages *cs, cdok_puzzle **out,
				cdok_error *err)
{
	cdok_puzzle *p = cdok_puzzle_new(size);

	if (!p)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	/* check_givens has checked the values against the rules the
	 * directives will give the puzzle (0..99 in Nylimb mode). */
	for (int cell = 0; cell < size * size; cell++) {
		if (toks[cell].given)
			p->given[cell] = (int)toks[cell].num;
		if (toks[cell].has_value)
			p->given[cell] = (int)toks[cell].value;
	}
	for (int k = 0; k < cs->n; k++) {
		const struct cage_rec *c = &cs->recs[k];
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

/* ------------------------------------------------------------------ */
/* Directives                                                          */

/* A grid has at most this many cages, so no more labels can be worth
 * naming; the limit keeps a hostile line from costing memory. */
#define DLABELS_MAX (CDOK_MAX_SIZE * CDOK_MAX_SIZE)

static void directives_free(struct directives *ds)
{
	free(ds->labels);
	memset(ds, 0, sizeof(*ds));
}

static cdok_status read_boxes(const char *text, size_t i, size_t start,
			      size_t end, int line, struct directives *ds,
			      cdok_error *err)
{
	const char *what = "where the shape of a box (rows x columns, as "
			   "in @boxes 3x3) was expected";
	int shape_col;
	int64_t rows, cols;
	cdok_status st;

	i = cdki_text_skip_blanks(text, i, end);
	if (i >= end)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line,
				 (int)(i - start) + 1, "@boxes needs the "
				 "shape of a box, rows x columns, as in "
				 "@boxes 3x3");
	if (!is_digit(text[i]))
		return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
				     (unsigned char)text[i], what);
	shape_col = (int)(i - start) + 1;
	st = cdki_text_number(text, &i, end, CDOK_MAX_SIZE, &rows, line, start,
			 "the number of rows of a box", err);
	if (st != CDOK_OK)
		return st;
	if (i >= end || text[i] != 'x' || i + 1 >= end ||
	    !is_digit(text[i + 1])) {
		if (i < end && text[i] == 'x')
			i++;
		if (i >= end)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line,
					 (int)(i - start) + 1, "@boxes needs "
					 "rows x columns, as in @boxes 3x3");
		return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
				     (unsigned char)text[i], what);
	}
	i++;
	st = cdki_text_number(text, &i, end, CDOK_MAX_SIZE, &cols, line, start,
			 "the number of columns of a box", err);
	if (st != CDOK_OK)
		return st;
	i = cdki_text_skip_blanks(text, i, end);
	if (i < end)
		return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
				     (unsigned char)text[i],
				     "after the shape of a box");
	ds->boxes_line = line;
	ds->boxes_column = shape_col;
	ds->box_rows = rows;
	ds->box_cols = cols;
	return CDOK_OK;
}

static cdok_status read_distinct(const char *text, size_t i, size_t start,
				 size_t end, int line, struct directives *ds,
				 cdok_error *err)
{
	const char *what = "in @distinct (cage labels separated by spaces)";
	bool any = false;

	for (;;) {
		struct dlabel *l;
		size_t j;

		i = cdki_text_skip_blanks(text, i, end);
		if (i >= end)
			break;
		if (!is_letter(text[i]))
			return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
					     (unsigned char)text[i], what);
		for (j = i; j < end && is_letter(text[j]) &&
		     j - i <= CDOK_LABEL_MAX; j++)
			;
		if (j - i > CDOK_LABEL_MAX)
			return cdki_fail(err, CDOK_ERR_LIMIT, line,
					 (int)(i - start) + 1, "label is "
					 "longer than %d letters",
					 CDOK_LABEL_MAX);
		if (j < end && !is_blank(text[j]))
			return cdki_text_bad_byte(err, line, (int)(j - start) + 1,
					     (unsigned char)text[j], what);
		if (ds->nlabels == DLABELS_MAX)
			return cdki_fail(err, CDOK_ERR_LIMIT, line,
					 (int)(i - start) + 1, "more than %d "
					 "labels in @distinct; no grid has "
					 "more cages", DLABELS_MAX);
		if (ds->nlabels == ds->cap) {
			int cap = ds->cap ? 2 * ds->cap : 16;
			struct dlabel *more = cdok_realloc(ds->labels, (size_t)cap *
						      sizeof(*more));

			if (!more)
				return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
						 "out of memory");
			ds->labels = more;
			ds->cap = cap;
		}
		l = &ds->labels[ds->nlabels++];
		memcpy(l->label, text + i, j - i);
		l->label[j - i] = '\0';
		l->line = line;
		l->column = (int)(i - start) + 1;
		any = true;
		i = j;
	}
	if (!any)
		ds->distinct_all = true;
	return CDOK_OK;
}

/* The directive on the line [start, end), whose first non-blank byte is
 * '@'. */
static cdok_status read_directive(const char *text, size_t start,
				  size_t end, int line, struct directives *ds,
				  cdok_error *err)
{
	size_t at = cdki_text_skip_blanks(text, start, end), i = at + 1;
	int col = (int)(at - start) + 1;
	size_t len;

	while (i < end && (is_letter(text[i]) || text[i] == '-') &&
	       i - at <= 16)
		i++;
	len = i - at - 1;
	if (len == 0)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, col, "expected "
				 "a directive after '@': @boxes, "
				 "@distinct, @nylimb or @two-cell");
	if (len == 5 && !memcmp(text + at + 1, "boxes", 5)) {
		if (i < end && !is_blank(text[i]))
			return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
					     (unsigned char)text[i],
					     "after @boxes (a space, then the "
					     "shape of a box)");
		if (ds->boxes_line)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "a second @boxes directive (the "
					 "first is on line %d)",
					 ds->boxes_line);
		return read_boxes(text, i, start, end, line, ds, err);
	}
	if (len == 8 && !memcmp(text + at + 1, "distinct", 8)) {
		if (i < end && !is_blank(text[i]))
			return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
					     (unsigned char)text[i],
					     "after @distinct (a space, then "
					     "cage labels, or nothing)");
		return read_distinct(text, i, start, end, line, ds, err);
	}
	if (len == 6 && !memcmp(text + at + 1, "nylimb", 6)) {
		i = cdki_text_skip_blanks(text, i, end);
		if (i < end)
			return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
					     (unsigned char)text[i],
					     "after @nylimb (it takes nothing)");
		if (ds->nylimb_line)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "a second @nylimb directive (the "
					 "first is on line %d)",
					 ds->nylimb_line);
		ds->nylimb_line = line;
		ds->nylimb_column = col;
		return CDOK_OK;
	}
	if (len == 8 && !memcmp(text + at + 1, "two-cell", 8)) {
		i = cdki_text_skip_blanks(text, i, end);
		if (i < end)
			return cdki_text_bad_byte(err, line, (int)(i - start) + 1,
					     (unsigned char)text[i],
					     "after @two-cell (it takes "
					     "nothing)");
		if (ds->two_cell_line)
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "a second @two-cell directive (the "
					 "first is on line %d)",
					 ds->two_cell_line);
		ds->two_cell_line = line;
		ds->two_cell_column = col;
		return CDOK_OK;
	}
	return cdki_fail(err, CDOK_ERR_SYNTAX, line, col, "unknown "
			 "directive @%.*s; cdok knows @boxes, @distinct, "
			 "@nylimb and @two-cell",
			 (int)(len > 16 ? 16 : len), text + at + 1);
}

/* Check the directives against the puzzle built from the grid, then
 * give it the rules they name. */
static cdok_status apply_directives(const struct directives *ds,
				    cdok_puzzle *p, cdok_error *err)
{
	size_t hcap = 16;
	int *table;

	if (ds->nylimb_line && ds->boxes_line)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->boxes_line,
				 ds->boxes_column, "@boxes and @nylimb do not "
				 "go together: Nylimb lines hold digits, not "
				 "every value once");
	if (ds->boxes_line) {
		int n = p->size;

		if (ds->box_rows < 1 || ds->box_cols < 1 ||
		    ds->box_rows * ds->box_cols != n)
			return cdki_fail(err, CDOK_ERR_INVALID, ds->boxes_line,
					 ds->boxes_column, "boxes of %" PRId64
					 "x%" PRId64 " do not tile the %d x %d "
					 "grid: a box must have %d cells",
					 ds->box_rows, ds->box_cols, n, n, n);
		if (ds->box_rows < 2 || ds->box_cols < 2)
			return cdki_fail(err, CDOK_ERR_INVALID, ds->boxes_line,
					 ds->boxes_column, "boxes of %" PRId64
					 "x%" PRId64 " are whole rows or "
					 "columns: a box needs at least 2 rows "
					 "and 2 columns", ds->box_rows,
					 ds->box_cols);
		cdok_puzzle_set_boxes(p, (int)ds->box_rows,
				      (int)ds->box_cols);
	}
	if (ds->nylimb_line &&
	    cdok_puzzle_set_rules(p, p->rules | CDOK_RULE_NYLIMB) != CDOK_OK)
		return cdki_fail(err, CDOK_ERR_INVALID, ds->nylimb_line,
				 ds->nylimb_column, "Nylimb mode needs a grid "
				 "of at most %d x %d; this one is %d x %d",
				 CDOK_NYLIMB_MAX_SIZE, CDOK_NYLIMB_MAX_SIZE,
				 p->size, p->size);
	if (ds->two_cell_line) {
		cdok_error why;

		p->rules |= CDOK_RULE_TWO_CELL;
		/* A shown - or / cage of three or more cells breaks the
		 * rule the directive states. */
		if (cdok_puzzle_validate(p, &why) != CDOK_OK)
			return cdki_fail(err, CDOK_ERR_INVALID,
					 ds->two_cell_line,
					 ds->two_cell_column, "@two-cell: %s",
					 why.message);
	}
	if (ds->distinct_all)
		for (int k = 0; k < p->ncages; k++)
			p->cages[k].distinct = true;
	if (!ds->nlabels)
		return CDOK_OK;

	/* Labels to cages through a small hash table, as find_cages
	 * does, so a long @distinct line stays linear. */
	while (hcap < 2 * (size_t)p->ncages)
		hcap *= 2;
	table = cdok_malloc(hcap * sizeof(*table));
	if (!table)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	for (size_t h = 0; h < hcap; h++)
		table[h] = -1;
	for (int k = 0; k < p->ncages; k++) {
		size_t h = label_hash(p->cages[k].label) & (hcap - 1);

		while (table[h] >= 0)
			h = (h + 1) & (hcap - 1);
		table[h] = k;
	}
	for (int i = 0; i < ds->nlabels; i++) {
		const struct dlabel *l = &ds->labels[i];
		size_t h = label_hash(l->label) & (hcap - 1);

		while (table[h] >= 0 &&
		       strcmp(p->cages[table[h]].label, l->label))
			h = (h + 1) & (hcap - 1);
		if (table[h] < 0) {
			free(table);
			return cdki_fail(err, CDOK_ERR_INVALID, l->line,
					 l->column, "@distinct names cage %s, "
					 "but the grid has no cage %s",
					 l->label, l->label);
		}
		p->cages[table[h]].distinct = true;
	}
	free(table);
	return CDOK_OK;
}

cdok_status cdki_spec_read(struct cdok_reader *r, cdok_puzzle **out,
			   cdok_error *err)
{
	struct token first_row[CDOK_MAX_SIZE];
	struct token *toks = NULL;
	struct directives ds;
	struct cages cs;
	size_t pos = r->pos, end, cend, grid_pos;
	int line = r->line, grid_line, rows = 0, size = 0, ndirectives = 0;
	bool comments = false;
	cdok_status st;

	memset(&ds, 0, sizeof(ds));
	/* Blank lines before the grid are skipped, so that a spec pasted
	 * after an empty line still reads.  (The original stops at such a
	 * line and then finds no grid.)  After the first puzzle, blocks of
	 * lines that cannot start a grid -- a drawing, "Difficulty: N",
	 * "Solution is unique. ...", a "==> NAME <==" header -- are
	 * skipped too: that is how a stream of puzzles, such as the output
	 * of generate --count, reads back (doc/FORMAT.md, "Streams"). */
	for (;;) {
		/* Blank lines and comments. */
		while (pos < r->len) {
			cend = line_content_end(r, pos, &end);
			if (is_comment_line(r->text, pos, cend))
				comments = true;
			else if (!span_is_blank(r->text, pos, cend))
				break;
			if (end >= r->len) {
				pos = r->len;
				break;
			}
			pos = end + 1;
			line++;
		}
		if (pos >= r->len || r->index == 0)
			break;
		cend = line_content_end(r, pos, &end);
		if (is_directive_line(r->text, pos, cend))
			break;
		if (is_spec_line(r->text, pos, cend)) {
			/* A note after a puzzle (words only) is passed
			 * over as the original passes over everything
			 * there, but the caller hears of it: it could be a
			 * grid that lost its clues. */
			if (!block_is_note(r, pos))
				break;
			if (!r->notes++)
				r->note_line = line;
		}
		/* Not a grid: skip to the blank line that ends the block. */
		pos = skip_block(r, pos, &line);
	}
	if (pos >= r->len && r->index > 0) {
		r->pos = pos;
		r->line = line;
		return CDOK_END;
	}
	if (pos >= r->len)
		return cdki_fail(err, CDOK_ERR_SYNTAX, line, 1,
				 r->pos >= r->len ?
				 "no grid found: the input is empty" :
				 comments ? "no grid found: the input holds "
				 "only comments and white space" :
				 "no grid found: the input holds only white "
				 "space");

	/* The directives: the lines starting with '@' at the top of the
	 * block.  The grid follows them directly. */
	while (pos < r->len) {
		cend = line_content_end(r, pos, &end);
		if (is_comment_line(r->text, pos, cend)) {
			pos = end < r->len ? end + 1 : r->len;
			line++;
			continue;
		}
		if (!is_directive_line(r->text, pos, cend))
			break;
		st = read_directive(r->text, pos, cend, line, &ds, err);
		if (st != CDOK_OK)
			goto fail;
		ndirectives++;
		pos = end < r->len ? end + 1 : r->len;
		line++;
	}
	if (ndirectives && (pos >= r->len ||
			    span_is_blank(r->text, pos,
					  line_content_end(r, pos, &end)))) {
		st = cdki_fail(err, CDOK_ERR_SYNTAX, line, 1, "no grid after "
			       "the directives: the grid's first row must "
			       "follow them directly");
		goto fail;
	}

	/* Count the grid's rows first, so that a grid that is not square
	 * can be reported as such with both of its dimensions. */
	grid_pos = pos;
	grid_line = line;
	for (int at = line; pos < r->len; at++) {
		cend = line_content_end(r, pos, &end);
		if (span_is_blank(r->text, pos, cend))
			break;
		if (is_directive_line(r->text, pos, cend)) {
			st = cdki_fail(err, CDOK_ERR_SYNTAX, at,
				       (int)(cdki_text_skip_blanks(r->text, pos,
							      cend) - pos) + 1,
				       "a directive must come before the "
				       "grid's first row");
			goto fail;
		}
		if (!is_comment_line(r->text, pos, cend))
			rows++;
		pos = end < r->len ? end + 1 : r->len;
	}

	pos = grid_pos;
	line = grid_line;
	for (int y = 0; y < rows; y++, line++) {
		struct token *row;
		int n = 0;

		cend = line_content_end(r, pos, &end);
		/* Comments between the rows are passed over. */
		while (is_comment_line(r->text, pos, cend)) {
			pos = end + 1;
			line++;
			cend = line_content_end(r, pos, &end);
		}
		row = y == 0 ? first_row : toks + (size_t)y * (size_t)size;
		st = read_row(r->text, pos, cend, line, y, size, row, &n,
			      err);
		if (st != CDOK_OK)
			goto fail;
		if (y == 0) {
			size = n;
			toks = cdok_malloc((size_t)size * (size_t)size *
				      sizeof(*toks));
			if (!toks) {
				st = cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					       "out of memory");
				goto fail;
			}
			memcpy(toks, first_row, (size_t)n * sizeof(*toks));
			row = toks;
		}
		st = check_givens(row, n, size, ds.nylimb_line ||
				  (r->rules & CDOK_RULE_NYLIMB), err);
		if (st != CDOK_OK)
			goto fail;
		pos = end < r->len ? end + 1 : r->len;
		if (y + 1 == size && rows > size) {
			st = cdki_fail(err, CDOK_ERR_SYNTAX, line + 1, 1,
				       "the grid has %d rows of %d cell%s; it "
				       "must be square", rows, size,
				       text_s(size));
			goto fail;
		}
	}
	/* Comments after the last row belong to the block. */
	while (pos < r->len &&
	       is_comment_line(r->text, pos, line_content_end(r, pos, &end))) {
		pos = end < r->len ? end + 1 : r->len;
		line++;
	}
	if (rows < size) {
		/* Point just past the last row: at the blank line that
		 * ended the grid, or at the end of the text. */
		int col = 1;

		if (pos >= r->len && r->len > 0 &&
		    r->text[r->len - 1] != '\n') {
			size_t ls = r->len;

			while (ls > 0 && r->text[ls - 1] != '\n')
				ls--;
			col = (int)(r->len - ls) + 1;
			line--;
		}
		st = cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
			       "the grid has %d row%s of %d cells; it must be "
			       "square", rows, text_s(rows), size);
		goto fail;
	}

	st = find_cages(toks, size, &cs, err);
	if (st != CDOK_OK)
		goto fail;
	st = build_puzzle(toks, size, &cs, out, err);
	cages_free(&cs);
	if (st != CDOK_OK)
		goto fail;
	st = apply_directives(&ds, *out, err);
	if (st != CDOK_OK) {
		cdok_puzzle_free(*out);
		*out = NULL;
		goto fail;
	}
	free(toks);
	directives_free(&ds);

	/* The next call goes on after the blank line that ended the grid,
	 * skipping what is not a grid (the original ignores everything
	 * there; cdok generate prints a drawing after the spec). */
	r->pos = pos;
	r->line = line;
	r->line_start = pos;
	return CDOK_OK;
fail:
	free(toks);
	directives_free(&ds);
	return st;
}

/* ------------------------------------------------------------------ */
/* Writing                                                             */

/* Only labels the reader accepts can be written as they are. */
static bool label_writable(const char *s)
{
	size_t n = strlen(s);

	if (n < 1 || n > CDOK_LABEL_MAX)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!is_letter(s[i]))
			return false;
	return true;
}

/* A set of labels, for choosing the ones cages without a usable label
 * of their own will be written with. */
struct label_set {
	char (*keys)[CDOK_LABEL_MAX + 1];
	size_t cap;
};

static bool label_set_has(const struct label_set *s, const char *label,
			  size_t *slot)
{
	size_t h = label_hash(label) & (s->cap - 1);

	while (s->keys[h][0]) {
		if (!strcmp(s->keys[h], label)) {
			*slot = h;
			return true;
		}
		h = (h + 1) & (s->cap - 1);
	}
	*slot = h;
	return false;
}

/* Add a label; returns false if it was there already. */
static bool label_set_add(struct label_set *s, const char *label)
{
	size_t slot;

	if (label_set_has(s, label, &slot))
		return false;
	strcpy(s->keys[slot], label);
	return true;
}

/* Choose every cage's label: its own when it has a writable one that no
 * earlier cage took, otherwise the first label in cdok's label order
 * that no cage uses.  names must hold ncages labels. */
static cdok_status choose_labels(const cdok_puzzle *p,
				 char (*names)[CDOK_LABEL_MAX + 1],
				 cdok_error *err)
{
	struct label_set used;
	int next = 0;

	used.cap = 16;
	while (used.cap < 2 * (size_t)p->ncages + 2)
		used.cap *= 2;
	used.keys = cdok_calloc(used.cap, sizeof(*used.keys));
	if (!used.keys)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	for (int k = 0; k < p->ncages; k++) {
		const char *own = p->cages[k].label;

		names[k][0] = '\0';
		if (p->cages[k].ncells >= 2 && label_writable(own) &&
		    label_set_add(&used, own))
			strcpy(names[k], own);
	}
	for (int k = 0; k < p->ncages; k++) {
		size_t slot;

		if (names[k][0] || p->cages[k].ncells < 2)
			continue;
		do
			cdki_label_for_index(next++, names[k]);
		while (label_set_has(&used, names[k], &slot));
		label_set_add(&used, names[k]);
	}
	free(used.keys);
	return CDOK_OK;
}

/* Write one cell's token. */
static cdok_status write_cell(struct strbuf *sb, const cdok_puzzle *p,
			      const int *values,
			      char (*names)[CDOK_LABEL_MAX + 1], int cell,
			      cdok_error *err)
{
	int n = p->size, k = p->cage_of[cell];
	const struct cdok_cage *c = k >= 0 ? &p->cages[k] : NULL;

	if (values && values[cell] != CDOK_NONE &&
	    (values[cell] != 0 || cdok_is_nylimb(p))) {
		if (values[cell] < 0)
			return cdki_fail(err, CDOK_ERR_INVALID, 0, 0,
					 "cell at row %d, column %d has the "
					 "negative value %d", cell / n + 1,
					 cell % n + 1, values[cell]);
		cdki_sb_put_int(sb, values[cell]);
		return CDOK_OK;
	}
	if (c && c->ncells >= 2) {
		sb_puts(sb, names[k]);
		if (c->cells[0] == cell) {
			if (c->target < 0)
				return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0,
						 0, "cage %s has the negative "
						 "target %" PRId64 ", which "
						 "the spec format cannot "
						 "express", names[k],
						 c->target);
			sb_putc(sb, (char)c->op);
			cdki_sb_put_int(sb, c->target);
		}
		/* A given inside a cage (Killer puzzles have them). */
		if (cdok_has_given(p, cell)) {
			sb_putc(sb, '=');
			cdki_sb_put_int(sb, p->given[cell]);
		}
		return CDOK_OK;
	}
	if (cdok_has_given(p, cell)) {
		/* A one-cell cage over a given says the given again, or
		 * contradicts it; only the first can be written. */
		if (c && c->target != p->given[cell])
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the given %d at row %d, column %d "
					 "contradicts its one-cell cage (%"
					 PRId64 "); the spec format cannot "
					 "express both", p->given[cell],
					 cell / n + 1, cell % n + 1,
					 c->target);
		cdki_sb_put_int(sb, p->given[cell]);
		return CDOK_OK;
	}
	if (c) {
		/* A one-cell cage fixes its value: that is a given. */
		if (c->target > INT32_MAX ||
		    !cdok_puzzle_value_ok(p, (int)c->target))
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "the one-cell cage at row %d, column "
					 "%d has target %" PRId64 ", which is "
					 "not a value %d..%d; the spec format "
					 "cannot express it", cell / n + 1,
					 cell % n + 1, c->target,
					 cdok_is_nylimb(p) ? 0 : 1,
					 cdok_is_nylimb(p) ? CDOK_NYLIMB_MAX
							   : n);
		cdki_sb_put_int(sb, c->target);
		return CDOK_OK;
	}
	/* In no cage and without a value: an empty cell of a plain
	 * Sudoku. */
	sb_putc(sb, '.');
	return CDOK_OK;
}

/* Whether cage k appears in the text as a label: some cell of it is
 * not shown as a value instead. */
static bool cage_shown(const cdok_puzzle *p, const int *values, int k)
{
	const struct cdok_cage *c = &p->cages[k];

	for (int i = 0; i < c->ncells; i++)
		if (!values || !cdok_is_value(p, values[c->cells[i]]))
			return true;
	return false;
}

/* The directives the puzzle needs: its boxes, and which of the cages the
 * grid shows must hold distinct values -- all of them in one word when
 * that is so.  A one-cell cage is written as a given, and one value
 * differs from nothing; a cage whose cells all show values (a solution)
 * is not in the text at all, and the reader checks that each label
 * @distinct names is. */
static void write_directives(struct strbuf *sb, const cdok_puzzle *p,
			     const int *values,
			     char (*names)[CDOK_LABEL_MAX + 1])
{
	bool all = true, any = false, listed = false;

	if (cdok_is_nylimb(p))
		sb_puts(sb, "@nylimb\n");
	if (p->rules & CDOK_RULE_TWO_CELL)
		sb_puts(sb, "@two-cell\n");
	if (p->box_rows)
		cdki_sb_printf(sb, "@boxes %dx%d\n", p->box_rows, p->box_cols);
	for (int k = 0; k < p->ncages; k++) {
		if (p->cages[k].ncells < 2 || !cage_shown(p, values, k))
			continue;
		if (p->cages[k].distinct)
			any = true;
		else
			all = false;
	}
	if (!any)
		return;
	if (all) {
		sb_puts(sb, "@distinct\n");
		return;
	}
	/* In reading order of the cages' first cells, which is the order
	 * the reader gives the cages: so a puzzle read back (from JSON,
	 * say, where cages may come in any order) writes the same line. */
	for (int cell = 0; cell < p->size * p->size; cell++) {
		int k = p->cage_of[cell];

		if (k < 0 || p->cages[k].cells[0] != cell ||
		    p->cages[k].ncells < 2 || !p->cages[k].distinct ||
		    !cage_shown(p, values, k))
			continue;
		sb_puts(sb, listed ? " " : "@distinct ");
		sb_puts(sb, names[k]);
		listed = true;
	}
	sb_putc(sb, '\n');
}

/* Whether every cell shows a value (a solution): then no cage is in the
 * text, and no label need be chosen. */
static bool all_values(const cdok_puzzle *p, const int *values)
{
	if (!values)
		return false;
	for (int cell = 0; cell < p->size * p->size; cell++)
		if (!cdok_is_value(p, values[cell]))
			return false;
	return true;
}

/* A grid of values only (all_values): each row made in a buffer and put
 * whole, a digit at a time for the values below 10. */
static void write_values(struct strbuf *sb, int n, const int *values)
{
	char line[CDOK_MAX_SIZE * 11 + 1];

	for (int y = 0; y < n; y++) {
		char *o = line;

		for (int x = 0; x < n; x++) {
			int v = values[y * n + x];

			if (x)
				*o++ = '\t';
			if (v >= 0 && v < 10)
				*o++ = (char)('0' + v);
			else
				o += cdki_decimal(v, o);
		}
		*o++ = '\n';
		sb_putn(sb, line, (size_t)(o - line));
	}
}

cdok_status cdki_spec_write(struct strbuf *sb, const cdok_puzzle *p,
			    const int *values, cdok_error *err)
{
	char (*names)[CDOK_LABEL_MAX + 1] = NULL;
	int n = p->size;
	cdok_status st = CDOK_OK;

	if (!all_values(p, values)) {
		names = cdok_calloc((size_t)p->ncages + 1, sizeof(*names));
		if (!names)
			return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					 "out of memory");
		st = choose_labels(p, names, err);
	}
	if (st == CDOK_OK)
		write_directives(sb, p, values, names);
	if (!names) {
		write_values(sb, n, values);
		return CDOK_OK;
	}
	for (int y = 0; y < n && st == CDOK_OK; y++) {
		for (int x = 0; x < n && st == CDOK_OK; x++) {
			if (x)
				sb_putc(sb, '\t');
			st = write_cell(sb, p, values, names, y * n + x, err);
		}
		sb_putc(sb, '\n');
	}
	free(names);
	return st;
}

enum cdok_likeness cdki_spec_detect(const char *text, size_t len)
{
	/* The native format is the answer for anything the others do not
	 * claim: its reader then says precisely what is wrong, if
	 * anything. */
	(void)text;
	return len > 0 ? CDOK_FALLBACK : CDOK_UNLIKE;
}
