/* draw.c -- placeholder (being written). */
#include "internal.h"

cdok_status cdok_draw_ascii(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err)
{
	(void)sb; (void)puzzle; (void)values;
	return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "not written yet");
}

cdok_status cdok_draw_utf8(struct strbuf *sb, const cdok_puzzle *puzzle,
			   const int *values, cdok_error *err)
{
	(void)sb; (void)puzzle; (void)values;
	return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "not written yet");
}
