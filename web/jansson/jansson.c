/* jansson.c -- the JSON values, loader and dumper behind web/jansson/
 * jansson.h: what libcdok-json needs of jansson, for the WebAssembly
 * build (doc/WEB.md, "JSON puzzles").
 *
 * The loader reads RFC 8259 JSON as jansson does with the flags lib/json
 * passes: the document must be an object or an array (JSON_DECODE_ANY
 * lifts that), JSON_DISABLE_EOF_CHECK stops after it (error->position
 * is then the bytes it used), JSON_REJECT_DUPLICATES refuses a key given
 * twice; nesting is limited to JSON_PARSER_MAX_DEPTH, integers to
 * json_int_t, strings must be UTF-8 without \u0000.  On failure
 * error->position is just past the token at fault, as jansson has it.
 * Objects keep their members in the order they were set, as jansson
 * 2.14 does.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jansson.h"

struct member {
	char *key;
	json_t *value;
};

struct object {
	json_t json;
	struct member *members;
	size_t n, cap;
};

struct array {
	json_t json;
	json_t **items;
	size_t n, cap;
};

struct string {
	json_t json;
	char *value;
};

struct integer {
	json_t json;
	json_int_t value;
};

struct real {
	json_t json;
	double value;
};

/* ---- values ---- */

static void *value_new(size_t size, json_type type)
{
	json_t *j = calloc(1, size);

	if (j) {
		j->type = type;
		j->refcount = 1;
	}
	return j;
}

json_t *json_object(void)
{
	return value_new(sizeof(struct object), JSON_OBJECT);
}

json_t *json_array(void)
{
	return value_new(sizeof(struct array), JSON_ARRAY);
}

static json_t *string_take(char *value)
{
	struct string *s;

	if (!value)
		return NULL;
	s = value_new(sizeof(*s), JSON_STRING);
	if (!s) {
		free(value);
		return NULL;
	}
	s->value = value;
	return &s->json;
}

json_t *json_string(const char *value)
{
	return value ? string_take(strdup(value)) : NULL;
}

json_t *json_integer(json_int_t value)
{
	struct integer *i = value_new(sizeof(*i), JSON_INTEGER);

	if (i)
		i->value = value;
	return i ? &i->json : NULL;
}

json_t *json_real(double value)
{
	struct real *r;

	if (isnan(value) || isinf(value))
		return NULL;
	r = value_new(sizeof(*r), JSON_REAL);
	if (r)
		r->value = value;
	return r ? &r->json : NULL;
}

json_t *json_true(void)
{
	return value_new(sizeof(json_t), JSON_TRUE);
}

json_t *json_false(void)
{
	return value_new(sizeof(json_t), JSON_FALSE);
}

json_t *json_null(void)
{
	return value_new(sizeof(json_t), JSON_NULL);
}

json_t *json_incref(json_t *json)
{
	if (json)
		json->refcount++;
	return json;
}

void json_delete(json_t *json)
{
	switch (json->type) {
	case JSON_OBJECT: {
		struct object *o = (struct object *)json;

		for (size_t i = 0; i < o->n; i++) {
			free(o->members[i].key);
			json_decref(o->members[i].value);
		}
		free(o->members);
		break;
	}
	case JSON_ARRAY: {
		struct array *a = (struct array *)json;

		for (size_t i = 0; i < a->n; i++)
			json_decref(a->items[i]);
		free(a->items);
		break;
	}
	case JSON_STRING:
		free(((struct string *)json)->value);
		break;
	default:
		break;
	}
	free(json);
}

size_t json_object_size(const json_t *object)
{
	return json_is_object(object) ? ((const struct object *)object)->n : 0;
}

static struct member *member_of(const json_t *object, const char *key)
{
	const struct object *o = (const struct object *)object;

	for (size_t i = 0; i < o->n; i++)
		if (!strcmp(o->members[i].key, key))
			return &o->members[i];
	return NULL;
}

json_t *json_object_get(const json_t *object, const char *key)
{
	struct member *m;

	if (!json_is_object(object) || !key)
		return NULL;
	m = member_of(object, key);
	return m ? m->value : NULL;
}

