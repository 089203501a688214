/* killer_direct.c -- a Killer Sudoku document read straight from its
 * text, without building it in jansson first.
 *
 * jansson makes a value of every number of a document (some 250 in a
 * Killer puzzle), each allocated, hashed into its object or appended to
 * its array, then freed: three quarters of a million instructions for
 * one 9 x 9, as much as solving it.  The documents cdok meets are nearly
 * all of one plain shape, {"board": [[9 numbers] x 9], "cages": [[total,
 * [[x, y], ...]], ...]}, which a single pass reads into the puzzle
 * directly.
 *
 * The pass takes only a well-formed document of exactly that shape
 * (the two keys once each, in either order, written without escapes;
 * integers of up to 18 digits; JSON white space) that makes a valid
 * puzzle.  Anything else -- a syntax error, another key, a value out of
 * range, a cell in two cages, an array of documents -- is left to the
 * jansson path (killer.c), which reads it or explains what is wrong
 * exactly as before.  So the direct path changes how fast a document is
 * read, never what it reads to or what an error says.
 */
#include "json/json.h"

#define KN 9
#define KCELLS (KN * KN)

/* The character c, after white space. */
static bool expect(struct json_cursor *d, char c)
{
	json_skip_ws(d);
	if (d->i >= d->len || d->t[d->i] != c)
		return false;
	d->i++;
	return true;
}

/* A JSON integer (no fraction or exponent) of up to 18 digits, which
 * always fits 64 bits, into *v. */
static bool integer(struct json_cursor *d, int64_t *v)
{
	bool minus = false;
	size_t from;
	int64_t x = 0;

	json_skip_ws(d);
	if (d->i < d->len && d->t[d->i] == '-') {
		minus = true;
		d->i++;
	}
	from = d->i;
	while (d->i < d->len && d->t[d->i] >= '0' && d->t[d->i] <= '9') {
		if (d->i - from == 18)
			return false;
		x = x * 10 + (d->t[d->i] - '0');
		d->i++;
	}
	if (d->i == from || (d->t[from] == '0' && d->i - from > 1))
		return false;
	if (d->i < d->len && (d->t[d->i] == '.' || d->t[d->i] == 'e' ||
			      d->t[d->i] == 'E'))
		return false;
	*v = minus ? -x : x;
	return true;
}

/* An integer in lo..hi. */
static bool integer_in(struct json_cursor *d, int64_t lo, int64_t hi, int64_t *v)
{
	return integer(d, v) && *v >= lo && *v <= hi;
}

/* A key: "board" (1) or "cages" (2), written plainly; 0 for anything
 * else. */
static int key(struct json_cursor *d)
{
	static const char *const keys[] = {"\"board\"", "\"cages\""};

	json_skip_ws(d);
	for (int k = 0; k < 2; k++)
		if (d->len - d->i >= 7 && !memcmp(d->t + d->i, keys[k], 7)) {
			d->i += 7;
			return k + 1;
		}
	return 0;
}

/* The board: 9 rows of 9 values 0..9. */
static bool board(struct json_cursor *d, int *givens)
{
	if (!expect(d, '['))
		return false;
	for (int y = 0; y < KN; y++) {
		if ((y && !expect(d, ',')) || !expect(d, '['))
			return false;
		for (int x = 0; x < KN; x++) {
			int64_t v;

			if ((x && !expect(d, ',')) ||
			    !integer_in(d, 0, KN, &v))
				return false;
			givens[y * KN + x] = (int)v;
		}
		if (!expect(d, ']'))
			return false;
	}
	return expect(d, ']');
}

/* The cages as read: cage k has total[k] and the cells
 * cells[start[k] .. start[k + 1] - 1]. */
struct cage_list {
	int n;
	int64_t total[KCELLS];
	int start[KCELLS + 1];
	int cells[KCELLS];
	int owner[KCELLS];   /* the cage of each cell, or -1 */
};

/* One cage, [total, [[x, y], ...]]: a cell in no cage before. */
static bool cage(struct json_cursor *d, struct cage_list *c)
{
	int k = c->n, at = c->start[k];
	int64_t total;

	if (k == KCELLS || !expect(d, '[') ||
	    !integer_in(d, 1, INT64_MAX, &total) || !expect(d, ',') ||
	    !expect(d, '['))
		return false;
	do {
		int64_t x, y;
		int cell;

		if (!expect(d, '[') || !integer_in(d, 0, KN - 1, &x) ||
		    !expect(d, ',') || !integer_in(d, 0, KN - 1, &y) ||
		    !expect(d, ']'))
			return false;
		cell = (int)(y * KN + x);
		if (c->owner[cell] >= 0)
			return false;
		c->owner[cell] = k;
		c->cells[at++] = cell;
	} while (expect(d, ','));
	if (!expect(d, ']') || !expect(d, ']'))
		return false;
	c->total[k] = total;
	c->start[++c->n] = at;
	return true;
}

static bool cages(struct json_cursor *d, struct cage_list *c)
{
	if (!expect(d, '['))
		return false;
	do {
		if (!cage(d, c))
			return false;
	} while (expect(d, ','));
	return expect(d, ']');
}

/* The puzzle of a board and cages that were read, as killer.c makes
 * it; NULL if it is not a valid one (or memory ran out: the jansson
 * path will say so). */
static cdok_puzzle *build(const int *givens, const struct cage_list *c)
{
	cdok_puzzle *p;

	for (int cell = 0; cell < KCELLS; cell++)
		if (c->owner[cell] < 0)
			return NULL;
	p = cdok_puzzle_new(KN);
	if (!p)
		return NULL;
	cdok_puzzle_set_boxes(p, 3, 3);
	for (int cell = 0; cell < KCELLS; cell++)
		p->given[cell] = givens[cell] ? givens[cell] : CDOK_NONE;
	for (int k = 0; k < c->n; k++) {
		if (cdok_puzzle_add_cage(p, CDOK_OP_ADD, c->total[k],
					 c->cells + c->start[k],
					 c->start[k + 1] - c->start[k], NULL,
					 NULL) != CDOK_OK) {
			cdok_puzzle_free(p);
			return NULL;
		}
		p->cages[k].distinct = true;
		if (!cdki_cage_connected(p, k)) {
			cdok_puzzle_free(p);
			return NULL;
		}
	}
	return p;
}

bool cdki_killer_direct(const char *text, size_t len, size_t *used,
			cdok_puzzle **out)
{
	struct json_cursor d = {text, len, 0};
	struct cage_list c;
	int givens[KCELLS], seen = 0;

	c.n = 0;
	c.start[0] = 0;
	for (int cell = 0; cell < KCELLS; cell++)
		c.owner[cell] = -1;
	if (!expect(&d, '{'))
		return false;
	for (int pair = 0; pair < 2; pair++) {
		int k = (pair && !expect(&d, ',')) ? 0 : key(&d);

		if (!k || (seen & k) || !expect(&d, ':'))
			return false;
		seen |= k;
		if (k == 1 ? !board(&d, givens) : !cages(&d, &c))
			return false;
	}
	if (!expect(&d, '}'))
		return false;
	*out = build(givens, &c);
	*used = d.i;
	return *out != NULL;
}
