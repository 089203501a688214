/* formats.h -- the formats the tests read and write: the core library's
 * and libcdok-json's (killer, json), gathered in one set as the cdok
 * program gathers them (cli_formats).  The core's own calls
 * (cdok_format_find, cdok_format_detect) know the core's formats only;
 * test_api.c tests them as such.
 */
#ifndef CDOK_TESTS_FORMATS_H
#define CDOK_TESTS_FORMATS_H

#include <criterion/criterion.h>

#include "cdok.h"

static inline const cdok_formats *test_formats(void)
{
	static cdok_formats *set;

	if (!set) {
		set = cdok_formats_new();
		cr_assert_not_null(set);
		cr_assert_eq(cdok_formats_add(set, cdok_json_formats(), NULL),
			     CDOK_OK);
	}
	return set;
}

/* The format called name, or NULL. */
static inline const cdok_format *test_format(const char *name)
{
	return cdok_formats_find(test_formats(), name);
}

/* The format a text is detected as. */
static inline const cdok_format *test_detect(const char *text, size_t len)
{
	return cdok_formats_detect(test_formats(), text, len);
}

/* The i-th format, or NULL past the end. */
static inline const cdok_format *test_format_at(int i)
{
	return cdok_formats_at(test_formats(), i);
}

#endif /* CDOK_TESTS_FORMATS_H */
