/* test_regress.c -- inputs the fuzz targets found trouble with.
 *
 * Every file in tests/data/regress/ once crashed, hung or fooled the
 * library (see its README.md).  Each is read with the format its name
 * ends in, and every puzzle read goes through what the fuzz targets do
 * with it: validation, a write and re-read in the spec format when it
 * can express the puzzle, and a search bounded by a node limit whose
 * solutions must all pass the checker.  The sanitizer build of
 * `make check` runs this too, which is where a memory error shows.
 */
#include <criterion/criterion.h>

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"
#include "formats.h"

#define REGRESS "tests/data/regress"

/* File name endings and the formats they are read with. */
static const struct {
	const char *suffix;
	const char *format;
} kinds[] = {
	{ ".spec", "spec" }, { ".ucf", "ucf" }, { ".calpoly", "calpoly" },
	{ ".keen", "keen" }, { ".solo", "solo" }, { ".killer", "killer" },
	{ ".json", "json" },
};

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t cap = 0, n;

	cr_assert(f, "cannot open %s: %s", path, strerror(errno));
	*len = 0;
	do {
		char *p;

		cap = cap ? 2 * cap : 4096;
		p = realloc(data, cap + 1);
		cr_assert(p, "out of memory");
		data = p;
		n = fread(data + *len, 1, cap - *len, f);
		*len += n;
	} while (*len == cap);
	data[*len] = '\0';
	fclose(f);
	return data;
}

static const cdok_puzzle *checked_puzzle;

static int check_solution(void *user, const int *values)
{
	const char *name = user;

	cr_expect(cdok_puzzle_is_solution(checked_puzzle, values),
		  "%s: the solver reported a grid that is no solution", name);
	return 0;
}

static void exercise(const char *name, const cdok_puzzle *p)
{
	const cdok_format *spec = test_format("spec");
	cdok_solve_params params;
	cdok_result res;
	char *text;

	if (cdok_puzzle_validate(p, NULL) != CDOK_OK)
		return;
	if (cdok_write(spec, p, NULL, &text, NULL, NULL) == CDOK_OK) {
		cdok_reader *r = cdok_reader_new(spec, text, strlen(text));
		cdok_puzzle *back = NULL;

		cr_assert(r);
		cr_expect(cdok_reader_next(r, &back, NULL) == CDOK_OK,
			  "%s: written as a spec, it does not read back:\n%s",
			  name, text);
		/* Written again, the spec is the same text. */
		if (back) {
			char *again = NULL;

			cr_expect(cdok_write(spec, back, NULL, &again, NULL,
					     NULL) == CDOK_OK &&
				  !strcmp(again, text),
				  "%s: the spec read back writes other text:\n"
				  "%s\n---\n%s", name, text,
				  again ? again : "(failed)");
			cdok_free(again);
		}
		cdok_puzzle_free(back);
		cdok_reader_free(r);
		cdok_free(text);
	}
	cdok_solve_params_init(&params);
	/* As in fuzz_solve: fewer nodes for big grids, where each costs
	 * time in proportion to the cells. */
	params.max_nodes = 1000000 / ((uint64_t)cdok_puzzle_size(p) *
				      (uint64_t)cdok_puzzle_size(p));
	if (params.max_nodes > 20000)
		params.max_nodes = 20000;
	params.on_solution = check_solution;
	params.user = (void *)name;
	checked_puzzle = p;
	cr_expect(cdok_solve(p, &params, NULL, &res, NULL) == CDOK_OK,
		  "%s: cdok_solve failed", name);
}

static void replay(const char *path, const char *format_name)
{
	const cdok_format *f = test_format(format_name);
	cdok_reader *r;
	size_t len;
	char *text;

	if (!f || !cdok_format_can_read(f)) {
		cr_log_info("%s: no %s reader in the library; skipped", path,
			    format_name);
		return;
	}
	text = slurp(path, &len);
	r = cdok_reader_new(f, text, len);
	cr_assert(r, "%s: no reader", path);
	for (int i = 0; i < 16; i++) {
		cdok_puzzle *p = NULL;
		cdok_error err;
		cdok_status st;

		memset(&err, 0, sizeof(err));
		st = cdok_reader_next(r, &p, &err);
		if (st != CDOK_OK) {
			cr_expect(!p, "%s: a puzzle with status %d", path, st);
			cr_expect(st == CDOK_END || err.message[0],
				  "%s: status %d without a message", path, st);
			break;
		}
		exercise(path, p);
		cdok_puzzle_free(p);
	}
	cdok_reader_free(r);
	free(text);
}

Test(regress, every_input)
{
	DIR *d = opendir(REGRESS);
	struct dirent *e;
	char path[1024];
	int n = 0;

	cr_assert(d, "opendir %s: %s", REGRESS, strerror(errno));
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		for (size_t k = 0; k < sizeof(kinds) / sizeof(kinds[0]); k++) {
			size_t sl = strlen(kinds[k].suffix);

			if (len <= sl ||
			    strcmp(e->d_name + len - sl, kinds[k].suffix))
				continue;
			snprintf(path, sizeof(path), REGRESS "/%s", e->d_name);
			replay(path, kinds[k].format);
			n++;
		}
	}
	closedir(d);
	cr_expect(n > 0, "no inputs in " REGRESS);
}
