/* util.c -- status names, error filling and the growable string that every
 * writer builds its output in. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/model.h"

const char *cdok_status_name(cdok_status status)
{
	switch (status) {
	case CDOK_OK:
		return "ok";
	case CDOK_END:
		return "end of input";
	case CDOK_ERR_SYNTAX:
		return "syntax error";
	case CDOK_ERR_INVALID:
		return "invalid puzzle";
	case CDOK_ERR_LIMIT:
		return "limit exceeded";
	case CDOK_ERR_UNSUPPORTED:
		return "not supported by the format";
	case CDOK_ERR_NOMEM:
		return "out of memory";
	}
	return "unknown status";
}

cdok_status cdki_fail(cdok_error *err, cdok_status status, int line,
		      int column, const char *fmt, ...)
{
	if (err) {
		va_list ap;

		err->status = status;
		err->line = line;
		err->column = column;
		va_start(ap, fmt);
		vsnprintf(err->message, sizeof(err->message), fmt, ap);
		va_end(ap);
	}
	return status;
}

void cdok_free(void *ptr)
{
	free(ptr);
}

void cdki_sb_init(struct strbuf *sb)
{
	sb->data = NULL;
	sb->len = 0;
	sb->cap = 0;
	sb->failed = false;
}

void cdki_sb_free(struct strbuf *sb)
{
	free(sb->data);
	cdki_sb_init(sb);
}

/* Make room for n more bytes plus the terminating NUL. */
static bool sb_grow(struct strbuf *sb, size_t n)
{
	size_t want;
	char *p;

	if (sb->failed)
		return false;
	if (sb->len + n + 1 <= sb->cap)
		return true;
	want = sb->cap ? sb->cap : 256;
	while (want < sb->len + n + 1) {
		if (want > SIZE_MAX / 2) {
			sb->failed = true;
			return false;
		}
		want *= 2;
	}
	p = cdok_realloc(sb->data, want);
	if (!p) {
		sb->failed = true;
		return false;
	}
	sb->data = p;
	sb->cap = want;
	return true;
}

int cdki_decimal(int64_t v, char *buf)
{
	char rev[20];
	uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	int n = 0, len = 0;

	/* Most numbers drawn are one digit: a grid's values. */
	if (u < 10 && v >= 0) {
		buf[0] = (char)('0' + u);
		return 1;
	}
	do {
		rev[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (v < 0)
		buf[len++] = '-';
	while (n)
		buf[len++] = rev[--n];
	return len;
}

void cdki_sb_put_int(struct strbuf *sb, int64_t v)
{
	char buf[20];

	sb_putn(sb, buf, (size_t)cdki_decimal(v, buf));
}

void cdki_sb_reserve(struct strbuf *sb, size_t n)
{
	sb_grow(sb, n);
}

void cdki_sb_putn_grow(struct strbuf *sb, const char *s, size_t n)
{
	if (!sb_grow(sb, n))
		return;
	memcpy(sb->data + sb->len, s, n);
	sb->len += n;
	sb->data[sb->len] = '\0';
}

void cdki_sb_repeat(struct strbuf *sb, const char *s, int count)
{
	size_t n = strlen(s);

	while (count-- > 0)
		sb_putn(sb, s, n);
}

void cdki_sb_printf(struct strbuf *sb, const char *fmt, ...)
{
	char small[128];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		sb->failed = true;
		return;
	}
	if ((size_t)n < sizeof(small)) {
		sb_putn(sb, small, (size_t)n);
		return;
	}
	if (!sb_grow(sb, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	sb->len += (size_t)n;
}

cdok_verdict cdki_verdict_of(const cdok_result *r)
{
	if (r->count >= 2)
		return CDOK_VERDICT_MULTIPLE;
	if (r->gave_up)
		return CDOK_VERDICT_UNKNOWN;
	if (r->complete)
		return r->count ? CDOK_VERDICT_UNIQUE : CDOK_VERDICT_NONE;
	return r->count ? CDOK_VERDICT_FOUND : CDOK_VERDICT_UNKNOWN;
}

const char *cdok_verdict_name(cdok_verdict v)
{
	switch (v) {
	case CDOK_VERDICT_UNIQUE:
		return "unique";
	case CDOK_VERDICT_NONE:
		return "none";
	case CDOK_VERDICT_MULTIPLE:
		return "multiple";
	case CDOK_VERDICT_FOUND:
		return "found";
	case CDOK_VERDICT_UNKNOWN:
		break;
	}
	/* The word result documents have always used. */
	return "gave-up";
}
