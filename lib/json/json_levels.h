/* json_levels.h -- the JSON of grades and steps (doc/FORMAT.md, result
 * documents), for json_write.c's result documents.  Kept apart from it
 * so that it can move with it. */
#ifndef CDOK_JSON_LEVELS_H
#define CDOK_JSON_LEVELS_H

#include <jansson.h>

#include "cdok.h"

/* The "grade" object, or NULL when memory runs out. */
json_t *cdki_json_grade_object(const cdok_grading *grading);

/* A step object ("technique", "level", "cells", "placed", "removed",
 * "text", and "reasons" when reasons is not NULL: nreasons of them), or
 * NULL when memory runs out. */
json_t *cdki_json_step_object(const cdok_puzzle *puzzle,
			      const cdok_step *step,
			      const cdok_reason *reasons, int nreasons);

#endif /* CDOK_JSON_LEVELS_H */
