/* engine/knobs.h -- the engine's tuning knobs: defaults for the
 * instance that does not set one (see each). */
#ifndef CDOK_ENGINE_BODY
#error "a part of the engine body: included by solve/engine.h"
#endif

#if !LAYOUT_TABLES
/* No tables: the sizes the calls name do not matter. */
#define LAYOUT_MAX 64
#define LAYOUT_BUDGET 0
#define LAYOUT_BIG 64
#define LAYOUT_BIG_BUDGET 0
#endif
/* 64-bit words a domain takes. */
#define DOM_WORDS (sizeof(dom_t) / sizeof(uint64_t))

/* Cages larger than this are never enumerated (bounds reasoning only). */
#define ENUM_MAX_CELLS 64

/* Distinct sum cages of 3 to COMBO_MAX_CELLS cells with at most
 * COMBO_MAX sets of values keep those sets (combo_propagate). */
#define COMBO_MAX_CELLS 9
#define COMBO_MAX 128

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
/* After ESCALATE_NODES search nodes (search_root): unions of up to this
 * many lines, sums of up to this many cells.  Sums of more than
 * DERIVED_MAX_CELLS cells get a layout table when theirs is small, and
 * otherwise the cheap reasoning only (cage_cheap): enumerating them
 * costs more than it saves. */
#ifndef ESCALATE_NODES
#define ESCALATE_NODES 256
#endif
/* After ESCALATE_BIG_NODES search nodes (search_root): layout tables of
 * up to LAYOUT_BIG layouts for the cages that still have none. */
#ifndef ESCALATE_BIG_NODES
#define ESCALATE_BIG_NODES 1024
#endif
/* The cages the root's reasoning leaves open get their tables (up to
 * LAYOUT_MAX layouts) once the search has made this many nodes: a
 * search of a few nodes does not repay them (search_root). */
#ifndef TABLES_AFTER_NODES
#define TABLES_AFTER_NODES 32
#endif
/* The last stage (search_root) starts again from the root after
 * RESTART_FIRST nodes (0: never), then after RESTART_GROW percent of the
 * previous run's nodes each time, until a solution is found.  With
 * NOGOODS, every stage cut short keeps what it refuted (record_nogoods),
 * in at most NOGOOD_MAX_LITS conditions. */
#ifndef RESTART_FIRST
#define RESTART_FIRST 0
#endif
/* With ROTATE_VALUES, each restarted run tries a cell's values from
 * another one on (search). */
#ifndef ROTATE_VALUES
#define ROTATE_VALUES 0
#endif
#ifndef RESTART_GROW
#define RESTART_GROW 130
#endif
#ifndef NOGOODS
#define NOGOODS 0
#endif
#ifndef NOGOOD_MAX_LITS
#define NOGOOD_MAX_LITS (1u << 20)
#endif
#ifndef DERIVED_WIDE_LINES
#define DERIVED_WIDE_LINES 5
#endif
#ifndef DERIVED_WIDE_CELLS
#define DERIVED_WIDE_CELLS 8
#endif
