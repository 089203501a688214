/* json_stream.c -- a text as a stream of JSON documents, for both JSON
 * formats: documents one after another (white space between them), any
 * of them an array of puzzles, each puzzle's value handed to a format's
 * function; and the tell between a syntax error and memory that ran out,
 * which jansson reports alike.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "json/json.h"

/* Reader state between calls: the array being walked through, if the
 * last document was one. */
struct json_state {
	json_t *array;
	size_t next;
	int line;          /* where the array starts, for errors */
	int column;
};

static void json_state_free(void *p)
{
	struct json_state *s = p;

	json_decref(s->array);
	free(s);
}

/* ---- A syntax error, or memory that ran out? ----
 *
 * jansson reports an allocation that fails while it parses as a syntax
 * error, most often with no text at all.  So when it reports one, the
 * text is held against JSON's grammar here, which allocates nothing: a
 * document the grammar accepts failed for want of memory.  The grammar
 * is jansson's (a top-level object or array, no control character in a
 * string, surrogates in pairs); errors jansson gives a code of their
 * own (bad UTF-8, a number too large, a duplicate key, nesting too
 * deep) never come here. */

struct grammar {
	const char *s;
	size_t len, i;
};

static bool g_at(const struct grammar *g, char c)
{
	return g->i < g->len && g->s[g->i] == c;
}

static void g_space(struct grammar *g)
{
	while (g->i < g->len && (g->s[g->i] == ' ' || g->s[g->i] == '\t' ||
				 g->s[g->i] == '\n' || g->s[g->i] == '\r'))
		g->i++;
}

static bool g_digits(struct grammar *g)
{
	size_t start = g->i;

	while (g->i < g->len && cdki_text_is_digit(g->s[g->i]))
		g->i++;
	return g->i > start;
}

static bool g_number(struct grammar *g)
{
	if (g_at(g, '-'))
		g->i++;
	if (g_at(g, '0'))
		g->i++;
	else if (!g_digits(g))
		return false;
	if (g_at(g, '.')) {
		g->i++;
		if (!g_digits(g))
			return false;
	}
	if (g_at(g, 'e') || g_at(g, 'E')) {
		g->i++;
		if (g_at(g, '+') || g_at(g, '-'))
			g->i++;
		if (!g_digits(g))
			return false;
	}
	return true;
}

