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
 *  - Values are whole numbers: 1..N in a plain puzzle of size N, 0..99 in
 *    a Nylimb puzzle (CDOK_RULE_NYLIMB).  CDOK_NONE means "no value"
 *    wherever a value array is accepted; in a plain puzzle 0 means it
 *    too (0 is never a plain value).
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

/* The release: MAJOR.MINOR.PATCH.  While MAJOR is 0, a new MINOR may
 * change the ABI, and the shared library's SONAME (libcdok.so.ABI)
 * says so; doc/libcdok.3.scd, "Versions", gives the rules. */
#define CDOK_VERSION "0.3.0"
#define CDOK_VERSION_MAJOR 0
#define CDOK_VERSION_MINOR 3
#define CDOK_VERSION_PATCH 0

/* The version of the library actually linked, which may differ from the
 * CDOK_VERSION a program was compiled with. */
CDOK_API const char *cdok_version(void);

/* Largest supported grid: 63 x 63, values 1..63 (a Nylimb grid, with
 * values 0..99, is at most 10 x 10). */
#define CDOK_MAX_SIZE 63

/* "No value": an empty cell, a cell without a given. */
#define CDOK_NONE (-1)

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
	CDOK_OP_DIV = '/', /* one value divided by the product of the others */
	/* A hidden operator: the clue shows its target only, and the
	 * values must make it with at least one of + - * / as above
	 * (under CDOK_RULE_TWO_CELL, with + or * alone when the cage has
	 * other than two cells). */
	CDOK_OP_ANY = '?'
} cdok_op;

typedef struct cdok_puzzle cdok_puzzle;

/* A new empty puzzle of the given size (1..CDOK_MAX_SIZE): no cages, no
 * givens.  Returns NULL if size is out of range or memory runs out. */
CDOK_API cdok_puzzle *cdok_puzzle_new(int size);

/* A deep copy, or NULL if memory runs out. */
CDOK_API cdok_puzzle *cdok_puzzle_clone(const cdok_puzzle *puzzle);

CDOK_API void cdok_puzzle_free(cdok_puzzle *puzzle);

CDOK_API int cdok_puzzle_size(const cdok_puzzle *puzzle);

/* The given (pre-filled) value of a cell, or CDOK_NONE if it has none. */
CDOK_API int cdok_puzzle_given(const cdok_puzzle *puzzle, int cell);

/* Set or clear (value CDOK_NONE) a cell's given.  Fails with
 * CDOK_ERR_INVALID if the cell is out of range or the value is not one
 * the puzzle's cells can hold (cdok_puzzle_value_ok). */
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

/* Killer Sudoku rules (doc/FORMAT.md, doc/RULES.md).  Boxes: the grid is
 * tiled by boxes of box_rows x box_cols cells (box_rows * box_cols must
 * equal the size, e.g. 3 x 3 for 9 x 9, 2 x 3 for 6 x 6, 3 x 4 for
 * 12 x 12), and each box holds every value once; a box has at least 2
 * rows and 2 columns.  0 x 0 removes the boxes.  Fails with
 * CDOK_ERR_INVALID for other shapes. */
CDOK_API cdok_status cdok_puzzle_set_boxes(cdok_puzzle *puzzle, int box_rows,
					   int box_cols);

/* The box shape, or 0 when the puzzle has no boxes. */
CDOK_API int cdok_puzzle_box_rows(const cdok_puzzle *puzzle);
CDOK_API int cdok_puzzle_box_cols(const cdok_puzzle *puzzle);

/* Whether a cage's values must all differ (Killer cages), and setting
 * it.  Plain Calcudoku cages let values repeat (in different rows and
 * columns). */
CDOK_API cdok_status cdok_puzzle_set_cage_distinct(cdok_puzzle *puzzle,
						   int cage, int distinct);
CDOK_API int cdok_cage_distinct(const cdok_puzzle *puzzle, int cage);

/* Rule flags beyond plain Calcudoku.  (Killer boxes and distinct cages
 * are data on the model, set above, not flags.) */
#define CDOK_RULE_NYLIMB 0x1u /* Nylimb mode (doc/RULES.md): cells hold 0..99;
			       * within a row or column no decimal digit
			       * repeats and at most one cell holds a
			       * two-digit number */
#define CDOK_RULE_TWO_CELL 0x2u /* difference and ratio cages have two
				 * cells (Keen's and `generate -T`'s rule):
				 * a hidden-operator cage of three or more
				 * cells is a sum or a product, and
				 * cdok_puzzle_validate refuses a shown -
				 * or / cage of three or more */
#define CDOK_RULE_DIAGONALS 0x4u /* Killer X / Sudoku X: each of the two
				  * main diagonals holds every value once
				  * (a square grid with boxes; the
				  * geometry's units 3n and 3n + 1) */

/* Set the rule flags.  Nylimb needs a grid of at most 10 x 10 (a line
 * of more cells cannot keep its digits apart), no boxes and givens in
 * 0..99; the diagonals need boxes (set them first: Killer X and Sudoku
 * X are Sudoku variants; a Calcudoku has none), and while the flag is
 * set cdok_puzzle_set_boxes refuses to remove the boxes.  Fails with
 * CDOK_ERR_INVALID otherwise, or for unknown flags. */
CDOK_API cdok_status cdok_puzzle_set_rules(cdok_puzzle *puzzle,
					   unsigned rules);
CDOK_API unsigned cdok_puzzle_rules(const cdok_puzzle *puzzle);

/* Whether value is one a cell of this puzzle can hold: 1..N for a plain
 * puzzle of size N, 0..99 for a Nylimb puzzle. */
CDOK_API int cdok_puzzle_value_ok(const cdok_puzzle *puzzle, int value);

/* Check the puzzle against the model's rules: every cage connected
 * orthogonally (in a puzzle without boxes: a Killer's cage may come in
 * parts, as some setters make them), product and ratio targets
 * positive, targets not negative.  Cells in no cage are the model's
 * to allow (a Killer may leave some out); formats that need every cell
 * in a cage refuse them as they read.  Whether the puzzle has a solution is the solver's
 * business, not this function's.  A puzzle cdok_reader_next returns has
 * been checked, and is not checked again (by this call, or by the
 * solver and the grader, which make it) until it is changed. */
CDOK_API cdok_status cdok_puzzle_validate(const cdok_puzzle *puzzle,
					  cdok_error *err);

/* Check a complete grid of size*size values against every rule (Latin
 * rows and columns, givens, cage arithmetic, and for Killer puzzles the
 * boxes and the cages whose values must differ).  Returns 1 if it is a
 * solution, 0 if not. */
CDOK_API int cdok_puzzle_is_solution(const cdok_puzzle *puzzle,
				     const int *values);

/* ------------------------------------------------------------------ */
/* Formats                                                             */

/* A text format, found by name: the core library's are "spec", "ucf",
 * "calpoly", "keen", "sudocue", "solo", "arrows", "sudoku", "ascii" and
 * "utf8"; libcdok-json adds
 * "killer" and "json" (see the end of this header).  doc/FORMAT.md
 * describes each.  The core's formats are rows of one table inside the
 * library; readers and writers go through these functions only. */
typedef struct cdok_format cdok_format;

/* The core format with this name, or NULL (cdok_formats_find looks in
 * a set that may hold more). */
CDOK_API const cdok_format *cdok_format_find(const char *name);

/* The i-th format of the table (i from 0), or NULL past the end. */
CDOK_API const cdok_format *cdok_format_at(int i);

CDOK_API const char *cdok_format_name(const cdok_format *format);

/* One line describing the format, for --help texts. */
CDOK_API const char *cdok_format_summary(const cdok_format *format);

CDOK_API int cdok_format_can_read(const cdok_format *format);
CDOK_API int cdok_format_can_write(const cdok_format *format);

/* What a format can do, so that a program asks the format instead of
 * knowing names (cdok_format_flags). */
#define CDOK_FORMAT_READ    0x01u /* puzzles can be read from it */
#define CDOK_FORMAT_WRITE   0x02u /* puzzles can be written in it */
#define CDOK_FORMAT_VALUES  0x04u /* a written puzzle can carry values,
				   * such as its solution (not Keen or Solo
				   * game IDs) */
#define CDOK_FORMAT_LINE    0x08u /* one puzzle per line (game IDs) */
#define CDOK_FORMAT_PICTURE 0x10u /* a picture for people (drawings,
				   * images): written, never read back */
#define CDOK_FORMAT_BINARY  0x20u /* bytes rather than text (not for a
				   * terminal) */
