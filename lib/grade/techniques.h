/* techniques.h -- the levels and the techniques of the grader, as data.
 *
 * Two scales of levels (doc/LEVELS.md): Calcudoku puzzles are graded on
 * Keen's (Simon Tatham's Keen: Easy, Normal, Hard, Extreme,
 * Unreasonable), puzzles with boxes -- Killer Sudoku -- on Solo's
 * (Trivial, Basic, Intermediate, Advanced, Extreme, Unreasonable), so
 * that a level means what it means in those games.  Each level is a row
 * of GRADE_LEVELS_*: its enum name, its name and its one-letter code.
 *
 * Each technique is a row of GRADE_TECHNIQUES: its enum name, its
 * function (cdki_tech_NAME in tech_*.c, declared by grade.h from this
 * list), the name programs use, the title people read, its level on
 * each scale (NONE where the scale does not use it), its weight in the
 * finer score, and the template of the sentence that explains a step
 * (the placeholders are described in text.c).  The order of the rows
 * is the order in which the grader tries techniques of the same level;
 * a puzzle's level is that of the hardest technique its solution needs
 * when easier ones are always tried first.
 */
#ifndef CDOK_GRADE_TECHNIQUES_H
#define CDOK_GRADE_TECHNIQUES_H

#define GRADE_LEVELS_CALCUDOKU(X)				\
	X(EASY,          "Easy",          'e')			\
	X(NORMAL,        "Normal",        'n')			\
	X(HARD,          "Hard",          'h')			\
	X(EXTREME,       "Extreme",       'x')			\
	X(UNREASONABLE,  "Unreasonable",  'u')

#define GRADE_LEVELS_KILLER(X)					\
	X(TRIVIAL,       "Trivial",       't')			\
	X(BASIC,         "Basic",         'b')			\
	X(INTERMEDIATE,  "Intermediate",  'i')			\
	X(ADVANCED,      "Advanced",      'a')			\
	X(EXTREME,       "Extreme",       'e')			\
	X(UNREASONABLE,  "Unreasonable",  'u')

enum {
#define GRADE_LEVEL_ENUM(id, name, code) KEEN_##id,
	GRADE_LEVELS_CALCUDOKU(GRADE_LEVEL_ENUM)
	KEEN_NLEVELS
};
#undef GRADE_LEVEL_ENUM
enum {
#define GRADE_LEVEL_ENUM(id, name, code) SOLO_##id,
	GRADE_LEVELS_KILLER(GRADE_LEVEL_ENUM)
#undef GRADE_LEVEL_ENUM
	SOLO_NLEVELS
};

/* A technique a scale does not use (the tables below paste KEEN_ or
 * SOLO_ before a level's name). */
enum { KEEN_NONE = -1, SOLO_NONE = -1 };

