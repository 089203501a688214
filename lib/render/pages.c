/* pages.c -- the PDF: puzzles laid out on pages, answer keys at the
 * back.
 *
 * A page is a grid of slots, as many as --per-page asks (answer pages:
 * twice as many, 4 to 12), arranged in the columns and rows that give
 * the largest grids.  Puzzles fill the slots in order.  A puzzle whose
 * clues would fall below CDOK_RENDER_MIN_TYPE in such a slot starts a
 * page of fewer, larger slots (down to one); the puzzles after it join
 * it while they stay legible too.  All grids of a page share one cell
 * size, the largest that fits every one of them (at most
 * RENDER_MAX_CELL), so mixed sizes on a page keep one type size.
 *
 * Grids with notes (a worked solution's steps) are laid out by what
 * their notes need: every note is set whole, wrapped to its slot, and
 * the band under the grids is as deep as the longest note of the page,
 * so a page holds as many steps as stay legible with their notes (at
 * most --per-page; with per_page 0, at most NOTE_AUTO_MAX).
 */
#include <cairo-pdf.h>
#include <stdio.h>
#include <string.h>

#include "render/render.h"

/* Measures of a page, in points. */
#define MARGIN 28.0          /* round the page */
#define GAP 18.0             /* between slots */
#define CAPTION_SIZE 9.5     /* "12  9 × 9 Killer" above a grid */
#define CAPTION_BAND 15.0    /* room for it */
#define SOURCE_MIN 6.0       /* smallest type of a caption's seed or ID */
#define HEADING_SIZE 15.0    /* the title, or "Answers" */
#define HEADING_MIN 9.0      /* smallest one-line heading, then two */
#define HEADING_TWO 11.0     /* largest type of a two-line heading */
#define HEADING_FLOOR 6.0    /* smallest type; an ellipsis past it */
#define HEADING_BAND 28.0
#define FOOTER_SIZE 9.0      /* the page number */
#define FOOTER_BAND 18.0
#define NOTE_SIZE 9.5        /* a note under a grid (a worked step) */
#define NOTE_LEADING 12.0    /* at NOTE_SIZE; in proportion below it */
#define NOTE_MIN 6.0         /* the smallest a note is set, to fit */
#define NOTE_GAP 6.0         /* between a grid and its note */
#define NOTE_AUTO_MAX 4      /* steps on a page when per_page is 0 */

/* The slots of a page. */
struct layout {
	int cols, rows;
	double x, y;             /* top-left of the first slot */
	double slot_w, slot_h;
	double side;             /* the largest grid a slot holds */
};

/* The area below the heading band (if any) and above the footer band,
 * cut into count slots in the columns and rows that give the largest
 * square grid. */
static struct layout layout_for(const cdok_render_params *pp, bool heading,
				int count, double band)
{
	double top = MARGIN + (heading ? HEADING_BAND : 0);
	double w = pp->paper_width - 2 * MARGIN;
	double h = pp->paper_height - top - MARGIN - FOOTER_BAND;
	struct layout best = {0};

	for (int cols = 1; cols <= count; cols++) {
		struct layout l;
		double sw, sh;

		l.cols = cols;
		l.rows = (count + cols - 1) / cols;
		l.x = MARGIN;
		l.y = top;
		l.slot_w = (w - (cols - 1) * GAP) / cols;
		l.slot_h = (h - (l.rows - 1) * GAP) / l.rows;
		/* Leave the caption's band and the frame's outset. */
		sw = l.slot_w - 4;
		sh = l.slot_h - CAPTION_BAND - band - 4;
		l.side = sw < sh ? sw : sh;
		if (cols == 1 || l.side > best.side)
			best = l;
	}
	return best;
}

/* Cells small enough to fit a slot; min_cell says what stays legible:
 * clues for puzzles, digits for answers. */
