/* internal.h -- what the library's modules share and the public API hides.
 *
 * The puzzle model lives here as a plain struct.  Formats, the solver and
 * the checker read it directly; everything outside lib/ goes through
 * include/cdok.h.
 */
#ifndef CDOK_INTERNAL_H
#define CDOK_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cdok.h"

/* Longest cage label a reader accepts.  52 single letters cover the
 * original format; labels of a few letters cover any grid we support. */
#define CDOK_LABEL_MAX 15

/* Largest text a reader accepts in one go (bytes).  A 63 x 63 spec with
 * long clues is far below this. */
#define CDOK_TEXT_MAX (64u << 20)

struct cdok_cage {
	cdok_op op;
	int64_t target;
	int ncells;
	int *cells;                      /* reading order */
	char label[CDOK_LABEL_MAX + 1];  /* "" when none */
	bool distinct;                   /* values must all differ */
};

/* Variants arrive as data on the one model plus the reasoning that
 * honours it, not as a new model: Killer boxes are box_rows x box_cols
 * (0 = none) and a cage's distinct flag; rules holds flags such as
 * CDOK_RULE_NYLIMB (values 0..99 under a digit rule, solved by
 * solver_nylimb.c).  A plain Calcudoku has no boxes, no distinct
 * cages and rules == 0.  The box of cell (r, c) is
 * (r / box_rows) * (size / box_cols) + c / box_cols. */
struct cdok_puzzle {
	int size;
	unsigned rules;
	int box_rows, box_cols;  /* 0: no boxes */
	int *given;        /* size*size, CDOK_NONE = none (0 is a Nylimb
			    * value) */
	int *cage_of;      /* size*size, -1 = none */
	struct cdok_cage *cages;
	int ncages;
	int cage_cap;
};

/* Nylimb mode (RULES.md): values 0..99, lines of at most 10 cells. */
#define CDOK_NYLIMB_MAX 99
#define CDOK_NYLIMB_MAX_SIZE 10

static inline bool cdok_is_nylimb(const cdok_puzzle *p)
{
	return (p->rules & CDOK_RULE_NYLIMB) != 0;
}

/* Whether a cell has a given (given[] holds CDOK_NONE where not). */
static inline bool cdok_has_given(const cdok_puzzle *p, int cell)
{
	return p->given[cell] != CDOK_NONE;
}

/* Whether an entry of a caller's value grid is a value rather than "no
 * value": CDOK_NONE always means none, and so does 0 in a plain puzzle
 * (where 0 is never a value). */
static inline bool cdok_is_value(const cdok_puzzle *p, int v)
{
	return cdok_is_nylimb(p) ? v >= 0 : v > 0;
}

/* The orthogonal neighbours of cell in an n x n grid, into out (up to
 * four, in the order up, down, left, right); returns how many. */
int cdok_grid_neighbours(int n, int cell, int out[4]);

/* Whether an n x n grid of values keeps the Nylimb rule: every value in
 * 0..99, and no row or column with a digit twice (11 uses its digit
 * twice) or more than one two-digit number (check.c). */
bool cdok_nylimb_grid_ok(const int *values, int n);

/* ---- errors ---- */

/* Fill err (if not NULL) and return status.  line/column 0 = no
 * position. */