#define GRADE_TECHNIQUES(X)						\
	/* Placing values. */						\
	X(BOX_SINGLE, box_single,					\
	  "box-single", "Hidden single in a box", NONE, TRIVIAL, 1,	\
	  "{value} has no other place in {unit}, so {cell} is {value}.") \
	X(CAGE_LAST, cage_last,						\
	  "cage-last", "Last cell of a cage", NONE, TRIVIAL, 1,		\
	  "{cell} is the last open cell of {whole_cage}{last_sum}.")	\
	X(INNIE, innie,							\
	  "innie", "One cell left by the 45 rule", NONE, TRIVIAL, 2,	\
	  "{innie}")							\
	X(NAKED_SINGLE, naked_single,					\
	  "naked-single", "Naked single", EASY, BASIC, 1,		\
	  "{cell} has no candidate left but {value}, so it is {value}.") \
	X(HIDDEN_SINGLE, hidden_single,					\
	  "hidden-single", "Hidden single in a line", EASY, BASIC, 1,	\
	  "{value} has no other place in {unit}, so {cell} is {value}.") \
	X(DIAGONAL_SINGLE, diagonal_single,				\
	  "diagonal-single", "Hidden single in a diagonal", NONE, BASIC, \
	  1, "{value} has no other place in {unit}, so {cell} is "	\
	  "{value}.")							\
	/* Cage reasoning. */						\
	X(CAGE_VALUES, cage_values,					\
	  "cage-values", "Values a cage can use", EASY, NONE, 2,	\
	  "Every way of filling {cage} uses only {values}; remove "	\
	  "{removed}.")							\
	X(CAGE_BOUNDS, cage_bounds,					\
	  "cage-bounds", "Smallest and largest sums", NONE, TRIVIAL, 2, \
	  "{cage} {adds} up to {sum}; given the smallest and largest "	\
	  "candidates of its other cells, {removed_in} cannot make that, " \
	  "so remove {them_removed}.")					\
	X(CAGE_COMBINATIONS, cage_combinations,				\
	  "cage-combinations", "Cage combinations", NONE, TRIVIAL, 2,	\
	  "{sum} in {count} different values {combos}, so "	\
	  "{cage} {uses} only {values}; remove {removed}.")		\
	X(CAGE_CELLS, cage_cells,					\
	  "cage-cells", "Values a cage cell can take", NORMAL, TRIVIAL, 3, \
	  "No way of filling {cage} that fits the candidates puts "	\
	  "{removed_in}, so remove {them_removed}.")			\
	/* Units. */							\
	X(POINTING, pointing,						\
	  "pointing", "Box and line (pointing)", NONE, INTERMEDIATE, 3,	\
	  "In {unit}, {value} can only go in {unit2}, so it cannot go "	\
	  "elsewhere in {unit2}; remove {removed}.")			\
	X(CLAIMING, claiming,						\
	  "claiming", "Line and box (claiming)", NONE, INTERMEDIATE, 3,	\
	  "In {unit}, {value} can only go in {unit2}, so it cannot go "	\
	  "elsewhere in {unit2}; remove {removed}.")			\
	X(CAGE_LINE, cage_line,						\
	  "cage-line", "A cage's values in a line", HARD, NONE, 5,	\
	  "Every way of filling {cage} puts {values} in {unit}, so no "	\
	  "other cell of {unit} can hold {them}; remove {removed}.")	\
	X(NAKED_SUBSET, naked_subset,					\
	  "naked-subset", "Naked subset", HARD, ADVANCED, 5,		\
	  "{cells} in {unit} can only hold {values}, so those values "	\
	  "cannot go elsewhere in {unit}; remove {removed}.")		\
	X(HIDDEN_SUBSET, hidden_subset,					\
	  "hidden-subset", "Hidden subset", HARD, ADVANCED, 5,		\
	  "In {unit}, the values {values} can only go in {cells}, so "	\
	  "those cells hold nothing else; remove {removed}.")			\
	X(FISH, fish,							\
	  "fish", "Fish", EXTREME, EXTREME, 10,			\
	  "{fish} in {lines}: {value} can only go in {cover}, so it "	\
	  "cannot go elsewhere in {cover}; remove {removed}.")		\
	X(FORCING_CHAIN, forcing_chain,					\
	  "forcing-chain", "Forcing chain", EXTREME, EXTREME, 10,	\
	  "Either {cell} is {value}, or it is {other} and then {chain}; " \
	  "either way {target}, which sees both ends, cannot be {value}; " \
	  "remove {removed}.")						\
	/* Beyond Keen: explanations and hints only (tech_linesum.c). */ \
	X(LINE_SUM, line_sum,						\
	  "line-sum", "Sum of lines, beyond Keen's techniques",		\
	  UNREASONABLE, NONE, 20, "{line_sum}")				\
	/* Search. */							\
	X(GUESS, guess,							\
	  "guess", "Trial and error", UNREASONABLE, UNREASONABLE, 25,	\
	  "No technique applies, so try the candidates of {cell}. "	\
	  "{trial}")

enum grade_tech_id {
#define GRADE_TECH_ENUM(id, fn, name, title, keen, solo, weight, text) \
	TECH_##id,
	GRADE_TECHNIQUES(GRADE_TECH_ENUM)
#undef GRADE_TECH_ENUM
	TECH_COUNT
};

/* The techniques that read the engine's scan of a puzzle cage
 * (cdki_cage_scan), in the order of their bits: each has bit
 * SCAN_BIT(SCAN_id) in struct grader's cage_clean (it found nothing in
 * the cage since the scan changed) and a list of its own in cage_todo.
 * A row here names a row of GRADE_TECHNIQUES. */
#define GRADE_SCAN_TECHNIQUES(X)					\
	X(CAGE_VALUES)							\
	X(CAGE_CELLS)							\
	X(CAGE_LINE)

enum grade_scan_tech {
#define GRADE_SCAN_ENUM(id) SCAN_##id,
	GRADE_SCAN_TECHNIQUES(GRADE_SCAN_ENUM)
#undef GRADE_SCAN_ENUM
	SCAN_COUNT
};

#define SCAN_BIT(t) (1u << (t))
#define SCAN_ALL (SCAN_BIT(SCAN_COUNT) - 1)

#endif /* CDOK_GRADE_TECHNIQUES_H */
