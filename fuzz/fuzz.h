/* fuzz.h -- what the fuzz targets share: a way to fail loudly, puzzle
 * comparison, round trips through the formats and the rule sets a
 * puzzle is tried under.  The independent checker and solution counter
 * are the tests' own (tests/ref.h), written from doc/RULES.md.
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
#include "ref.h"

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

/* An error from reading text (len bytes): its status is st, it has a
 * one-line message, and it points inside the text (line 1 to one past
 * the last, column at most one past the end of its line); only
 * CDOK_ERR_LIMIT (an input over the size cap) may name no line. */
void fuzz_check_error(const char *text, size_t len, cdok_status st,
		      const cdok_error *err);

/* A problem from cdok_check (or, with partial, cdok_check_partial or
 * cdok_check_state, which add CDOK_PROBLEM_WRONG and
 * CDOK_PROBLEM_MARKS) points inside the grid and the puzzle. */
void fuzz_check_problem(const cdok_problem *pr, const cdok_puzzle *p,
			bool partial);

/* Every format a program can have: the core library's and
 * libcdok-json's, in one set made on first use (the cdok program's
 * cli_formats). */
const cdok_formats *fuzz_formats(void);

/* Read text (len bytes) in the format of fuzz_formats() it looks like,
 * and give each of its first max puzzles to fn, which frees it.  Text
 * that looks like no format gives nothing. */
typedef void (*fuzz_puzzle_fn)(void *user, cdok_puzzle *puzzle);
void fuzz_each_puzzle(const char *text, size_t len, int max,
		      fuzz_puzzle_fn fn, void *user);

/* Do two puzzles state the same thing?  Labels and the order of cages
 * are not compared, and a one-cell cage counts the same as a given (the
 * spec format writes one as the other); the rule flags, Killer boxes
 * and which cages of two or more cells must hold distinct values are.  Returns NULL when
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

/* Call fn with the puzzle under every rule set it can take: first as
 * it is, then (from a copy) as a plain Calcudoku, as a Killer Sudoku
 * (boxes of the squarest shape that tiles the grid, every cage's values
 * distinct) and in Nylimb mode, each where the puzzle allows it (a
 * Nylimb grid is at most 10 x 10; a prime size has no boxes).  The
 * rules' name is "plain", "killer" or "nylimb".  Returns how many
 * calls were made. */
typedef void (*fuzz_rules_fn)(void *user, const cdok_puzzle *puzzle,
			      const char *rules);
int fuzz_rule_sets(const cdok_puzzle *puzzle, fuzz_rules_fn fn, void *user);

#endif /* CDOK_FUZZ_H */
