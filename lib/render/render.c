/* render.c -- libcdok-render's formats: svg and png, one picture of one
 * puzzle per put, and pdf, whose puzzles are kept until the stream ends
 * and then laid out on pages (pages.c).  Every picture is drawn by
 * paint.c; this file holds the settings, the writer's state and the
 * cairo surfaces.
 */
#include <cairo-svg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "render/render.h"

/* ---- settings ---- */

static const struct paper {
	const char *name;
	double width, height;
} papers[] = {
	{"a4", 595.28, 841.89},
	{"a5", 419.53, 595.28},
	{"a3", 841.89, 1190.55},
	{"letter", 612, 792},
	{"legal", 612, 1008},
};

#define NPAPERS (sizeof(papers) / sizeof(papers[0]))

void cdok_render_params_init(cdok_render_params *params)
{
	memset(params, 0, sizeof(*params));
	params->paper_width = papers[0].width;
	params->paper_height = papers[0].height;
	params->per_page = 1;
	params->dpi = 150;
}

static bool same_word(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;

		if (x != *b)
			return false;
	}
	return !*a && !*b;
}

cdok_status cdok_render_paper(const char *name, double *width, double *height,
			      cdok_error *err)
{
	for (size_t i = 0; name && i < NPAPERS; i++)
		if (same_word(name, papers[i].name)) {
			*width = papers[i].width;
			*height = papers[i].height;
			return CDOK_OK;
		}
	return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "unknown paper '%s': "
			 "expected a4, a5, a3, letter or legal",
			 name ? name : "");
}

/* Whether s is well-formed UTF-8 (cairo draws nothing else). */
static bool utf8_ok(const unsigned char *s)
{
	while (*s) {
		int more = *s < 0x80 ? 0 : *s >= 0xc2 && *s < 0xe0 ? 1 :
			   *s >= 0xe0 && *s < 0xf0 ? 2 :
			   *s >= 0xf0 && *s < 0xf5 ? 3 : -1;

		if (more < 0)
			return false;
		for (s++; more > 0; more--, s++)
			if ((*s & 0xc0) != 0x80)
				return false;
	}
	return true;
}

/* A text given for a picture: UTF-8 of at most max bytes. */
static cdok_status check_text(const char *text, const char *what,
			      size_t max, cdok_error *err)
{
	if (strlen(text) > max)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "the %s is "
				 "longer than %zu bytes", what, max);
	if (!utf8_ok((const unsigned char *)text))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "the %s is not "
				 "valid UTF-8", what);
	return CDOK_OK;
}

static cdok_status check_params(const cdok_render_params *pp,
				cdok_error *err)
{
	/* A page must hold a margin and a grid; 200 inches is far past
	 * any paper. */
	if (!(pp->paper_width >= 144 && pp->paper_height >= 144 &&
	      pp->paper_width <= 14400 && pp->paper_height <= 14400))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "a paper of "
				 "%g x %g points: each side must be 144 to "
				 "14400 points (2 to 200 inches)",
				 pp->paper_width, pp->paper_height);
	/* 0: as many as fit (pages of worked steps), else 1. */
	if (pp->per_page < 0 || pp->per_page > CDOK_RENDER_MAX_PER_PAGE)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "%d puzzles per "
				 "page: expected 1 to %d", pp->per_page,
				 CDOK_RENDER_MAX_PER_PAGE);
	if (!(pp->dpi >= 18 && pp->dpi <= 1200))
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "%g pixels per "
				 "inch: expected 18 to 1200", pp->dpi);
	if (pp->title)
		return check_text(pp->title, "title", 512, err);
	return CDOK_OK;
}

/* ---- the writer's state ---- */

static cdok_status svg_put(struct cdok_writer *w, struct strbuf *sb,
			   const cdok_puzzle *p, const int *values,
			   cdok_error *err);
static cdok_status png_put(struct cdok_writer *w, struct strbuf *sb,
			   const cdok_puzzle *p, const int *values,
			   cdok_error *err);
static cdok_status pdf_put(struct cdok_writer *w, struct strbuf *sb,
			   const cdok_puzzle *p, const int *values,
			   cdok_error *err);
static cdok_status pdf_finish(struct cdok_writer *w, struct strbuf *sb,
			      cdok_error *err);
