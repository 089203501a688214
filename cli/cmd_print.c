/* cmd_print.c -- `cdok print`: the puzzle as a spec, then drawn.  The
 * output matches the original cdok byte for byte.  With --to it is
 * convert: the puzzle in that format alone. */
#include "cli.h"

static int print_one(struct cli *cli, const char *name,
		     const cdok_puzzle *puzzle)
{
	return cli_show_grid(cli, name, puzzle, NULL);
}

int cmd_print(struct cli *cli)
{
	if (cli->opt.to)
		return cmd_convert(cli);
	return cli_each_puzzle(cli, print_one);
}
