/* spec.h -- what the four files of the spec format share: the reader
 * (spec.c: lines and tokens), the directives above a grid
 * (spec_directives.c), the grouping of tokens into cages (spec_cages.c)
 * and the writer (spec_write.c).  doc/FORMAT.md describes the format.
 */
#ifndef CDOK_FORMAT_SPEC_H
#define CDOK_FORMAT_SPEC_H

#include "format/format.h"

/* One cell of the grid as written. */
struct spec_token {
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
struct spec_dlabel {
	char label[CDOK_LABEL_MAX + 1];
	int line;
	int column;
};

/* What the directives above a grid say. */
struct spec_directives {
	int boxes_line;    /* 0: no @boxes */
	int boxes_column;  /* where the shape starts */
	int64_t box_rows, box_cols;
	bool distinct_all; /* @distinct without labels */
	int nylimb_line;   /* 0: no @nylimb */
	int two_cell_line; /* 0: no @two-cell */
	int two_cell_column;
	int nylimb_column;
	int diagonals_line; /* 0: no @diagonals */
	int diagonals_column;
	struct spec_dlabel *labels;
	int nlabels;
	int cap;
};

/* A cage being assembled from its tokens. */
struct spec_cage {
	const char *label; /* points into the first token's label */
	int first;         /* first cell in reading order */
	int ncells;
	int clue_cell;     /* cell whose token carried the clue, or -1 */
	cdok_op op;
	int64_t target;
};

/* The cages found in a grid of tokens. */
struct spec_cages {
	struct spec_cage *recs;
	int n;
	int *cage_of;   /* per cell, -1 for givens */
	int *cells;     /* cage cells grouped by cage */
	int *start;     /* index into cells per cage */
};

/* ---- labels (spec_cages.c) ----
 *
 * Labels are found again through a small open-addressing table from a
 * label to a number (a cage's index, never negative), so that grouping
 * thousands of cells into cages, or a long @distinct line, stays
 * linear.  The table keeps pointers to the labels, which must outlive
 * it.  Keys and values are one allocation, and a free slot is a
 * negative value: no calloc, whose clearing of a few kilobytes cost
 * more than reading a 9 x 9 grid's tokens. */
struct spec_labels {
	const char **keys;  /* the allocation; values follows it */
	int *values;        /* -1: a free slot */
	size_t cap;         /* a power of two, at least twice the labels */
};

/* A table for up to n labels: CDOK_OK or CDOK_ERR_NOMEM (with err). */
cdok_status cdki_spec_labels_init(struct spec_labels *t, size_t n,
				  cdok_error *err);
void cdki_spec_labels_free(struct spec_labels *t);
/* The number stored for label, or -1. */
int cdki_spec_labels_find(const struct spec_labels *t, const char *label);
/* The number stored for label if it is in the table; if not, store
 * value (>= 0) for it and return -1.  One probe for both. */
int cdki_spec_labels_add(struct spec_labels *t, const char *label,
			 int value);

/* ---- the directives (spec_directives.c) ---- */

/* Is the line [start, end) a directive: '@' after any blanks? */
bool cdki_spec_is_directive(const char *text, size_t start, size_t end);
/* The directive on the line [start, end) (line number line) into ds. */
cdok_status cdki_spec_read_directive(const char *text, size_t start,
				     size_t end, int line,
				     struct spec_directives *ds,
				     cdok_error *err);
/* Check the directives against the puzzle built from the grid, then
 * give it the rules they name. */
cdok_status cdki_spec_apply_directives(const struct spec_directives *ds,
				       cdok_puzzle *p, cdok_error *err);
void cdki_spec_directives_free(struct spec_directives *ds);

/* ---- cages (spec_cages.c) ---- */

/* Group the size x size tokens into cages, in order of first appearance,
 * and check every rule a cage must meet: one clue, at least two cells,
 * all of them connected -- unless parts_ok (a Killer, whose grid has
 * boxes: its cages may come in parts).  On success cs is the caller's
 * to free. */
cdok_status cdki_spec_find_cages(const struct spec_token *toks, int size,
				 bool parts_ok, struct spec_cages *cs,
				 cdok_error *err);
void cdki_spec_cages_free(struct spec_cages *cs);
/* The puzzle of the tokens and their cages. */
cdok_status cdki_spec_build(const struct spec_token *toks, int size,
			    const struct spec_cages *cs, cdok_puzzle **out,
			    cdok_error *err);

#endif /* CDOK_FORMAT_SPEC_H */
