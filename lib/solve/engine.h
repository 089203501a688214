/* engine.h -- the body of the solver engine, written once and compiled
 * once per kind of value set (doc/SOLVER.md).
 *
 * This is not an ordinary header: a file that instantiates the engine
 * defines the parameters below, includes this file, and then defines the
 * unit rule -- the reasoning about "each value once" (or, in Nylimb mode,
 * "no digit twice") along rows, columns and boxes -- as the static
 * functions declared in engine/unitrule.h.  latin.c instantiates it with
 * 64-bit value sets and the Latin rule; digits.c with 128-bit sets and
 * Nylimb's digit rule.  Everything else a solve does -- cage
 * enumeration, the cheaper cage bounds, propagation to a fixed point,
 * the search, failure weights, limits, callbacks, the difficulty score
 * -- is here, once, so a change to it reaches every kind of puzzle.
 *
 * Parameters (each instance defines them before the #include):
 *   DOM_BITS        64 or 128: the width of a value set (bit v = value v)
 *   foot_t          what a placed value occupies in a unit (below)
 *   ENGINE_INSTANCE ENGINE_LATIN or ENGINE_DIGITS: which value of each
 *                   tuning knob applies (engine/knobs.h: the budgets, the
 *                   enumeration's space test, the search's stages, and
 *                   the switches LAYOUT_TABLES, PAIR_CAGES, DERIVED_SUMS
 *                   and NOGOODS that take in the files of those names)
 *   ENGINE_KINDS    the kinds of unit a cell can have: 2 (rows and
 *                   columns) or 3 (and boxes); a puzzle with fewer uses
 *                   the row's group again, which is harmless
 *   ENGINE_NAME(x)  the name of an exported function of this instance
 *   FOOT_IS_VALUE   1 when foot_of(v) is BIT(v) (the Latin rule): the
 *                   enumeration of a distinct cage then keeps no groups
 *                   (BY_VALUES); 0 or undefined otherwise
 *
 * Footprints.  A unit's cells must not clash: in a Latin unit two cells
 * clash when they hold the same value, in a Nylimb line when their
 * values share a decimal digit (or both have two digits).  The engine
 * sees this through three functions of the instance: foot_of(v), what
 * value v occupies (a value bit; a set of digit bits); clash_of(f), the
 * values that clash with a footprint f; and cell_req(cell), what a
 * cell's domain is sure to occupy whichever value it takes.  Cage
 * enumeration keeps the footprints of cage cells that share a unit
 * disjoint, and records what every assignment puts into each unit.
 *
 * Nothing is global: all state lives in struct engine, made per call.
 *
 * The body is in engine/, one file per concern, included below in the
 * order the compiler has always seen them (one translation unit per
 * instance, so the code made is the same as when this was one file):
 *   knobs.h      the tuning knobs, each with the measurement behind it
 *   state.h      value sets, struct cage_info, layout_table, enum_ctx,
 *                the queues and struct engine
 *   unitrule.h   the functions the instance defines (the unit rule)
 *   changes.h    narrowing a domain: waking cages and units, weights
 *   enumwalk.h   the walk that enumerates a cage's layouts
 *   bounds.h     cheaper cage reasoning: total bounds, sum tables
 *   enumerate.h  enumerating a cage and narrowing to its supports
 *   pairs.h      two-cell cages                        (PAIR_CAGES)
 *   tables.h     layout tables and their trail         (LAYOUT_TABLES)
 *   combos.h     the value sets of distinct sum cages
 *   propagate.h  the cage queues and propagate()
 *   branch.h     search levels, solutions found, the branching cell
 *   nogoods.h    what cut-short runs refuted           (NOGOODS)
 *   search.h     search() and search_root()
 *   setup.h      freeing, cage facts, units, per-cage arrays
 *   derived.h    sums the units imply                  (DERIVED_SUMS)
 *   init.h       the arrays' layout, engine_init, the root
 *   entry.h      ENGINE_NAME(solve), ENGINE_NAME(root_candidates)
 *   scan.h       the grader's cage scan, cdki_latin_scan (latin.c
 *                includes it after its unit rule)
 */
#ifndef CDOK_ENGINE_BODY
#define CDOK_ENGINE_BODY
#else
#error "engine.h is included once per instance"
#endif

#include "solve/engine/knobs.h"
#include "solve/engine/state.h"
#include "solve/engine/unitrule.h"
#include "solve/engine/changes.h"
#include "solve/engine/enumwalk.h"
#include "solve/engine/bounds.h"
#include "solve/engine/enumerate.h"
#if PAIR_CAGES
#include "solve/engine/pairs.h"
#endif
#if LAYOUT_TABLES
#include "solve/engine/tables.h"
#else
/* Without tables a cage is always enumerated. */
static bool table_propagate(struct engine *s, dom_t *dom, int ci)
{
	(void)s;
	(void)dom;
	(void)ci;
	return true;
}

static bool tables_after_root(struct engine *s, const dom_t *root, int cap,
			      long budget, bool derived)
{
	(void)s;
	(void)root;
	(void)cap;
	(void)budget;
	(void)derived;
	return true;
}

static void tables_undo(struct engine *s, size_t mark)
{
	(void)s;
	(void)mark;
}
#endif
#include "solve/engine/combos.h"
#include "solve/engine/propagate.h"
#include "solve/engine/branch.h"
#if NOGOODS
#include "solve/engine/nogoods.h"
#else
/* Without nogoods the search's hooks do nothing. */
static bool nogoods_path_alloc(struct engine *s)
{
	(void)s;
	return true;
}

static inline void nogoods_cut(struct engine *s, int depth)
{
	(void)s;
	(void)depth;
}

static inline void nogoods_branch(struct engine *s, int depth, int cell)
{
	(void)s;
	(void)depth;
	(void)cell;
}

static inline void nogoods_try(struct engine *s, int depth, int v)
{
	(void)s;
	(void)depth;
	(void)v;
}

static inline void nogoods_tried(struct engine *s, int depth, dom_t bit)
{
	(void)s;
	(void)depth;
	(void)bit;
}

static bool root_nogoods(struct engine *s, dom_t *root)
{
	(void)s;
	(void)root;
	return true;
}
#endif
#include "solve/engine/search.h"
#include "solve/engine/setup.h"
#if DERIVED_SUMS
#include "solve/engine/derived.h"
#else
/* Without derived sums there are none to add. */
static bool derive_sums(struct engine *s, int max_cells, int max_lines)
{
	(void)s;
	(void)max_cells;
	(void)max_lines;
	return true;
}
#endif
#include "solve/engine/init.h"
#include "solve/engine/entry.h"