static cdok_status picture_write(struct strbuf *sb, const cdok_puzzle *p,
				 const int *values, cdok_error *err);

/* write is what cdok_write would use without put: every picture goes
 * through put (a stream of pictures is no text with blank lines between
 * them), so it is never called. */
static const struct cdok_format render_formats[] = {
	{.name = "svg",
	 .summary = "SVG picture of one puzzle, drawn as newspapers print "
		    "it; one puzzle per file",
	 .flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_PICTURE |
		  CDOK_FORMAT_SINGLE,
	 .write = picture_write, .put = svg_put},
	{.name = "pdf",
	 .summary = "PDF pages of puzzles, one or several to a page, with "
		    "answer keys at the back when asked",
	 .flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_PICTURE |
		  CDOK_FORMAT_BINARY,
	 .write = picture_write, .put = pdf_put, .finish = pdf_finish},
	{.name = "png",
	 .summary = "PNG image of one puzzle, drawn as the svg; one puzzle "
		    "per file",
	 .flags = CDOK_FORMAT_VALUES | CDOK_FORMAT_PICTURE |
		  CDOK_FORMAT_BINARY | CDOK_FORMAT_SINGLE,
	 .write = picture_write, .put = png_put},
};

#define NRENDER (sizeof(render_formats) / sizeof(render_formats[0]))

static const cdok_format *const render_list[] = {
	&render_formats[0], &render_formats[1], &render_formats[2], NULL,
};

const cdok_format *const *cdok_render_formats(void)
{
	return render_list;
}

const char *cdok_render_version(void)
{
	return CDOK_VERSION;
}

static cdok_status picture_write(struct strbuf *sb, const cdok_puzzle *p,
				 const int *values, cdok_error *err)
{
	(void)sb;
	(void)p;
	(void)values;
	return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "pictures are "
			 "written through their writer");
}

static bool is_render_format(const struct cdok_format *f)
{
	for (size_t i = 0; i < NRENDER; i++)
		if (f == &render_formats[i])
			return true;
	return false;
}

static void entry_clear(struct render_entry *e)
{
	cdok_puzzle_free(e->puzzle);
	free(e->values);
	free(e->answer);
	free(e->level);
	free(e->candidates);
	free(e->removed);
	free(e->shade);
	free(e->note);
	free(e->source);
	memset(e, 0, sizeof(*e));
}

static void state_free(void *ptr)
{
	struct render_state *st = ptr;

	for (int i = 0; i < st->nentries; i++)
		entry_clear(&st->entries[i]);
	free(st->entries);
	free(st->title);
	free(st);
}

/* The writer's state, made with the default settings on first use;
 * NULL when memory runs out. */
static struct render_state *state_of(struct cdok_writer *w)
{
	struct render_state *st = w->state;

	if (st)
		return st;
	st = cdok_calloc(1, sizeof(*st));
	if (!st)
		return NULL;
	cdok_render_params_init(&st->params);
	w->state = st;
	w->free_state = state_free;
	return st;
}

static char *copy_string(const char *s)
{
	size_t n = strlen(s) + 1;
	char *c = cdok_malloc(n);

	if (c)
		memcpy(c, s, n);
	return c;
}

cdok_status cdok_render_setup(cdok_writer *w, const cdok_render_params *pp,
			      cdok_error *err)
{
	struct render_state *st;
	char *title = NULL;
	cdok_status status;

	if (!w || !pp)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no writer or "
				 "settings");
	if (!is_render_format(w->format))
		return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0, "the %s "
				 "format takes no picture settings",
				 w->format->name);
	if (w->index > 0 || w->finished)
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "settings come "
				 "before the first puzzle");
	status = check_params(pp, err);
	if (status != CDOK_OK)
		return status;
	st = state_of(w);
	if (!st || (pp->title && !(title = copy_string(pp->title)))) {
		free(title);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	free(st->title);
	st->params = *pp;
	st->title = title;
	st->params.title = title;
	st->set_up = true;
	return CDOK_OK;
}