int json_object_set_new(json_t *object, const char *key, json_t *value)
{
	struct object *o = (struct object *)object;
	struct member *m;

	if (!value)
		return -1;
	if (!json_is_object(object) || !key || object == value) {
		json_decref(value);
		return -1;
	}
	m = member_of(object, key);
	if (m) {
		json_decref(m->value);
		m->value = value;
		return 0;
	}
	if (o->n == o->cap) {
		size_t cap = o->cap ? o->cap * 2 : 8;
		struct member *p = realloc(o->members, cap * sizeof(*p));

		if (!p) {
			json_decref(value);
			return -1;
		}
		o->members = p;
		o->cap = cap;
	}
	o->members[o->n].key = strdup(key);
	if (!o->members[o->n].key) {
		json_decref(value);
		return -1;
	}
	o->members[o->n++].value = value;
	return 0;
}

void *json_object_iter(json_t *object)
{
	return json_object_size(object) ? (void *)(size_t)1 : NULL;
}

void *json_object_iter_next(json_t *object, void *iter)
{
	size_t next = (size_t)iter + 1;

	return iter && next <= json_object_size(object) ? (void *)next : NULL;
}

const char *json_object_iter_key_of(json_t *object, void *iter)
{
	return ((struct object *)object)->members[(size_t)iter - 1].key;
}

json_t *json_object_iter_value_of(json_t *object, void *iter)
{
	return ((struct object *)object)->members[(size_t)iter - 1].value;
}

size_t json_array_size(const json_t *array)
{
	return json_is_array(array) ? ((const struct array *)array)->n : 0;
}

json_t *json_array_get(const json_t *array, size_t index)
{
	return index < json_array_size(array) ?
	       ((const struct array *)array)->items[index] : NULL;
}

int json_array_append_new(json_t *array, json_t *value)
{
	struct array *a = (struct array *)array;

	if (!value)
		return -1;
	if (!json_is_array(array) || array == value) {
		json_decref(value);
		return -1;
	}
	if (a->n == a->cap) {
		size_t cap = a->cap ? a->cap * 2 : 8;
		json_t **p = realloc(a->items, cap * sizeof(*p));

		if (!p) {
			json_decref(value);
			return -1;
		}
		a->items = p;
		a->cap = cap;
	}
	a->items[a->n++] = value;
	return 0;
}

const char *json_string_value(const json_t *string)
{
	return json_is_string(string) ? ((const struct string *)string)->value
				      : NULL;
}

json_int_t json_integer_value(const json_t *integer)
{
	return json_is_integer(integer) ?
	       ((const struct integer *)integer)->value : 0;
}

double json_real_value(const json_t *real)
{
	return json_is_real(real) ? ((const struct real *)real)->value : 0;
}

/* ---- loading ---- */

struct lexer {
	const char *t;
	size_t len, i;
	size_t tok;          /* where the token at fault starts */
	size_t flags;
	json_error_t *error;
	int failed;
};

