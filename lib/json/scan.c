/* scan.c -- which keys a JSON document has at its top level, without
 * building it: how the killer and json formats are told apart.
 *
 * Detection runs on every input whose format is guessed, so it must cost
 * little next to reading: a single pass over the first document that
 * checks its syntax (as jansson would judge it: RFC 8259 with jansson's
 * limits on nesting, integers, reals, \u0000 and surrogates) and notes
 * the keys of the object that matters, allocating nothing.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "json/json.h"

/* jansson's JSON_PARSER_MAX_DEPTH. */
#define MAX_DEPTH 2048

static int hex4(struct json_cursor *s, unsigned *v)
{
	*v = 0;
	for (int k = 0; k < 4; k++, s->i++) {
		char c = s->i < s->len ? s->t[s->i] : '\0';

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned)(c - 'A' + 10);
		else
			return 0;
	}
	return 1;
}

/* The length of the UTF-8 sequence starting at s->i, or 0 if it is not
 * a well-formed one (overlong forms, surrogates and values past
 * U+10FFFF included). */
static size_t utf8_len(const struct json_cursor *s)
{
	const unsigned char *u = (const unsigned char *)s->t + s->i;
	size_t left = s->len - s->i, n;
	unsigned c = u[0], min;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80, c &= 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800, c &= 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000, c &= 0x07;
	else
		return 0;
	if (left < n)
		return 0;
	for (size_t k = 1; k < n; k++) {
		if ((u[k] & 0xc0) != 0x80)
			return 0;
		c = (c << 6) | (u[k] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	return n;
}

/* A string from its opening quote.  Its decoded text, when it is short
 * and plain ASCII, goes to key (NUL-terminated; "" otherwise). */
static int scan_string(struct json_cursor *s, char *key, size_t cap)
{
	size_t n = 0;
	int fits = 1;

	s->i++;
	for (;;) {
		unsigned char c;
		unsigned cp;

		if (s->i >= s->len)
			return 0;
		c = (unsigned char)s->t[s->i];
		if (c == '"') {
			s->i++;
			break;
		}
		if (c < 0x20)
			return 0;
		if (c != '\\') {
			size_t l = utf8_len(s);

			if (!l)
				return 0;
			s->i += l;
			cp = l == 1 ? c : 0x80;
		} else {
			char e;

			s->i++;
			e = s->i < s->len ? s->t[s->i] : '\0';
			s->i++;
			switch (e) {
			case '"': case '\\': case '/':
				cp = (unsigned char)e;
				break;
			case 'b': case 'f': case 'n': case 'r': case 't':
				cp = 0x80;   /* never part of a key we look for */
				break;
			case 'u':
				if (!hex4(s, &cp) || cp == 0)
					return 0;
				if (cp >= 0xdc00 && cp <= 0xdfff)
					return 0;
				if (cp >= 0xd800 && cp <= 0xdbff) {
					unsigned lo;

					if (s->i + 1 >= s->len ||
					    s->t[s->i] != '\\' ||
					    s->t[s->i + 1] != 'u')
						return 0;
					s->i += 2;
					if (!hex4(s, &lo) || lo < 0xdc00 ||
					    lo > 0xdfff)
						return 0;
					cp = 0x80;
				}
				break;
			default:
				return 0;
			}
		}
		if (cp >= 0x80 || n + 1 >= cap)
			fits = 0;
		else if (fits)
			key[n++] = (char)cp;
	}
	key[fits ? n : 0] = '\0';
	return 1;
}

static int digits(struct json_cursor *s)
{
	size_t from = s->i;

	while (s->i < s->len && s->t[s->i] >= '0' && s->t[s->i] <= '9')
		s->i++;
	return s->i > from;
}

/* A number, with jansson's limits: an integer must fit 64 bits, a real
 * must not overflow. */
static int scan_number(struct json_cursor *s)
{
	size_t from = s->i;
	int real = 0;
	char buf[512];

	if (s->t[s->i] == '-')
		s->i++;
	if (s->i < s->len && s->t[s->i] == '0')
		s->i++;
	else if (!digits(s))
		return 0;
	if (s->i < s->len && s->t[s->i] == '.') {
		s->i++;
		real = 1;
		if (!digits(s))
			return 0;
	}
	if (s->i < s->len && (s->t[s->i] == 'e' || s->t[s->i] == 'E')) {
		s->i++;
		real = 1;
		if (s->i < s->len && (s->t[s->i] == '+' || s->t[s->i] == '-'))
			s->i++;
		if (!digits(s))
			return 0;
	}
	/* Puzzles are mostly small integers: of up to 18 digits, none
	 * can pass 64 bits. */
	if (!real && s->i - from <= 18)
		return 1;
	if (s->i - from >= sizeof(buf))
		return 1;   /* beyond any limit worth checking here */
	memcpy(buf, s->t + from, s->i - from);
	buf[s->i - from] = '\0';
	errno = 0;
	if (real) {
		double d = strtod(buf, NULL);

		return !(errno == ERANGE && (d > 1 || d < -1));
	}
	(void)strtoll(buf, NULL, 10);
	return errno != ERANGE;
}

static int scan_word(struct json_cursor *s, const char *w)
{
	size_t n = strlen(w);

	if (s->len - s->i < n || memcmp(s->t + s->i, w, n))
		return 0;
	s->i += n;
	return 1;
}

int cdki_json_scan_keys(const char *text, size_t len)
{
	/* The open containers, innermost last: '{' or '['. */
	char stack[MAX_DEPTH];
	struct json_cursor s = { text, len, 0 };
	int depth = 0, keys = 0, verdict = -1;
	/* Whether the object whose keys count is open, and at what depth;
	 * and whether the next value is the top array's first element. */
	int target = 0, first_element = 0;

	json_skip_ws(&s);
	for (;;) {
		char c, key[8];

		/* A value. */
		json_skip_ws(&s);
		if (s.i >= s.len)
			return -1;
		c = s.t[s.i];
		if (c == '{' || c == '[') {
			if (depth == MAX_DEPTH)
				return -1;
			if (c == '{' && (depth == 0 || first_element)) {
				target = depth + 1;
				verdict = 0;
			}
			first_element = depth == 0 && c == '[';
			stack[depth++] = c;
			s.i++;
			json_skip_ws(&s);
			if (s.i < s.len && s.t[s.i] == (c == '{' ? '}' : ']')) {
				s.i++;
				if (depth == target)
					target = -1;
				depth--;
				first_element = 0;
				goto after_value;
			}
			if (c == '[')
				continue;
			/* The first key of an object. */
			goto key;
		}
		first_element = 0;
		if (c == '"') {
			if (!scan_string(&s, key, sizeof(key)))
				return -1;
		} else if (c == '-' || (c >= '0' && c <= '9')) {
			if (!scan_number(&s))
				return -1;
		} else if (!scan_word(&s, "true") && !scan_word(&s, "false") &&
			   !scan_word(&s, "null")) {
			return -1;
		}
after_value:
		/* What follows a value: the end of the document, or a comma
		 * or the close of its container. */
		for (;;) {
			if (depth == 0)
				return verdict < 0 ? -1 : keys;
			json_skip_ws(&s);
			if (s.i >= s.len)
				return -1;
			c = s.t[s.i++];
			if (c == ',')
				break;
			if (c != (stack[depth - 1] == '{' ? '}' : ']'))
				return -1;
			/* Only the first object's keys count. */
			if (depth == target)
				target = -1;
			depth--;
		}
		if (stack[depth - 1] == '[')
			continue;
key:
		json_skip_ws(&s);
		if (s.i >= s.len || s.t[s.i] != '"' ||
		    !scan_string(&s, key, sizeof(key)))
			return -1;
		if (depth == target) {
			if (!strcmp(key, "board"))
				keys |= CDOK_JSON_HAS_BOARD;
			else if (!strcmp(key, "cages"))
				keys |= CDOK_JSON_HAS_CAGES;
			else if (!strcmp(key, "format"))
				keys |= CDOK_JSON_HAS_FORMAT;
		}
		json_skip_ws(&s);
		if (s.i >= s.len || s.t[s.i] != ':')
			return -1;
		s.i++;
	}
}
