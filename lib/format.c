/* format.c -- the table of formats and the reader/writer entry points.
 *
 * Adding a format means one new module with a read and/or write function
 * and one row in the table below.  Nothing else in the library knows
 * which formats exist.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

static const struct cdok_format formats[] = {
	{"spec", "cdok puzzle spec: one grid row per line, cage labels "
		 "with clues such as J+12, givens as numbers",
	 cdok_spec_read, cdok_spec_write},
	{"ascii", "drawing with ASCII characters (as cdok print)",
	 NULL, cdok_draw_ascii},
	{"utf8", "drawing with UTF-8 box characters (as cdok -u print)",
	 NULL, cdok_draw_utf8},
};

#define NFORMATS ((int)(sizeof(formats) / sizeof(formats[0])))

const cdok_format *cdok_format_find(const char *name)
{
	if (!name)
		return NULL;
	for (int i = 0; i < NFORMATS; i++)
		if (!strcmp(formats[i].name, name))
			return &formats[i];
	return NULL;
}

const cdok_format *cdok_format_at(int i)
{
	return i >= 0 && i < NFORMATS ? &formats[i] : NULL;
}

const char *cdok_format_name(const cdok_format *f)
{
	return f->name;
}

const char *cdok_format_summary(const cdok_format *f)
{
	return f->summary;
}

int cdok_format_can_read(const cdok_format *f)
{
	return f && f->read != NULL;
}

int cdok_format_can_write(const cdok_format *f)
{
	return f && f->write != NULL;
}

cdok_reader *cdok_reader_new(const cdok_format *f, const char *text,
			     size_t len)
{
	cdok_reader *r;

	if (!f || !f->read || (!text && len))
		return NULL;
	r = calloc(1, sizeof(*r));
	if (!r)
		return NULL;
	r->format = f;
	r->text = text ? text : "";
	r->len = len;
	r->line = 1;
	return r;
}

cdok_status cdok_reader_next(cdok_reader *r, cdok_puzzle **out,
			     cdok_error *err)
{
	cdok_status st;

	*out = NULL;
	if (r->finished)
		return CDOK_END;
	if (r->len > CDOK_TEXT_MAX) {
		r->finished = true;
		return cdok_fail(err, CDOK_ERR_LIMIT, 0, 0,
				 "input is larger than %u MiB",
				 CDOK_TEXT_MAX >> 20);
	}
	st = r->format->read(r, out, err);
	if (st != CDOK_OK) {
		r->finished = true;
		if (*out) {
			cdok_puzzle_free(*out);
			*out = NULL;
		}
		return st;
	}
	r->index++;
	return CDOK_OK;
}

void cdok_reader_free(cdok_reader *r)
{
	free(r);
}

cdok_status cdok_write(const cdok_format *f, const cdok_puzzle *puzzle,
		       const int *values, char **out, size_t *len,
		       cdok_error *err)
{
	struct strbuf sb;
	cdok_status st;

	*out = NULL;
	if (len)
		*len = 0;
	if (!f || !f->write)
		return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
				 "format %s cannot be written",
				 f ? f->name : "(none)");
	sb_init(&sb);
	st = f->write(&sb, puzzle, values, err);
	if (st == CDOK_OK && sb.failed)
		st = cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	if (st != CDOK_OK) {
		sb_free(&sb);
		return st;
	}
	if (!sb.data)
		sb_putn(&sb, "", 0);
	if (sb.failed) {
		sb_free(&sb);
		return cdok_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	*out = sb.data;
	if (len)
		*len = sb.len;
	return CDOK_OK;
}
