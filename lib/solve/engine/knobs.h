/* engine/knobs.h -- every tuning knob of the engine, in one place: its
 * value in each instance and the measurement that chose it.
 *
 * KNOB(latin, digits) picks the value of the instance being compiled
 * (ENGINE_INSTANCE, defined by latin.c or digits.c before including the
 * body).  A knob written with #ifndef can be set from the command line
 * for a sweep (make CPPFLAGS=-DLAYOUT_MAX=2048 ...); it then applies to
 * both instances.  The feature switches are not meant to be: the Nylimb
 * instance's 128-bit values have no tables, pairs or derived sums.
 *
 * The figures below are those measured when each knob was chosen, with
 * the programs and puzzle sets of bench/ on the machine of the time; a
 * change to a knob wants them measured again.
 */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

#define ENGINE_LATIN 1  /* latin.c: values 1..63, each once per unit */
#define ENGINE_DIGITS 2 /* digits.c: Nylimb's 0..99, no digit twice */

#if ENGINE_INSTANCE == ENGINE_LATIN
#define KNOB(latin, digits) latin
#elif ENGINE_INSTANCE == ENGINE_DIGITS
#define KNOB(latin, digits) digits
#else
#error "ENGINE_INSTANCE must be ENGINE_LATIN or ENGINE_DIGITS"
#endif

/* ---- feature switches ---- */

/* Sums the units imply (engine/derived.h): units hold 1..n once, so
 * their sums are known.  Nylimb lines have no fixed sum. */
#define DERIVED_SUMS KNOB(1, 0)
/* Two-cell cages' own propagator (engine/pairs.h), over values
 * 1..vmax.  Nylimb's values run to 99: cages enumerate. */
#define PAIR_CAGES KNOB(1, 0)
/* Layout tables (engine/tables.h).  Nylimb's values run to 99: the
 * tables would be large; cages enumerate. */
#define LAYOUT_TABLES KNOB(1, 0)
/* Restarts in the last stage keep nogoods (engine/nogoods.h,
 * search_root): on the 50 random sum-only 12 x 12s of bench/sum12, with
 * a 5 s cap each, the CPU time in all went from 52 s (7 over the cap) to
 * 27 s (none); the four files of bench/hard from 0.4-1.1 s each to
 * 0.2-0.7 s. */
#ifndef NOGOODS
#define NOGOODS KNOB(1, 0)
#endif

/* ---- enumeration ---- */

/* Enumeration work allowed per cage per propagation step; beyond it the
 * cage falls back to cheaper reasoning until its domains shrink.
 * Nylimb: domains run to 90 values, so a three-cell cage of large
 * numbers (+100) takes about 90 x 90 steps at the root; 50,000 lets
 * that through once and still bounds large cages of small numbers. */
#define ENUM_BUDGET KNOB(20000, 50000)

/* A cage is enumerated only when the product of its domain sizes is at
 * most ENUM_SPACE (enum_space); otherwise a sum cage uses sum_supports
 * (and, with ENUM_SPACE_ALL, any other cage cage_bounds) until its
 * domains shrink.  With ENUM_SPACE_SKIP_LARGEST the largest domain is
 * left out of the product (the last cell is mostly forced by the clue);
 * with ENUM_AFTER_CHEAP a cage the cheaper reasoning has brought below
 * ENUM_SPACE is enumerated at once.
 * Latin: the space test applies to sum cages only, at 2,000; other
 * cages always enumerate, under the budget.
 * Nylimb: without the test a four-cell sum of large numbers (90 x 90 x
 * 90 assignments) spent its whole budget at every node and then fell
 * back anyway: on a random 9 x 9 with such cages a node took 400 us;
 * with it, 115 us. */
#define ENUM_SPACE KNOB(2000, 30000)
#define ENUM_SPACE_ALL KNOB(0, 1)
#define ENUM_SPACE_SKIP_LARGEST KNOB(0, 1)
#define ENUM_AFTER_CHEAP KNOB(0, 1)

/* Cages larger than this are never enumerated (bounds reasoning only). */
#define ENUM_MAX_CELLS 64

/* sum_supports takes sum cages with targets up to this.  Latin: every
 * sum a cage of up to 64 cells of values up to 63 can have.  Nylimb:
 * tables of at most 8 words; the cost grows with the square of the
 * target, and a cage needing more is one of dozens of cells, for which
 * the bounds do. */
#define SUM_TABLE_MAX KNOB((64 * 63), 511)

/* Distinct sum cages of 3 to COMBO_MAX_CELLS cells with at most
 * COMBO_MAX sets of values keep those sets (combo_propagate). */