cdok_status cdok_render_put(cdok_writer *w, const cdok_puzzle *puzzle,
			    const int *values, cdok_render_item *item,
			    char **out, size_t *len, cdok_error *err)
{
	struct render_state *st;
	cdok_status status;

	if (!w) {
		*out = NULL;
		return cdki_fail(err, CDOK_ERR_INVALID, 0, 0, "no writer");
	}
	if (!is_render_format(w->format))
		return cdok_writer_put(w, puzzle, values, out, len, err);
	if (item)
		item->small_type = 0;
	st = state_of(w);
	if (!st) {
		*out = NULL;
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	st->item = item;
	status = cdok_writer_put(w, puzzle, values, out, len, err);
	st->item = NULL;
	return status;
}

/* ---- cairo ---- */

cairo_status_t cdki_render_sink(void *closure, const unsigned char *data,
				unsigned int length)
{
	struct strbuf *sb = closure;

	sb_putn(sb, (const char *)data, length);
	return sb->failed ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
}

cdok_status cdki_render_cairo_fail(cairo_status_t cs, cdok_error *err)
{
	if (cs == CAIRO_STATUS_SUCCESS)
		return CDOK_OK;
	if (cs == CAIRO_STATUS_NO_MEMORY)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "cannot draw: %s",
			 cairo_status_to_string(cs));
}

/* The room round a picture of one puzzle, beyond the grid's edge. */
static double picture_margin(void)
{
	return RENDER_PICTURE_CELL * 0.25 +
	       cdki_render_frame_outset(RENDER_PICTURE_CELL);
}

static double picture_side(const cdok_puzzle *p)
{
	return p->size * RENDER_PICTURE_CELL + 2 * picture_margin();
}

/* Draw the picture of one puzzle on a surface, and finish it; item
 * (or NULL) may add pencil marks and shading, given_cages is
 * cdok_render_params.givens_as_cages. */
static cdok_status paint_picture(cairo_surface_t *surface, double scale,
				 const cdok_puzzle *p, const int *values,
				 const cdok_render_item *item,
				 bool given_cages, cdok_error *err)
{
	cairo_t *cr = cairo_create(surface);
	struct render_marks marks = { item ? item->candidates : NULL,
				      item ? item->shade : NULL,
				      item ? item->removed : NULL };
	cdok_status status;

	cairo_scale(cr, scale, scale);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	status = cdki_render_paint(cr, p, values, &marks, RENDER_PUZZLE,
				   given_cages, picture_margin(),
				   picture_margin(), RENDER_PICTURE_CELL, NULL,
				   err);
	cairo_destroy(cr);
	cairo_surface_flush(surface);
	if (status == CDOK_OK)
		status = cdki_render_cairo_fail(cairo_surface_status(surface),
						err);
	return status;
}

static cdok_status svg_put(struct cdok_writer *w, struct strbuf *sb,
			   const cdok_puzzle *p, const int *values,
			   cdok_error *err)
{
	struct render_state *st = state_of(w);
	double side = picture_side(p);
	cairo_surface_t *surface;
	cdok_status status;

	if (!st)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	surface = cairo_svg_surface_create_for_stream(cdki_render_sink, sb,
						      side, side);
	status = paint_picture(surface, 1, p, values, st->item,
			       st->params.givens_as_cages != 0, err);
	cairo_surface_finish(surface);
	if (status == CDOK_OK)
		status = cdki_render_cairo_fail(cairo_surface_status(surface),
						err);
	cairo_surface_destroy(surface);
	return status;
}

/* Largest PNG drawn: 20000 pixels a side and 64 million pixels (256 MiB
 * of image) in all. */
#define PNG_MAX_SIDE 20000
#define PNG_MAX_PIXELS (64.0 * 1024 * 1024)

static cdok_status png_put(struct cdok_writer *w, struct strbuf *sb,
			   const cdok_puzzle *p, const int *values,
			   cdok_error *err)
{
	struct render_state *st = state_of(w);
	double scale, pixels;
	cairo_surface_t *surface;
	cdok_status status;

	if (!st)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	scale = st->params.dpi / 72;
	pixels = ceil(picture_side(p) * scale);
	if (pixels > PNG_MAX_SIDE || pixels * pixels > PNG_MAX_PIXELS)
		return cdki_fail(err, CDOK_ERR_LIMIT, 0, 0, "a %d x %d grid at "
				 "%g pixels per inch makes an image of %.0f x "
				 "%.0f pixels, more than the %.0f million "
				 "pixels drawn at most; use fewer pixels per "
				 "inch", p->size, p->size, st->params.dpi,
				 pixels, pixels, PNG_MAX_PIXELS / 1048576);
	/* No transparency: a picture on a dark page stays readable. */
	surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)pixels,
					     (int)pixels);
	status = paint_picture(surface, scale, p, values, st->item,
			       st->params.givens_as_cages != 0, err);
	if (status == CDOK_OK)
		status = cdki_render_cairo_fail(
			cairo_surface_write_to_png_stream(surface,
				cdki_render_sink, sb), err);
	cairo_surface_destroy(surface);
	return status;
}

