/* json.h -- what the two JSON formats of libcdok-json share: cdok's own
 * documents (json.c, json_stream.c, json_write.c) and Barium's Killer
 * Sudoku schema (killer.c) are both read as a stream of JSON documents,
 * and their table rows (formats.c) are built on the core's format
 * structures (format.h).
 *
 * libcdok-json is an optional library: the core (libcdok) needs nothing
 * but libc, and everything that needs jansson is here.
 */
#ifndef CDOK_JSON_H
#define CDOK_JSON_H

#include "format/format.h"

/* The schema's versions.  A reader accepts documents of this version or
 * older; a newer one may mean something this code does not know.  The
 * result document is at 2: "difficulty" is only the grade's, and the
 * solver's own number is "search_score" (version 1 put either under
 * "difficulty"). */
#define JSON_VERSION 1
#define RESULT_VERSION 2

#define PUZZLE_FORMAT "cdok-puzzle"
#define RESULT_FORMAT "cdok-result"

/* The functions of the two formats (format.h's types say what each
 * does); cdki_json_finish ends a stream of either (one shape). */
cdok_read_fn cdki_json_read, cdki_killer_read;
cdok_write_fn cdki_json_write, cdki_killer_write;
cdok_put_fn cdki_json_put, cdki_killer_put;
cdok_finish_fn cdki_json_finish;
cdok_detect_fn cdki_json_detect, cdki_killer_detect;
cdok_fit_fn cdki_killer_fit;

/* ---- JSON documents shared by the json and killer formats ----
 *
 * json_stream.c reads a stream of JSON documents (any of them an array of
 * puzzles) and hands each puzzle's value to a format's function.
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

/* A reader of one document of a plain shape straight from its text,
 * tried before jansson: true with *out and *used (the bytes it took)
 * for a document it reads whole into a valid puzzle; false, having made
 * nothing, for anything else, which fn then reads or explains. */
typedef bool (*cdok_json_direct_fn)(const char *text, size_t len,
				    size_t *used, cdok_puzzle **out);

/* The next puzzle of the reader's text, built by fn (or by direct, when
 * not NULL and it can). */
cdok_status cdki_json_read_stream(struct cdok_reader *reader,
				  cdok_json_object_fn fn,
				  cdok_json_direct_fn direct,
				  cdok_puzzle **out, cdok_error *err);

/* Barium's Killer documents of the usual shape (killer_direct.c). */
bool cdki_killer_direct(const char *text, size_t len, size_t *used,
			cdok_puzzle **out);

/* "an object", "an integer", ... for messages. */
const char *cdki_json_type_name(const struct json_t *value);

/* Whether value is an integer in lo..hi, into *out.  A puzzle holds
 * hundreds of numbers, so the path that names one in a message ("board
 * [3][4]") is made only when it is wrong, for cdki_json_bad_int, which
 * says what is wrong with it (d->where first, at d's position). */
bool cdki_json_int_in(const struct json_t *value, int64_t lo, int64_t hi,
		      int64_t *out);
cdok_status cdki_json_bad_int(const struct cdok_json_doc *d,
			      const struct json_t *value, const char *path,
			      int64_t lo, int64_t hi, cdok_error *err);

/* ---- telling the two apart without parsing (scan.c) ---- */

/* Which keys the first JSON document of a text has at its top level
 * (for an array, in its first element), found by a scan that checks
 * the document's syntax but builds nothing. */
#define CDOK_JSON_HAS_BOARD  0x1u
#define CDOK_JSON_HAS_CAGES  0x2u
#define CDOK_JSON_HAS_FORMAT 0x4u

/* The CDOK_JSON_HAS_* keys of the first document's object, or -1 when
 * the first document is not well-formed JSON (or is too deep to scan),
 * or is not an object (or an array whose first element is one). */
int cdki_json_scan_keys(const char *text, size_t len);

/* Fail with status st and a message at the document's current place
 * (d->line, d->column, d->where in front). */
cdok_status cdki_json_doc_fail(const struct cdok_json_doc *d, cdok_error *err,
			       cdok_status st, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* A reading position in JSON text, for the scanners that go through it
 * without jansson (scan.c, killer_direct.c). */
struct json_cursor {
	const char *t;
	size_t len;
	size_t i;
};

/* Step over JSON's white space. */
static inline void json_skip_ws(struct json_cursor *c)
{
	const char *t = c->t;
	size_t i = c->i, len = c->len;

	/* In locals: a char read could alias the cursor.  Most calls
	 * meet a token at once, which one comparison tells. */
	while (i < len && (unsigned char)t[i] <= ' ' &&
	       (t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r'))
		i++;
	c->i = i;
}

#endif /* CDOK_JSON_H */