#define COMBO_MAX_CELLS 9
#define COMBO_MAX 128

/* ---- layout tables (LAYOUT_TABLES; Nylimb has none, and the sizes
 * its calls name do not matter) ---- */

/* Cages of 3..LAYOUT_MAX_CELLS cells get a table: tried when the root's
 * reasoning first reaches a cage (kept if it has at most
 * LAYOUT_ROOT_MAX layouts then), and again after that reasoning (at
 * most LAYOUT_MAX), each found within LAYOUT_BUDGET enumeration steps
 * (which is also the grader's CDOK_LATIN_TABLE_BUDGET). */
#ifndef LAYOUT_MAX
#define LAYOUT_MAX KNOB(1024, 64)
#endif
#ifndef LAYOUT_ROOT_MAX
#define LAYOUT_ROOT_MAX KNOB(256, 64)
#endif
#define LAYOUT_MAX_CELLS 8
#ifndef LAYOUT_BUDGET
#define LAYOUT_BUDGET KNOB(20000, 0)
#endif
/* When the search escalates (search_root), the cages still without a
 * table get one of up to LAYOUT_BIG layouts found within
 * LAYOUT_BIG_BUDGET steps. */
#ifndef LAYOUT_BIG
#define LAYOUT_BIG KNOB(16384, 64)
#endif
#ifndef LAYOUT_BIG_BUDGET
#define LAYOUT_BIG_BUDGET KNOB(200000, 0)
#endif
/* The cages the root's reasoning leaves open get their tables (up to
 * LAYOUT_MAX layouts) once the search has made this many nodes: a
 * search of a few nodes does not repay them (search_root). */
#ifndef TABLES_AFTER_NODES
#define TABLES_AFTER_NODES 32
#endif

/* ---- derived sums (DERIVED_SUMS) ---- */

/* Derived sums of at most this many cells are kept: larger ones say
 * little more than the units do, and cost enumeration. */
#define DERIVED_MAX_CELLS 5
/* With boxes, whose 27 units imply many sums, the root keeps those of
 * at most this many cells (see ENGINE_NAME(solve)). */
#ifndef DERIVED_BOX_CELLS
#define DERIVED_BOX_CELLS 4
#endif
/* Unions of up to this many neighbouring rows (or columns) are looked at,
 * and every box. */
#define DERIVED_MAX_LINES 1
/* After ESCALATE_NODES search nodes (search_root): unions of up to
 * DERIVED_WIDE_LINES lines, sums of up to DERIVED_WIDE_CELLS cells.
 * Sums of more than DERIVED_MAX_CELLS cells get a layout table when
 * theirs is small, and otherwise the cheap reasoning only (cage_cheap):
 * enumerating them costs more than it saves. */
#ifndef DERIVED_WIDE_LINES
#define DERIVED_WIDE_LINES 5
#endif
#ifndef DERIVED_WIDE_CELLS
#define DERIVED_WIDE_CELLS 8
#endif

/* ---- the search's stages (search_root) ---- */

/* After ESCALATE_NODES search nodes: the wider derived sums above. */
#ifndef ESCALATE_NODES
#define ESCALATE_NODES 256
#endif
/* The same for a puzzle with boxes and an open cell in no cage
 * (escalate_at).  On ISS's HS_KILLERS, search nodes with 16 against
 * 256 (BRANCH_WEIGHT 4): #5 338 against 426, #7 19 against 138, #8 31
 * against 271. */
#ifndef ESCALATE_LOOSE_NODES
#define ESCALATE_LOOSE_NODES 16
#endif
/* After ESCALATE_BIG_NODES search nodes: layout tables of up to
 * LAYOUT_BIG layouts for the cages that still have none. */
#ifndef ESCALATE_BIG_NODES
#define ESCALATE_BIG_NODES 1024
#endif
/* The last stage starts again from the root after RESTART_FIRST nodes
 * (0: never), then after RESTART_GROW percent of the previous run's
 * nodes each time, until a solution is found.  With NOGOODS, every
 * stage cut short keeps what it refuted (record_nogoods), in at most
 * NOGOOD_MAX_LITS conditions.
 * Latin (bench/sum12, see NOGOODS): the first run's length matters
 * little between 3,000 and 6,000 nodes and a growth of 120 to 140 %;
 * shorter first runs are worse.  Nylimb: no restarts. */
