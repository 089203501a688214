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
};

/* Rule flags.  The model carries them so that later variants (Killer
 * boxes, cages whose values must differ, Nylimb digit rules) arrive as a
 * flag plus the reasoning that honours it, not as a new model.  None is
 * defined yet: a plain Calcudoku has rules == 0. */
struct cdok_puzzle {
	int size;
	unsigned rules;
	int *given;        /* size*size, 0 = none */
	int *cage_of;      /* size*size, -1 = none */
	struct cdok_cage *cages;
	int ncages;
	int cage_cap;
};

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
};

typedef cdok_status (*cdok_read_fn)(struct cdok_reader *reader,
				    cdok_puzzle **out, cdok_error *err);
typedef cdok_status (*cdok_write_fn)(struct strbuf *sb,
				     const cdok_puzzle *puzzle,
				     const int *values, cdok_error *err);

struct cdok_format {
	const char *name;
	const char *summary;
	cdok_read_fn read;    /* NULL: cannot read */
	cdok_write_fn write;  /* NULL: cannot write */
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

/* ---- model helpers ---- */

/* Grow the cage array so one more cage fits. */
cdok_status cdok_puzzle_reserve_cage(cdok_puzzle *puzzle);

#endif /* CDOK_INTERNAL_H */
