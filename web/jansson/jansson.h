/* jansson.h -- the part of jansson's API (2.14) that libcdok-json uses,
 * for the WebAssembly build only (doc/WEB.md, "JSON puzzles").
 *
 * Debian ships no jansson for WebAssembly, so the page's build compiles
 * lib/json against this header and web/jansson/jansson.c instead: the
 * same reader code as the native library, over a small JSON core written
 * for it.  Names, flags and meanings follow jansson's documentation; the
 * native build never sees this file.
 */
#ifndef CDOK_WEB_JANSSON_H
#define CDOK_WEB_JANSSON_H

#include <stddef.h>

typedef enum json_type {
	JSON_OBJECT,
	JSON_ARRAY,
	JSON_STRING,
	JSON_INTEGER,
	JSON_REAL,
	JSON_TRUE,
	JSON_FALSE,
	JSON_NULL
} json_type;

typedef struct json_t {
	json_type type;
	size_t refcount;
} json_t;

typedef long long json_int_t;

#define JSON_ERROR_TEXT_LENGTH 160
#define JSON_ERROR_SOURCE_LENGTH 80

/* A failure to load: where (line and column from 1, position in bytes)
 * and why.  The last byte of text holds the json_error_code. */
typedef struct json_error_t {
	int line;
	int column;
	int position;
	char source[JSON_ERROR_SOURCE_LENGTH];
	char text[JSON_ERROR_TEXT_LENGTH];
} json_error_t;

enum json_error_code {
	json_error_unknown,
	json_error_out_of_memory,
	json_error_stack_overflow,
	json_error_cannot_open_file,
	json_error_invalid_argument,
	json_error_invalid_utf8,
	json_error_premature_end_of_input,
	json_error_end_of_input_expected,
	json_error_invalid_syntax,
	json_error_invalid_format,
	json_error_wrong_type,
	json_error_null_character,
	json_error_null_value,
	json_error_null_byte_in_key,
	json_error_duplicate_key,
	json_error_numeric_overflow,
	json_error_item_not_found,
	json_error_index_out_of_range
};

static inline enum json_error_code json_error_code(const json_error_t *e)
{
	return (enum json_error_code)e->text[JSON_ERROR_TEXT_LENGTH - 1];
}

#define JSON_PARSER_MAX_DEPTH 2048

/* Loading. */
#define JSON_REJECT_DUPLICATES 0x1
#define JSON_DISABLE_EOF_CHECK 0x2
#define JSON_DECODE_ANY        0x4

/* Dumping. */
#define JSON_MAX_INDENT        0x1F
#define JSON_INDENT(n)         ((n) & JSON_MAX_INDENT)
#define JSON_COMPACT           0x20
#define JSON_ENSURE_ASCII      0x40
#define JSON_ENCODE_ANY        0x200
#define JSON_REAL_PRECISION(n) (((n) & 0x1F) << 11)

#define json_typeof(j)     ((j)->type)
#define json_is_object(j)  ((j) && json_typeof(j) == JSON_OBJECT)
#define json_is_array(j)   ((j) && json_typeof(j) == JSON_ARRAY)
#define json_is_string(j)  ((j) && json_typeof(j) == JSON_STRING)
#define json_is_integer(j) ((j) && json_typeof(j) == JSON_INTEGER)
#define json_is_real(j)    ((j) && json_typeof(j) == JSON_REAL)
#define json_is_number(j)  (json_is_integer(j) || json_is_real(j))
#define json_is_true(j)    ((j) && json_typeof(j) == JSON_TRUE)
#define json_is_false(j)   ((j) && json_typeof(j) == JSON_FALSE)
#define json_is_boolean(j) (json_is_true(j) || json_is_false(j))
#define json_is_null(j)    ((j) && json_typeof(j) == JSON_NULL)

json_t *json_object(void);
json_t *json_array(void);
json_t *json_string(const char *value);
json_t *json_integer(json_int_t value);
json_t *json_real(double value);
json_t *json_true(void);
json_t *json_false(void);
json_t *json_null(void);
#define json_boolean(val) ((val) ? json_true() : json_false())

json_t *json_incref(json_t *json);
void json_delete(json_t *json);

static inline void json_decref(json_t *json)
{
	if (json && --json->refcount == 0)
		json_delete(json);
}

size_t json_object_size(const json_t *object);
json_t *json_object_get(const json_t *object, const char *key);
int json_object_set_new(json_t *object, const char *key, json_t *value);

/* Iteration in insertion order: an iterator is the member's index plus
 * one, as a pointer, so that NULL ends it. */
void *json_object_iter(json_t *object);
void *json_object_iter_next(json_t *object, void *iter);
const char *json_object_iter_key_of(json_t *object, void *iter);
json_t *json_object_iter_value_of(json_t *object, void *iter);

#define json_object_foreach(object, key, value)                              \
	for (void *json_iter_ = json_object_iter(object);                    \
	     json_iter_ &&                                                   \
	     ((key) = json_object_iter_key_of(object, json_iter_),           \
	      (value) = json_object_iter_value_of(object, json_iter_), 1);   \
	     json_iter_ = json_object_iter_next(object, json_iter_))

size_t json_array_size(const json_t *array);
json_t *json_array_get(const json_t *array, size_t index);
int json_array_append_new(json_t *array, json_t *value);

#define json_array_foreach(array, index, value)                              \
	for ((index) = 0; (index) < json_array_size(array) &&                \
	     ((value) = json_array_get(array, index)); (index)++)

const char *json_string_value(const json_t *string);
json_int_t json_integer_value(const json_t *integer);
double json_real_value(const json_t *real);

json_t *json_loadb(const char *buffer, size_t buflen, size_t flags,
		   json_error_t *error);

typedef int (*json_dump_callback_t)(const char *buffer, size_t size,
				    void *data);
int json_dump_callback(const json_t *json, json_dump_callback_t callback,
		       void *data, size_t flags);

#endif /* CDOK_WEB_JANSSON_H */
