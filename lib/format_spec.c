/* format_spec.c -- placeholder (being written). */
#include "internal.h"

cdok_status cdok_spec_read(struct cdok_reader *reader, cdok_puzzle **out,
			   cdok_error *err)
{
	(void)reader; (void)out;
	return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "not written yet");
}

cdok_status cdok_spec_write(struct strbuf *sb, const cdok_puzzle *puzzle,
			    const int *values, cdok_error *err)
{
	(void)sb; (void)puzzle; (void)values;
	return cdok_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "not written yet");
}
