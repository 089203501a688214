/* seedgen.c -- seed inputs for a format's fuzz target, made from the
 * corpus: seedgen FORMAT DIR FILE... reads each FILE (its format told
 * from its content) and writes every puzzle it holds in FORMAT into
 * DIR/<name>.<n>.<format>.  A puzzle the format cannot express is
 * skipped, and so is a FORMAT the library has no writer for, so the
 * seeds of a new format appear as soon as its module does.
 *
 * Built with the plain library by the Makefile; fuzz/seeds.sh runs it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cdok.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *data = NULL;
	size_t cap = 0;

	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		char *p;
		size_t n;

		if (*len == cap) {
			cap = cap ? 2 * cap : 4096;
			p = realloc(data, cap + 1);
			if (!p)
				break;
			data = p;
		}
		n = fread(data + *len, 1, cap - *len, f);
		if (n == 0)
			break;
		*len += n;
	}
	fclose(f);
	if (data)
		data[*len] = '\0';
	return data;
}

static int write_seed(const char *dir, const char *path, int index,
		      const char *name, const char *text, size_t len)
{
	const char *base = strrchr(path, '/');
	char out[4096];
	FILE *f;

	snprintf(out, sizeof(out), "%s/%s.%d.%s", dir, base ? base + 1 : path,
		 index, name);
	f = fopen(out, "wb");
	if (!f || fwrite(text, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "seedgen: cannot write %s\n", out);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	const cdok_format *to;
	cdok_formats *set = cdok_formats_new();
	int status = 0;

	if (argc < 3) {
		fprintf(stderr, "usage: seedgen FORMAT DIR FILE...\n");
		return 2;
	}
	/* Every format, the optional libraries' too. */
	if (!set || cdok_formats_add(set, cdok_json_formats(), NULL) != CDOK_OK)
		return 1;
	to = cdok_formats_find(set, argv[1]);
	if (!to || !cdok_format_can_write(to)) {
		cdok_formats_free(set);
		return 0;
	}
	for (int i = 3; i < argc; i++) {
		const cdok_format *from;
		cdok_reader *r;
		size_t len;
		char *text = slurp(argv[i], &len);

		if (!text)
			continue;
		from = cdok_formats_detect(set, text, len);
		r = from ? cdok_reader_new(from, text, len) : NULL;
		for (int k = 0; r && k < 64; k++) {
			cdok_puzzle *p;
			char *out;
			size_t out_len;

			if (cdok_reader_next(r, &p, NULL) != CDOK_OK)
				break;
			if (cdok_write(to, p, NULL, &out, &out_len,
				       NULL) == CDOK_OK) {
				status |= write_seed(argv[2], argv[i], k,
						     argv[1], out, out_len);
				cdok_free(out);
			}
			cdok_puzzle_free(p);
		}
		cdok_reader_free(r);
		free(text);
	}
	cdok_formats_free(set);
	return status;
}
