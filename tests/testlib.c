/* testlib.c -- what the Criterion tests share (testlib.h). */
#include <criterion/criterion.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formats.h"
#include "testlib.h"

char *tl_read(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, n = 0, got;

	cr_assert_not_null(f, "cannot open %s", path);
	do {
		if (n + 4096 + 1 > cap) {
			cap = cap ? cap * 2 : 8192;
			buf = realloc(buf, cap);
			cr_assert_not_null(buf, "out of memory");
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	cr_assert(!ferror(f), "cannot read %s", path);
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

int tl_data_lines(const char *path, char **text, char ***lines)
{
	char *t = tl_read(path, NULL), *save = NULL;
	char **ls = NULL;
	int n = 0;

	for (char *l = strtok_r(t, "\n", &save); l;
	     l = strtok_r(NULL, "\n", &save)) {
		if (l[0] == '#' || !l[0])
			continue;
		ls = realloc(ls, (size_t)(n + 1) * sizeof(*ls));
		cr_assert_not_null(ls);
		ls[n++] = l;
	}
	*text = t;
	*lines = ls;
	return n;
}

bool tl_is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char **tl_list(const char *dir, const char *suffix, int *count)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	int n = 0, cap = 0;
	size_t lx = strlen(suffix);

	cr_assert_not_null(d, "cannot open %s", dir);
	while ((e = readdir(d))) {
		size_t ls = strlen(e->d_name);

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
		    ls < lx || strcmp(e->d_name + ls - lx, suffix))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			names = realloc(names, (size_t)cap * sizeof(*names));
			cr_assert_not_null(names, "out of memory");
		}
		names[n] = strdup(e->d_name);
		cr_assert_not_null(names[n++], "out of memory");
	}
	closedir(d);
	if (n)
		qsort(names, (size_t)n, sizeof(*names), cmp_names);
	*count = n;
	return names;
}

void tl_free_names(char **names, int count)
{
	for (int i = 0; i < count; i++)
		free(names[i]);
	free(names);
}

void tl_expect_read_errors(const char *format, const struct tl_bad *bad,
			   size_t count)
{
	const cdok_format *f = test_format(format);

	cr_assert_not_null(f, "no format %s", format);
	for (size_t i = 0; i < count; i++) {
		const struct tl_bad *b = &bad[i];
		cdok_reader *r = cdok_reader_new(f, b->text, strlen(b->text));
		cdok_puzzle *p = NULL;
		cdok_status st;
		cdok_error err;
		int read = 0;

		cr_assert_not_null(r);
		memset(&err, 0, sizeof(err));
		while ((st = cdok_reader_next(r, &p, &err)) == CDOK_OK) {
			cdok_puzzle_free(p);
			read++;
		}
		cdok_reader_free(r);
		cr_expect_eq(read, 0, "%s: read a puzzle", b->text);
		cr_expect_eq(st, b->status, "%s: status %d, want %d (%s)",
			     b->text, st, b->status, err.message);
		cr_expect_eq(err.line, b->line, "%s: line %d, want %d (%s)",
			     b->text, err.line, b->line, err.message);
		if (b->column)
			cr_expect_eq(err.column, b->column, "%s: column %d, "
				     "want %d (%s)", b->text, err.column,
				     b->column, err.message);
		cr_expect(strstr(err.message, b->part) != NULL,
			  "%s: message '%s' lacks '%s'", b->text, err.message,
			  b->part);
	}
}