cdok_status cdok_fail(cdok_error *err, cdok_status status, int line,
		      int column, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

/* ---- growable strings for writers ---- */

struct strbuf {
	char *data;
	size_t len;
	size_t cap;
	bool failed;   /* an allocation failed; contents are unusable */
};

void sb_init(struct strbuf *sb);
void sb_free(struct strbuf *sb);
void sb_putc(struct strbuf *sb, char c);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putn(struct strbuf *sb, const char *s, size_t n);
void sb_repeat(struct strbuf *sb, const char *s, int count);
void sb_printf(struct strbuf *sb, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* ---- formats ---- */

struct cdok_reader {
	const struct cdok_format *format;
	const char *text;
	size_t len;
	size_t pos;      /* next byte to read */
	int line;        /* 1-based line of text[pos] */
	size_t line_start; /* offset of the first byte of that line */
	bool finished;
	int index;       /* puzzles read so far */
	unsigned rules;  /* cdok_reader_set_rules: applied to every puzzle */
	/* A format's own state between puzzles (JSON keeps the array it
	 * is walking through), released with free_state. */
	void *state;
	void (*free_state)(void *state);
};

/* The stream state every writer has; formats read and update it. */
struct cdok_writer {
	const struct cdok_format *format;
	unsigned flags;      /* CDOK_WRITER_* */
	int index;           /* puzzles put or skipped so far */
	int puzzles;         /* puzzles written in puzzle form */
	int answers;         /* puzzles written with values */
	int items;           /* pieces of output written (put calls) */
	bool finished;
};

typedef cdok_status (*cdok_read_fn)(struct cdok_reader *reader,
				    cdok_puzzle **out, cdok_error *err);
typedef cdok_status (*cdok_write_fn)(struct strbuf *sb,
				     const cdok_puzzle *puzzle,
				     const int *values, cdok_error *err);
/* The next puzzle of a stream; w->index is the number of puzzles before
 * it and is advanced by the caller, not by the format. */
typedef cdok_status (*cdok_put_fn)(struct cdok_writer *w, struct strbuf *sb,
				   const cdok_puzzle *puzzle,
				   const int *values, cdok_error *err);
/* The end of a stream. */
typedef cdok_status (*cdok_finish_fn)(struct cdok_writer *w,
				      struct strbuf *sb, cdok_error *err);
/* How sure the format is that a text is written in it. */
enum cdok_likeness {
	CDOK_UNLIKE = 0,   /* it is not */
	CDOK_FALLBACK,     /* it may be, if nothing else claims it */
	CDOK_LIKELY        /* its opening has this format's shape */
};
typedef enum cdok_likeness (*cdok_detect_fn)(const char *text, size_t len);

/* A row of the format table (format.c).  A format needs read and/or
 * write.  put and finish are for formats with stream state (numbering,
 * a trailer, a surrounding array); without put, a stream is the write
 * of each puzzle with a blank line between them. */
struct cdok_format {
	const char *name;
	const char *summary;
	cdok_read_fn read;      /* NULL: cannot read */
	cdok_write_fn write;    /* NULL: cannot write */
	cdok_put_fn put;        /* NULL: see above */
	cdok_finish_fn finish;  /* NULL: no trailer */
	cdok_detect_fn detect;  /* NULL: never detected */
};

/* Readers and writers of each format module (one file each). */
cdok_status cdok_spec_read(struct cdok_reader *reader, cdok_puzzle **out,
			   cdok_error *err);
cdok_status cdok_spec_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err);
cdok_status cdok_draw_ascii(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err);
cdok_status cdok_draw_utf8(struct strbuf *sb, const cdok_puzzle *puzzle,
			   const int *values, cdok_error *err);
enum cdok_likeness cdok_spec_detect(const char *text, size_t len);

cdok_status cdok_ucf_read(struct cdok_reader *reader, cdok_puzzle **out,
			  cdok_error *err);
cdok_status cdok_ucf_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			   const int *values, cdok_error *err);
cdok_status cdok_ucf_put(struct cdok_writer *w, struct strbuf *sb,
			 const cdok_puzzle *puzzle, const int *values,
			 cdok_error *err);
cdok_status cdok_ucf_finish(struct cdok_writer *w, struct strbuf *sb,
			    cdok_error *err);
enum cdok_likeness cdok_ucf_detect(const char *text, size_t len);

cdok_status cdok_calpoly_read(struct cdok_reader *reader, cdok_puzzle **out,
			      cdok_error *err);
cdok_status cdok_calpoly_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			       const int *values, cdok_error *err);
enum cdok_likeness cdok_calpoly_detect(const char *text, size_t len);