#define CDOK_FORMAT_SINGLE  0x40u /* one puzzle per file: several puzzles
				   * need several files */
#define CDOK_FORMAT_RESULTS 0x80u /* also the format of result documents
				   * (cdok_json_result) */

/* The CDOK_FORMAT_* flags of a format; 0 for NULL. */
CDOK_API unsigned cdok_format_flags(const cdok_format *format);

/* ---- Sets of formats ----
 *
 * The formats above are the core library's.  Optional parts of the
 * library (built as libraries of their own, so that the core needs
 * nothing but libc) bring more formats as NULL-terminated lists; a
 * program that links them gathers everything in a set, and finds and
 * detects formats through it.  A set is the caller's: the library keeps
 * no table that changes. */
typedef struct cdok_formats cdok_formats;

/* A new set holding the core formats (cdok_format_at's), or NULL when
 * memory runs out. */
CDOK_API cdok_formats *cdok_formats_new(void);

/* Add every format of a NULL-terminated list.  Fails with
 * CDOK_ERR_INVALID (and adds nothing) if a name is already in the set,
 * CDOK_ERR_NOMEM when memory runs out. */
CDOK_API cdok_status cdok_formats_add(cdok_formats *set,
				      const cdok_format *const *list,
				      cdok_error *err);

/* The i-th format of the set (i from 0, core formats first, then each
 * list in the order added), or NULL past the end. */
CDOK_API const cdok_format *cdok_formats_at(const cdok_formats *set, int i);

/* The format of the set with this name, or NULL. */
CDOK_API const cdok_format *cdok_formats_find(const cdok_formats *set,
					      const char *name);

/* cdok_format_detect over every readable format of the set. */
CDOK_API const cdok_format *cdok_formats_detect(const cdok_formats *set,
						const char *text, size_t len);

CDOK_API void cdok_formats_free(cdok_formats *set);

/* A reader takes puzzles one after another from a text.  The text is
 * borrowed: it must stay unchanged until the reader is freed.  len is
 * the text's length in bytes (it may contain NUL bytes, which are
 * reported as errors).  A UTF-8 byte-order mark at the start of the
 * text is skipped (columns count from the character after it), in every
 * format. */
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

/* Read every puzzle as if its text asked for these rule flags too: how
 * `cdok -N` reads the cdok fork's Nylimb files, which carry no @nylimb
 * directive.  Call it before the first cdok_reader_next.  A puzzle the
 * rules cannot apply to (a Nylimb grid over 10 x 10, boxes) is an error
 * of that puzzle. */
CDOK_API void cdok_reader_set_rules(cdok_reader *reader, unsigned rules);

/* How many notes the last cdok_reader_next passed over, with the line
 * of the first in *first_line (when not NULL; 0 when there was none).
 * A note is a block of the spec format, after a puzzle and its blank
 * line, that holds words only: no clue, no given, no digit at all
 * (doc/FORMAT.md, "Where a puzzle starts and ends").  The original cdok
 * ignored everything after its puzzle; cdok reads streams of puzzles
 * there, and tells its caller of what it passes over so that a grid
 * that lost its clues is not skipped in silence.  Other formats have
 * none. */
CDOK_API int cdok_reader_notes(const cdok_reader *reader, int *first_line);

/* Write a puzzle in a format, into a new NUL-terminated string stored in
 * *out (release it with cdok_free); *len, when not NULL, gets its
 * length.  values, when not NULL, is a grid of size*size values (0 for
 * none) to show instead of the givens: a solution, for example.  What
 * values means for each format is described at cdok_writer_put; this is
 * the whole text of a stream of one puzzle (so a UCF puzzle comes with
 * its closing "0" line). */
CDOK_API cdok_status cdok_write(const cdok_format *format,
				const cdok_puzzle *puzzle, const int *values,
				char **out, size_t *len, cdok_error *err);

/* The core format a text is written in, told from its content: "keen"
 * for a Keen game ID (W:blocks,clues, or a random-seed ID such as
 * 6dh#12345, whose reader explains why it holds no puzzle), "solo" for
 * a Solo game ID (3x3k:...), "ucf" for the contest's "N G" line
 * followed by rows of letters (or any first line of two numbers that no
 * spec could continue), "calpoly" for a cage count followed by lines of
 * numbers, and "spec" for anything else that has some content (its
 * reader then explains what is wrong, if anything).  Leading white
 * space and a UTF-8 byte-order mark are skipped.  Returns NULL only for
 * a text that is empty or holds nothing but white space.  text need not
 * be NUL-terminated.  cdok_formats_detect asks the formats of a set,
 * such as libcdok-json's "killer" and "json", too. */
CDOK_API const cdok_format *cdok_format_detect(const char *text, size_t len);

/* ---- Writing streams of puzzles ---- */

/* A writer turns a sequence of puzzles into one text, piece by piece,
 * keeping the state a format needs across puzzles: UCF numbers its
 * answers ("KenKen Puzzle #3:") and ends an input file with a line "0",
 * JSON may wrap everything in one array.  Each call returns the text of
 * one piece for the caller to print as it goes. */
typedef struct cdok_writer cdok_writer;

/* Writer flags. */
#define CDOK_WRITER_COMPACT 0x1u /* json: each document on one line
				  * (JSON Lines) instead of indented */
#define CDOK_WRITER_ARRAY   0x2u /* json: one top-level array holding
				  * every puzzle, instead of one document
				  * per puzzle */

/* A new writer for a format that can write, or NULL (a format that
 * cannot write, unknown flags, out of memory). */
CDOK_API cdok_writer *cdok_writer_new(const cdok_format *format,
				      unsigned flags);

/* The text for the next puzzle of the stream, in a new string stored in
 * *out (release with cdok_free; *len, when not NULL, gets its length).
 * What values means depends on the format:
 *  - spec, ascii, utf8: values (size*size, 0 for none) are shown instead
 *    of the givens, as in cdok_write;
 *  - ucf, calpoly: values != NULL writes the ANSWER exactly as the
 *    contest or the course expects it (ucf: "KenKen Puzzle #X:", N rows
 *    of N digits, a blank line; calpoly: N rows of values separated by
 *    single spaces), values == NULL writes the puzzle in its input form;
 *  - keen, solo: values must be NULL (a game ID holds no solution);
 *  - json: a puzzle document, with a "solution" member when values !=
 *    NULL;
 *  - killer: the document, its board showing the values (non-zero
 *    values replace the givens).
 * Formats without stream state separate puzzles with a blank line.  On
 * error nothing is produced (*out is NULL), the stream stays usable and
 * the puzzle still counts for numbering. */
CDOK_API cdok_status cdok_writer_put(cdok_writer *writer,
				     const cdok_puzzle *puzzle,
				     const int *values, char **out,
				     size_t *len, cdok_error *err);

/* Count one puzzle of the stream without writing it (say, one that has
 * no unique solution), so that numbering formats keep the input's
 * numbers: UCF's answer to the 4th puzzle stays "#4". */
CDOK_API void cdok_writer_skip(cdok_writer *writer);

/* The text that ends the stream (UCF's "0" line after puzzles in input
 * form, JSON's closing bracket), possibly empty, in a new string as for
 * cdok_writer_put.  After this the writer accepts nothing more. */
CDOK_API cdok_status cdok_writer_finish(cdok_writer *writer, char **out,
					size_t *len, cdok_error *err);

CDOK_API void cdok_writer_free(cdok_writer *writer);

/* ---- Solution grids ---- */

/* Read a proposed solution: size rows of size numbers separated by
 * spaces or tabs, one row per line (the corpus's .sol files, the rows
 * of a solved spec, and -- for size <= 9 -- rows written as one run of
 * digits, like the UCF answers).  Blank lines and directive lines
 * (starting with '@') before the grid are skipped; the grid ends after
 * its last row, and anything after the blank line that follows it is
 * not read.  values must hold size*size ints; '.' is an empty cell
 * (CDOK_NONE), and in a plain puzzle so is 0.  Errors
 * (syntax, rows of the wrong length, too few or too many rows, numbers
 * over 1000000) name the line and column. */
CDOK_API cdok_status cdok_read_grid(const char *text, size_t len, int size,
				    int *values, cdok_error *err);

/* ---- Checking a proposed solution ---- */