#ifndef RESTART_FIRST
#define RESTART_FIRST KNOB(3000, 0)
#endif
#ifndef RESTART_GROW
#define RESTART_GROW 130
#endif
#ifndef NOGOOD_MAX_LITS
#define NOGOOD_MAX_LITS (1u << 20)
#endif
/* With ROTATE_VALUES, each restarted run tries a cell's values from
 * another one on (search).  Latin: on bench/sum12 23.1 s in all (median
 * 167 ms) against 25.3 s (265 ms), none over the cap either way;
 * bench/hard 0.09-0.54 s. */
#ifndef ROTATE_VALUES
#define ROTATE_VALUES KNOB(1, 0)
#endif

/* A value tried at a branch whose propagation fails at once adds
 * BRANCH_WEIGHT to the branching cell's own failure weight, besides the
 * weights of the cage or unit that failed (issue 37; the Interactive
 * Sudoku Solver scores cells so).  On ISS's 14 MATHEMAGIC_KILLERS, in
 * all (search nodes, CPU of cdok solve on a loaded machine): 0 (none)
 * 5.27 M nodes, 183 s; 1: 2.16 M, 66 s; 4: 1.96 M, 71 s; 16 on three of
 * them worse than 4 (mathemagic_killers_0: 72,705 nodes against 29,816;
 * _1 294,761 against 149,329; _5 214,721 against 174,838).  The price
 * is paid on TAREK_ALL: its 33 puzzles that 3fb93f1 read (CPU of cdok
 * solve on each JSON, a quieter machine) take 1.04 s at 3fb93f1, 0.94 s
 * with 0, 0.98 s with 1 and 1.23 s with 4 -- 1 may be the better
 * choice, to be measured on a quiet machine with the golden cases it
 * moves (bench/RESULTS.md, "issue 37").  Measured again (issue 37,
 * second step; nodes, and CPU of cdok solve on each puzzle in one
 * loaded session), 4 against 1: TAREK_ALL 47,476 against 38,290 nodes
 * (2.26 s against 1.69 s), EXTREME_KILLERS 17,517 against 15,294
 * (1.14 s, 1.03 s), HS_KILLERS 703 against 780 (30 ms either way),
 * MATHEMAGIC_KILLERS 1.96 M against 2.16 M nodes but 84.0 s against
 * 74.1 s: 1. */
#ifndef BRANCH_WEIGHT
#define BRANCH_WEIGHT 1
#endif

/* ---- the Latin unit rule (latin.c) ---- */

/* The matching test runs on grids larger than this.  On small grids the
 * singles and cage reasoning find almost everything it would, and it
 * doubled the time per node on the 9 x 9 "unreasonable" Keen puzzles
 * (median 85 us without it against 188 us with it); larger grids need
 * it. */
#ifndef ALLDIFF_MIN_N
#define ALLDIFF_MIN_N 9
#endif

/* How the matching test earns its keep (see matching_due): it runs in
 * windows of ALLDIFF_WINDOW runs; a window in which fewer than one run
 * in ALLDIFF_MIN_RATE removed a value or found a contradiction makes the
 * next window sparse, running one test in ALLDIFF_SPARSE of those due.
 * On the puzzles the test is for (12 x 12 and up with tight cages) it
 * removes something in one run out of ten or so and never goes sparse;
 * on a large grid that is mostly free it removes next to nothing at a
 * cost of thousands of steps per unit and node. */
#define ALLDIFF_WINDOW 256
#define ALLDIFF_MIN_RATE 64
#define ALLDIFF_SPARSE 64

/* ---- the grader's scan (engine/scan.h, Latin only) ---- */

/* Enumeration steps past which a scan counts as costly: measured on the
 * Keen corpus, 16 keeps the easy puzzles' grading as cheap as without
 * tables and the hard ones' as cheap as with a table at every first
 * scan (64 and 256 lose some of both). */
#ifndef SCAN_COSTLY
#define SCAN_COSTLY 16
#endif

/* A cage of LIST_FIRST_CELLS cells or more has its layouts listed at its
 * first scan (cdki_latin_scan), and a listing of more than LIST_COSTLY
 * steps becomes its table, which the scan then reads: listing alone
 * costs less than an enumeration that also works out what the layouts
 * support.  Measured with the grade alone on the Keen 9 x 9 corpus
 * against enumerating at every first scan: 4 and 8 take 0.4-4.3 % off
 * each class's total (one Extreme puzzle 10 %), with 3 cells or 16
 * steps less; the cdok-made 16 x 16s' median grade is 1.6 % dearer. */
#ifndef LIST_COSTLY
#define LIST_COSTLY 8
#endif
#ifndef LIST_FIRST_CELLS
#define LIST_FIRST_CELLS 4
#endif
