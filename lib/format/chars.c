/* chars.c -- naming a character a reader did not expect, as a person
 * sees it: its code point, its Unicode name when it is one of the
 * look-alikes that text pasted from a word processor, a web page or a
 * phone brings (a no-break space, an en dash, a fullwidth plus, smart
 * quotes), and the ASCII character it stands in for.  A small table of
 * those, not a Unicode database: any other character is named by its
 * code point and shown as itself.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "format/format.h"

/* A character that looks like an ASCII one, or like nothing at all. */
struct lookalike {
	uint32_t cp;
	const char *name;
	const char *ascii;  /* what was probably meant; "" for nothing */
};

/* Sorted by code point (looked up with bsearch). */
static const struct lookalike lookalikes[] = {
	{ 0x00a0, "NO-BREAK SPACE", " " },
	{ 0x00ad, "SOFT HYPHEN", "" },
	{ 0x00b7, "MIDDLE DOT", "*" },
	{ 0x00d7, "MULTIPLICATION SIGN", "*" },
	{ 0x00f7, "DIVISION SIGN", "/" },
	{ 0x2002, "EN SPACE", " " },
	{ 0x2003, "EM SPACE", " " },
	{ 0x2007, "FIGURE SPACE", " " },
	{ 0x2009, "THIN SPACE", " " },
	{ 0x200a, "HAIR SPACE", " " },
	{ 0x200b, "ZERO WIDTH SPACE", "" },
	{ 0x200c, "ZERO WIDTH NON-JOINER", "" },
	{ 0x200d, "ZERO WIDTH JOINER", "" },
	{ 0x2010, "HYPHEN", "-" },
	{ 0x2011, "NON-BREAKING HYPHEN", "-" },
	{ 0x2012, "FIGURE DASH", "-" },
	{ 0x2013, "EN DASH", "-" },
	{ 0x2014, "EM DASH", "-" },
	{ 0x2018, "LEFT SINGLE QUOTATION MARK", "'" },
	{ 0x2019, "RIGHT SINGLE QUOTATION MARK", "'" },
	{ 0x201c, "LEFT DOUBLE QUOTATION MARK", "\"" },
	{ 0x201d, "RIGHT DOUBLE QUOTATION MARK", "\"" },
	{ 0x2024, "ONE DOT LEADER", "." },
	{ 0x202f, "NARROW NO-BREAK SPACE", " " },
	{ 0x2044, "FRACTION SLASH", "/" },
	{ 0x2060, "WORD JOINER", "" },
	{ 0x2212, "MINUS SIGN", "-" },
	{ 0x2215, "DIVISION SLASH", "/" },
	{ 0x2217, "ASTERISK OPERATOR", "*" },
	{ 0x2219, "BULLET OPERATOR", "*" },
	{ 0x22c5, "DOT OPERATOR", "*" },
	{ 0x2715, "MULTIPLICATION X", "*" },
	{ 0x2795, "HEAVY PLUS SIGN", "+" },
	{ 0x2796, "HEAVY MINUS SIGN", "-" },
	{ 0x2797, "HEAVY DIVISION SIGN", "/" },
	{ 0x3000, "IDEOGRAPHIC SPACE", " " },
	{ 0xfeff, "ZERO WIDTH NO-BREAK SPACE (a byte-order mark)", "" },
	{ 0xff03, "FULLWIDTH NUMBER SIGN", "#" },
	{ 0xff0a, "FULLWIDTH ASTERISK", "*" },
	{ 0xff0b, "FULLWIDTH PLUS SIGN", "+" },
	{ 0xff0c, "FULLWIDTH COMMA", "," },
	{ 0xff0d, "FULLWIDTH HYPHEN-MINUS", "-" },
	{ 0xff0e, "FULLWIDTH FULL STOP", "." },
	{ 0xff0f, "FULLWIDTH SOLIDUS", "/" },
	{ 0xff1a, "FULLWIDTH COLON", ":" },
	{ 0xff1d, "FULLWIDTH EQUALS SIGN", "=" },
	{ 0xff3f, "FULLWIDTH LOW LINE", "_" },
};

static int cmp_lookalike(const void *key, const void *entry)
{
	uint32_t cp = *(const uint32_t *)key;
	const struct lookalike *l = entry;

	return cp < l->cp ? -1 : cp > l->cp;
}

/* ASCII control characters by name; the others by code point alone. */
static const char *control_name(uint32_t cp)
{
	switch (cp) {
	case 0x00: return "NULL";
	case 0x08: return "BACKSPACE";
	case 0x0b: return "LINE TABULATION";
	case 0x0c: return "FORM FEED";
	case 0x0d: return "CARRIAGE RETURN";
	case 0x1b: return "ESCAPE";
	case 0x7f: return "DELETE";
	default: return NULL;
	}
}

