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
			fuzz_check_error(text, size, st, &err);
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
