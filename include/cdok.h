/* cdok.h -- the one public header of libcdok, a Calcudoku (KenKen) toolkit.
 *
 * The library reads puzzles from text, holds them in one puzzle model,
 * solves them exactly (counting solutions up to a limit) and writes them
 * back as text or drawings.  It never prints, never exits and keeps no
 * global mutable state: two threads may work on two puzzles at once.
 *
 * Conventions used throughout:
 *  - Cells are numbered in reading order: cell = row * size + column,
 *    rows and columns counted from 0.
 *  - Values are whole numbers; in a plain puzzle of size N they are 1..N.
 *    0 means "no value" wherever a value array is accepted.
 *  - Functions that can fail return a cdok_status and, when given a
 *    non-NULL cdok_error, fill it with a message naming the line and
 *    column of bad input.
 *  - Every *_free function accepts NULL.
 *  - Memory returned to the caller (strings, puzzles) belongs to the
 *    caller and is released with the matching *_free or cdok_free.
 */
#ifndef CDOK_H
#define CDOK_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(CDOK_BUILDING) && defined(__GNUC__)
#define CDOK_API __attribute__((visibility("default")))
#else
#define CDOK_API
#endif

#define CDOK_VERSION "0.1.0"

/* Largest supported grid.  Value domains are 64-bit sets indexed by the
 * value itself, so values 1..63 fit. */
#define CDOK_MAX_SIZE 63

/* ------------------------------------------------------------------ */
/* Status codes and errors                                             */

typedef enum cdok_status {
	CDOK_OK = 0,
	CDOK_END,          /* a reader has no more puzzles: not an error */
	CDOK_ERR_SYNTAX,   /* text that does not follow its format */
	CDOK_ERR_INVALID,  /* a puzzle or argument that breaks the model's rules */
	CDOK_ERR_LIMIT,    /* a size, count or number beyond what cdok supports */
	CDOK_ERR_UNSUPPORTED, /* a format that cannot express this puzzle */
	CDOK_ERR_NOMEM     /* out of memory */
} cdok_status;

/* The status code's name, e.g. "syntax error".  Never NULL. */
CDOK_API const char *cdok_status_name(cdok_status status);

/* Details of a failure.  line and column are 1-based positions in the
 * text being read, or 0 when the error is not about a position.
 * message never ends in a newline and is always NUL-terminated. */
typedef struct cdok_error {
	cdok_status status;
	int line;
	int column;
	char message[256];
} cdok_error;

/* Free memory that the library returned (strings from cdok_write). */
CDOK_API void cdok_free(void *ptr);

/* ------------------------------------------------------------------ */
/* The puzzle model                                                    */

/* Cage operators.  The character values are the ones the cdok spec
 * format uses, so they can be printed directly. */
typedef enum cdok_op {
	CDOK_OP_ADD = '+', /* values sum to the target */
	CDOK_OP_SUB = '-', /* one value minus all the others is the target */
	CDOK_OP_MUL = '*', /* values multiply to the target */
	CDOK_OP_DIV = '/'  /* one value divided by the product of the others */
} cdok_op;

typedef struct cdok_puzzle cdok_puzzle;

/* A new empty puzzle of the given size (1..CDOK_MAX_SIZE): no cages, no
 * givens.  Returns NULL if size is out of range or memory runs out. */
CDOK_API cdok_puzzle *cdok_puzzle_new(int size);

/* A deep copy, or NULL if memory runs out. */
CDOK_API cdok_puzzle *cdok_puzzle_clone(const cdok_puzzle *puzzle);

CDOK_API void cdok_puzzle_free(cdok_puzzle *puzzle);

CDOK_API int cdok_puzzle_size(const cdok_puzzle *puzzle);

/* The given (pre-filled) value of a cell, or 0 if it has none. */
CDOK_API int cdok_puzzle_given(const cdok_puzzle *puzzle, int cell);

/* Set or clear (value 0) a cell's given.  Fails with CDOK_ERR_INVALID if
 * the cell or value is out of range. */
CDOK_API cdok_status cdok_puzzle_set_given(cdok_puzzle *puzzle, int cell,
					   int value);

/* Add a cage over ncells distinct cells that belong to no other cage.
 * label may be NULL (one is made up when the puzzle is written); it is
 * copied.  The model accepts single-cell cages (some formats have them)
 * and cages that are not connected; cdok_puzzle_validate reports the
 * latter.  On success the new cage's index is stored in *index when
 * index is not NULL. */
CDOK_API cdok_status cdok_puzzle_add_cage(cdok_puzzle *puzzle, cdok_op op,
					  int64_t target, const int *cells,
					  int ncells, const char *label,
					  int *index);

CDOK_API int cdok_puzzle_cage_count(const cdok_puzzle *puzzle);

/* Index of the cage holding a cell, or -1 if it is in none. */
CDOK_API int cdok_puzzle_cage_of(const cdok_puzzle *puzzle, int cell);

CDOK_API cdok_op cdok_cage_op(const cdok_puzzle *puzzle, int cage);
CDOK_API int64_t cdok_cage_target(const cdok_puzzle *puzzle, int cage);
CDOK_API int cdok_cage_size(const cdok_puzzle *puzzle, int cage);

/* The cage's cells in reading order; valid until the puzzle changes. */
CDOK_API const int *cdok_cage_cells(const cdok_puzzle *puzzle, int cage);