typedef enum cdok_problem_kind {
	CDOK_PROBLEM_VALUE = 1, /* a cell is empty or outside 1..N */
	CDOK_PROBLEM_GIVEN,     /* a given cell holds another value */
	CDOK_PROBLEM_ROW,       /* a row holds a value more than once */
	CDOK_PROBLEM_COLUMN,    /* a column holds a value more than once */
	CDOK_PROBLEM_CAGE,      /* a cage's values do not meet its clue */
	CDOK_PROBLEM_BOX,       /* a box holds a value more than once */
	CDOK_PROBLEM_CAGE_REPEAT, /* a cage whose values must all differ
				   * holds a value more than once */
	CDOK_PROBLEM_DIGIT,     /* Nylimb: a row or column uses a decimal
				 * digit more than once */
	CDOK_PROBLEM_TWO_DIGIT, /* Nylimb: a row or column holds more than
				 * one two-digit number */
	CDOK_PROBLEM_WRONG,     /* cdok_check_partial: a filled cell holds
				 * another value than the puzzle's only
				 * solution */
	CDOK_PROBLEM_MARKS,     /* cdok_check_state: an empty cell's pencil
				 * marks leave out the value of the
				 * puzzle's only solution */
	CDOK_PROBLEM_DIAGONAL   /* CDOK_RULE_DIAGONALS: a main diagonal
				 * holds a value more than once */
} cdok_problem_kind;

/* One broken rule.  Rows and columns count from 0 here (messages from
 * cdok_problem_describe count from 1). */
typedef struct cdok_problem {
	cdok_problem_kind kind;
	/* VALUE, GIVEN, WRONG, MARKS: the cell.  ROW: the row (column -1).  COLUMN: the
	 * column (row -1).  DIGIT, TWO_DIGIT: the row (column -1) or the
	 * column (row -1).  CAGE, CAGE_REPEAT: the cage's first cell.
	 * BOX: the box's top-left cell.  DIAGONAL: the diagonal's first
	 * cell: (0, 0) for the one from top left to bottom right, (0,
	 * N-1) for the other. */
	int row;
	int column;
	/* VALUE, GIVEN: the value found (CDOK_NONE, or 0 in a plain
	 * puzzle, = empty).  ROW, COLUMN, BOX, CAGE_REPEAT: the value that
	 * repeats.  DIGIT: the digit that repeats.  MARKS: CDOK_NONE. */
	int value;
	/* GIVEN: the given value.  WRONG, MARKS: the solution's value
	 * (which cdok_problem_describe does not tell). */
	int given;
	/* ROW: bit c set for each column c holding the value; COLUMN: bit
	 * r for each row r.  (Grids have at most 63 columns.)  DIGIT,
	 * TWO_DIGIT: bit i for each position i along the line holding the
	 * digit or a two-digit number.  BOX: bit i
	 * for the i-th cell of the box in reading order.  DIAGONAL: bit r
	 * for its cell in row r.  CAGE_REPEAT:
	 * bit i for the cage's i-th cell (cdok_cage_cells), for i < 64.
	 * MARKS: the cell's pencil marks (bit v for value v). */
	uint64_t where;
	/* CAGE, CAGE_REPEAT: the cage's index; -1 for other kinds. */
	int cage;
	/* CAGE: what the values give.  + the sum, * the product, - the
	 * largest value minus all the others, / the largest value
	 * divided by the product of the others, as the fraction got /
	 * got_den (got_den is 1 for the other operators; 0 when one of
	 * the others is 0, as a Nylimb grid may have it, so that there
	 * is no ratio -- never divide by it unchecked).  For a one-cell
	 * cage, the value.  overflow is 1 when the product is
	 * beyond 64 bits (got is then INT64_MAX): it is certainly not
	 * the target.  CAGE_REPEAT: got is how many of the cage's cells
	 * hold the value. */
	int64_t got;
	int64_t got_den;
	int overflow;
} cdok_problem;

/* Check values (size*size ints) against every rule of the puzzle and
 * list every one it breaks, in this order: cells that are empty or out
 * of range (reading order), changed givens, rows that repeat a value
 * (by row, then value), columns (the same) -- in a Nylimb puzzle
 * instead rows, then columns, that repeat a digit (by line, then digit)
 * or hold two two-digit numbers --, boxes (the same, boxes in
 * reading order), under CDOK_RULE_DIAGONALS the diagonal from top left
 * then the one from top right (by value), then cage by cage (by index): its arithmetic, unless
 * a cell of it is empty or out of range, then for a cage whose values
 * must differ each value it repeats.  On success *problems is a new
 * array of *count entries (NULL when there are none; release with
 * cdok_free).  values is right exactly when *count is 0.  Fails only
 * when memory runs out or for NULL arguments. */
CDOK_API cdok_status cdok_check(const cdok_puzzle *puzzle, const int *values,
				cdok_problem **problems, int *count,
				cdok_error *err);

/* One plain sentence (no final period, rows and columns from 1) saying
 * what the problem is, e.g. "row 3 has 5 twice (columns 2 and 6)",
 * "cage J (+12 at row 1, column 1) adds up to 14, 2 more than 12" or
 * "box 3 (rows 1-3, columns 7-9) has 7 twice (row 1, column 7 and row
 * 2, column 8)", into
 * buf (always NUL-terminated when len > 0).  Returns the length of the
 * whole sentence, as snprintf does. */
CDOK_API size_t cdok_problem_describe(const cdok_problem *problem,
				      const cdok_puzzle *puzzle, char *buf,
				      size_t len);


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

/* What a search established, in one word; outcomes are kept apart from
 * counts so that no caller mistakes "found one" for "unique". */
typedef enum cdok_verdict {
	CDOK_VERDICT_UNIQUE = 0, /* exactly one solution; search complete */
	CDOK_VERDICT_NONE,       /* no solution; search complete */
	CDOK_VERDICT_MULTIPLE,   /* two solutions or more */
	CDOK_VERDICT_FOUND,      /* at least one: the search stopped after
				  * the first (a limit of 1, or on_solution
				  * asked it to), so whether it is the only
				  * one was not asked */
	CDOK_VERDICT_UNKNOWN     /* a budget (max_nodes, on_progress) ended
				  * the search before fewer than two
				  * solutions were known to be all */
} cdok_verdict;

/* "unique", "none", "multiple", "found", or "gave-up" for
 * CDOK_VERDICT_UNKNOWN (the words of result documents).  Never NULL. */
CDOK_API const char *cdok_verdict_name(cdok_verdict verdict);