size_t cdki_utf8_decode(const char *text, size_t i, size_t end, uint32_t *cp)
{
	const unsigned char *s = (const unsigned char *)text + i;
	size_t n = end > i ? end - i : 0, len;
	uint32_t c, min;

	if (n == 0)
		return 0;
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] >= 0xc2 && s[0] <= 0xdf) {
		len = 2, c = s[0] & 0x1f, min = 0x80;
	} else if (s[0] >= 0xe0 && s[0] <= 0xef) {
		len = 3, c = s[0] & 0x0f, min = 0x800;
	} else if (s[0] >= 0xf0 && s[0] <= 0xf4) {
		len = 4, c = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (n < len)
		return 0;
	for (size_t k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[k] & 0x3f);
	}
	/* Overlong forms, UTF-16 surrogates and code points past Unicode
	 * are not UTF-8. */
	if (c < min || (c >= 0xd800 && c <= 0xdfff) || c > 0x10ffff)
		return 0;
	*cp = c;
	return len;
}

/* Characters shown only by code point: those a terminal does not draw
 * as a glyph (C1 controls, format and bidirectional controls, the
 * private use area, noncharacters). */
static bool invisible(uint32_t cp)
{
	return (cp >= 0x80 && cp < 0xa0) || (cp >= 0x200b && cp <= 0x200f) ||
	       (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) ||
	       (cp >= 0xe000 && cp <= 0xf8ff) || (cp >= 0xfff0 && cp <= 0xffff) ||
	       cp >= 0xf0000 || cp == 0xfeff;
}

size_t cdki_char_describe(const char *text, size_t i, size_t end, char *buf,
			  size_t cap, const char **ascii)
{
	const struct lookalike *l;
	const char *name;
	uint32_t cp = 0;
	size_t len = cdki_utf8_decode(text, i, end, &cp);

	*ascii = NULL;
	if (i >= end) {
		snprintf(buf, cap, "end of the line");
		return 0;
	}
	if (len == 0) {
		snprintf(buf, cap, "byte 0x%02x (not UTF-8 text)",
			 (unsigned char)text[i]);
		return 1;
	}
	if (cp == '\'') {
		snprintf(buf, cap, "character \"'\"");
		return len;
	}
	if (cp > 0x20 && cp < 0x7f) {
		snprintf(buf, cap, "character '%c'", (char)cp);
		return len;
	}
	if (cp < 0x80) {
		name = control_name(cp);
		snprintf(buf, cap, "control character U+%04X%s%s", (unsigned)cp,
			 name ? " " : "", name ? name : "");
		return len;
	}
	/* Fullwidth digits and letters are the ASCII ones, wider. */
	if (cp >= 0xff10 && cp <= 0xff19) {
		static const char *const digits[] = {
			"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX",
			"SEVEN", "EIGHT", "NINE"
		};
		static const char *const ascii_digits[] = {
			"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"
		};

		snprintf(buf, cap, "character U+%04X FULLWIDTH DIGIT %s",
			 (unsigned)cp, digits[cp - 0xff10]);
		*ascii = ascii_digits[cp - 0xff10];
		return len;
	}
	l = bsearch(&cp, lookalikes, sizeof(lookalikes) / sizeof(*lookalikes),
		    sizeof(*lookalikes), cmp_lookalike);
	if (l) {
		snprintf(buf, cap, "character U+%04X %s", (unsigned)l->cp,
			 l->name);
		*ascii = l->ascii;
	} else if (invisible(cp)) {
		snprintf(buf, cap, "character U+%04X", (unsigned)cp);
	} else {
		snprintf(buf, cap, "character U+%04X '%.*s'", (unsigned)cp,
			 (int)len, text + i);
	}
	return len;
}

/* "; did you mean '-'?" for what a look-alike stands in for. */
void cdki_char_suggest(const char *ascii, char *buf, size_t cap)
{
	if (!ascii)
		snprintf(buf, cap, "%s", "");
	else if (!*ascii)
		snprintf(buf, cap, "; it shows as nothing: delete it");
	else if (*ascii == ' ')
		snprintf(buf, cap, "; did you mean a plain space?");
	else if (*ascii == '\'')
		snprintf(buf, cap, "; did you mean \"'\"?");
	else
		snprintf(buf, cap, "; did you mean '%s'?", ascii);
}

cdok_status cdki_text_bad_char(cdok_error *err, int line, int column,
			       const char *text, size_t i, size_t end,
			       const char *where)
{
	char what[96], hint[64];
	const char *ascii, *sep = where && *where ? " " : "";

	if (!where)
		where = "";
	cdki_char_describe(text, i, end, what, sizeof(what), &ascii);
	cdki_char_suggest(ascii, hint, sizeof(hint));
	return cdki_fail(err, CDOK_ERR_SYNTAX, line, column,
			 "unexpected %s%s%s%s", what, sep, where, hint);
}