cdok_status cdok_keen_read(struct cdok_reader *reader, cdok_puzzle **out,
			   cdok_error *err);
cdok_status cdok_keen_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err);
cdok_status cdok_keen_put(struct cdok_writer *w, struct strbuf *sb,
			  const cdok_puzzle *puzzle, const int *values,
			  cdok_error *err);
enum cdok_likeness cdok_keen_detect(const char *text, size_t len);

cdok_status cdok_json_read(struct cdok_reader *reader, cdok_puzzle **out,
			   cdok_error *err);
cdok_status cdok_json_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err);
cdok_status cdok_json_put(struct cdok_writer *w, struct strbuf *sb,
			  const cdok_puzzle *puzzle, const int *values,
			  cdok_error *err);
cdok_status cdok_json_finish(struct cdok_writer *w, struct strbuf *sb,
			     cdok_error *err);
enum cdok_likeness cdok_json_detect(const char *text, size_t len);

cdok_status cdok_killer_read(struct cdok_reader *reader, cdok_puzzle **out,
			     cdok_error *err);
cdok_status cdok_killer_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			      const int *values, cdok_error *err);
cdok_status cdok_killer_put(struct cdok_writer *w, struct strbuf *sb,
			    const cdok_puzzle *puzzle, const int *values,
			    cdok_error *err);
cdok_status cdok_killer_finish(struct cdok_writer *w, struct strbuf *sb,
			       cdok_error *err);
enum cdok_likeness cdok_killer_detect(const char *text, size_t len);

cdok_status cdok_solo_read(struct cdok_reader *reader, cdok_puzzle **out,
			   cdok_error *err);
cdok_status cdok_solo_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err);
cdok_status cdok_solo_put(struct cdok_writer *w, struct strbuf *sb,
			  const cdok_puzzle *puzzle, const int *values,
			  cdok_error *err);
enum cdok_likeness cdok_solo_detect(const char *text, size_t len);

/* ---- JSON documents shared by the json and killer formats ----
 *
 * format_json.c reads a stream of JSON documents (any of them an array
 * of puzzles) and hands each puzzle's value to a format's function.
 * jansson's json_t is struct json_t, so this header need not include
 * jansson's. */
struct json_t;

/* Where an error inside a document is reported: at the document's
 * start (jansson keeps no positions for values), with a path to the
 * value in the message. */
struct cdok_json_doc {
	int line;
	int column;
	char where[64];    /* "" or "puzzle 3 of the array: " */
};

typedef cdok_status (*cdok_json_object_fn)(const struct cdok_json_doc *doc,
					   const struct json_t *value,
					   cdok_puzzle **out,
					   cdok_error *err);

/* The next puzzle of the reader's text, built by fn. */
cdok_status cdok_json_read_stream(struct cdok_reader *reader,
				  cdok_json_object_fn fn, cdok_puzzle **out,
				  cdok_error *err);

/* "an object", "an integer", ... for messages. */
const char *cdok_json_type_name(const struct json_t *value);

/* ---- text scanning for readers (text.c) ---- */

/* One line of a text: bytes [start, end) are its content (a CR before
 * the LF belongs to the line break), next is where the following line
 * starts (len at the end of the text). */
struct text_line {
	size_t start;
	size_t end;
	size_t next;
};

void text_line_at(const char *text, size_t len, size_t pos,
		  struct text_line *line);

/* For formats of one game ID per line (keen, solo): skip blank lines
 * from *pos (counting *line) to the next line with text, stored in l.
 * Returns CDOK_OK, CDOK_END after the last ID, or an error when the
 * text holds no ID at all. */
cdok_status text_next_id_line(const struct cdok_reader *r, size_t *pos,
			      int *line, struct text_line *l,
			      cdok_error *err);
