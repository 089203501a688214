/* render.c -- libcdok-render, loaded when a picture is asked for.
 *
 * The pictures need cairo, and cairo brings some twenty shared libraries
 * (fontconfig, freetype, pixman, libpng, X11's ...) whose loading and
 * relocation cost a start of the program ten times what the rest of a
 * trivial run does.  So the program does not link libcdok-render: it
 * opens the shared library (dlopen) the first time a format name is not
 * one the core and JSON libraries know, or a list of every format is
 * shown (help, completions).  Solving, printing, converting and
 * generating without pictures never load it.
 *
 * The library is looked for, by its SONAME:
 *   1. beside the program (the build tree: build/cdok and
 *      build/libcdok-render.so.2);
 *   2. where `make install` puts it, relative to the program
 *      (CLI_LIBDIR_FROM_BINDIR, "../lib" for the usual prefixes), so an
 *      installed tree works wherever it was installed or moved to;
 *   3. by the dynamic linker's own search (LD_LIBRARY_PATH, the ld.so
 *      cache), for a library installed elsewhere by a package.
 * It must be of the program's own release (cdok_render_version): its
 * formats are rows of the core's format table, whose layout only a
 * release fixes.
 *
 * Nothing here runs in threads: formats are settled while the command
 * line is read.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "libdir.h"   /* CLI_LIBDIR_FROM_BINDIR, made by mk/render.mk */

#define RENDER_SONAME "libcdok-render.so." CLI_ABI

/* The shared libraries' ABI number, for --version. */
const char *cli_abi(void)
{
	return CLI_ABI;
}

static struct {
	bool tried;
	bool loaded;
	struct cli_render calls;
	char why[512];   /* when not loaded: the reason, for messages */
} render;

/* The folder the program was started from, with a trailing '/', into
 * buf; false when the system does not say. */
static bool program_dir(char *buf, size_t cap)
{
	ssize_t n = readlink("/proc/self/exe", buf, cap - 1);
	char *slash;

	if (n <= 0 || (size_t)n >= cap - 1)
		return false;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return false;
	slash[1] = '\0';
	return true;
}

/* dlopen the library at path (a name without '/' is searched for by the
 * dynamic linker); on failure the reason goes to render.why. */
static void *open_at(const char *path)
{
	/* Lazy, as the program's own libraries are bound at start: binding
	 * all of cairo's calls at once would cost a picture 1.3 M
	 * instructions more than when the library was linked. */
	void *h = dlopen(path, RTLD_LAZY | RTLD_LOCAL);

	if (!h) {
		const char *e = dlerror();

		snprintf(render.why, sizeof(render.why), "%s",
			 e ? e : "cannot be opened");
	}
	return h;
}

/* The library, from the first place that has it, or NULL. */
static void *open_library(void)
{
	char dir[PATH_MAX], path[PATH_MAX + 64];
	const char *rel[] = {"", CLI_LIBDIR_FROM_BINDIR "/"};
	void *h;

	if (program_dir(dir, sizeof(dir))) {
		for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
			if (i > 0 && !strcmp(rel[i], "./"))
				continue;
			snprintf(path, sizeof(path), "%s%s%s", dir, rel[i],
				 RENDER_SONAME);
			if (access(path, F_OK) == 0)
				return open_at(path);
		}
	}
	h = open_at(RENDER_SONAME);
	return h;
}

/* Look up each call of the library; false (with render.why) if one is
 * missing. */
static bool find_calls(void *h)
{
	struct cli_render *c = &render.calls;
	struct {
		const char *name;
		void **slot;
	} calls[] = {
		{"cdok_render_version", (void **)&c->version},
		{"cdok_render_formats", (void **)&c->formats},
		{"cdok_render_params_init", (void **)&c->params_init},
		{"cdok_render_paper", (void **)&c->paper},
		{"cdok_render_setup", (void **)&c->setup},
		{"cdok_render_put", (void **)&c->put},
	};

	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		/* POSIX makes a function's address from dlsym usable
		 * through an object pointer's bytes. */
		void *p = dlsym(h, calls[i].name);

		if (!p) {
			snprintf(render.why, sizeof(render.why), "%s has no "
				 "%s: it is not a libcdok-render", RENDER_SONAME,
				 calls[i].name);
			return false;
		}
		memcpy(calls[i].slot, &p, sizeof(p));
	}
	if (strcmp(c->version(), cdok_version())) {
		snprintf(render.why, sizeof(render.why), "%s is of release "
			 "%s, and this cdok of %s: they must be of one release",
			 RENDER_SONAME, c->version(), cdok_version());
		return false;
	}
	return true;
}

const struct cli_render *cli_render(void)
{
	void *h;

	if (render.tried)
		return render.loaded ? &render.calls : NULL;
	render.tried = true;
	h = open_library();
	if (!h)
		return NULL;
	if (!find_calls(h)) {
		dlclose(h);
		return NULL;
	}
	/* Kept open until the program ends: its formats are in the
	 * program's set. */
	render.loaded = true;
	return &render.calls;
}

const char *cli_render_why(void)
{
	return render.why[0] ? render.why : RENDER_SONAME " was not loaded";
}

bool cli_is_render_format(const cdok_format *f)
{
	if (!render.loaded || !f)
		return false;
	for (const cdok_format *const *g = render.calls.formats(); *g; g++)
		if (*g == f)
			return true;
	return false;
}