static double fit_cell(const struct layout *l, const cdok_puzzle *p)
{
	double cell = l->side / p->size;

	return cell < RENDER_MAX_CELL ? cell : RENDER_MAX_CELL;
}

double cdki_render_pdf_alone_type(const cdok_render_params *pp,
				  const cdok_puzzle *p)
{
	struct layout l = layout_for(pp, pp->title != NULL, 1, 0);

	return cdki_render_clue_size(fit_cell(&l, p));
}

/* One kind of page: the puzzles, or the answers. */
struct pages {
	const struct render_state *st;
	bool answers;
	int per_page;
	double min_cell;
	const char *heading;     /* NULL: none */
	bool notes;              /* some grid has a note: worked steps */
};

static bool legible(const struct pages *pg, const struct layout *l,
		    const cdok_puzzle *p)
{
	return l->side / p->size >= pg->min_cell;
}

/* Whether entry i goes on this kind of page. */
static bool wanted(const struct pages *pg, int i)
{
	return !pg->answers || pg->st->entries[i].answer;
}

/* The seed or ID at the right end of a caption that ends at x + width
 * and whose words reach to used: at the caption's size if it fits with
 * a gap, else smaller down to SOURCE_MIN, else not at all. */
static void caption_source(cairo_t *cr, const char *source, double used,
			   double x, double y, double width)
{
	double room = x + width - used - CAPTION_SIZE;
	double size = CAPTION_SIZE;
	cairo_text_extents_t ext;

	cdki_render_font(cr, false, size);
	cairo_text_extents(cr, source, &ext);
	if (ext.x_advance > room && ext.x_advance > 0) {
		size *= room / ext.x_advance;
		if (size < SOURCE_MIN)
			return;
		cdki_render_font(cr, false, size);
		cairo_text_extents(cr, source, &ext);
	}
	cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
	cairo_move_to(cr, x + width - ext.x_advance, y);
	cairo_show_text(cr, source);
	cairo_set_source_rgb(cr, 0, 0, 0);
}

/* "12  9 × 9 Killer  hard          seed 42": the number (bold) when the
 * booklet has several puzzles or answers, then the size, the kind
 * (Killer, or Sudoku for boxes without cages) and the level, and on
 * puzzle pages the source (a seed or a game ID) at the right end of
 * the grid's width when it fits. */
static void caption(cairo_t *cr, const struct pages *pg,
		    const struct render_entry *e, double x, double y,
		    double width, bool numbered)
{
	double used_x, used_y;
	const cdok_puzzle *p = e->puzzle;
	char text[160], number[16];

	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, x, y);
	/* A picture numbered -1 (the puzzle before a worked solution's
	 * steps) has no number. */
	numbered = numbered && e->number > 0;
	if (numbered) {
		snprintf(number, sizeof(number), "%d", e->number);
		cdki_render_font(cr, true, CAPTION_SIZE);
		cairo_show_text(cr, number);
	}
	snprintf(text, sizeof(text), "%s%d \u00d7 %d%s%s%s",
		 numbered ? "   " : "", p->size, p->size,
		 !p->box_rows ? "" : p->ncages ? " Killer" : " Sudoku",
		 cdok_is_nylimb(p) ? " Nylimb" : "",
		 !pg->answers && e->level ? "   " : "");
	cdki_render_font(cr, false, CAPTION_SIZE);
	cairo_show_text(cr, text);
	if (!pg->answers && e->level)
		cairo_show_text(cr, e->level);
	cairo_get_current_point(cr, &used_x, &used_y);
	if (!pg->answers && e->source)
		caption_source(cr, e->source, used_x, x, used_y, width);
}

/* A note, its words wrapped to width at size, from its first line's
 * baseline at (x, y), every line of it (a word wider than width stands
 * alone on its line); when draw is false only measured.  Returns the
 * number of lines. */
