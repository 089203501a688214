/* cmd_convert.c -- `cdok convert --to FORMAT`: every puzzle of every
 * input, written in one format as one stream.
 *
 * One writer serves the whole run (cli_put; main() finishes it), so a
 * stream stays a stream: a UCF file gets its single closing "0", JSON
 * its documents one per line, Keen one ID per line.  A puzzle the format
 * cannot hold is named with the library's reason and left out; the
 * others are still written, and the run ends with status 3, since the
 * input asked for something the format cannot say.
 */
#include "cli.h"

static int convert_one(struct cli *cli, const char *name,
		       const cdok_puzzle *puzzle)
{
	char what[64];

	return cli_put(cli, name, cli_puzzle_what(cli, what, sizeof(what)),
		       puzzle, NULL);
}

int cmd_convert(struct cli *cli)
{
	return cli_each_puzzle(cli, convert_one);
}
