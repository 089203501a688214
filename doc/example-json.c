/* example-json.c -- a small program on libcdok and libcdok-json: read a
 * Killer Sudoku in Barium's JSON schema (a format libcdok-json adds to
 * the program's set of formats), solve it, and print the result
 * document a program would read.  make check builds it against an
 * installed copy:
 *
 *     cc example-json.c $(pkg-config --cflags --libs cdok-json) -o example-json
 *     ./example-json FILE.json
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

int main(int argc, char **argv)
{
	cdok_formats *formats = cdok_formats_new();
	const cdok_format *format;
	cdok_reader *reader;
	cdok_puzzle *puzzle;
	cdok_result result;
	cdok_json_info info;
	cdok_error err;
	char *text, *doc;
	size_t len = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: example-json FILE.json\n");
		return 2;
	}
	text = slurp(argv[1], &len);
	if (!text) {
		perror(argv[1]);
		return 2;
	}
	/* The core's formats, and libcdok-json's. */
	if (!formats ||
	    cdok_formats_add(formats, cdok_json_formats(), &err) != CDOK_OK) {
		fprintf(stderr, "cannot gather the formats\n");
		return 1;
	}
	format = cdok_formats_detect(formats, text, len);
	printf("format: %s\n", format ? cdok_format_name(format) : "none");
	reader = format ? cdok_reader_new(format, text, len) : NULL;
	if (!reader || cdok_reader_next(reader, &puzzle, &err) != CDOK_OK) {
		fprintf(stderr, "%s: %d:%d: %s\n", argv[1], err.line,
			err.column, err.message);
		return 1;
	}
	if (cdok_solve(puzzle, NULL, NULL, &result, &err) != CDOK_OK)
		return 1;
	cdok_json_info_init(&info);
	info.command = "solve";
	info.source = argv[1];
	info.omit_puzzle = 1;
	info.result = &result;
	info.flags = CDOK_WRITER_COMPACT;
	if (cdok_json_result(puzzle, &info, &doc, NULL, &err) != CDOK_OK)
		return 1;
	fputs(doc, stdout);
	cdok_free(doc);
	cdok_puzzle_free(puzzle);
	cdok_reader_free(reader);
	cdok_formats_free(formats);
	free(text);
	return result.verdict == CDOK_VERDICT_UNIQUE ? 0 : 1;
}