bool text_is_blank(char c);   /* space or tab */
bool text_is_digit(char c);
bool text_is_letter(char c);  /* A-Z a-z */
bool text_span_blank(const char *text, size_t start, size_t end);
/* Skip spaces and tabs from pos, up to end. */
size_t text_skip_blanks(const char *text, size_t pos, size_t end);
/* Report a byte that has no place in a format: printable characters are
 * quoted, others shown as a number so a terminal is not garbled. */
cdok_status text_bad_byte(cdok_error *err, int line, int column,
			  unsigned char c, const char *where);
/* Read the decimal number at text[*pos] (a digit) up to end into *value;
 * fails with CDOK_ERR_LIMIT past max.  *pos moves past the digits. */
cdok_status text_number(const char *text, size_t *pos, size_t end,
			int64_t max, int64_t *value, int line,
			size_t line_start, const char *what,
			cdok_error *err);

/* ---- shared by writers ---- */

/* "cage J (+12 at row 1, column 1)" or, for a cage without a label, "the
 * +12 cage at row 1, column 1": how messages name a cage so that a user
 * can find it in any format. */
void cdok_cage_name(const cdok_puzzle *puzzle, int cage, char *buf,
		    size_t len);

/* True if the cage's cells are orthogonally connected. */
bool cdok_cage_connected(const cdok_puzzle *puzzle, int cage);

/* Refuse, with CDOK_ERR_UNSUPPORTED and the reason, a puzzle with rules
 * beyond plain Calcudoku (Nylimb mode, Killer boxes, or a cage of two
 * or more cells whose values must differ) for a format that cannot say
 * so; what names the format ("a
 * Keen game ID").  CDOK_OK for a puzzle without them. */
cdok_status cdok_refuse_variant_rules(const cdok_puzzle *puzzle,
				     const char *what, cdok_error *err);

/* ---- labels ---- */

/* The index-th label in cdok's label order: A..Z, a..z (the original's
 * 52), then AA..zz and so on.  Writers use it for cages that have no
 * label of their own (and must skip labels other cages already use).
 * buf must hold CDOK_LABEL_MAX + 1 bytes. */
void cdok_label_for_index(int index, char *buf);

/* ---- cage arithmetic ---- */

/* True if the n values (all of them filled) meet the cage's clue.  The
 * one definition of the arithmetic rules (doc/RULES): the checker uses
 * it, and the solver uses it to confirm every solution it reports. */
bool cdok_cage_holds(cdok_op op, int64_t target, const int *values, int n);

/* ---- solver internals for the generator ---- */

/* Run the solver's reasoning once, without any search, and store every
 * cell's remaining candidates in domains (size*size words, bit v = value
 * v).  Returns 1 if reasoning alone decides every cell, 0 if some cells
 * stay open, -1 on a contradiction or when memory runs out. */
int cdok_root_domains(const cdok_puzzle *puzzle, uint64_t *domains);

/* ---- the edge walk of Keen and Solo IDs (edgewalk.c) ---- */

/* The two cells on each side of inner edge e of a w x w grid, in the
 * walk's order. */
void cdok_edge_cells(int w, int e, int *a, int *b);

/* Union-find over cells; each class is named by its lowest cell. */
int cdok_uf_find(int *parent, int i);
void cdok_uf_unite(int *parent, int a, int b);

/* ---- model helpers ---- */

/* Grow the cage array so one more cage fits. */
cdok_status cdok_puzzle_reserve_cage(cdok_puzzle *puzzle);

/* ---- solving ---- */

/* cdok_solve for a Nylimb puzzle (solver_nylimb.c): the same contract;
 * p is valid and params is not NULL. */
cdok_status cdok_solve_nylimb(const cdok_puzzle *p,
			      const cdok_solve_params *params, int *solution,
			      cdok_result *res, cdok_error *err);

/* ---- generation ---- */

/* cdok_generate for par->killer (generate_killer.c): same contract. */
cdok_status cdok_generate_killer(const cdok_gen_params *par,
				 const int *solution, cdok_rng *rng,
				 cdok_puzzle **out, uint64_t *score,
				 cdok_error *err);

#endif /* CDOK_INTERNAL_H */