static int note(cairo_t *cr, const char *text, double x, double y,
		double width, double size, bool draw)
{
	char line[2048];
	size_t len = 0;
	int lines = 0;

	cairo_set_source_rgb(cr, 0, 0, 0);
	cdki_render_font(cr, false, size);
	text += strspn(text, " ");
	while (*text) {
		size_t word = strcspn(text, " ");
		cairo_text_extents_t ext;
		char try[2048];

		if (word >= sizeof(try) - len - 8)
			word = sizeof(try) - len - 8;
		snprintf(try, sizeof(try), "%.*s%s%.*s", (int)len, line,
			 len ? " " : "", (int)word, text);
		cairo_text_extents(cr, try, &ext);
		if (len && ext.x_advance > width) {
			/* The line is full: show it, start the next. */
			line[len] = '\0';
			if (draw) {
				cairo_move_to(cr, x, y);
				cairo_show_text(cr, line);
			}
			lines++;
			y += size * NOTE_LEADING / NOTE_SIZE;
			len = 0;
			continue;
		}
		memcpy(line, try, strlen(try) + 1);
		len = strlen(line);
		text += word;
		text += strspn(text, " ");
	}
	if (len) {
		if (draw) {
			cairo_move_to(cr, x, y);
			cairo_show_text(cr, line);
		}
		lines++;
	}
	return lines;
}

/* The band a note takes under its grid, set at size in width. */
static double note_band(cairo_t *cr, const char *text, double width,
			double size)
{
	if (!text)
		return 0;
	return NOTE_GAP + note(cr, text, 0, 0, width, size, false) * size *
	       NOTE_LEADING / NOTE_SIZE;
}

static void centred(cairo_t *cr, const char *text, bool bold, double size,
		    double x, double y)
{
	cairo_text_extents_t ext;

	cdki_render_font(cr, bold, size);
	cairo_text_extents(cr, text, &ext);
	cairo_move_to(cr, x - ext.x_advance / 2, y);
	cairo_show_text(cr, text);
}

/* The page's heading (the title, or "Answers"), centred in its band:
 * shrunk to fit the width, or, when that would make it smaller than
 * HEADING_MIN, broken at the space nearest its middle into two lines
 * (each as large as both fit, at most HEADING_TWO), and cut short with
 * an ellipsis if even that is too wide.  A long title never runs off
 * the page. */
static double text_width(cairo_t *cr, const char *text, size_t len,
			 double size)
{
	cairo_text_extents_t ext;
	char buf[600];

	if (len >= sizeof(buf))
		len = sizeof(buf) - 1;
	memcpy(buf, text, len);
	buf[len] = '\0';
	cdki_render_font(cr, true, size);
	cairo_text_extents(cr, buf, &ext);
	return ext.x_advance;
}

/* One line of the heading, bytes [0, len) of text, at size, centred on
 * x at baseline y; cut short with an ellipsis to fit width. */
static void heading_line(cairo_t *cr, const char *text, size_t len,
			 double size, double x, double y, double width)
{
	char buf[600];
	bool cut = false;

	if (len >= sizeof(buf) - 4)
		len = sizeof(buf) - 4;
	while (len > 0 && text_width(cr, text, len, size) +
	       (cut ? text_width(cr, "\u2026", 3, size) : 0) > width) {
		/* Back one UTF-8 character. */
		do
			len--;
		while (len > 0 && ((unsigned char)text[len] & 0xc0) == 0x80);
		cut = true;
	}
	memcpy(buf, text, len);
	strcpy(buf + len, cut ? "\u2026" : "");
	centred(cr, buf, true, size, x, y);
}