/* Four hex digits after "\u", as a number; -1 if they are not. */
static long g_hex4(struct grammar *g)
{
	long v = 0;

	for (int k = 0; k < 4; k++, g->i++) {
		char c = g->i < g->len ? g->s[g->i] : '\0';

		if (cdki_text_is_digit(c))
			v = v * 16 + (c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			v = v * 16 + (c - 'A' + 10);
		else
			return -1;
	}
	return v;
}

static bool g_string(struct grammar *g)
{
	if (!g_at(g, '"'))
		return false;
	for (g->i++; g->i < g->len; g->i++) {
		unsigned char c = (unsigned char)g->s[g->i];
		long u;

		if (c == '"') {
			g->i++;
			return true;
		}
		if (c < 0x20)
			return false;
		if (c != '\\')
			continue;
		if (++g->i >= g->len)
			return false;
		if (g->s[g->i] && strchr("\"\\/bfnrt", g->s[g->i]))
			continue;
		if (g->s[g->i] != 'u')
			return false;
		g->i++;
		u = g_hex4(g);
		if (u < 0 || (u >= 0xDC00 && u <= 0xDFFF))
			return false;
		if (u >= 0xD800 && u <= 0xDBFF) {
			if (!g_at(g, '\\') || g->i + 1 >= g->len ||
			    g->s[g->i + 1] != 'u')
				return false;
			g->i += 2;
			u = g_hex4(g);
			if (u < 0xDC00 || u > 0xDFFF)
				return false;
		}
		g->i--;
	}
	return false;
}

static bool g_word(struct grammar *g, const char *w)
{
	size_t n = strlen(w);

	if (g->len - g->i < n || memcmp(g->s + g->i, w, n))
		return false;
	g->i += n;
	return true;
}

/* One value, nested at most depth levels more. */
static bool g_value(struct grammar *g, int depth)
{
	bool object;

	if (g_at(g, '"'))
		return g_string(g);
	if (g_at(g, 't'))
		return g_word(g, "true");
	if (g_at(g, 'f'))
		return g_word(g, "false");
	if (g_at(g, 'n'))
		return g_word(g, "null");
	if (!g_at(g, '{') && !g_at(g, '['))
		return g_number(g);
	if (depth == 0)
		return false;
	object = g_at(g, '{');
	g->i++;
	g_space(g);
	if (g_at(g, object ? '}' : ']')) {
		g->i++;
		return true;
	}
	for (;;) {
		if (object) {
			if (!g_string(g))
				return false;
			g_space(g);
			if (!g_at(g, ':'))
				return false;
			g->i++;
			g_space(g);
		}
		if (!g_value(g, depth - 1))
			return false;
		g_space(g);
		if (g_at(g, object ? '}' : ']')) {
			g->i++;
			return true;
		}
		if (!g_at(g, ','))
			return false;
		g->i++;
		g_space(g);
	}
}

/* Whether text holds one JSON object or array, as jansson would read
 * it with JSON_DISABLE_EOF_CHECK (anything may follow it). */
static bool json_grammar_accepts(const char *text, size_t len)
{
	struct grammar g = { text, len, 0 };

	g_space(&g);
	if (!g_at(&g, '{') && !g_at(&g, '['))
		return false;
	return g_value(&g, JSON_PARSER_MAX_DEPTH);
}

/* Whether jansson's failure to parse text was for want of memory. */
static bool parse_ran_out(const json_error_t *jerr, const char *text,
			  size_t len)
{
	switch (json_error_code(jerr)) {
	case json_error_out_of_memory:
		return true;
	case json_error_unknown:
	case json_error_invalid_syntax:
	case json_error_premature_end_of_input:
	case json_error_end_of_input_expected:
		return json_grammar_accepts(text, len);
	default:
		return false;
	}
}

/* Line and column of byte offset off, counting from the reader's
 * current position. */
static void locate(const struct cdok_reader *r, size_t off, int *line,
		   int *col)
{
	int ln = r->line;
	size_t ls = r->line_start;

	for (size_t i = r->pos; i < off && i < r->len; i++)
		if (r->text[i] == '\n') {
			ln++;
			ls = i + 1;
		}
	*line = ln;
	*col = (int)(off - ls) + 1;
}

/* Move the reader to byte offset off. */
static void advance(struct cdok_reader *r, size_t off)
{
	for (size_t i = r->pos; i < off; i++)
		if (r->text[i] == '\n') {
			r->line++;
			r->line_start = i + 1;
		}
	r->pos = off;
}

static cdok_status next_in_array(struct json_state *s,
				 cdok_json_object_fn fn, cdok_puzzle **out,
				 cdok_error *err)
{
	struct cdok_json_doc d;

	d.line = s->line;
	d.column = s->column;
	snprintf(d.where, sizeof(d.where), "puzzle %zu of the array: ",
		 s->next + 1);
	return fn(&d, json_array_get(s->array, s->next++), out, err);
}

cdok_status cdki_json_read_stream(struct cdok_reader *r,
				  cdok_json_object_fn fn,
				  cdok_json_direct_fn direct, cdok_puzzle **out,
				  cdok_error *err)
{
	struct json_state *s = r->state;
	json_error_t jerr;
	json_t *doc;
	struct cdok_json_doc d;
	size_t i;
	cdok_status st;

	if (s && s->array) {
		if (s->next < json_array_size(s->array))
			return next_in_array(s, fn, out, err);
		json_decref(s->array);
		s->array = NULL;
	}
	for (;;) {
		i = r->pos;
		while (i < r->len && (cdki_text_is_blank(r->text[i]) ||
				      r->text[i] == '\n' || r->text[i] == '\r'))
			i++;
		advance(r, i);
		if (i >= r->len) {
			if (r->index > 0)
				return CDOK_END;
			return cdki_fail(err, CDOK_ERR_SYNTAX, r->line,
					 (int)(i - r->line_start) + 1,
					 r->len == 0 ? "no JSON document "
					 "found: the input is empty" :
					 "no JSON document found: the input "
					 "holds only white space");
		}
		if (direct) {
			size_t used;

			if (direct(r->text + i, r->len - i, &used, out)) {
				advance(r, i + used);
				return CDOK_OK;
			}
		}
		d.line = r->line;
		d.column = (int)(i - r->line_start) + 1;
		d.where[0] = '\0';
		/* jansson leaves the error's code unset when it fails
		 * early: 0 is json_error_unknown. */
		memset(&jerr, 0, sizeof(jerr));
		doc = json_loadb(r->text + i, r->len - i,
				 JSON_DISABLE_EOF_CHECK |
				 JSON_REJECT_DUPLICATES, &jerr);
		if (!doc) {
			int line, col;
			size_t at = i + (jerr.position > 0 ?
					 (size_t)jerr.position - 1 : 0);

			if (parse_ran_out(&jerr, r->text + i, r->len - i))
				return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
						 "out of memory");

			/* jansson reports the position just past the
			 * token it stumbled on. */
			locate(r, at < r->len ? at : r->len, &line, &col);
			return cdki_fail(err, CDOK_ERR_SYNTAX, line, col,
					 "JSON: %s", jerr.text);
		}
		advance(r, i + (size_t)jerr.position);
		if (!json_is_array(doc)) {
			st = fn(&d, doc, out, err);
			json_decref(doc);
			return st;
		}
		if (json_array_size(doc) == 0) {
			/* An empty array is a stream of no puzzles. */
			json_decref(doc);
			continue;
		}
		if (!s) {
			s = cdok_calloc(1, sizeof(*s));
			if (!s) {
				json_decref(doc);
				return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
						 "out of memory");
			}
			r->state = s;
			r->free_state = json_state_free;
		}
		s->array = doc;
		s->next = 0;
		s->line = d.line;
		s->column = d.column;
		return next_in_array(s, fn, out, err);
	}
}

