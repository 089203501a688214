/* example-render.c -- a small program on libcdok and libcdok-render:
 * read the puzzles of a spec file, solve each for its answer key, and
 * write them as one PDF booklet, four to a page, on standard output.
 * make check builds it against an installed copy:
 *
 *     cc example-render.c $(pkg-config --cflags --libs cdok-render) -o example-render
 *     ./example-render FILE.spec > booklet.pdf
 */
#include <stdio.h>
#include <stdlib.h>

#include <cdok.h>

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *text = NULL;
	long size;

	if (!fp)
		return NULL;
	if (fseek(fp, 0, SEEK_END) == 0 && (size = ftell(fp)) >= 0 &&
	    fseek(fp, 0, SEEK_SET) == 0 && (text = malloc((size_t)size + 1)))
		*len = fread(text, 1, (size_t)size, fp);
	fclose(fp);
	return text;
}

/* Write what the writer gave, and free it. */
static int emit(char *out, size_t len)
{
	int ok = fwrite(out, 1, len, stdout) == len;

	cdok_free(out);
	return ok;
}

int main(int argc, char **argv)
{
	cdok_formats *formats = cdok_formats_new();
	cdok_render_params params;
	cdok_writer *writer;
	cdok_reader *reader;
	cdok_puzzle *puzzle;
	cdok_error err;
	cdok_status st;
	char *text, *out;
	size_t len = 0, outlen;

	if (argc != 2) {
		fprintf(stderr, "usage: example-render FILE.spec\n");
		return 2;
	}
	text = slurp(argv[1], &len);
	if (!text) {
		perror(argv[1]);
		return 2;
	}
	/* The core's formats, and libcdok-render's pictures. */
	if (!formats ||
	    cdok_formats_add(formats, cdok_render_formats(), &err) != CDOK_OK) {
		fprintf(stderr, "cannot gather the formats\n");
		return 1;
	}
	writer = cdok_writer_new(cdok_formats_find(formats, "pdf"), 0);
	cdok_render_params_init(&params);
	params.per_page = 4;
	params.title = "Example";
	if (!writer || cdok_render_setup(writer, &params, &err) != CDOK_OK) {
		fprintf(stderr, "cannot set up the writer\n");
		return 1;
	}
	reader = cdok_reader_new(cdok_formats_find(formats, "spec"), text, len);
	while ((st = cdok_reader_next(reader, &puzzle, &err)) == CDOK_OK) {
		int size = cdok_puzzle_size(puzzle);
		int *answer = malloc(sizeof(int) * (size_t)(size * size));
		cdok_render_item item = {NULL, NULL, 0, NULL, NULL, NULL,
					 NULL, NULL, 0};
		cdok_result result;

		if (answer && cdok_solve(puzzle, NULL, answer, &result,
					 NULL) == CDOK_OK &&
		    result.verdict == CDOK_VERDICT_UNIQUE)
			item.answer = answer;
		if (cdok_render_put(writer, puzzle, NULL, &item, &out, &outlen,
				    &err) != CDOK_OK || !emit(out, outlen)) {
			fprintf(stderr, "cannot draw: %s\n", err.message);
			return 1;
		}
		free(answer);
		cdok_puzzle_free(puzzle);
	}
	if (st != CDOK_END) {
		fprintf(stderr, "%s:%d:%d: %s\n", argv[1], err.line,
			err.column, err.message);
		return 1;
	}
	/* A PDF comes whole when the stream ends. */
	if (cdok_writer_finish(writer, &out, &outlen, &err) != CDOK_OK ||
	    !emit(out, outlen)) {
		fprintf(stderr, "cannot finish: %s\n", err.message);
		return 1;
	}
	cdok_writer_free(writer);
	cdok_reader_free(reader);
	cdok_formats_free(formats);
	free(text);
	return 0;
}
