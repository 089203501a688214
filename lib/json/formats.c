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
	.read = cdok_killer_read, .write = cdok_killer_write,
	.put = cdok_killer_put, .finish = cdok_json_finish,
	.fit = cdok_killer_fit, .detect = cdok_killer_detect,
};

static const struct cdok_format json_format = {
	.name = "json",
	.summary = "cdok's JSON puzzle document (\"format\": \"cdok-puzzle\"), "
		   "with the solution when there is one",
	.flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_RESULTS,
	.read = cdok_json_read, .write = cdok_json_write,
	.put = cdok_json_put, .finish = cdok_json_finish,
	.detect = cdok_json_detect,
};

static const cdok_format *const json_formats[] = {
	&killer_format, &json_format, NULL,
};

const cdok_format *const *cdok_json_formats(void)
{
	return json_formats;
}
