/* provenance.c -- where each puzzle of an input came from, for the
 * captions of a booklet: the seeds that cdok's own outputs carry.  An
 * archive (--archive) names each puzzle in a '#' line before it ("#
 * puzzle 3 (seed 7)"); a result document of generate (--to json) has a
 * "seed" member, one document a line.  So that a booklet printed from
 * several such files names every puzzle as each file's own booklet did
 * ("seed 7"), whatever mix of inputs is printed.
 *
 * The readers do not say where in the text a puzzle starts, so the
 * seeds are matched to the puzzles in order, and only when there are as
 * many as there are puzzles: an input whose puzzles are not all named
 * keeps the captions it would have had (its game IDs).
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* The longest caption kept: "seed " and a 64-bit number. */
#define SOURCE_MAX 32

/* The seed a line names, as a caption, into buf; false if none.  An
 * archive's line: '#', then words, then "(seed N)" at its end.  A JSON
 * document: "seed":"N" or "seed":N (generate writes it as a string, as
 * JSON numbers lose 64-bit values in many readers). */
static bool line_seed(const char *line, size_t len, char *buf)
{
	const char *p, *end = line + len;
	size_t digits = 0;

	while (end > line && (end[-1] == ' ' || end[-1] == '\t' ||
			      end[-1] == '\r'))
		end--;
	if (len > 0 && line[0] == '#') {
		static const char key[] = "(seed ";

		if (end == line || end[-1] != ')')
			return false;
		for (p = end - 1; p > line && p[-1] >= '0' && p[-1] <= '9';
		     p--)
			digits++;
		if (!digits || p - line < (ptrdiff_t)(sizeof(key) - 1) ||
		    memcmp(p - (sizeof(key) - 1), key, sizeof(key) - 1))
			return false;
	} else if (len > 0 && line[0] == '{') {
		static const char key[] = "\"seed\":";
		size_t n = (size_t)(end - line), k = sizeof(key) - 1, i;

		for (i = 0; i + k <= n; i++)
			if (!memcmp(line + i, key, k))
				break;
		if (i + k > n)
			return false;
		p = line + i + k;
		while (p < end && (*p == ' ' || *p == '"'))
			p++;
		while (p + digits < end && p[digits] >= '0' &&
		       p[digits] <= '9')
			digits++;
		if (!digits)
			return false;
	} else {
		return false;
	}
	if (digits > 20)
		return false;
	memcpy(buf, "seed ", 5);
	memcpy(buf + 5, p, digits);
	buf[5 + digits] = '\0';
	return true;
}

void cli_sources_free(struct cli_sources *s)
{
	for (int i = 0; i < s->n; i++)
		free(s->caption[i]);
	free(s->caption);
	memset(s, 0, sizeof(*s));
}

bool cli_sources_find(struct cli_sources *s, const char *text, size_t len,
		      uint64_t npuzzles)
{
	const char *line = text, *end = text + len;
	int cap = 0;

	memset(s, 0, sizeof(*s));
	while (line < end) {
		const char *nl = memchr(line, '\n', (size_t)(end - line));
		size_t n = nl ? (size_t)(nl - line) : (size_t)(end - line);
		char buf[SOURCE_MAX];

		if (line_seed(line, n, buf)) {
			if ((uint64_t)s->n >= npuzzles)
				goto none;  /* more seeds than puzzles */
			if (s->n == cap) {
				int more = cap ? 2 * cap : 16;
				char **c = realloc(s->caption, (size_t)more *
						   sizeof(*c));

				if (!c)
					goto nomem;
				s->caption = c;
				cap = more;
			}
			if (!(s->caption[s->n] = strdup(buf)))
				goto nomem;
			s->n++;
		}
		line += n + 1;
	}
	if ((uint64_t)s->n == npuzzles)
		return true;
none:
	cli_sources_free(s);
	return true;
nomem:
	cli_sources_free(s);
	return false;
}

const char *cli_sources_get(const struct cli_sources *s, int k)
{
	return k >= 1 && k <= s->n ? s->caption[k - 1] : NULL;
}