typedef struct cdok_result {
	/* What the search established (see cdok_verdict). */
	cdok_verdict verdict;
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
	/* The solver's own score of the search (doc/SOLVER.md, "The search
	 * score"), meaningful when the puzzle has exactly one solution and
	 * the search was complete.  It measures how much a machine had to
	 * guess, not how hard the puzzle is for a person: that is the
	 * difficulty of cdok_grade (10000 x (level + 1) + score), the
	 * number the program prints.  difficulty is this member's name
	 * before 0.4.0, kept (the same storage) so that programs built on
	 * it still compile; it goes with the next ABI. */
	union {
		uint64_t search_score;
		uint64_t difficulty;   /* deprecated: search_score */
	};
	/* Why there is no solution, in a sentence (no final period), when
	 * the solver sees it before any search from one cage alone (a cage
	 * whose values must differ but has more cells than there are
	 * values, a target no filling can reach); "" otherwise. */
	char reason[256];
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

/* ================================================================== */
/* libcdok-json: the JSON formats and result documents                 */
/*                                                                     */
/* Everything from here to the end of its section is in the optional   */
/* library libcdok-json (pkg-config cdok-json), which needs jansson;   */
/* the core libcdok needs nothing but libc.  It must come from the     */
/* same release as libcdok.                                            */
/* ================================================================== */

/* The formats libcdok-json provides, "killer" (Barium's Killer Sudoku
 * JSON) then "json" (cdok's puzzle documents), as a NULL-terminated
 * list to add to a set: cdok_formats_add(set, cdok_json_formats(),
 * &err). */
CDOK_API const cdok_format *const *cdok_json_formats(void);

struct cdok_grading;
struct cdok_step;

/* A named duration supplied by the caller (the library reads no
 * clock), e.g. {"solve", 0.0021}. */
typedef struct cdok_json_timing {
	const char *name;
	double seconds;
} cdok_json_timing;

/* What a command found out about one puzzle.  Fill it with
 * cdok_json_info_init, then set what applies; every pointer may be NULL
 * and then its member is left out.  Nothing is copied or freed. */
typedef struct cdok_json_info {
	const char *command;   /* "solve", "examine", "generate", "check" */
	const char *source;    /* the input's name */
	int index;             /* the puzzle's number in its input, from
				* 1; 0 leaves it out */
	int omit_puzzle;       /* 1: leave the puzzle itself out */
	/* A search: gives "verdict", "count", "complete", "nodes",
	 * "branches" and, for a unique puzzle, "difficulty". */
	const cdok_result *result;
	/* Solutions to list (each size*size values). */
	const int *const *solutions;
	size_t nsolutions;
	/* generate: the seed the puzzle was made from. */
	int has_seed;
	uint64_t seed;
	/* Durations, in the order given. */
	const cdok_json_timing *timings;
	size_t ntimings;
	/* check: the grid that was checked (size*size values) and what
	 * cdok_check found; candidate != NULL marks a check. */
	const int *candidate;
	const cdok_problem *problems;
	int nproblems;
	unsigned flags;        /* CDOK_WRITER_COMPACT */
	/* Levels (doc/LEVELS.md; the types are defined below): a grading
	 * gives "grade", and "difficulty" is then its difficulty when the
	 * puzzle was graded.  hint, when not NULL, is a hint's outcome
	 * ("step", "solved", "stuck", "contradiction"), given as "hint"
	 * with steps[0] as "step"; otherwise steps are listed as
	 * "steps" (explain). */
	const struct cdok_grading *grading;
	const char *hint;
	const struct cdok_step *steps;
	int nsteps;
} cdok_json_info;

CDOK_API void cdok_json_info_init(cdok_json_info *info);

/* The result document (doc/FORMAT.md, "cdok-result" version 1) for one
 * puzzle, in a new NUL-terminated string ending in a newline (release
 * with cdok_free).  puzzle may be NULL only when info->omit_puzzle is
 * set and no check or solution needs its size. */
CDOK_API cdok_status cdok_json_result(const cdok_puzzle *puzzle,
				      const cdok_json_info *info, char **out,
				      size_t *len, cdok_error *err);

struct cdok_reason;
/* cdok_json_result with the reasons of each step (cdok_reason, in
 * "Levels" below): reasons[i] (nreasons[i] of them) go with
 * info->steps[i] as its "reasons" array.  reasons and nreasons may be
 * NULL (then it is cdok_json_result), and so may reasons[i]. */
CDOK_API cdok_status cdok_json_result_reasons(
	const cdok_puzzle *puzzle, const cdok_json_info *info,
	const struct cdok_reason *const *reasons, const int *nreasons,
	char **out, size_t *len, cdok_error *err);

/* ================================================================== */
/* End of libcdok-json                                                 */
/* ================================================================== */

/* ------------------------------------------------------------------ */
/* Random numbers                                                      */

/* A seeded random number generator (xoshiro256**) that the caller owns
 * and passes in: the library never uses rand() or the clock, so the same
 * seed gives the same puzzles on every machine and thread count.  The
 * struct may be copied to save and restore a position. */
typedef struct cdok_rng {
	uint64_t s[4];
} cdok_rng;

/* Start the generator for (seed, stream): different streams of one seed
 * are independent sequences, e.g. one per puzzle of a batch. */
CDOK_API void cdok_rng_seed(cdok_rng *rng, uint64_t seed, uint64_t stream);

/* The next 64 random bits. */
CDOK_API uint64_t cdok_rng_next(cdok_rng *rng);

/* A uniform random number in 0..bound-1 (bound >= 1). */
CDOK_API uint64_t cdok_rng_below(cdok_rng *rng, uint64_t bound);

/* ------------------------------------------------------------------ */
/* Generation                                                          */

/* Operator sets for generated puzzles. */
#define CDOK_GEN_ADD 1u
#define CDOK_GEN_SUB 2u
#define CDOK_GEN_MUL 4u
#define CDOK_GEN_DIV 8u
#define CDOK_GEN_ALL_OPS 15u

/* A difficulty measure for the generator: given a puzzle with exactly
 * one solution and the result of the solver's uniqueness proof, return a
 * score (higher = harder).  NULL in the parameters selects the solver's
 * difficulty score (doc/SOLVER.md). */
typedef uint64_t (*cdok_score_fn)(void *user, const cdok_puzzle *puzzle,
				  const cdok_result *result);

typedef struct cdok_gen_params {
	int size;              /* grid size, 1..CDOK_MAX_SIZE (default 6) */
	unsigned ops;          /* allowed operators, CDOK_GEN_* (default all);
				* must include + or * */
	int two_cell;          /* 1: - and / cages have exactly two cells */
	int max_cage;          /* largest cage, >= 1; 0 (the default)
				* picks 5, or 4 on grids above 32 x 32,
				* where five-cell clues tell too little
				* to make a unique puzzle in reasonable
				* time (doc/GENERATOR.md) */
	int iterations;        /* hardening rounds (default 0: none) */
	uint64_t max_score;    /* accept no puzzle scoring above this (0: none) */
	uint64_t min_score;    /* accept no puzzle scoring below this (0:
				* none): a puzzle that scores less after
				* hardening is made again */
	uint64_t target_score; /* stop hardening at this score (0: never) */
	cdok_score_fn score;   /* difficulty measure (NULL: the solver's) */
	void *score_user;
	/* Killer Sudoku (doc/GENERATOR.md): 1 makes a puzzle with boxes of
	 * box_rows x box_cols cells (0 x 0: 3 x 3 at size 9, otherwise the
	 * squarest shape that tiles the size), sum cages of 2..max_cage
	 * cells whose values all differ, and no givens (with a level, some
	 * values inside cages where the cages alone cannot make it:
	 * doc/GENERATOR.md).  ops and two_cell do not apply.  Default 0. */
	int killer;
	int box_rows, box_cols;
	/* Rule flags (CDOK_RULE_NYLIMB: a Nylimb puzzle over a digit grid;
	 * size at most 9).  Default 0. */
	unsigned rules;
	/* Optional: asked at every repair step (with the steps so far) and
	 * by every search the generator runs; non-zero stops generating,
	 * and cdok_generate fails with CDOK_ERR_LIMIT ("stopped").  How a
	 * caller bounds the time: the library reads no clock.  A stopped
	 * run gives no puzzle, so a seed never makes a different one. */
	cdok_progress_fn on_progress;
	void *progress_user;
	/* A level to make (doc/LEVELS.md), on the scale of the puzzles
	 * made (Keen's for Calcudoku, Solo's with killer): the puzzle's
	 * level is exactly this.  The score is then the grade's
	 * difficulty (score is not called), and min_score, max_score and
	 * target_score are the level's band.  Not for Nylimb puzzles.
	 * Default -1: any level. */
	int level;
	/* Plain Sudoku (doc/GENERATOR.md): 1 makes a puzzle with boxes
	 * (box_rows x box_cols, chosen as for killer when 0 x 0), givens
	 * and no cages, graded on Solo's scale.  ops, two_cell and
	 * max_cage do not apply; not with killer.  Default 0. */
	int sudoku;
	/* 1: hidden operators (CDOK_OP_ANY): every cage shows its target
	 * only, and the puzzle is unique when each cage may be any
	 * operation (with two_cell, a puzzle under CDOK_RULE_TWO_CELL,
	 * whose hidden cages of three or more cells are sums or
	 * products).  Not with killer or Nylimb rules.  Default 0. */
	int hide_ops;
} cdok_gen_params;

/* Fill params with the defaults listed above. */
CDOK_API void cdok_gen_params_init(cdok_gen_params *params);

/* Narrow params so that every puzzle generated with them can be
 * written in format: Keen's - and / cages have exactly two cells
 * (two_cell is set), Cal Poly's cages are sums (ops becomes
 * CDOK_GEN_ADD when it holds it).  Fails with CDOK_ERR_UNSUPPORTED, and
 * the reason, when no puzzle made with them could be written: a size
 * Keen does not play, Killer boxes, Nylimb rules or hidden operators for
 * a format without them, an operator set Cal Poly cannot hold.  A few puzzles may still
 * not fit (UCF names at most 52 cages); cdok_write then says so.
 * Formats that hold every puzzle leave params as they are. */
CDOK_API cdok_status cdok_format_fit(const cdok_format *format,
				     cdok_gen_params *params,
				     cdok_error *err);

/* A random Latin square of the given size (size*size values in 1..size)
 * into values.  Fails only for a bad size or when memory runs out. */
CDOK_API cdok_status cdok_generate_grid(int size, cdok_rng *rng,
					int *values);

/* A random solved Sudoku grid of the given size with boxes of box_rows x
 * box_cols cells (their product must be the size): every row, column
 * and box holds 1..size once.  Fails with CDOK_ERR_INVALID for a bad
 * shape. */
CDOK_API cdok_status cdok_generate_sudoku(int size, int box_rows,
					  int box_cols, cdok_rng *rng,
					  int *values);

/* A random Nylimb digit grid (doc/RULES.md) of the given size, 1..9: each row
 * and column holds exactly one two-digit number and no decimal digit
 * twice (at size 9, every digit once).  Values are 0..99. */
CDOK_API cdok_status cdok_generate_nylimb_grid(int size, cdok_rng *rng,
					       int *values);

/* What cdok_generate knows of the puzzle it made. */
typedef struct cdok_gen_result {
	/* The puzzle's score under the chosen measure. */
	uint64_t score;
	/* The solver's uniqueness proof of the puzzle as returned (verdict
	 * unique, nodes, difficulty, ...): no need to solve it again. */
	cdok_result proof;
	/* NULL, or size*size ints that the caller provides: they receive
	 * the puzzle's solution. */
	int *solution;
} cdok_gen_result;

/* Make a puzzle with exactly one solution.  solution, when not NULL, is
 * the size*size grid the puzzle must have as its solution (a Latin
 * square, a Sudoku grid with par->killer, a Nylimb grid in Nylimb mode);
 * when NULL a random one is made.  On success *out is a new puzzle (the
 * caller frees it) whose uniqueness the solver has proven, and result
 * (when not NULL) is filled in.  Fails with CDOK_ERR_INVALID for bad
 * parameters or a grid that does not suit them, and with CDOK_ERR_LIMIT
 * when no puzzle within min_score..max_score was found. */
CDOK_API cdok_status cdok_generate(const cdok_gen_params *params,
				   const int *solution, cdok_rng *rng,
				   cdok_puzzle **out, cdok_gen_result *result,
				   cdok_error *err);

/* ------------------------------------------------------------------ */
/* Levels: how hard a puzzle is for a person, hints, explanations      */
/*
 * The grader (doc/LEVELS.md) solves a puzzle as a person would: from a
 * list of named techniques, always the easiest one that makes progress,
 * each step recorded.  A puzzle's level is that of the hardest technique
 * it needs.  Levels are those of Simon Tatham's games, with their
 * meanings, so that a level given by cdok means what the game means by
 * it: Keen's for Calcudoku, Solo's for puzzles with boxes (Killer
 * Sudoku).  Nylimb puzzles are not graded by technique.
 *
 * Levels and techniques are numbered from 0; their names come from the
 * functions below, which are the only place they are spelt. */

typedef enum cdok_scale {
	CDOK_SCALE_NONE = 0,   /* not graded by technique (Nylimb) */
	CDOK_SCALE_CALCUDOKU,  /* Keen's: Easy, Normal, Hard, Extreme,
				* Unreasonable (codes e n h x u) */
	CDOK_SCALE_KILLER      /* Solo's, for puzzles with boxes: Trivial,
				* Basic, Intermediate, Advanced, Extreme,
				* Unreasonable (codes t b i a e u) */
} cdok_scale;

/* The scale a puzzle is graded on. */
CDOK_API cdok_scale cdok_puzzle_scale(const cdok_puzzle *puzzle);

/* The levels of a scale: how many (0 for CDOK_SCALE_NONE), each one's
 * name ("Hard") and one-letter code ('h'); NULL and 0 out of range. */
CDOK_API int cdok_level_count(cdok_scale scale);
CDOK_API const char *cdok_level_name(cdok_scale scale, int level);
CDOK_API char cdok_level_code(cdok_scale scale, int level);

/* The level a word names on a scale: its name or its code, in any case
 * ("hard", "Hard", "h"), or -1. */
CDOK_API int cdok_level_find(cdok_scale scale, const char *word);

/* The techniques: how many, each one's name for programs
 * ("hidden-single"), its title for people ("Hidden single in a line")
 * and its level on a scale (-1 when the scale does not use it). */
#define CDOK_TECHNIQUE_MAX 32  /* more than cdok_technique_count() */
CDOK_API int cdok_technique_count(void);
CDOK_API const char *cdok_technique_name(int technique);
CDOK_API const char *cdok_technique_title(int technique);
CDOK_API int cdok_technique_level(int technique, cdok_scale scale);

/* What grading found. */
typedef enum cdok_grade_outcome {
	CDOK_GRADE_LEVEL = 0,   /* graded: level, score and difficulty set */
	CDOK_GRADE_ABOVE,       /* not solved by the levels allowed
				 * (params.max_level): the level is above
				 * max_level, which level then holds */
	CDOK_GRADE_AMBIGUOUS,   /* more than one solution: no level */
	CDOK_GRADE_IMPOSSIBLE,  /* no solution */
	CDOK_GRADE_UNGRADED,    /* not graded by technique (Nylimb) */
	CDOK_GRADE_GAVE_UP      /* params.max_nodes ran out before the
				 * solver knew whether the puzzle is unique */
} cdok_grade_outcome;

/* The finer score lies in 0 .. CDOK_SCORE_SPAN - 1, and the difficulty
 * is CDOK_SCORE_SPAN * (level + 1) + score, so a harder level always
 * has a larger difficulty. */
#define CDOK_SCORE_SPAN 10000

typedef struct cdok_grading {
	cdok_grade_outcome outcome;
	cdok_scale scale;
	int level;            /* on the scale, from 0 (LEVEL, ABOVE) */
	/* The finer score within the level: the sum of the weights of
	 * the steps (doc/LEVELS.md), at most CDOK_SCORE_SPAN - 1. */
	int score;
	uint64_t difficulty;  /* see CDOK_SCORE_SPAN; 0 when not graded */
	int steps;            /* steps of the whole solution */
	int counts[CDOK_TECHNIQUE_MAX]; /* steps per technique */
	/* 1 when a cage could not be enumerated within the grader's
	 * budget (doc/LEVELS.md): the level may then be too high. */
	int cage_budget_hit;
} cdok_grading;

typedef struct cdok_grade_params {
	/* The hardest level the grader may use (-1, the default: every
	 * level, up to guessing). */
	int max_level;
	/* A node limit for the solver when reasoning stalls and it must
	 * tell an Unreasonable puzzle from one with no or several
	 * solutions (0, the default: none). */
	uint64_t max_nodes;
	/* The puzzle's solution, when the caller has proven it unique
	 * already (cdok_solve's verdict CDOK_VERDICT_UNIQUE): the grader
	 * then does not solve the puzzle again when reasoning stalls, and
	 * cdok_hint_next and cdok_check_partial do not solve it to find
	 * mistakes.  It must be the only solution (a grid that is no
	 * solution is ignored); NULL (the default): they find out
	 * themselves. */
	const int *solution;
} cdok_grade_params;

CDOK_API void cdok_grade_params_init(cdok_grade_params *params);

/* Grade a puzzle.  params may be NULL for the defaults.  Fails only for
 * an invalid puzzle or when memory runs out; a puzzle with no or
 * several solutions is a successful answer with that outcome, decided
 * by the solver before any reasoning (unless params->solution is set),
 * at every max_level. */
CDOK_API cdok_status cdok_grade(const cdok_puzzle *puzzle,
				const cdok_grade_params *params,
				cdok_grading *grading, cdok_error *err);

/* The grade's difficulty as the generator's measure: a cdok_score_fn
 * for cdok_gen_params.score, as the program and the Python package use
 * it when no level is asked for.  user is a const cdok_grade_params *
 * (NULL for the defaults) for cdok_grade.  Returns the grading's
 * difficulty; for CDOK_GRADE_ABOVE the least difficulty of the level
 * above params.max_level (CDOK_SCORE_SPAN x (level + 1)); and the
 * solver's result->search_score when the puzzle is not graded (Nylimb)
 * or grading fails. */
CDOK_API uint64_t cdok_grade_score(void *user, const cdok_puzzle *puzzle,
				   const cdok_result *result);

/* A cell and a value: a value placed, or a candidate removed. */
typedef struct cdok_candidate {
	int cell;
	int value;
} cdok_candidate;

/* One step of reasoning. */
typedef struct cdok_step {
	int technique;     /* cdok_technique_name(technique) */
	int level;         /* the technique's level on the puzzle's scale */
	/* The cells the reasoning looks at (the cage, the line, the
	 * chain), in the order the sentence names them. */
	const int *cells;
	int ncells;
	/* Values placed (at most one per step). */
	const cdok_candidate *placed;
	int nplaced;
	/* Candidates removed, by cell then value: what the step rules
	 * out, and for a placed value its copies in every cell that sees
	 * the cell (same row, column, box or distinct cage). */
	const cdok_candidate *removed;
	int nremoved;
	/* The step in one sentence; cells are written r3c4 (row 3,
	 * column 4, from 1 as the drawings read), cages "the 17+ cage at
	 * r5c5" (Killer: "the 22 cage at r7c3"), units "row 4", "column
	 * 6", "box 5" (doc/LEVELS.md).  The third and fullest tier of a
	 * hint. */
	const char *text;
	/* The first tier of a hint: where to look, naming no technique
	 * ("Look at row 4.", "Look at the 17+ cage at r5c5."). */
	const char *where;
	/* The cells of that unit, cage or cell, for a picture or a page
	 * to highlight (reading order). */
	const int *focus;
	int nfocus;
	/* The second tier: the technique's title and its cells, without
	 * a full stop ("Hidden single in a line: r4c5, in row 4"). */
	const char *what;
	/* How many steps of the full explanation this one stands for: 1,
	 * or more for a step of cdok_explain_brief that groups routine
	 * steps (technique is then its first step's, level the highest,
	 * and placed and removed theirs together). */
	int merged;
	/* 1 for a step of the technique that sets the puzzle's level (a
	 * Hard technique in a Hard puzzle; never at the first level). */
	int sets_level;
} cdok_step;

/* The whole solution, step by step.  The steps end when the grid is
 * full (solved = 1) or when no technique up to params.max_level applies
 * (solved = 0); grading is what cdok_grade gives for the same params. */
typedef struct cdok_explanation {
	cdok_grading grading;
	int solved;
	int nsteps;
	const cdok_step *steps;
} cdok_explanation;

CDOK_API cdok_status cdok_explain(const cdok_puzzle *puzzle,
				  const cdok_grade_params *params,
				  cdok_explanation **out, cdok_error *err);

/* Why a step removes or places what it does, as data (doc/LEVELS.md,
 * "Reasons"): one record for each candidate a step removes and each
 * value it places, saying what blocks or forces it in the state before
 * the step.  The step's sentence says the same in words; text says
 * this one fact ("column 5 already has its 2 (r9c5)"). */
typedef enum cdok_reason_kind {
	/* cell holds value (placed before, or by this very step) and
	 * sees about.cell: unit is the row, column, box or (Killer X)
	 * diagonal they share, or -1 and cage the distinct cage. */
	CDOK_REASON_SEES = 0,
	/* about.cell has no candidate left but about.value. */
	CDOK_REASON_SINGLE,
	/* about.value has no other place in unit. */
	CDOK_REASON_ONLY_PLACE,
	/* No way of filling cage (its open cells, under the candidates)
	 * puts about.value in about.cell: values are those its layouts
	 * leave there.  For a cage of two open cells, cell is the other
	 * cell and value what about.value would need there (0: none
	 * makes the clue). */
	CDOK_REASON_CAGE,
	/* A sum: the open cells named by the step (cage, or the part of
	 * unit the 45 rule leaves) add up to sum, so about.cell holds
	 * about.value (the last cell), or cannot hold it: with the
	 * smallest or largest candidates of the cage's other open cells
	 * they cannot make sum. */
	CDOK_REASON_SUM,
	/* In unit, about.value can only go in unit2 (box and line), or
	 * every layout of cage puts it in unit2 (cage-line), or a fish's
	 * lines (unit is the first, unit2 the cover line of about.cell). */
	CDOK_REASON_CONFINED,
	/* In unit, the step's cells hold only values between them (a
	 * naked subset), or values fit only the step's cells (hidden:
	 * cell is -2). */
	CDOK_REASON_SUBSET,
	/* A forcing chain from cell: either way one of its ends is
	 * about.value, and about.cell sees both. */
	CDOK_REASON_CHAIN,
	/* Trial: every other candidate of about.cell leads to a
	 * contradiction (the puzzle's solution decides). */
	CDOK_REASON_TRIAL
} cdok_reason_kind;

typedef struct cdok_reason {
	cdok_candidate about;  /* the candidate removed or value placed */
	int placed;            /* 1: about is placed; 0: removed */
	int kind;              /* cdok_reason_kind */
	int cell;              /* a cell it rests on, or -1 */
	int value;             /* a value it rests on, or 0 */
	int unit, unit2;       /* units (as cdok_step's cells: rows
				* 0..n-1, columns n..2n-1, boxes
				* 2n..3n-1; with CDOK_RULE_DIAGONALS
				* the diagonal from top left 3n, from
				* top right 3n + 1), or -1 */
	int cage;              /* a puzzle cage, or -1 */
	int sum;               /* CDOK_REASON_SUM: the sum, else 0 */
	uint64_t values;       /* a set of values (bit v), or 0 */
	const char *text;      /* the fact in words */
} cdok_reason;

/* The reasons of step i of an explanation made by cdok_explain or
 * cdok_explain_brief (a step of a brief explanation that groups steps
 * has all of theirs), *count of them; NULL with *count 0 when i is out
 * of range.  They live as long as the explanation. */
CDOK_API const cdok_reason *cdok_explanation_reasons(
	const cdok_explanation *explanation, int i, int *count);

/* The explanation a tutor gives, from the full one cdok_explain made for
 * puzzle: only the steps some placement rests on (a backward pass over
 * what each step reads), every placement among them; each run of
 * singles, and of the cages' own values or sums, is one step listing
 * them (merged > 1); the steps that set the level are marked
 * (sets_level).  Its grading and solved are full's.  Replaying its
 * placements (cdok_step_apply) from the givens fills the grid as full's
 * do.  *out is released with cdok_explanation_free. */
CDOK_API cdok_status cdok_explain_brief(const cdok_puzzle *puzzle,
					const cdok_explanation *full,
					cdok_explanation **out,
					cdok_error *err);
CDOK_API void cdok_explanation_free(cdok_explanation *explanation);

/* A state of play: values (size*size; CDOK_NONE or 0 for an empty
 * cell) and optional pencil marks, candidates (size*size sets, bit v
 * for value v; NULL, or 0 in a cell, means "not noted": every value the
 * filled cells that see it leave). */

typedef enum cdok_hint_outcome {
	CDOK_HINT_STEP = 0,     /* step is the next step */
	CDOK_HINT_SOLVED,       /* every cell is filled, and rightly */
	CDOK_HINT_STUCK,        /* no technique up to max_level applies */
	CDOK_HINT_CONTRADICTION,/* no solution has this state: step.cells
				 * are the cells at fault and step.text
				 * says why (step.technique is -1) */
	CDOK_HINT_IMPOSSIBLE,   /* the puzzle itself has no solution */
	CDOK_HINT_AMBIGUOUS     /* the puzzle has more than one solution,
				 * so no reasoning can finish it */
} cdok_hint_outcome;

typedef struct cdok_hint {
	cdok_hint_outcome outcome;
	cdok_step step;
	int empty;              /* empty cells in the state */
} cdok_hint;

/* The next step a person would take from a state: the easiest technique
 * up to params.max_level that makes progress, in three tiers
 * (step.where, step.what, step.text).  Values must fit the puzzle
 * (CDOK_ERR_INVALID names the first cell that does not); whether they
 * are right is an outcome.  A puzzle with no solution is
 * CDOK_HINT_IMPOSSIBLE and one with several CDOK_HINT_AMBIGUOUS,
 * whatever the state (unless params.max_nodes runs out before the
 * solver knows: the hint is then looked for without the solution).  A
 * state whose filled values differ from the puzzle's only solution, or
 * whose pencil marks leave out its value, is CDOK_HINT_CONTRADICTION.
 * *out is released with cdok_hint_free. */
CDOK_API cdok_status cdok_hint_next(const cdok_puzzle *puzzle,
				    const int *values,
				    const uint64_t *candidates,
				    const cdok_grade_params *params,
				    cdok_hint **out, cdok_error *err);

/* The next value a person can write in a grid of values only (no pencil
 * marks: a player on paper): of the first values the techniques up to
 * params.max_level place from values (40 at most), the one told most
 * shortly, with step.placed holding it (nplaced 1), step.technique and
 * step.level the hardest technique it rests on (the hint's label),
 * step.cells the placing step's cells, and step.text the reasoning in
 * short: the conclusion first ("r9c2 is 4."), then only the facts it
 * rests on, in the order they are found (a backward pass over the
 * candidates each reason reads: cdok_reason), then the placing
 * sentence (not every removal since the start).
 * step.removed is empty: nothing is pencilled in.  step.where,
 * step.focus and step.what are the placing step's.  The outcomes are
 * cdok_hint_next's; CDOK_HINT_STUCK when the techniques up to
 * max_level reach no placement.  Applying step with cdok_step_apply
 * (candidates NULL) and asking again chains to the solution. */
CDOK_API cdok_status cdok_hint_place(const cdok_puzzle *puzzle,
				     const int *values,
				     const cdok_grade_params *params,
				     cdok_hint **out, cdok_error *err);
CDOK_API void cdok_hint_free(cdok_hint *hint);

/* The reasons of a hint's step (cdok_reason), *count of them; for
 * cdok_hint_place the placing step's.  They live as long as the hint. */
CDOK_API const cdok_reason *cdok_hint_reasons(const cdok_hint *hint,
					      int *count);

/* The outcome in one word, as result documents and the page give it:
 * "step", "solved", "stuck", "contradiction", "impossible" or
 * "ambiguous" ("step" for a value out of range).  Never NULL. */
CDOK_API const char *cdok_hint_outcome_name(cdok_hint_outcome outcome);

/* Apply a step to a state: place its values and remove its
 * candidates.  candidates (size*size, may be NULL) gets pencil marks
 * only where a removal is not already implied by the filled cells. */
CDOK_API void cdok_step_apply(const cdok_puzzle *puzzle,
			      const cdok_step *step, int *values,
			      uint64_t *candidates);

/* Read a state (doc/FORMAT.md, "States"): size rows of size cells,
 * each a value, '.' or 0 for an empty cell, or {...} for an empty cell
 * with pencil marks.  candidates may be NULL (pencil marks are then
 * refused).  Errors name the line and column. */
CDOK_API cdok_status cdok_read_state(const char *text, size_t len, int size,
				     int *values, uint64_t *candidates,
				     cdok_error *err);

/* The candidates of every cell of a state as a player's grid shows them,
 * into out (size*size sets, bit v for value v): a cell's pencil marks
 * when it has them (candidates[cell] not 0), less the values the filled
 * cells that see it hold; for a cell without marks, every value those
 * cells leave; 0 for a filled cell.  candidates may be NULL (no marks). */
CDOK_API void cdok_state_candidates(const cdok_puzzle *puzzle,
				    const int *values,
				    const uint64_t *candidates, uint64_t *out);

/* Write a state in that syntax into a new NUL-terminated string (release
 * with cdok_free); candidates may be NULL. */
CDOK_API cdok_status cdok_write_state(int size, const int *values,
				      const uint64_t *candidates, char **out,
				      size_t *len, cdok_error *err);

/* The mistake finder: check a grid that may be partly filled.  Like
 * cdok_check, but an empty cell is no problem, and when the puzzle has
 * exactly one solution every filled value that differs from it is a
 * CDOK_PROBLEM_WRONG.  *unique gets 1 when it has exactly one solution
 * (0: none or several, or params.max_nodes ran out, so only broken rules
 * are listed).  params may be NULL. */
CDOK_API cdok_status cdok_check_partial(const cdok_puzzle *puzzle,
					const int *values,
					const cdok_grade_params *params,
					cdok_problem **problems, int *count,
					int *unique, cdok_error *err);

/* The mistake finder on a state of play (cdok_read_state), the one
 * judgement that `cdok check`, `cdok hint`, Python's Puzzle.mistakes()
 * and the page share: cdok_check_partial's problems, then, when the
 * puzzle has exactly one solution, a CDOK_PROBLEM_MARKS for every empty
 * cell whose pencil marks leave out the solution's value (reading
 * order).  An empty cell that has a given holds its given, as in
 * cdok_hint_next.  candidates is as cdok_hint_next takes it (NULL, or
 * 0 in a cell: not noted, no mistake).  The rest is cdok_check_partial's,
 * which is this call with candidates NULL. */
CDOK_API cdok_status cdok_check_state(const cdok_puzzle *puzzle,
				      const int *values,
				      const uint64_t *candidates,
				      const cdok_grade_params *params,
				      cdok_problem **problems, int *count,
				      int *unique, cdok_error *err);

/* ------------------------------------------------------------------ */
/* Pictures (libcdok-render)                                           */

/* libcdok-render, an optional library of its own (link it before
 * libcdok, with cairo), draws puzzles for people: "svg" and "png" make
 * one picture of one puzzle (CDOK_FORMAT_SINGLE: several puzzles need
 * several files), "pdf" makes pages holding any number of puzzles, as a
 * booklet with answer keys at the back.  Calcudoku is drawn as
 * newspapers print it (thick cage borders, the clue in the cage's
 * top-left cell), Killer Sudoku with thick box lines and each cage
 * outlined by a dashed line inside its cells.  All three go through one
 * drawing path, in cairo, with the DejaVu Sans font found by
 * fontconfig.  doc/PICTURES.md describes the pictures and the pages.
 *
 * The formats are written with the ordinary writer functions
 * (cdok_writer_new, cdok_writer_put, cdok_writer_finish, cdok_write);
 * their text is bytes (CDOK_FORMAT_BINARY for pdf and png: it may hold
 * NUL bytes, so use the length).  A pdf stream gives its whole document
 * at cdok_writer_finish; svg and png give each picture at its put.
 * cdok_render_setup gives a writer its settings, cdok_render_put gives a
 * puzzle its answer, level and source. */

/* The formats of libcdok-render ("svg", "pdf", "png"), NULL-terminated,
 * to add to a set with cdok_formats_add. */
CDOK_API const cdok_format *const *cdok_render_formats(void);

/* The release of libcdok-render, as cdok_version() gives the core's.
 * The two must be equal: its formats are rows of the core's table.  A
 * program that loads the library at run time (dlopen, as cdok does)
 * checks this before it uses anything else of it. */
CDOK_API const char *cdok_render_version(void);

/* The smallest type, in points (1/72 inch), that the pages keep clues
 * in: a page holds fewer puzzles rather than go below it, and only a
 * grid too large to keep it even alone on a page is drawn smaller
 * (cdok_render_item.small_type says so). */
#define CDOK_RENDER_MIN_TYPE 6.0

/* Most puzzles on one page. */
#define CDOK_RENDER_MAX_PER_PAGE 24

typedef struct cdok_render_params {
	/* pdf: the paper's width and height in points (cdok_render_paper);
	 * default A4, 595.28 x 841.89. */
	double paper_width, paper_height;
	/* pdf: the most puzzles on a page, 1..CDOK_RENDER_MAX_PER_PAGE
	 * (default 1).  Answer pages hold twice as many (at most 12, at
	 * least 4).  Pages of grids with notes (worked steps) hold exactly
	 * this many, each grid with its whole note: a step whose grid
	 * would then be too small to read (clues under
	 * CDOK_RENDER_MIN_TYPE) is an error, CDOK_ERR_UNSUPPORTED, that
	 * says how many fit; 0 asks for as many as fit, at most 4. */
	int per_page;
	/* pdf: a title at the top of every page, or NULL (default).
	 * Copied by cdok_render_setup; UTF-8. */
	const char *title;
	/* png: pixels per inch, 18..1200 (default 150).  The pictures are
	 * measured in points, so this sets the image's size in pixels. */
	double dpi;
	/* Calcudoku only: nonzero draws each given, and each one-cell
	 * cage, as newspapers print KenKen: a cage of its own whose
	 * corner clue is the value (no operator), the cell left empty
	 * for the solver, instead of a bold digit in its middle.  Killer
	 * Sudoku and Sudoku keep their givens as digits.  Default 0. */
	int givens_as_cages;
} cdok_render_params;

/* Fill params with the defaults listed above. */
CDOK_API void cdok_render_params_init(cdok_render_params *params);

/* The size of a paper, in points, by name: "a4", "a5", "a3" or
 * "letter", "legal" (case does not matter).  Fails with
 * CDOK_ERR_INVALID, naming the papers known, for any other name. */
CDOK_API cdok_status cdok_render_paper(const char *name, double *width,
				       double *height, cdok_error *err);

/* Give a writer of a libcdok-render format its settings, before its
 * first puzzle.  Fails with CDOK_ERR_INVALID (saying which) for a
 * setting out of range or a writer that has already written, with
 * CDOK_ERR_UNSUPPORTED for a writer of another format; the writer is
 * then unchanged. */
CDOK_API cdok_status cdok_render_setup(cdok_writer *writer,
				       const cdok_render_params *params,
				       cdok_error *err);

/* More about one puzzle than a writer's put says. */
typedef struct cdok_render_item {
	/* pdf: the puzzle's solution (size*size values) for its answer
	 * key, or NULL.  A booklet has answer pages when any puzzle came
	 * with an answer. */
	const int *answer;
	/* pdf: a word for the puzzle's level, shown in its caption after
	 * its number and size ("3   9 x 9 Killer   hard"), or NULL.
	 * Copied. */
	const char *level;
	/* Set by cdok_render_put: 0 normally, or the clue type size in
	 * points when it is below CDOK_RENDER_MIN_TYPE because the grid
	 * does not fit the page otherwise. */
	double small_type;
	/* A state of play, as a hint shows it: pencil marks drawn small
	 * in the cells that show no value (size*size sets, bit v for
	 * value v; 0: none), or NULL. */
	const uint64_t *candidates;
	/* Cells shaded (size*size: 0 not, 1 lightly, 2 strongly), as a
	 * hint's place (cdok_step.focus) and its cells, or NULL. */
	const unsigned char *shade;
	/* pdf: a text set under the grid, wrapped to its width (UTF-8, at
	 * most 65536 bytes; never cut: the page makes room for every
	 * line, with fewer grids on it when need be), as the sentence of
	 * a worked step, or NULL.  Copied. */
	const char *note;
	/* pdf: a short text naming where the puzzle came from ("seed 42",
	 * or a Keen or Solo game ID), shown at the right end of its
	 * caption on puzzle pages, set smaller when the caption is too
	 * wide and left out when even that does not fit; or NULL.  UTF-8,
	 * at most 256 bytes.  Copied. */
	const char *source;
	/* Pencil marks struck out, as a worked step removes them: drawn
	 * red and crossed in their places among the candidates (size*size
	 * sets, bit v for value v), or NULL.  Copied. */
	const uint64_t *removed;
	/* pdf: the number in the caption: 0 (the default) for the
	 * picture's place in the stream, from 1; a positive number for
	 * that one (a worked step's); -1 for none (the puzzle a worked
	 * solution starts with). */
	int number;
} cdok_render_item;

/* cdok_writer_put, with item (which may be NULL) for a libcdok-render
 * format; for a writer of any other format item is ignored and this is
 * cdok_writer_put. */
CDOK_API cdok_status cdok_render_put(cdok_writer *writer,
				     const cdok_puzzle *puzzle,
				     const int *values,
				     cdok_render_item *item, char **out,
				     size_t *len, cdok_error *err);

/* ------------------------------------------------------------------ */
/* Front ends ask, the library decides                                 */
/*
 * What the program, the Python package and the page each need to know
 * before they generate or show a puzzle, decided here once so that a
 * seed makes the same puzzle in each (doc/HACKING.md, "Where each kind
 * of decision lives").
 */

/* The scale the puzzles params makes are graded on: CDOK_SCALE_NONE
 * under CDOK_RULE_NYLIMB (or params NULL), Solo's with killer or sudoku,
 * otherwise Keen's. */
CDOK_API cdok_scale cdok_gen_scale(const cdok_gen_params *params);

/* The hardest level that occurs among puzzles of params' kind and size
 * (0-based, as cdok_level_name numbers them): Keen caps 3 x 3 at
 * Normal; sizes 1 and 2, and 4 x 4 with boxes, have only the first
 * level; otherwise the scale's last.  -1 when the scale has no levels
 * (Nylimb). */
CDOK_API int cdok_gen_top_level(const cdok_gen_params *params);

/* The box shape of the Killer Sudoku or Sudoku params makes, into
 * *rows and *cols: params->box_rows x box_cols when set, else the
 * library's choice (3 x 3 at size 9, otherwise the squarest r x c with
 * r <= c).  CDOK_ERR_INVALID, with the reason, when no shape of boxes
 * at least 2 x 2 tiles the size, or the one set does not. */
CDOK_API cdok_status cdok_gen_boxes(const cdok_gen_params *params,
				    int *rows, int *cols, cdok_error *err);

/* The largest size params makes in reasonable time, the cap a front end
 * holds a caller to unless the caller gives a deadline (cdok generate
 * --timeout): 25 for Killer Sudoku and Sudoku, 48 with hidden
 * operators, and for Calcudoku made to a level (params->level >= 0) 28
 * at Easy and Normal, 32 above; otherwise CDOK_MAX_SIZE.  Measured
 * figures: lib/generate/settings.c. */
CDOK_API int cdok_gen_max_size(const cdok_gen_params *params);

/* The level to make when the caller names none, sets no max_score or
 * target_score and asks for no number of hardening rounds: Basic for
 * Killer Sudoku and Sudoku up to 9 x 9 (Trivial at 4 x 4), -1 (every
 * level) for larger ones, Calcudoku and Nylimb.  Call it with params
 * set up for the kind and size (and params->level -1); pass what it
 * returns to cdok_gen_set_level. */
CDOK_API int cdok_gen_default_level(const cdok_gen_params *params);

/* Set params up to make puzzles of level (0-based; -1: every level),
 * after the kind, size, rules and scores are set.  With a level, refuses
 * (CDOK_ERR_INVALID and the reason) a level the scale does not have or
 * that does not occur at the size (cdok_gen_top_level), a Nylimb puzzle
 * and a max_score or target_score set too; otherwise sets
 * params->level.  Without one, the difficulty the scores bound is the
 * grade's (params->score = cdok_grade_score), except for Nylimb
 * puzzles, which keep the solver's.  Then the hardening rounds
 * (params->iterations): rounds when it is >= 0, else 10 with a level, 20
 * when max_score or target_score is set, else 0. */
CDOK_API cdok_status cdok_gen_set_level(cdok_gen_params *params, int level,
					int rounds, cdok_error *err);

/* The operator set text names (cdok generate --ops): "all", "mul",
 * "add", "addsub" (cdok_gen_ops_name lists them), or operator
 * characters "+-*" "/" such as "+*".  CDOK_OK with *ops set (CDOK_GEN_*
 * bits), CDOK_ERR_SYNTAX for text that is neither (NULL and "" too),
 * CDOK_ERR_INVALID for characters without + or * (a set must hold one
 * of them). */
CDOK_API cdok_status cdok_gen_ops_find(const char *text, unsigned *ops);

/* The i-th name cdok_gen_ops_find takes (from 0), NULL past the last. */
CDOK_API const char *cdok_gen_ops_name(int i);

/* The words for a difficulty on a scale (the grade's, cdok_grading's
 * difficulty or cdok_grade_score's): "30109 (Hard, score 109)", or the
 * number alone when the scale has no levels or the number is below
 * them.  Written into buf as snprintf does (cap bytes at most, always
 * terminated when cap > 0); returns the length of the whole text. */
CDOK_API size_t cdok_difficulty_describe(cdok_scale scale,
					 uint64_t difficulty, char *buf,
					 size_t cap);

/* The box of cell (0 .. size-1, boxes in reading order), or -1 when the
 * puzzle has no boxes or the cell is off the grid: the one geometry
 * (rows, columns and boxes numbered as the library numbers them). */
CDOK_API int cdok_puzzle_box_of(const cdok_puzzle *puzzle, int cell);

/* The cells whose values must differ from cell's by the grid alone:
 * those sharing its row, its column, its box and, under
 * CDOK_RULE_DIAGONALS, a diagonal (not cages), in increasing order,
 * into out, which has room for 4 * size cells.  Returns how many, or
 * -1 when the cell is off the grid. */
CDOK_API int cdok_puzzle_peers(const cdok_puzzle *puzzle, int cell,
			       int *out);

/* The sets of values cage can hold by its clue and the grid's rules
 * alone -- its cells' values apart where they share a row, column or
 * box, all different in a distinct cage, a given cell holding its given
 * -- found by the solver's own cage enumeration, whatever the other
 * cells hold.  Each set is the values of one fitting layout sorted
 * ascending, cdok_cage_size(cage) of them; *sets holds *nsets such sets
 * one after the other in increasing order, each once (NULL when there
 * are none; free with cdok_free).  *complete is 0 when the search
 * stopped at its bound (a large product cage on a large grid can have
 * millions of layouts) and sets may be missing.  CDOK_ERR_INVALID for
 * no such cage or a puzzle that breaks the model's rules,
 * CDOK_ERR_UNSUPPORTED under CDOK_RULE_NYLIMB. */
CDOK_API cdok_status cdok_cage_combinations(const cdok_puzzle *puzzle,
					    int cage, int **sets, int *nsets,
					    int *complete, cdok_error *err);

#ifdef __cplusplus
}
#endif

#endif /* CDOK_H */