static void heading_lines(cairo_t *cr, const cdok_render_params *pp,
			  const char *text)
{
	double width = pp->paper_width - 2 * MARGIN, x = pp->paper_width / 2;
	size_t len = strlen(text), split = 0, best = len;
	double size = HEADING_SIZE, w = text_width(cr, text, len, size), w1,
	       w2;

	if (w > width)
		size = HEADING_SIZE * width / w;
	if (size >= HEADING_MIN) {
		heading_line(cr, text, len, size, x, MARGIN + HEADING_SIZE,
			     width);
		return;
	}
	/* Two lines, broken at the space nearest the middle. */
	for (size_t i = 1; i + 1 < len; i++)
		if (text[i] == ' ' && (i > len / 2 ? i - len / 2 : len / 2 - i)
		    < best) {
			best = i > len / 2 ? i - len / 2 : len / 2 - i;
			split = i;
		}
	if (!split) {
		heading_line(cr, text, len, HEADING_MIN, x,
			     MARGIN + HEADING_SIZE, width);
		return;
	}
	w1 = text_width(cr, text, split, HEADING_TWO);
	w2 = text_width(cr, text + split + 1, len - split - 1, HEADING_TWO);
	size = HEADING_TWO * width / (w1 > w2 ? w1 : w2);
	if (size > HEADING_TWO)
		size = HEADING_TWO;
	if (size < HEADING_FLOOR)
		size = HEADING_FLOOR;
	heading_line(cr, text, split, size, x, MARGIN + size, width);
	heading_line(cr, text + split + 1, len - split - 1, size, x,
		     MARGIN + 2.2 * size, width);
}

/* What one page holds: its layout, its entries (on, k of them), and
 * the size of its notes and the band they take under the grids. */
struct page_plan {
	struct layout l;
	int on[CDOK_RENDER_MAX_PER_PAGE * 2];
	int k;
	double note_size, band;
};

/* The wanted entries from i on, at most slots of them, that stay
 * legible in the layout of slots with the band their notes need at
 * size, into plan: how many. */
static int fill_with_notes(cairo_t *cr, const struct pages *pg, int i,
			   int slots, double size, struct page_plan *plan)
{
	const cdok_render_params *pp = &pg->st->params;
	bool heading = pg->heading != NULL;
	double width = layout_for(pp, heading, slots, 0).slot_w;

	plan->k = 0;
	plan->band = 0;
	plan->note_size = size;
	plan->l = layout_for(pp, heading, slots, 0);
	for (; i < pg->st->nentries && plan->k < slots; i++) {
		const struct render_entry *e = &pg->st->entries[i];
		double band;
		struct layout l;
		bool fits;

		if (!wanted(pg, i))
			continue;
		band = note_band(cr, e->note, width, size);
		if (band < plan->band)
			band = plan->band;
		l = layout_for(pp, heading, slots, band);
		fits = legible(pg, &l, e->puzzle);
		for (int j = 0; fits && j < plan->k; j++)
			fits = legible(pg, &l, pg->st->entries[plan->on[j]].puzzle);
		if (!fits)
			break;
		plan->on[plan->k++] = i;
		plan->l = l;
		plan->band = band;
	}
	return plan->k;
}

/* A page of grids with notes, from entry next on.  per_page 0: as
 * many as stay legible, at most NOTE_AUTO_MAX, with fewer and larger
 * grids where that shows as many (the last page's few steps too); per_page N: at most N, and an error
 * when not even the first fits N to a page.  A grid that is not
 * legible even alone has its note set smaller (down to NOTE_MIN). */
