/* sgtgen.c -- a command-line driver for the puzzle generators of Simon
 * Tatham's Keen and Solo, for benchmarks only (bench/levels/README.md).
 *
 * It is compiled against the third-party sources in
 * ../shared/anchors/sgt-puzzles/ into a temporary directory by
 * bench/levels/build-sgt.sh and never committed as a binary:
 *
 *     keengen COUNT PARAMS#SEED    e.g. keengen 5 '9dh#11'
 *     sologen COUNT PARAMS#SEED    e.g. sologen 5 '3x3kdi#11'
 *
 * prints COUNT game IDs ("PARAMS:DESC"), one per line, as the games'
 * own `--generate` does: the first made from SEED, puzzle k (k >= 1)
 * from the seed string "SEED/k", so a run can be repeated.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "puzzles.h"

extern const game thegame;

int main(int argc, char **argv)
{
	const char *hash;
	char params_text[256], seed[300];
	game_params *params;
	const char *why;
	int count;

	if (argc != 3 || (count = atoi(argv[1])) < 1 ||
	    !(hash = strchr(argv[2], '#')) ||
	    (size_t)(hash - argv[2]) >= sizeof(params_text)) {
		fprintf(stderr, "usage: %s COUNT PARAMS#SEED\n", argv[0]);
		return 2;
	}
	memcpy(params_text, argv[2], (size_t)(hash - argv[2]));
	params_text[hash - argv[2]] = '\0';
	params = thegame.default_params();
	thegame.decode_params(params, params_text);
	why = thegame.validate_params(params, true);
	if (why) {
		fprintf(stderr, "%s: %s\n", argv[0], why);
		return 2;
	}
	for (int k = 0; k < count; k++) {
		random_state *rs;
		char *aux = NULL, *desc, *ptext;

		if (k == 0)
			snprintf(seed, sizeof(seed), "%s", hash + 1);
		else
			snprintf(seed, sizeof(seed), "%s/%d", hash + 1, k);
		rs = random_new(seed, (int)strlen(seed));
		desc = thegame.new_desc(params, rs, &aux, false);
		ptext = thegame.encode_params(params, false);
		printf("%s:%s\n", ptext, desc);
		fflush(stdout);
		sfree(ptext);
		sfree(desc);
		sfree(aux);
		random_free(rs);
	}
	thegame.free_params(params);
	return 0;
}
