/* json_read.c -- the page's reader (web/cdok_web.c, cw_read) built
 * natively over the jansson source the page is built from (mk/web.mk),
 * for web/test/run.js: it prints the document cw_read gives for a file,
 * which the test holds against what build/cdok (on Debian's libjansson)
 * makes of the same file.
 *
 *   web-json-read FILE
 */
#include <stdio.h>
#include <stdlib.h>

char *cw_read(const char *text);
void cw_free(char *doc);

int main(int argc, char **argv)
{
	FILE *f;
	char *text, *doc;
	long n;

	if (argc != 2 || !(f = fopen(argv[1], "rb"))) {
		fprintf(stderr, "usage: web-json-read FILE\n");
		return 2;
	}
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	text = malloc((size_t)n + 1);
	if (!text || fread(text, 1, (size_t)n, f) != (size_t)n) {
		fprintf(stderr, "web-json-read: cannot read %s\n", argv[1]);
		return 1;
	}
	text[n] = '\0';
	fclose(f);
	doc = cw_read(text);
	if (!doc)
		return 1;
	puts(doc);
	cw_free(doc);
	free(text);
	return 0;
}