static cdok_status plan_notes(cairo_t *cr, const struct pages *pg,
			      int next, struct page_plan *plan,
			      cdok_error *err)
{
	int most = pg->per_page ? pg->per_page : NOTE_AUTO_MAX;
	struct page_plan try;

	plan->k = 0;
	for (int slots = most; slots >= 1; slots--) {
		int k = fill_with_notes(cr, pg, next, slots, NOTE_SIZE, &try);

		/* Fewer, larger grids when they show as many. */
		if (k > plan->k || (k == plan->k && k > 0))
			*plan = try;
		if (pg->per_page && slots == most && k > 0)
			return CDOK_OK;
		if (pg->per_page && k > 0) {
			const struct render_entry *e =
				&pg->st->entries[plan->on[0]];
			char which[32] = "the first grid";

			if (e->number > 0)
				snprintf(which, sizeof(which), "grid %d",
					 e->number);
			return cdki_fail(err, CDOK_ERR_UNSUPPORTED, 0, 0,
					 "%d to a page leaves %s too small "
					 "to read beside its whole note "
					 "(clues under %g pt): at most %d "
					 "fit on this paper (with no number "
					 "asked for, each page holds as "
					 "many as fit)", most, which,
					 CDOK_RENDER_MIN_TYPE, slots);
		}
	}
	if (plan->k > 0)
		return CDOK_OK;
	for (double size = NOTE_SIZE - 0.5; size >= NOTE_MIN; size -= 0.5)
		if (fill_with_notes(cr, pg, next, 1, size, plan) > 0)
			return CDOK_OK;
	/* Not legible even so: the grid alone, as small as it must be,
	 * and its whole note. */
	fill_with_notes(cr, pg, next, 1, NOTE_MIN, plan);
	while (!wanted(pg, next))
		next++;
	plan->on[0] = next;
	plan->k = 1;
	plan->band = note_band(cr, pg->st->entries[next].note,
			       plan->l.slot_w, NOTE_MIN);
	plan->l = layout_for(&pg->st->params, pg->heading != NULL, 1,
			     plan->band);
	return CDOK_OK;
}

/* A page without notes, from entry next on: per_page slots, or fewer
 * and larger ones for a grid that is not legible in these; then the
 * puzzles that are. */
static void plan_plain(const struct pages *pg, int i, struct page_plan *plan)
{
	const struct render_state *st = pg->st;
	const cdok_render_params *pp = &st->params;
	int slots = pg->per_page;
	bool heading = pg->heading != NULL;

	plan->band = 0;
	plan->note_size = NOTE_SIZE;
	plan->l = layout_for(pp, heading, slots, 0);
	while (slots > 1 && !legible(pg, &plan->l, st->entries[i].puzzle))
		plan->l = layout_for(pp, heading, --slots, 0);
	for (plan->k = 0; i < st->nentries && plan->k < slots; i++) {
		if (!wanted(pg, i))
			continue;
		if (plan->k > 0 && !legible(pg, &plan->l,
					    st->entries[i].puzzle))
			break;
		plan->on[plan->k++] = i;
	}
}

/* Draw one page of the entries from *next on, advancing *next past
 * them. */
static cdok_status one_page(cairo_t *cr, const struct pages *pg, int *next,
			    int page_no, bool numbered, cdok_error *err)
{
	const struct render_state *st = pg->st;
	const cdok_render_params *pp = &st->params;
	struct page_plan plan;
	double cell = RENDER_MAX_CELL;
	char footer[32];

	if (pg->notes) {
		cdok_status status = plan_notes(cr, pg, *next, &plan, err);

		if (status != CDOK_OK)
			return status;
	} else {
		plan_plain(pg, *next, &plan);
	}
	*next = plan.on[plan.k - 1] + 1;
	for (int j = 0; j < plan.k; j++) {
		double c = fit_cell(&plan.l, st->entries[plan.on[j]].puzzle);

		if (c < cell)
			cell = c;
	}

	if (pg->heading)
		heading_lines(cr, pp, pg->heading);
	for (int j = 0; j < plan.k; j++) {
		const struct layout *l = &plan.l;
		const struct render_entry *e = &st->entries[plan.on[j]];
		double side = e->puzzle->size * cell;
		double sx = l->x + j % l->cols * (l->slot_w + GAP);
		double sy = l->y + j / l->cols * (l->slot_h + GAP);
		double gx = sx + (l->slot_w - side) / 2;
		double gy = sy + (l->slot_h - side - CAPTION_BAND -
				  plan.band) / 2;
		cdok_status status;
		struct render_marks marks = { e->candidates, e->shade,
					      e->removed };

		caption(cr, pg, e, gx, gy + CAPTION_SIZE, side, numbered);
		status = cdki_render_paint(cr, e->puzzle,
					   pg->answers ? e->answer : e->values,
					   pg->answers ? NULL : &marks,
					   pg->answers ? RENDER_ANSWER :
					   RENDER_PUZZLE,
					   pp->givens_as_cages != 0, gx,
					   gy + CAPTION_BAND,
					   cell, NULL, err);
		if (status != CDOK_OK)
			return status;
		if (!pg->answers && e->note)
			note(cr, e->note, sx, gy + CAPTION_BAND + side +
			     NOTE_GAP + plan.note_size, l->slot_w,
			     plan.note_size, true);
	}
	if (numbered) {
		snprintf(footer, sizeof(footer), "%d", page_no);
		cairo_set_source_rgb(cr, 0, 0, 0);
		centred(cr, footer, false, FOOTER_SIZE, pp->paper_width / 2,
			pp->paper_height - MARGIN);
	}
	cairo_show_page(cr);
	return cdki_render_cairo_fail(cairo_status(cr), err);
}