/* ---- pdf: keep each puzzle, draw the pages at the end ---- */

static int *copy_values(const cdok_puzzle *p, const int *values, bool *fail)
{
	size_t n = (size_t)p->size * (size_t)p->size;
	int *copy;

	if (!values)
		return NULL;
	copy = cdok_malloc(n * sizeof(*copy));
	if (copy)
		memcpy(copy, values, n * sizeof(*copy));
	else
		*fail = true;
	return copy;
}

static cdok_status pdf_put(struct cdok_writer *w, struct strbuf *sb,
			   const cdok_puzzle *p, const int *values,
			   cdok_error *err)
{
	struct render_state *st = state_of(w);
	cdok_render_item *item;
	struct render_entry e;
	bool fail = false;
	cdok_status status;
	double type;

	(void)sb;
	if (!st)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	item = st->item;
	if (item && item->level) {
		status = check_text(item->level, "level", 64, err);
		if (status != CDOK_OK)
			return status;
	}
	if (item && item->note) {
		status = check_text(item->note, "note", 65536, err);
		if (status != CDOK_OK)
			return status;
	}
	if (item && item->source) {
		status = check_text(item->source, "source", 256, err);
		if (status != CDOK_OK)
			return status;
	}
	if (st->nentries == st->cap) {
		int cap = st->cap ? 2 * st->cap : 16;
		struct render_entry *more = cdok_realloc(
			st->entries, (size_t)cap * sizeof(*more));

		if (!more)
			return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0,
					 "out of memory");
		st->entries = more;
		st->cap = cap;
	}
	memset(&e, 0, sizeof(e));
	e.number = item && item->number ? item->number : w->index + 1;
	e.puzzle = cdok_puzzle_clone(p);
	e.values = copy_values(p, values, &fail);
	e.answer = copy_values(p, item ? item->answer : NULL, &fail);
	if (item && item->level && !(e.level = copy_string(item->level)))
		fail = true;
	if (item && item->note && !(e.note = copy_string(item->note)))
		fail = true;
	if (item && item->source && !(e.source = copy_string(item->source)))
		fail = true;
	if (item && item->candidates) {
		size_t n = (size_t)p->size * (size_t)p->size;

		e.candidates = cdok_malloc(n * sizeof(uint64_t));
		if (e.candidates)
			memcpy(e.candidates, item->candidates,
			       n * sizeof(uint64_t));
		else
			fail = true;
	}
	if (item && item->removed) {
		size_t n = (size_t)p->size * (size_t)p->size;

		e.removed = cdok_malloc(n * sizeof(uint64_t));
		if (e.removed)
			memcpy(e.removed, item->removed, n * sizeof(uint64_t));
		else
			fail = true;
	}
	if (item && item->shade) {
		size_t n = (size_t)p->size * (size_t)p->size;

		e.shade = cdok_malloc(n);
		if (e.shade)
			memcpy(e.shade, item->shade, n);
		else
			fail = true;
	}
	if (!e.puzzle || fail) {
		entry_clear(&e);
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	}
	st->entries[st->nentries++] = e;
	type = cdki_render_pdf_alone_type(&st->params, p);
	if (item && type < CDOK_RENDER_MIN_TYPE)
		item->small_type = type;
	return CDOK_OK;
}

static cdok_status pdf_finish(struct cdok_writer *w, struct strbuf *sb,
			      cdok_error *err)
{
	struct render_state *st = state_of(w);

	if (!st)
		return cdki_fail(err, CDOK_ERR_NOMEM, 0, 0, "out of memory");
	/* A stream without puzzles is no document at all. */
	if (st->nentries == 0)
		return CDOK_OK;
	return cdki_render_pdf(sb, st, err);
}
