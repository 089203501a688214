/* formats.c -- the formats libcdok-json adds to a program's set
 * (cdok_formats_add): Barium's Killer Sudoku JSON and cdok's own JSON
 * documents.  killer comes first: both claim a text that starts with
 * '{' or '[', and a Killer document is told apart by its "board". */
#include "json/json.h"

static const struct cdok_format killer_format = {
	.name = "killer",
	.summary = "Killer Sudoku JSON in the schema of github Barium/"
		   "killer-sudoku-solver: a \"board\" of 9 rows of 9 values "
		   "(0 = empty) and \"cages\", each [total, [[x, y], ...]]",
	.flags = CDOK_FORMAT_VALUES,
	.put = cdki_killer_put, .finish = cdki_json_finish,
	CDKI_FORMAT_FUNCTIONS(killer),
};

static const struct cdok_format json_format = {
	.name = "json",
	.summary = "cdok's JSON puzzle document (\"format\": \"cdok-puzzle\"), "
		   "with the solution when there is one",
	.flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_RESULTS,
	.read = cdki_json_read, .write = cdki_json_write,
	.put = cdki_json_put, .finish = cdki_json_finish,
	.detect = cdki_json_detect,
};

static const cdok_format *const json_formats[] = {
	&killer_format, &json_format, NULL,
};

const cdok_format *const *cdok_json_formats(void)
{
	return json_formats;
}
