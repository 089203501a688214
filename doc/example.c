/* example.c -- a small program on libcdok: read a puzzle in cdok's spec
 * format, solve it, grade it, and print the solution and the line cdok
 * solve prints ("Solution is unique. Difficulty: 10051 (Easy, score
 * 51)").  make check builds it against an installed copy of the
 * library:
 *
 *     cc example.c $(pkg-config --cflags --libs cdok) -o example
 *     ./example            # the puzzle below
 *     ./example FILE       # the first puzzle of FILE, in any core format
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cdok.h>

/* A 4 x 4 puzzle: one grid row per line, a letter per cell naming its
 * cage, the cage's clue on its first cell, a number for a given. */
static const char puzzle_text[] =
	"A*6\tB-1\tB\tC-1\n"
	"A\tD/4\tD\tC\n"
	"A\tA\tE+8\tE\n"
	"F-1\tF\tE\t1\n";

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
	char *file = NULL, *out;
	const char *text = puzzle_text;
	size_t len = strlen(puzzle_text);
	const cdok_format *format;
	cdok_reader *reader;
	cdok_puzzle *puzzle;
	cdok_result result;
	cdok_grading grading;
	cdok_grade_params params;
	cdok_error err;
	int *solution, status = 0;

	if (argc > 1) {
		file = slurp(argv[1], &len);
		if (!file) {
			perror(argv[1]);
			return 2;
		}
		text = file;
	}
	printf("libcdok %s\n", cdok_version());
	format = cdok_format_detect(text, len);
	reader = cdok_reader_new(format ? format : cdok_format_find("spec"),
				 text, len);
	if (!reader || cdok_reader_next(reader, &puzzle, &err) != CDOK_OK) {
		fprintf(stderr, "%d:%d: %s\n", err.line, err.column,
			err.message);
		return 1;
	}
	solution = calloc((size_t)(cdok_puzzle_size(puzzle) *
				   cdok_puzzle_size(puzzle)), sizeof(int));
	if (!solution ||
	    cdok_solve(puzzle, NULL, solution, &result, &err) != CDOK_OK) {
		fprintf(stderr, "%s\n", solution ? err.message : "out of memory");
		return 1;
	}
	if (result.verdict == CDOK_VERDICT_UNIQUE &&
	    cdok_write(cdok_format_find("utf8"), puzzle, solution, &out, NULL,
		       &err) == CDOK_OK) {
		fputs(out, stdout);
		cdok_free(out);
	} else {
		status = 1;
	}
	printf("verdict: %s\n", cdok_verdict_name(result.verdict));
	/* The difficulty cdok prints is the grade's: the level a person
	 * needs and a score within it (doc/LEVELS.md), not the solver's
	 * search score.  The solution is passed so that the grader need not
	 * solve the puzzle again. */
	cdok_grade_params_init(&params);
	params.solution = solution;
	if (result.verdict == CDOK_VERDICT_UNIQUE &&
	    cdok_grade(puzzle, &params, &grading, &err) == CDOK_OK) {
		if (grading.outcome == CDOK_GRADE_LEVEL)
			printf("Solution is unique. Difficulty: %llu (%s, "
			       "score %d)\n",
			       (unsigned long long)grading.difficulty,
			       cdok_level_name(grading.scale, grading.level),
			       grading.score);
		else	/* Nylimb: no levels, the solver's score */
			printf("Solution is unique. Difficulty: %llu\n",
			       (unsigned long long)result.search_score);
	}
	free(solution);
	cdok_puzzle_free(puzzle);
	cdok_reader_free(reader);
	free(file);
	return status;
}