/* The cage's label as read, or NULL if it has none. */
CDOK_API const char *cdok_cage_label(const cdok_puzzle *puzzle, int cage);

/* Check the puzzle against the model's rules: every cage connected
 * orthogonally, product and ratio targets positive, targets not
 * negative.  Whether the puzzle has a solution is the solver's
 * business, not this function's. */
CDOK_API cdok_status cdok_puzzle_validate(const cdok_puzzle *puzzle,
					  cdok_error *err);

/* Check a complete grid of size*size values against every rule (Latin
 * rows and columns, givens, cage arithmetic).  Returns 1 if it is a
 * solution, 0 if not. */
CDOK_API int cdok_puzzle_is_solution(const cdok_puzzle *puzzle,
				     const int *values);

/* ------------------------------------------------------------------ */
/* Formats                                                             */

/* A text format, found by name ("spec", "ascii", "utf8").  Formats are
 * rows of one table inside the library; readers and writers go through
 * these functions only. */
typedef struct cdok_format cdok_format;

/* The format with this name, or NULL. */
CDOK_API const cdok_format *cdok_format_find(const char *name);

/* The i-th format of the table (i from 0), or NULL past the end. */
CDOK_API const cdok_format *cdok_format_at(int i);

CDOK_API const char *cdok_format_name(const cdok_format *format);

/* One line describing the format, for --help texts. */
CDOK_API const char *cdok_format_summary(const cdok_format *format);

CDOK_API int cdok_format_can_read(const cdok_format *format);
CDOK_API int cdok_format_can_write(const cdok_format *format);

/* A reader takes puzzles one after another from a text.  The text is
 * borrowed: it must stay unchanged until the reader is freed.  len is
 * the text's length in bytes (it may contain NUL bytes, which are
 * reported as errors). */
typedef struct cdok_reader cdok_reader;

/* NULL if the format cannot read or memory runs out. */
CDOK_API cdok_reader *cdok_reader_new(const cdok_format *format,
				      const char *text, size_t len);

/* Read the next puzzle into *out (a new puzzle, owned by the caller).
 * Returns CDOK_OK, CDOK_END when the text holds no more puzzles, or an
 * error (with err filled).  After an error the reader is finished. */
CDOK_API cdok_status cdok_reader_next(cdok_reader *reader, cdok_puzzle **out,
				      cdok_error *err);

CDOK_API void cdok_reader_free(cdok_reader *reader);

/* Write a puzzle in a format, into a new NUL-terminated string stored in
 * *out (release it with cdok_free); *len, when not NULL, gets its
 * length.  values, when not NULL, is a grid of size*size values (0 for
 * none) to show instead of the givens: a solution, for example. */
CDOK_API cdok_status cdok_write(const cdok_format *format,
				const cdok_puzzle *puzzle, const int *values,
				char **out, size_t *len, cdok_error *err);

/* ------------------------------------------------------------------ */
/* Solving                                                             */

/* Called for each solution found, in the order found, with size*size
 * values.  Return 0 to go on, non-zero to stop the search. */
typedef int (*cdok_solution_fn)(void *user, const int *values);

/* Called every few hundred search nodes with the nodes visited so far.
 * Return 0 to go on, non-zero to give up (the result then says gave_up).
 * This is how a caller bounds the time a search may take: the library
 * itself never reads a clock. */
typedef int (*cdok_progress_fn)(void *user, uint64_t nodes);

typedef struct cdok_solve_params {
	/* Stop after this many solutions; 0 means no limit.  2 answers
	 * "is the solution unique?". */
	uint64_t limit;
	/* Give up after visiting this many search nodes; 0 means no
	 * limit.  A search that gives up reports complete = 0. */
	uint64_t max_nodes;
	/* Optional callback for every solution, and its user pointer. */
	cdok_solution_fn on_solution;
	void *user;
	/* Optional progress callback (may stop the search), and its user
	 * pointer. */
	cdok_progress_fn on_progress;
	void *progress_user;
} cdok_solve_params;

/* Fill params with the defaults: limit 2, no node limit, no callback. */
CDOK_API void cdok_solve_params_init(cdok_solve_params *params);

typedef struct cdok_result {
	/* Solutions found (never more than the limit). */
	uint64_t count;
	/* 1 if the whole search space was explored, so count is exact;
	 * 0 if the search stopped at the limit, at the node limit or
	 * because the callback asked it to. */
	int complete;
	/* 1 if the search stopped at max_nodes or because on_progress
	 * asked it to. */
	int gave_up;
	/* Search nodes visited (1 for a puzzle solved without guessing). */
	uint64_t nodes;
	/* Branch points: nodes where the search had to guess. */
	uint64_t branches;
	/* The difficulty score (doc/SOLVER.md), meaningful when the puzzle
	 * has exactly one solution and the search was complete. */
	uint64_t difficulty;
} cdok_result;

/* Solve a puzzle.  params may be NULL for the defaults.  solution, when
 * not NULL, must hold size*size ints and receives the first solution
 * found (it is left untouched if there is none).  result must not be
 * NULL.  Fails only for an invalid puzzle (see cdok_puzzle_validate) or
 * when memory runs out; "no solution" is a successful answer with
 * count 0. */
CDOK_API cdok_status cdok_solve(const cdok_puzzle *puzzle,
				const cdok_solve_params *params,
				int *solution, cdok_result *result,
				cdok_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CDOK_H */