static int fail(struct lexer *lx, enum json_error_code code, size_t at,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Record the first failure: the position is just past the token at
 * fault (at), the line and column those of its last byte. */
static int fail(struct lexer *lx, enum json_error_code code, size_t at,
		const char *fmt, ...)
{
	json_error_t *e = lx->error;
	va_list ap;

	if (lx->failed)
		return 0;
	lx->failed = 1;
	if (!e)
		return 0;
	if (at > lx->len)
		at = lx->len;
	e->position = (int)at;
	e->line = 1;
	e->column = 0;
	for (size_t k = 0; k < at; k++) {
		if (lx->t[k] == '\n') {
			e->line++;
			e->column = 0;
		} else {
			e->column++;
		}
	}
	snprintf(e->source, sizeof(e->source), "<buffer>");
	va_start(ap, fmt);
	vsnprintf(e->text, JSON_ERROR_TEXT_LENGTH - 1, fmt, ap);
	va_end(ap);
	e->text[JSON_ERROR_TEXT_LENGTH - 1] = (char)code;
	return 0;
}

static const char *near(const struct lexer *lx, size_t at, char *buf,
			size_t size);

/* A failure about the token from lx->tok up to at (exclusive), which is
 * also the position reported: "WHAT near 'TOKEN'", or "WHAT near end of
 * file" when there is no token left. */
static int fail_near(struct lexer *lx, enum json_error_code code, size_t at,
		     const char *what)
{
	char tmp[48];
	const char *tok = near(lx, at, tmp, sizeof(tmp));

	if (!tok)
		return fail(lx, code, at, "%s near end of file", what);
	return fail(lx, code, at, "%s near '%s'", what, tok);
}

/* The token starting at lx->tok, up to at, for "near '...'"; NULL at
 * the end of the input. */
static const char *near(const struct lexer *lx, size_t at, char *buf,
			size_t size)
{
	size_t n = at > lx->tok ? at - lx->tok : 0;

	if (n >= size)
		n = size - 1;
	if (lx->tok >= lx->len)
		return NULL;
	memcpy(buf, lx->t + lx->tok, n);
	buf[n] = '\0';
	return buf;
}

static void skip_space(struct lexer *lx)
{
	while (lx->i < lx->len && strchr(" \t\r\n", lx->t[lx->i]) &&
	       lx->t[lx->i])
		lx->i++;
}

static json_t *value(struct lexer *lx, int depth);

static int hex4(const struct lexer *lx, size_t at, unsigned *v)
{
	*v = 0;
	for (int k = 0; k < 4; k++) {
		char c = at + (size_t)k < lx->len ? lx->t[at + (size_t)k] : 0;

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

static size_t put_utf8(char *out, unsigned cp)
{
	if (cp < 0x80) {
		out[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (char)(0xC0 | (cp >> 6));
		out[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (char)(0xE0 | (cp >> 12));
		out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	out[0] = (char)(0xF0 | (cp >> 18));
	out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	out[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

/* The length of the well-formed UTF-8 sequence at t[i], or 0. */
static size_t utf8_len(const unsigned char *t, size_t i, size_t len)
{
	unsigned c = t[i], cp;
	size_t n;

	if (c < 0x80)
		return 1;
	if (c >= 0xC2 && c <= 0xDF)
		n = 2, cp = c & 0x1F;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3, cp = c & 0x0F;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	if (i + n > len)
		return 0;
	for (size_t k = 1; k < n; k++) {
		if ((t[i + k] & 0xC0) != 0x80)
			return 0;
		cp = cp << 6 | (t[i + k] & 0x3F);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 ||
						  cp > 0x10FFFF)) ||
	    (cp >= 0xD800 && cp <= 0xDFFF))
		return 0;
	return n;
}

/* A string token at lx->i (on its opening quote), decoded. */
static char *string_token(struct lexer *lx)
{
	size_t start = lx->i + 1, end = start;
	char *out, *o;

	lx->tok = lx->i;
	/* Find the closing quote first, to size the result. */
	while (end < lx->len && lx->t[end] != '"') {
		if (lx->t[end] == '\\')
			end++;
		end++;
	}
	if (end >= lx->len) {
		fail_near(lx, json_error_premature_end_of_input, lx->len,
			  "premature end of input");
		return NULL;
	}
	out = malloc(end - start + 1);
	if (!out) {
		fail(lx, json_error_out_of_memory, lx->i, "out of memory");
		return NULL;
	}
	o = out;
	for (size_t i = start; i < end;) {
		unsigned char c = (unsigned char)lx->t[i];
		unsigned cp, lo;
		size_t n;

		if (c < 0x20) {
			char what[32];

			snprintf(what, sizeof(what), c == '\n' ?
				 "unexpected newline" :
				 "control character 0x%x", c);
			fail_near(lx, json_error_invalid_syntax, i, what);
			free(out);
			return NULL;
		}
		if (c != '\\') {
			n = utf8_len((const unsigned char *)lx->t, i, lx->len);
			if (!n) {
				char what[32];

				snprintf(what, sizeof(what),
					 "unable to decode byte 0x%x", c);
				fail_near(lx, json_error_invalid_utf8, i, what);
				free(out);
				return NULL;
			}
			memcpy(o, lx->t + i, n);
			o += n;
			i += n;
			continue;
		}
		c = (unsigned char)lx->t[i + 1];
		switch (c) {
		case '"': case '\\': case '/':
			*o++ = (char)c;
			break;
		case 'b': *o++ = '\b'; break;
		case 'f': *o++ = '\f'; break;
		case 'n': *o++ = '\n'; break;
		case 'r': *o++ = '\r'; break;
		case 't': *o++ = '\t'; break;
		case 'u':
			if (!hex4(lx, i + 2, &cp)) {
				size_t bad = i + 2;

				while (bad < i + 6 && bad < end &&
				       strchr("0123456789abcdefABCDEF",
					      lx->t[bad]))
					bad++;
				fail_near(lx, json_error_invalid_syntax, bad + 1,
					  "invalid escape");
				free(out);
				return NULL;
			}
			i += 4;
			if (cp >= 0xD800 && cp <= 0xDBFF) {
				if (lx->t[i + 2] != '\\' || lx->t[i + 3] != 'u' ||
				    !hex4(lx, i + 4, &lo) || lo < 0xDC00 ||
				    lo > 0xDFFF) {
					char what[40];

					/* Told once the whole string is read. */
					snprintf(what, sizeof(what),
						 "invalid Unicode '\\u%04X'", cp);
					fail_near(lx, json_error_invalid_syntax,
						  end + 1, what);
					free(out);
					return NULL;
				}
				cp = 0x10000 + ((cp - 0xD800) << 10) +
				     (lo - 0xDC00);
				i += 6;
			} else if (cp >= 0xDC00 && cp <= 0xDFFF) {
				char what[40];

				snprintf(what, sizeof(what),
					 "invalid Unicode '\\u%04X'", cp);
				fail_near(lx, json_error_invalid_syntax, end + 1,
					  what);
				free(out);
				return NULL;
			} else if (cp == 0) {
				fail_near(lx, json_error_null_character,
					  end + 1, "\\u0000 is not allowed "
					  "without JSON_ALLOW_NUL");
				free(out);
				return NULL;
			}
			o += put_utf8(o, cp);
			break;
		default:
			fail_near(lx, json_error_invalid_syntax, i + 2,
				  "invalid escape");
			free(out);
			return NULL;
		}
		i += 2;
	}
	*o = '\0';
	lx->i = end + 1;
	return out;
}

static json_t *number(struct lexer *lx)
{
	size_t i = lx->i, start = i;
	int real = 0;
	char buf[64];
	json_t *j;

	lx->tok = start;
	if (lx->t[i] == '-')
		i++;
	if (i < lx->len && lx->t[i] == '0') {
		i++;
		/* No leading zeros: "01" is not a number. */
		if (i < lx->len && lx->t[i] >= '0' && lx->t[i] <= '9') {
			fail_near(lx, json_error_invalid_syntax, i,
				  "invalid token");
			return NULL;
		}
	} else if (i < lx->len && lx->t[i] >= '1' && lx->t[i] <= '9') {
		while (i < lx->len && lx->t[i] >= '0' && lx->t[i] <= '9')
			i++;
	} else {
		fail_near(lx, json_error_invalid_syntax, i, "invalid token");
		return NULL;
	}
	if (i < lx->len && lx->t[i] == '.') {
		real = 1;
		i++;
		if (i >= lx->len || lx->t[i] < '0' || lx->t[i] > '9') {
			fail_near(lx, json_error_invalid_syntax, i,
				  "invalid token");
			return NULL;
		}
		while (i < lx->len && lx->t[i] >= '0' && lx->t[i] <= '9')
			i++;
	}
	if (i < lx->len && (lx->t[i] == 'e' || lx->t[i] == 'E')) {
		real = 1;
		i++;
		if (i < lx->len && (lx->t[i] == '+' || lx->t[i] == '-'))
			i++;
		if (i >= lx->len || lx->t[i] < '0' || lx->t[i] > '9') {
			fail_near(lx, json_error_invalid_syntax, i,
				  "invalid token");
			return NULL;
		}
		while (i < lx->len && lx->t[i] >= '0' && lx->t[i] <= '9')
			i++;
	}
	lx->i = i;
	if (i - start >= sizeof(buf)) {
		/* Longer than any number a puzzle holds: too big. */
		fail_near(lx, json_error_numeric_overflow, i, real ?
			  "real number overflow" : lx->t[start] == '-' ?
			  "too big negative integer" : "too big integer");
		return NULL;
	}
	memcpy(buf, lx->t + start, i - start);
	buf[i - start] = '\0';
	errno = 0;
	if (!real) {
		long long v = strtoll(buf, NULL, 10);

		if (errno == ERANGE) {
			fail_near(lx, json_error_numeric_overflow, i,
				  buf[0] == '-' ? "too big negative integer" :
				  "too big integer");
			return NULL;
		}
		j = json_integer(v);
	} else {
		double v = strtod(buf, NULL);

		if (errno == ERANGE && (v > 1 || v < -1)) {
			fail_near(lx, json_error_numeric_overflow, i,
				  "real number overflow");
			return NULL;
		}
		j = json_real(v);
	}
	if (!j)
		fail(lx, json_error_out_of_memory, i, "out of memory");
	return j;
}

static json_t *word(struct lexer *lx)
{
	static const struct {
		const char *w;
		json_type type;
	} words[] = {
		{ "true", JSON_TRUE }, { "false", JSON_FALSE },
		{ "null", JSON_NULL },
	};
	size_t i = lx->i;

	lx->tok = i;
	while (i < lx->len && ((lx->t[i] >= 'a' && lx->t[i] <= 'z') ||
			       (lx->t[i] >= 'A' && lx->t[i] <= 'Z')))
		i++;
	for (size_t k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (i - lx->i == strlen(words[k].w) &&
		    !memcmp(lx->t + lx->i, words[k].w, i - lx->i)) {
			json_t *j = value_new(sizeof(json_t), words[k].type);

			lx->i = i;
			if (!j)
				fail(lx, json_error_out_of_memory, i,
				     "out of memory");
			return j;
		}
	if (i == lx->i)
		i++;
	fail_near(lx, json_error_invalid_syntax, i, "invalid token");
	return NULL;
}

/* The next token's text, for "near '...'" in a message about it. */
static size_t token_end(const struct lexer *lx)
{
	size_t i = lx->i;

	if (i >= lx->len)
		return i;
	if (strchr("{}[]:,", lx->t[i]))
		return i + 1;
	if (lx->t[i] == '"') {
		for (i++; i < lx->len && lx->t[i] != '"'; i++)
			if (lx->t[i] == '\\')
				i++;
		return i < lx->len ? i + 1 : lx->len;
	}
	while (i < lx->len && !strchr(" \t\r\n{}[]:,\"", lx->t[i]))
		i++;
	return i > lx->i ? i : i + 1;
}

static int expect(struct lexer *lx, char c, enum json_error_code code,
		  const char *what)
{
	skip_space(lx);
	if (lx->i < lx->len && lx->t[lx->i] == c) {
		lx->i++;
		return 1;
	}
	lx->tok = lx->i;
	return fail_near(lx, lx->i >= lx->len ?
			 json_error_premature_end_of_input : code,
			 token_end(lx), what);
}

static json_t *object_value(struct lexer *lx, int depth)
{
	json_t *o = json_object();

	if (!o) {
		fail(lx, json_error_out_of_memory, lx->i, "out of memory");
		return NULL;
	}
	lx->i++;
	skip_space(lx);
	if (lx->i < lx->len && lx->t[lx->i] == '}') {
		lx->i++;
		return o;
	}
	for (;;) {
		char *key;
		size_t key_end;
		json_t *v;

		skip_space(lx);
		if (lx->i >= lx->len || lx->t[lx->i] != '"') {
			lx->tok = lx->i;
			fail_near(lx, lx->i >= lx->len ?
				  json_error_premature_end_of_input :
				  json_error_invalid_syntax, token_end(lx),
				  "string or '}' expected");
			break;
		}
		key = string_token(lx);
		if (!key)
			break;
		key_end = lx->i;
		if ((lx->flags & JSON_REJECT_DUPLICATES) &&
		    json_object_get(o, key)) {
			fail_near(lx, json_error_duplicate_key, key_end,
				  "duplicate object key");
			free(key);
			break;
		}
		if (!expect(lx, ':', json_error_invalid_syntax,
			    "':' expected")) {
			free(key);
			break;
		}
		v = value(lx, depth + 1);
		if (!v) {
			free(key);
			break;
		}
		if (json_object_set_new(o, key, v)) {
			free(key);
			fail(lx, json_error_out_of_memory, lx->i,
			     "out of memory");
			break;
		}
		free(key);
		skip_space(lx);
		if (lx->i < lx->len && lx->t[lx->i] == ',') {
			lx->i++;
			continue;
		}
		if (!expect(lx, '}', json_error_invalid_syntax,
			    "'}' expected"))
			break;
		return o;
	}
	json_decref(o);
	return NULL;
}

static json_t *array_value(struct lexer *lx, int depth)
{
	json_t *a = json_array();

	if (!a) {
		fail(lx, json_error_out_of_memory, lx->i, "out of memory");
		return NULL;
	}
	lx->i++;
	skip_space(lx);
	if (lx->i < lx->len && lx->t[lx->i] == ']') {
		lx->i++;
		return a;
	}
	for (;;) {
		json_t *v = value(lx, depth + 1);

		if (!v)
			break;
		if (json_array_append_new(a, v)) {
			fail(lx, json_error_out_of_memory, lx->i,
			     "out of memory");
			break;
		}
		skip_space(lx);
		if (lx->i < lx->len && lx->t[lx->i] == ',') {
			lx->i++;
			continue;
		}
		if (!expect(lx, ']', json_error_invalid_syntax,
			    "']' expected"))
			break;
		return a;
	}
	json_decref(a);
	return NULL;
}

static json_t *value(struct lexer *lx, int depth)
{
	char c;

	skip_space(lx);
	if (depth > JSON_PARSER_MAX_DEPTH) {
		fail(lx, json_error_stack_overflow, lx->i + 1,
		     "maximum parsing depth reached");
		return NULL;
	}
	if (lx->i >= lx->len) {
		lx->tok = lx->len;
		fail_near(lx, json_error_premature_end_of_input, lx->len,
			  "unexpected token");
		return NULL;
	}
	c = lx->t[lx->i];
	if (c == '{')
		return object_value(lx, depth);
	if (c == '[')
		return array_value(lx, depth);
	if (c == '"') {
		char *s = string_token(lx);
		json_t *j;

		if (!s)
			return NULL;
		j = string_take(s);
		if (!j)
			fail(lx, json_error_out_of_memory, lx->i,
			     "out of memory");
		return j;
	}
	if (c == '-' || (c >= '0' && c <= '9'))
		return number(lx);
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
		return word(lx);
	lx->tok = lx->i;
	fail_near(lx, json_error_invalid_syntax, token_end(lx),
		  "unexpected token");
	return NULL;
}

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags,
		   json_error_t *error)
{
	struct lexer lx = { buffer, buflen, 0, 0, flags, error, 0 };
	json_t *doc;

	if (error) {
		memset(error, 0, sizeof(*error));
		error->line = -1;
		error->column = -1;
	}
	if (!buffer) {
		fail(&lx, json_error_invalid_argument, 0, "wrong arguments");
		return NULL;
	}
	skip_space(&lx);
	if (!(flags & JSON_DECODE_ANY) &&
	    (lx.i >= lx.len || (lx.t[lx.i] != '{' && lx.t[lx.i] != '['))) {
		lx.tok = lx.i;
		fail_near(&lx, lx.i >= lx.len ?
			  json_error_premature_end_of_input :
			  json_error_invalid_syntax, token_end(&lx),
			  "'[' or '{' expected");
		return NULL;
	}
	doc = value(&lx, 1);
	if (!doc)
		return NULL;
	if (!(flags & JSON_DISABLE_EOF_CHECK)) {
		skip_space(&lx);
		if (lx.i < lx.len) {
			lx.tok = lx.i;
			fail_near(&lx, json_error_end_of_input_expected,
				  token_end(&lx), "end of file expected");
			json_decref(doc);
			return NULL;
		}
	}
	if (error)
		error->position = (int)lx.i;
	return doc;
}

/* ---- dumping ---- */

struct dump {
	json_dump_callback_t cb;
	void *data;
	size_t flags;
};

static int out(const struct dump *d, const char *s, size_t n)
{
	return d->cb(s, n, d->data);
}

static int out_str(const struct dump *d, const char *s)
{
	return out(d, s, strlen(s));
}

static int newline_indent(const struct dump *d, int depth)
{
	int n = (int)(d->flags & JSON_MAX_INDENT);

	if (!n)
		return 0;
	if (out_str(d, "\n"))
		return -1;
	for (int k = 0; k < n * depth; k++)
		if (out_str(d, " "))
			return -1;
	return 0;
}

static int dump_string(const struct dump *d, const char *s)
{
	if (out_str(d, "\""))
		return -1;
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		char esc[8];

		if (c == '"' || c == '\\') {
			esc[0] = '\\';
			esc[1] = (char)c;
			esc[2] = '\0';
		} else if (c < 0x20) {
			const char *named = c == '\b' ? "\\b" : c == '\f' ?
					    "\\f" : c == '\n' ? "\\n" :
					    c == '\r' ? "\\r" : c == '\t' ?
					    "\\t" : NULL;

			if (named)
				snprintf(esc, sizeof(esc), "%s", named);
			else
				snprintf(esc, sizeof(esc), "\\u%04X", c);
		} else {
			esc[0] = (char)c;
			esc[1] = '\0';
		}
		if (out_str(d, esc))
			return -1;
	}
	return out_str(d, "\"");
}

static int dump_value(const struct dump *d, const json_t *j, int depth)
{
	char num[64];
	int compact = (d->flags & JSON_COMPACT) != 0;
	const char *comma = compact ? "," : (d->flags & JSON_MAX_INDENT) ?
			    "," : ", ";
	const char *colon = compact ? ":" : ": ";

	switch (json_typeof(j)) {
	case JSON_NULL:
		return out_str(d, "null");
	case JSON_TRUE:
		return out_str(d, "true");
	case JSON_FALSE:
		return out_str(d, "false");
	case JSON_INTEGER:
		snprintf(num, sizeof(num), "%lld", json_integer_value(j));
		return out_str(d, num);
	case JSON_REAL: {
		int prec = (int)((d->flags >> 11) & 0x1F);

		snprintf(num, sizeof(num), "%.*g", prec ? prec : 17,
			 json_real_value(j));
		if (!strpbrk(num, ".eE"))
			strcat(num, ".0");
		return out_str(d, num);
	}
	case JSON_STRING:
		return dump_string(d, json_string_value(j));
	case JSON_ARRAY: {
		size_t n = json_array_size(j);

		if (out_str(d, "["))
			return -1;
		for (size_t i = 0; i < n; i++) {
			if ((i && out_str(d, comma)) ||
			    newline_indent(d, depth + 1) ||
			    dump_value(d, json_array_get(j, i), depth + 1))
				return -1;
		}
		if (n && newline_indent(d, depth))
			return -1;
		return out_str(d, "]");
	}
	case JSON_OBJECT: {
		const struct object *o = (const struct object *)j;

		if (out_str(d, "{"))
			return -1;
		for (size_t i = 0; i < o->n; i++) {
			if ((i && out_str(d, comma)) ||
			    newline_indent(d, depth + 1) ||
			    dump_string(d, o->members[i].key) ||
			    out_str(d, colon) ||
			    dump_value(d, o->members[i].value, depth + 1))
				return -1;
		}
		if (o->n && newline_indent(d, depth))
			return -1;
		return out_str(d, "}");
	}
	}
	return -1;
}

int json_dump_callback(const json_t *json, json_dump_callback_t callback,
		       void *data, size_t flags)
{
	struct dump d = { callback, data, flags };

	if (!json || !callback)
		return -1;
	if (!(flags & JSON_ENCODE_ANY) && !json_is_object(json) &&
	    !json_is_array(json))
		return -1;
	return dump_value(&d, json, 0);
}
