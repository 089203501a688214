/* testlib.h -- what the Criterion tests share, written once (testlib.c):
 * reading files, listing folders, and the table-driven check of a
 * reader's error messages.  The independent checker and solution
 * counter are in ref.h, which the fuzz targets share too; running the
 * program is in cli_run.h, reading and comparing puzzles in
 * fmt_helpers.h.
 *
 * Every function asserts (cr_assert) on what a test cannot go on
 * without, such as a file that cannot be read.
 */
#ifndef CDOK_TESTS_TESTLIB_H
#define CDOK_TESTS_TESTLIB_H

#include <stdbool.h>
#include <stddef.h>

#include "cdok.h"

/* The whole file, NUL-terminated (the NUL is not counted in *len; len
 * may be NULL).  Free with free(). */
char *tl_read(const char *path, size_t *len);
/* The lines of a data file that are neither blank nor comments (`#`),
 * NUL-terminated in place in *text (the caller frees *text and
 * *lines); returns how many. */
int tl_data_lines(const char *path, char **text, char ***lines);

/* Whether path names a directory. */
bool tl_is_dir(const char *path);

/* The names in folder dir that end in suffix ("" for all), "." and
 * ".." aside, in strcmp order; *count gets how many.  Free with
 * tl_free_names. */
char **tl_list(const char *dir, const char *suffix, int *count);

void tl_free_names(char **names, int count);

/* A text a reader must refuse: the status, position and a piece of the
 * message it must give. */
struct tl_bad {
	const char *text;
	cdok_status status;
	int line;
	int column;         /* 0: not checked */
	const char *part;   /* a piece of the message */
};

/* Read each text of a table with the named format and expect its
 * refusal: no puzzle, the status, the line and column, the piece of
 * the message. */
void tl_expect_read_errors(const char *format, const struct tl_bad *bad,
			   size_t count);

#define TL_EXPECT_READ_ERRORS(format, table) \
	tl_expect_read_errors((format), (table), \
			      sizeof(table) / sizeof((table)[0]))

#endif /* CDOK_TESTS_TESTLIB_H */