/* Every page of one kind.  The first entry that is wanted is found by
 * one_page, which skips the others. */
static cdok_status all_pages(cairo_t *cr, const struct pages *pg,
			     int *page_no, bool numbered, cdok_error *err)
{
	int next = 0;

	while (next < pg->st->nentries && !wanted(pg, next))
		next++;
	while (next < pg->st->nentries) {
		cdok_status status = one_page(cr, pg, &next, ++*page_no,
					      numbered, err);

		if (status != CDOK_OK)
			return status;
		while (next < pg->st->nentries && !wanted(pg, next))
			next++;
	}
	return CDOK_OK;
}

cdok_status cdki_render_pdf(struct strbuf *sb, const struct render_state *st,
			    cdok_error *err)
{
	const cdok_render_params *pp = &st->params;
	int per_page = pp->per_page ? pp->per_page : 1;
	struct pages puzzles = {st, false, per_page, RENDER_MIN_CELL,
				st->title, false};
	struct pages answers = {st, true, 2 * per_page,
				CDOK_RENDER_MIN_TYPE / RENDER_VALUE_RATIO,
				"Answers", false};
	bool any_answer = false, numbered;
	char heading[600];
	cairo_surface_t *surface;
	cdok_status status;
	int page_no = 0;
	cairo_t *cr;

	for (int i = 0; i < st->nentries; i++) {
		any_answer |= st->entries[i].answer != NULL;
		if (st->entries[i].note)
			puzzles.notes = true;
	}
	/* Pages of notes take per_page as it was asked (0: as many as
	 * fit). */
	if (puzzles.notes)
		puzzles.per_page = pp->per_page;
	numbered = st->nentries > 1 || any_answer;
	if (answers.per_page < 4)
		answers.per_page = 4;
	if (answers.per_page > 12)
		answers.per_page = 12;
	if (st->title) {
		snprintf(heading, sizeof(heading), "%s \u2013 answers",
			 st->title);
		answers.heading = heading;
	}

	surface = cairo_pdf_surface_create_for_stream(cdki_render_sink, sb,
						      pp->paper_width,
						      pp->paper_height);
	/* No creation date: the library reads no clock, and the same
	 * puzzles make the same file. */
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE,
				       "");
	cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR,
				       "cdok " CDOK_VERSION);
	if (st->title)
		cairo_pdf_surface_set_metadata(surface,
					       CAIRO_PDF_METADATA_TITLE,
					       st->title);
	cr = cairo_create(surface);
	status = all_pages(cr, &puzzles, &page_no, numbered, err);
	if (status == CDOK_OK && any_answer)
		status = all_pages(cr, &answers, &page_no, numbered, err);
	cairo_destroy(cr);
	cairo_surface_finish(surface);
	if (status == CDOK_OK)
		status = cdki_render_cairo_fail(cairo_surface_status(surface),
						err);
	cairo_surface_destroy(surface);
	return status;
}
