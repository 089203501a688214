/* fuzz.h -- what the fuzz targets share: a way to fail loudly, puzzle
 * comparison, round trips through the formats and an independent check
 * of solutions.
 *
 * The targets use only include/cdok.h, like the cdok program, so a
 * finding is always something a caller of the library could hit.  A
 * finding is a crash, a sanitizer report, or an abort() from FUZZ_CHECK
 * when the library contradicts itself (a solution that breaks a rule, a
 * written puzzle that does not read back the same).
 */
#ifndef CDOK_FUZZ_H
#define CDOK_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cdok.h"

/* Abort with a message when cond is false: libFuzzer and AFL++ both
 * record the input that made it happen. */
#define FUZZ_CHECK(cond, ...)						\
	do {								\
		if (!(cond))						\
			fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__); \
	} while (0)

void fuzz_fail(const char *file, int line, const char *cond,
	       const char *fmt, ...)
	__attribute__((noreturn, format(printf, 4, 5)));

/* Every format a program can have: the core library's and
 * libcdok-json's, in one set made on first use (the cdok program's
 * cli_formats). */
const cdok_formats *fuzz_formats(void);

/* Do two puzzles state the same thing?  Labels and the order of cages
 * are not compared, and a one-cell cage counts the same as a given (the
 * spec format writes one as the other); Killer boxes and which cages of
 * two or more cells must hold distinct values are.  Returns NULL when
 * they agree, else a static description of the first difference. */
const char *fuzz_puzzle_diff(const cdok_puzzle *a, const cdok_puzzle *b);

/* Write the puzzle in every format that can both write and read, read
 * each text back with the same format and require the same puzzle.  A
 * writer may refuse a puzzle its format cannot express (any status but
 * CDOK_OK), but what it does write must read back unchanged.  A puzzle
 * that fails cdok_puzzle_validate is only written, not read back.
 * Drawings (formats that only write) are written too, for the code they
 * run. */
void fuzz_round_trips(const cdok_puzzle *puzzle, const char *from);

/* A second reading of the rules, written apart from the library's
 * checker: Latin rows and columns, givens, Killer boxes, every cage's
 * arithmetic and distinct values where a cage asks for them.  Returns 1
 * if values is a solution. */
int fuzz_is_solution(const cdok_puzzle *puzzle, const int *values);

/* Count the solutions of a puzzle of size 1..4 by trying every Latin
 * square that fits the givens, up to limit (0: no limit). */
uint64_t fuzz_brute_count(const cdok_puzzle *puzzle, uint64_t limit);

#endif /* CDOK_FUZZ_H */
