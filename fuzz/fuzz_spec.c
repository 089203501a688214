/* fuzz_spec.c -- fuzz target for the spec reader.
 *
 * Any text must be read into a puzzle or refused with an error that
 * points inside the text.  A puzzle read must pass the model's own
 * validation, and must come back unchanged through every format that
 * can write it (fuzz_round_trips), the spec format most of all: a puzzle
 * read from a spec can always be written as one.  The round trips are
 * made under every rule set the puzzle can take (fuzz_rule_sets), and
 * the text is read a second time as `cdok -N` reads it
 * (cdok_reader_set_rules), with the same demands.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Lines in the text, and the length of line `line` (1-based) without
 * its line break: what an error position must fit in. */
static int count_lines(const char *text, size_t len)
{
	int lines = 1;

	for (size_t i = 0; i < len; i++)
		lines += text[i] == '\n';
	return lines;
}

static size_t line_length(const char *text, size_t len, int line)
{
	size_t i = 0, start;

	for (int l = 1; l < line && i < len; i++)
		if (text[i] == '\n')
			l++;
	start = i;
	while (i < len && text[i] != '\n')
		i++;
	return i - start;
}

static void check_error(const char *text, size_t len, cdok_status st,
			const cdok_error *err)
{
	int lines = count_lines(text, len);

	FUZZ_CHECK(err->status == st, "status %d but err.status %d", st,
		   err->status);
	FUZZ_CHECK(memchr(err->message, '\0', sizeof(err->message)) &&
		   err->message[0] && !strchr(err->message, '\n'),
		   "bad message \"%.255s\"", err->message);
	if (st == CDOK_ERR_NOMEM)
		return;
	/* Bad text is always named by its position; only an input over
	 * the size cap is refused as a whole. */
	FUZZ_CHECK(err->line >= 1 || st == CDOK_ERR_LIMIT,
		   "no line for \"%s\"", err->message);
	FUZZ_CHECK(err->line <= lines + 1 && err->column >= 0,
		   "position %d:%d outside a text of %d lines: %s",
		   err->line, err->column, lines, err->message);
	if (err->line >= 1 && err->line <= lines)
		FUZZ_CHECK((size_t)err->column <=
			   line_length(text, len, err->line) + 1,
			   "column %d past the end of line %d (%zu bytes): %s",
			   err->column, err->line,
			   line_length(text, len, err->line), err->message);
}

static void round_trips(void *user, const cdok_puzzle *p, const char *rules)
{
	char from[64];

	(void)user;
	snprintf(from, sizeof(from), "spec (%s rules)", rules);
	fuzz_round_trips(p, from);
}

static void read_spec(const uint8_t *data, size_t size, unsigned rules)
{
	const cdok_format *spec = cdok_format_find("spec");
	const char *text = (const char *)data;
	cdok_reader *r = cdok_reader_new(spec, text, size);

	FUZZ_CHECK(r, "no spec reader");
	if (rules)
		cdok_reader_set_rules(r, rules);
	/* The spec reader takes one puzzle; ask again to check it says
	 * so instead of reading past the end. */
	for (int i = 0; i < 3; i++) {
		cdok_puzzle *p = NULL;
		cdok_error err;
		cdok_status st;
		char *out;

		memset(&err, 0, sizeof(err));
		st = cdok_reader_next(r, &p, &err);
		if (st == CDOK_END) {
			FUZZ_CHECK(!p, "a puzzle with CDOK_END");
			break;
		}
		if (st != CDOK_OK) {
			FUZZ_CHECK(!p, "a puzzle with an error");
			check_error(text, size, st, &err);
			break;
		}
		FUZZ_CHECK(p, "CDOK_OK without a puzzle");
		FUZZ_CHECK((cdok_puzzle_rules(p) & rules) == rules,
			   "read with rules %#x, the puzzle has %#x", rules,
			   cdok_puzzle_rules(p));
		memset(&err, 0, sizeof(err));
		FUZZ_CHECK(cdok_puzzle_validate(p, &err) == CDOK_OK,
			   "the reader let through an invalid puzzle: %s",
			   err.message);
		st = cdok_write(spec, p, NULL, &out, NULL, &err);
		FUZZ_CHECK(st == CDOK_OK, "a puzzle read from a spec cannot "
			   "be written as one: %s", err.message);
		cdok_free(out);
		if (rules)
			fuzz_round_trips(p, "spec (read as nylimb)");
		else
			fuzz_rule_sets(p, round_trips, NULL);
		cdok_puzzle_free(p);
	}
	cdok_reader_free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	read_spec(data, size, 0);
	read_spec(data, size, CDOK_RULE_NYLIMB);
	return 0;
}
